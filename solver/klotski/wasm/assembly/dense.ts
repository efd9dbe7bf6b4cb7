/**
 * Breadth-first search at two bits a position over a dense rank (klotski/dense/rank.ts, two-bit.ts say how both work;
 * this is the engine's version, on 64-bit masks, boards of up to 64 cells). The loader (klotski/dense/engine.ts) writes
 * the board and the rank's tables, has the big placements listed here (`denseCount`, `denseList`), and runs the search
 * a layer at a time, a range of big placements per call (`denseLayer`), so it can check its budget between calls and
 * split a layer over threads sharing one memory: built with threads (ASC_FEATURE_THREADS), codes and frontier bits are
 * set with atomic ORs, and a position counts as new only where its code was 0 before.
 */
import { around, bit, boardCells, cells, classes, cover, inBounds, lowest, offset, offsetStart, reach, readBoard } from './board';
import { targetCount, targetsMet64 } from './targets';
import { reserve } from './memory';

// The rank's tables (rank.ts): per class whether it is big, its pieces, its anchors' indices among the cells where it
// fits and those cells, its key stride; binomials; the scrambling; the buckets and low bits of the big placements.
let small: i32 = -1;
let smallCount: i32 = 0;
let perBig: u64 = 0;
let isBigAt: usize = 0;
let countsAt: usize = 0;
let fitIndexAt: usize = 0;
let fitCellsAt: usize = 0;
let fitStartAt: usize = 0;
let stridesAt: usize = 0;
let binomialAt: usize = 0;
let keyMask: u64 = 0;
let multiplier: u64 = 0;
let inverse: u64 = 0;
let lowBits: u64 = 0;
let bucketsAt: usize = 0;
let lowsAt: usize = 0;
let bucketCount: i32 = 0;
let codesAt: usize = 0;
let frontierAt: usize = 0;
let goalCell: i32 = 0;
let kindsAt: usize = 0;
let quadsAt: usize = 0;
// Scratch of this instance: class masks, class key digits, the uncovered cells in order, pieces left while listing.
let cur: usize = 0;
let digits: usize = 0;
let freeList: usize = 0;
let left: usize = 0;

/** Reads the header (board.ts `readBoard`, then the fields below) and takes scratch room at `scratch` (1 KB). */
export function denseUse(header: usize, scratch: usize): void {
  const at = readBoard(header);
  small = load<i32>(at);
  smallCount = load<i32>(at, 4);
  perBig = <u64>load<f64>(at, 8);
  isBigAt = load<u32>(at, 16);
  countsAt = load<u32>(at, 20);
  fitIndexAt = load<u32>(at, 24);
  fitCellsAt = load<u32>(at, 28);
  fitStartAt = load<u32>(at, 32);
  stridesAt = load<u32>(at, 36);
  binomialAt = load<u32>(at, 40);
  const keyBits = load<i32>(at, 44);
  keyMask = keyBits >= 64 ? <u64>-1 : ((<u64>1) << (<u64>keyBits)) - 1;
  multiplier = <u64>load<f64>(at, 48);
  inverse = <u64>load<f64>(at, 56);
  lowBits = <u64>load<i32>(at, 64);
  bucketsAt = load<u32>(at, 68);
  lowsAt = load<u32>(at, 72);
  bucketCount = load<i32>(at, 76);
  codesAt = load<u32>(at, 80);
  frontierAt = load<u32>(at, 84);
  goalCell = load<i32>(at, 88);
  kindsAt = load<u32>(at, 92);
  quadsAt = load<u32>(at, 96);
  cur = scratch;
  digits = scratch + 512;
  freeList = scratch + 768;
  left = scratch + 896;
}

/** Sets the tables the listing makes (after `denseList`): buckets, low bits, and where codes and the frontier are. */
export function denseTables(buckets: usize, lows: usize, count: i32, bits: i32, codes: usize, frontier: usize): void {
  bucketsAt = buckets;
  lowsAt = lows;
  bucketCount = count;
  lowBits = <u64>bits;
  codesAt = codes;
  frontierAt = frontier;
}

@inline function binomial(n: i32, k: i32): u64 {
  return load<u64>(binomialAt + ((<usize>(n * (cells + 1) + k)) << 3));
}
@inline function isBig(c: i32): bool {
  return load<i32>(isBigAt + ((<usize>c) << 2)) != 0;
}
@inline function countOf(c: i32): i32 {
  return load<i32>(countsAt + ((<usize>c) << 2));
}
@inline function fitIndex(c: i32, p: i32): i32 {
  return load<i32>(fitIndexAt + ((<usize>(c * cells + p)) << 2));
}
@inline function stride(c: i32): u64 {
  return load<u64>(stridesAt + ((<usize>c) << 3));
}
@inline function maskAt(c: i32): u64 {
  return load<u64>(cur + ((<usize>c) << 3));
}
@inline function scramble(key: u64): u64 {
  return (key * multiplier) & keyMask;
}

/** The combinatorial rank of a class's anchors among the cells where it fits. */
@inline function classDigit(c: i32, m: u64): u64 {
  let r: u64 = 0;
  let i = 1;
  for (; m != 0; m &= m - 1) r += binomial(fitIndex(c, lowest(m)), i++);
  return r;
}

/** The rank of small pieces `m` among the uncovered cells `free`. */
@inline function smallRank(free: u64, m: u64): u64 {
  let r: u64 = 0;
  let i = 1;
  for (; m != 0; m &= m - 1) r += binomial(<i32>popcnt<u64>(free & ((m & (0 - m)) - 1)), i++);
  return r;
}

/** The number of the big placement of a key (always listed: a legal position's). */
function bigNumber(key: u64): i64 {
  const s = scramble(key);
  const b = <usize>(s >> lowBits);
  const low = <u32>(s & (((<u64>1) << lowBits) - 1));
  const end = load<u32>(bucketsAt + ((b + 1) << 2));
  for (let i = load<u32>(bucketsAt + (b << 2)); i < end; i++) if (load<u32>(lowsAt + ((<usize>i) << 2)) == low) return <i64>i;
  return -1;
}

// ---------------------------------------------------------------------------------------------------------------
// Listing the big placements (rank.ts `walkPlacements`)

let listed: i64 = 0;
let listLimit: i64 = 0;
let listOut: usize = 0;

function walk(from: i32, key: u64, covered: u64, freeLeft: i32, piecesLeft: i32): bool {
  if (piecesLeft == 0) {
    if (listOut != 0) store<u64>(listOut + ((<usize>listed) << 3), scramble(key));
    return ++listed <= listLimit;
  }
  const open = boardCells() & ~covered & ~(bit(from) - 1);
  if (open == 0) return true;
  const u = lowest(open);
  if (freeLeft > 0 && !walk(u + 1, key, covered, freeLeft - 1, piecesLeft)) return false;
  for (let c = 0; c < classes; c++) {
    const n = load<i32>(left + ((<usize>c) << 2));
    if (n == 0) continue;
    const f = fitIndex(c, u);
    if (f < 0) continue;
    const cv = cover(c, u);
    if ((cv & covered) != 0) continue;
    store<i32>(left + ((<usize>c) << 2), n - 1);
    const ok = walk(u + 1, key + binomial(f, countOf(c) - n + 1) * stride(c), covered | cv, freeLeft, piecesLeft - 1);
    store<i32>(left + ((<usize>c) << 2), n);
    if (!ok) return false;
  }
  return true;
}

function startWalk(freeCells: i32, out: usize, limit: i64): bool {
  listed = 0;
  listLimit = limit;
  listOut = out;
  let pieces = 0;
  for (let c = 0; c < classes; c++) {
    const n = isBig(c) ? countOf(c) : 0;
    store<i32>(left + ((<usize>c) << 2), n);
    pieces += n;
  }
  return walk(0, 0, ~boardCells(), freeCells, pieces);
}

/** How many big placements there are, or -1 past `limit`. */
export function denseCount(freeCells: i32, limit: f64): f64 {
  return startWalk(freeCells, 0, <i64>limit) ? <f64>listed : -1;
}

/**
 * Lists the big placements into buckets (`buckets`: 2^bucketBits + 1 words) and low bits (`lows`: one word each,
 * sorted within each bucket), using `temp` (8 bytes a placement) on the way.
 */
export function denseList(freeCells: i32, bucketBits: i32, bits: i32, buckets: usize, lows: usize, temp: usize): void {
  lowBits = <u64>bits;
  startWalk(freeCells, temp, <i64>0x7fffffffffffffff);
  const n = listed;
  const shift = lowBits;
  const nb = 1 << bucketBits;
  memory.fill(buckets, 0, (<usize>(nb + 1)) << 2);
  for (let i: i64 = 0; i < n; i++) {
    const b = <usize>(load<u64>(temp + ((<usize>i) << 3)) >> shift);
    store<u32>(buckets + ((b + 1) << 2), load<u32>(buckets + ((b + 1) << 2)) + 1);
  }
  for (let b = 1; b <= nb; b++) store<u32>(buckets + ((<usize>b) << 2), load<u32>(buckets + ((<usize>b) << 2)) + load<u32>(buckets + ((<usize>(b - 1)) << 2)));
  // Scatter, with the bucket starts as cursors, then put each bucket in order.
  const lowMask = ((<u64>1) << shift) - 1;
  for (let i: i64 = 0; i < n; i++) {
    const s = load<u64>(temp + ((<usize>i) << 3));
    const b = <usize>(s >> shift);
    const at = load<u32>(buckets + (b << 2));
    store<u32>(lows + ((<usize>at) << 2), <u32>(s & lowMask));
    store<u32>(buckets + (b << 2), at + 1);
  }
  // The cursors now stand at each bucket's end, which is the next bucket's start: shift them back by one bucket.
  for (let b = nb; b >= 1; b--) store<u32>(buckets + ((<usize>b) << 2), load<u32>(buckets + ((<usize>(b - 1)) << 2)));
  store<u32>(buckets, 0);
  for (let b = 0; b < nb; b++) {
    const from = load<u32>(buckets + ((<usize>b) << 2));
    const to = load<u32>(buckets + ((<usize>(b + 1)) << 2));
    for (let i = from + 1; i < to; i++) {
      const v = load<u32>(lows + ((<usize>i) << 2));
      let j = i;
      while (j > from && load<u32>(lows + ((<usize>(j - 1)) << 2)) > v) {
        store<u32>(lows + ((<usize>j) << 2), load<u32>(lows + ((<usize>(j - 1)) << 2)));
        j--;
      }
      store<u32>(lows + ((<usize>j) << 2), v);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The search

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

/** Decodes big placement `b` (in bucket `bucket`) into the class masks; returns the cells the big pieces cover. */
function decodeBig(b: u32, bucket: u32): u64 {
  let key = (((<u64>bucket << lowBits) | <u64>load<u32>(lowsAt + ((<usize>b) << 2))) * inverse) & keyMask;
  let covered: u64 = ~boardCells();
  for (let c = classes - 1; c >= 0; c--) {
    if (!isBig(c)) continue;
    const s = stride(c);
    let r = key / s;
    key -= r * s;
    store<u64>(digits + ((<usize>c) << 3), r);
    const fitStart = load<i32>(fitStartAt + ((<usize>c) << 2));
    let top = load<i32>(fitStartAt + ((<usize>(c + 1)) << 2)) - fitStart;
    let m: u64 = 0;
    for (let i = countOf(c); i >= 1; i--) {
      let x = top - 1;
      while (binomial(x, i) > r) x--;
      r -= binomial(x, i);
      const p = load<i32>(fitCellsAt + ((<usize>(fitStart + x)) << 2));
      m |= bit(p);
      covered |= cover(c, p);
      top = x;
    }
    store<u64>(cur + ((<usize>c) << 3), m);
  }
  return covered;
}

/** The bucket holding big placement b: the last with its start at or before b. */
function bucketOf(b: u32): u32 {
  let lo = 0;
  let hi = bucketCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (load<u32>(bucketsAt + ((<usize>mid) << 2)) <= b) lo = mid;
    else hi = mid - 1;
  }
  return <u32>lo;
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
      let smallMask: u64 = 0;
      let rest = s;
      let top = n;
      for (let i = smallCount; i >= 1; i--) {
        let x = top - 1;
        while (binomial(x, i) > rest) x--;
        rest -= binomial(x, i);
        smallMask |= bit(<i32>load<u8>(freeList + <usize>x));
        top = x;
      }
      if (small >= 0) store<u64>(cur + ((<usize>small) << 3), smallMask);
      expanded++;
      if (expand(b, key, free, smallMask)) return found;
    }
  }
  return found;
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
  let smallMask: u64 = 0;
  let rest = rank - <u64>b * perBig;
  let top = n;
  for (let i = smallCount; i >= 1; i--) {
    let x = top - 1;
    while (binomial(x, i) > rest) x--;
    rest -= binomial(x, i);
    smallMask |= bit(<i32>load<u8>(freeList + <usize>x));
    top = x;
  }
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

/** Room for an instance's scratch. */
export function denseScratch(): usize {
  return reserve(1024);
}
