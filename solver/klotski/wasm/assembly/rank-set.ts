/**
 * A visited set by perfect rank (wasm/rank-set.ts, on 64-bit masks): a position's empty cells and
 * the top-left cells of every class but the filler rank by the combinatorial number system, combined by strides, and
 * a bit per rank says whether it was seen.
 */
import { reserve } from './memory';

let stridesAt: usize = 0;
let binomialAt: usize = 0;
let row: i32 = 0;
export let emptyStride: i32 = 0;
let seenAt: usize = 0;

/** Takes the tables the loader wrote (strides per class, binomials in rows of `binomialRow`) and clears the bitmap. */
export function useRanks(strides: usize, binomial: usize, binomialRow: i32, stride: i32, seenWords: i32): void {
  stridesAt = strides;
  binomialAt = binomial;
  row = binomialRow;
  emptyStride = stride;
  seenAt = reserve(seenWords << 2);
  memory.fill(seenAt, 0, (<usize>seenWords) << 2);
}

@inline export function classStride(c: i32): i32 {
  return load<i32>(stridesAt + ((<usize>c) << 2));
}

/** The sum of C(cell, i) over the set's cells in order (i from 1). */
@inline export function rankOfCells(m: u64): i32 {
  let rank = 0;
  for (let i = 1; m != 0; m &= m - 1, i++) rank += load<i32>(binomialAt + ((<usize>(<i32>ctz<u64>(m) * row + i)) << 2));
  return rank;
}

/** The rank of a position: `classes` masks at `masks`, then its empty cells. */
export function rankOfPosition(masks: usize, classes: i32, empty: u64): i32 {
  let rank = rankOfCells(empty) * emptyStride;
  for (let c = 0; c < classes; c++) {
    const s = classStride(c);
    if (s != 0) rank += rankOfCells(load<u64>(masks + ((<usize>c) << 3))) * s;
  }
  return rank;
}

/** Marks a rank seen; returns whether it was seen before. */
@inline export function markRank(rank: i32): bool {
  const at = seenAt + ((<usize>(rank >>> 5)) << 2);
  const b = 1 << (rank & 31);
  const before = load<i32>(at);
  store<i32>(at, before | b);
  return (before & b) != 0;
}
