/**
 * Breadth-first search at two bits a position over a dense rank (klotski/dense/rank.ts, two-bit.ts say how both work;
 * this is the engine's version, on 64-bit masks, boards of up to 64 cells). The loader (klotski/dense/engine.ts) writes
 * the board and the rank's tables, has the big placements listed here (`denseCount`, `denseList`), and runs the search
 * a layer at a time, a range of big placements per call (`denseLayer`), so it can check its budget between calls and
 * split a layer over threads sharing one memory: built with threads (ASC_FEATURE_THREADS), codes and frontier bits are
 * set with atomic ORs, and a position counts as new only where its code was 0 before.
 */
import { around, bit, boardCells, classes, cover, inBounds, lowest, offset, offsetStart, reach } from './board';
import { targetCount, targetsMet64 } from './targets';
import {
  bigNumber, binomial, bucketOf, bucketsAt, classDigit, codesAt, cur, decodeBig, digits, freeList, frontierAt, goalCell, isBig, kindsAt, maskAt,
  perBig, quadsAt, small, smallCount, smallRank, stride,
} from './dense-rank';

/** What the last `denseLayer` call did: positions expanded, successors generated, new positions, the first goal. */
let expanded: f64 = 0;
let generated: f64 = 0;
let goalRank: f64 = -1;
let solvedNew: f64 = 0;
let lastNew: f64 = -1;

export function denseExpanded(): f64 {
  return expanded;
}
export function denseGenerated(): f64 {
  return generated;
}
export function denseGoal(): f64 {
  return goalRank;
}
export function denseSolved(): f64 {
  return solvedNew;
}
export function denseLastNew(): f64 {
  return lastNew;
}


/** Sets rank r's code if unseen (and its frontier bit); true when it was unseen. */
@inline function mark(r: u64, code: u32): bool {
  const w = codesAt + (<usize>(r >> 4) << 2);
  const shift = <u32>((r & 15) << 1);
  if (((load<u32>(w) >> shift) & 3) != 0) return false;
  if (ASC_FEATURE_THREADS) {
    if (((atomic.or<u32>(w, code << shift) >> shift) & 3) != 0) return false;
    if (frontierAt != 0) atomic.or<u32>(frontierAt + (<usize>(r >> 5) << 2), (<u32>1) << <u32>(r & 31));
  } else {
    store<u32>(w, load<u32>(w) | (code << shift));
    if (frontierAt != 0) {
      const f = frontierAt + (<usize>(r >> 5) << 2);
      store<u32>(f, load<u32>(f) | ((<u32>1) << <u32>(r & 31)));
    }
  }
  return true;
}

@inline function codeAt(r: u64): u32 {
  return (load<u32>(codesAt + (<usize>(r >> 4) << 2)) >> <u32>((r & 15) << 1)) & 3;
}

/** Whether rank r is in the frontier (or, with none kept, carries the layer's code). */
@inline function inLayer(r: u64, code: u32): bool {
  if (frontierAt != 0 && (load<u32>(frontierAt + (<usize>(r >> 5) << 2)) & ((<u32>1) << <u32>(r & 31))) == 0) return false;
  return codeAt(r) == code;
}

@inline function leaveFrontier(r: u64): void {
  if (frontierAt == 0) return;
  const f = frontierAt + (<usize>(r >> 5) << 2);
  const m = ~((<u32>1) << <u32>(r & 31));
  if (ASC_FEATURE_THREADS) atomic.and<u32>(f, m);
  else store<u32>(f, load<u32>(f) & m);
}

/** Whether any rank in [from, to) may be in the layer: a frontier bit set (or, with none, any code). */
function anyInRange(from: u64, to: u64): bool {
  if (frontierAt == 0) return true;
  for (let w = from >> 5; w <= (to - 1) >> 5; w++) {
    let bits = load<u32>(frontierAt + (<usize>w << 2));
    if (w == from >> 5) bits &= ~(((<u32>1) << <u32>(from & 31)) - 1);
    if (w == (to - 1) >> 5 && ((to & 31) != 0)) bits &= ((<u32>1) << <u32>(to & 31)) - 1;
    if (bits != 0) return true;
  }
  return false;
}

let stopAtGoal = false;
let nextCode: u32 = 0;
let found: f64 = 0;

/**
 * Expands the positions of distance d (code d mod 3 + 1) among big placements [fromBig, toBig): unseen successors get
 * the code of d + 1. Returns the positions found new; stops at the first solved one when `stop` (denseGoal says which).
 */
export function denseLayer(fromBig: u32, toBig: u32, d: i32, stop: bool): f64 {
  const code = <u32>(d % 3 + 1);
  nextCode = <u32>((d + 1) % 3 + 1);
  stopAtGoal = stop;
  expanded = 0;
  generated = 0;
  found = 0;
  solvedNew = 0;
  goalRank = -1;
  lastNew = -1;
  if (fromBig >= toBig) return 0;
  let bucket = bucketOf(fromBig);
  for (let b = fromBig; b < toBig; b++) {
    while (load<u32>(bucketsAt + ((<usize>(bucket + 1)) << 2)) <= b) bucket++;
    const base = <u64>b * perBig;
    if (!anyInRange(base, base + perBig)) continue;
    const covered = decodeBig(b, bucket);
    const free = ~covered;
    let key: u64 = 0;
    for (let c = 0; c < classes; c++) if (isBig(c)) key += load<u64>(digits + ((<usize>c) << 3)) * stride(c);
    // The uncovered cells in reading order, for the small pieces' placements.
    let n = 0;
    for (let m = free; m != 0; m &= m - 1) store<u8>(freeList + <usize>(n++), <u8>lowest(m));
    for (let s: u64 = 0; s < perBig; s++) {
      const r = base + s;
      if (!inLayer(r, code)) continue;
      leaveFrontier(r);
      // The small pieces of rank s among the uncovered cells.
      const smallMask = smallPieces(s, n);
      if (small >= 0) store<u64>(cur + ((<usize>small) << 3), smallMask);
      expanded++;
      if (expand(b, key, free, smallMask)) return found;
    }
  }
  return found;
}

/**
 * The cells of the small pieces whose rank among the `n` uncovered cells (listed at freeList in reading order) is
 * `rank`: the combinatorial number system read back, largest first.
 */
@inline function smallPieces(rank: u64, n: i32): u64 {
  let mask: u64 = 0;
  let rest = rank;
  let top = n;
  for (let i = smallCount; i >= 1; i--) {
    let x = top - 1;
    while (binomial(x, i) > rest) x--;
    rest -= binomial(x, i);
    mask |= bit(<i32>load<u8>(freeList + <usize>x));
    top = x;
  }
  return mask;
}

/** Writes the ranks one move from rank r (f64 each) at `out`; returns how many (for reading a path back). */
export function denseNeighbours(r: f64, out: usize): i32 {
  const rank = <u64>r;
  const b = <u32>(rank / perBig);
  const covered = decodeBig(b, bucketOf(b));
  const free = ~covered;
  let key: u64 = 0;
  for (let c = 0; c < classes; c++) if (isBig(c)) key += load<u64>(digits + ((<usize>c) << 3)) * stride(c);
  let n = 0;
  for (let m = free; m != 0; m &= m - 1) store<u8>(freeList + <usize>(n++), <u8>lowest(m));
  const smallMask = smallPieces(rank - <u64>b * perBig, n);
  if (small >= 0) store<u64>(cur + ((<usize>small) << 3), smallMask);
  neighboursOut = out;
  neighbourCount = 0;
  expand(b, key, free, smallMask);
  neighboursOut = 0;
  return neighbourCount;
}

let neighboursOut: usize = 0;
let neighbourCount = 0;

/**
 * Generates the successors of the position in `cur` (big placement b with key `key`, uncovered cells `free`, small
 * pieces `smallMask`) and marks the unseen ones; true when it stopped at a goal.
 */
function expand(b: u32, key: u64, free: u64, smallMask: u64): bool {
  const empty = free & ~smallMask & boardCells();
  const near = around(empty);
  const drawn = targetCount() > 0;
  const goalBit = bit(goalCell);
  const solvedHere = drawn ? false : (maskAt(0) & goalBit) != 0;
  const baseSmall = <u64>b * perBig;
  for (let c = 0; c < classes; c++) {
    const kind = load<i32>(kindsAt + ((<usize>c) << 2));
    const quad = quadsAt + ((<usize>c) << 4);
    const o0 = <u64>load<i32>(quad);
    const o1 = <u64>load<i32>(quad, 4);
    const o2 = <u64>load<i32>(quad, 8);
    const o3 = <u64>load<i32>(quad, 12);
    const fitsAt = inBounds(c);
    const own = maskAt(c);
    let tops = own;
    if (kind != 0) tops &= near | (near >> o1) | (near >> o2) | (near >> o3);
    const big = c != small;
    const digit = big ? load<u64>(digits + ((<usize>c) << 3)) : 0;
    while (tops != 0) {
      const p = lowest(tops);
      tops &= tops - 1;
      const coverP = cover(c, p);
      if (kind == 0 && (coverP & near) == 0) continue;
      const room = empty | coverP;
      let fit: u64;
      if (kind == 2) fit = fitsAt & room;
      else if (kind == 1) fit = fitsAt & (room >> o0) & (room >> o1) & (room >> o2) & (room >> o3);
      else {
        fit = fitsAt;
        const end = offsetStart(c + 1);
        for (let i = offsetStart(c); i < end; i++) fit &= room >> (<u64>offset(i));
      }
      let targets = reach(p, fit);
      while (targets != 0) {
        const q = lowest(targets);
        targets &= targets - 1;
        generated++;
        const moved = bit(p) | bit(q);
        let r: u64;
        if (!big) r = baseSmall + smallRank(free, smallMask ^ moved);
        else {
          const nextKey = key + (classDigit(c, own ^ moved) - digit) * stride(c);
          const nb = bigNumber(nextKey);
          r = <u64>nb * perBig + smallRank(free ^ coverP ^ cover(c, q), smallMask);
        }
        if (neighboursOut != 0) {
          store<f64>(neighboursOut + ((<usize>(neighbourCount++)) << 3), <f64>r);
          continue;
        }
        if (!mark(r, nextCode)) continue;
        found++;
        lastNew = <f64>r;
        if (drawn ? targetsMet64(cur, c, moved) : c == 0 ? ((own ^ moved) & goalBit) != 0 : solvedHere) {
          solvedNew++;
          if (goalRank < 0) goalRank = <f64>r;
          if (stopAtGoal) return true;
        }
      }
    }
  }
  return false;
}

