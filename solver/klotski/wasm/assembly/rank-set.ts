/**
 * Positions by perfect rank (wasm/rank-set.ts, on 64-bit masks): a position's empty cells and the top-left cells of
 * every class but the filler rank by the combinatorial number system, combined by strides into one 64-bit rank.
 * Where the ranks are few, a bit per rank says whether it was seen (`markRank`); where they are many, the search
 * stores each position as its rank alone and finds it again in rank-index.ts, and `unrankInto` turns a rank back into
 * class masks when the position is expanded.
 */
import { boardCells, classes, fillerClass, offset, offsetStart } from './board';
import { reserve } from './memory';

let stridesAt: usize = 0;
let binomialAt: usize = 0;
let row: i32 = 0;
/** 1 when the empty cells are ranked (the lowest digit), 0 when the classes decide them. */
export let emptyStride: i32 = 0;
let emptyCount: i32 = 0;
let countsAt: usize = 0;
let seenAt: usize = 0;

/**
 * Takes the tables the loader wrote (64-bit strides per class, 64-bit binomials in rows of `binomialRow`), the number of
 * empty cells and the pieces per class (for `unrankInto`), and clears a bitmap of `seenWords` words (none: 0).
 */
export function useRanks(strides: usize, binomial: usize, binomialRow: i32, stride: i32, seenWords: i32, empties: i32, start: usize): void {
  stridesAt = strides;
  binomialAt = binomial;
  row = binomialRow;
  emptyStride = stride;
  emptyCount = empties;
  countsAt = reserve(classes << 2);
  for (let c = 0; c < classes; c++) store<i32>(countsAt + ((<usize>c) << 2), <i32>popcnt<u64>(load<u64>(start + ((<usize>c) << 3))));
  seenAt = seenWords > 0 ? reserve(seenWords << 2) : 0;
  if (seenWords > 0) memory.fill(seenAt, 0, (<usize>seenWords) << 2);
}

@inline export function classStride(c: i32): i64 {
  return load<i64>(stridesAt + ((<usize>c) << 3));
}

@inline function choose(n: i32, k: i32): i64 {
  return load<i64>(binomialAt + ((<usize>(n * row + k)) << 3));
}

/** The sum of C(cell, i) over the set's cells in order (i from 1). */
@inline export function rankOfCells(m: u64): i64 {
  let rank: i64 = 0;
  for (let i = 1; m != 0; m &= m - 1, i++) rank += choose(<i32>ctz<u64>(m), i);
  return rank;
}

/** The rank of a position: `classes` masks at `masks`, then its empty cells. */
export function rankOfPosition(masks: usize, classCount: i32, empty: u64): i64 {
  let rank = rankOfCells(empty) * <i64>emptyStride;
  for (let c = 0; c < classCount; c++) {
    const s = classStride(c);
    if (s != 0) rank += rankOfCells(load<u64>(masks + ((<usize>c) << 3))) * s;
  }
  return rank;
}

/** Marks a rank seen in the bitmap; returns whether it was seen before. */
@inline export function markRank(rank: i64): bool {
  const r = <i32>rank;
  const at = seenAt + ((<usize>(r >>> 5)) << 2);
  const b = 1 << (r & 31);
  const before = load<i32>(at);
  store<i32>(at, before | b);
  return (before & b) != 0;
}

/** The set of k cells of rank `rank` (the inverse of `rankOfCells`): from the highest cell down. */
function cellsOfRank(rank: i64, k: i32, below: i32): u64 {
  let m: u64 = 0;
  let n = below - 1;
  for (let i = k; i > 0; i--) {
    while (choose(n, i) > rank) n--;
    m |= (<u64>1) << (<u64>n);
    rank -= choose(n, i);
    n--;
  }
  return m;
}

/**
 * Writes the class masks of the position of rank `rank` to `out`, each class's digit (its rank among its sets of
 * cells) to `digits`, and returns its empty cells. Classes are taken from
 * the largest stride down; the filler's cells (or, without one, the empty cells) are what the rest leave.
 */
export function unrankInto(rank: i64, out: usize, cells: i32, digits: usize): u64 {
  const filler = fillerClass();
  let taken: u64 = 0;
  for (let c = classes - 1; c >= 0; c--) {
    const s = classStride(c);
    if (s == 0) continue;
    // Strides of stored ranks are powers of two where they fit (wasm/rank-set.ts): a shift, not a division.
    const digit = popcnt<i64>(s) == 1 ? <i64>(<u64>rank >> <u64>ctz<i64>(s)) : <i64>(<u64>rank / <u64>s);
    rank -= digit * s;
    store<i64>(digits + ((<usize>c) << 3), digit);
    const k = load<i32>(countsAt + ((<usize>c) << 2));
    // One piece: its rank is its cell.
    const m = k == 1 ? (<u64>1) << (<u64>digit) : cellsOfRank(digit, k, cells);
    store<u64>(out + ((<usize>c) << 3), m);
    const end = offsetStart(c + 1);
    for (let i = offsetStart(c); i < end; i++) taken |= m << (<u64>offset(i));
  }
  if (emptyStride == 0) return boardCells() & ~taken;
  const empty = cellsOfRank(rank, emptyCount, cells);
  store<u64>(out + ((<usize>filler) << 3), boardCells() & ~taken & ~empty);
  return empty;
}
