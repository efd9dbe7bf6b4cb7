/**
 * The dense rank's tables on the engine (klotski/dense/rank.ts says how the rank works): where the loader put them,
 * and what ranks, finds and decodes placements with them. The search (dense.ts) and the listing (dense-list.ts) read
 * them; an instance of the threads build sets its own with `denseUse` and `denseTables`.
 */
import { bit, boardCells, cells, classes, cover, lowest, readBoard } from './board';
import { reserve } from './memory';


// The rank's tables (rank.ts): per class whether it is big, its pieces, its anchors' indices among the cells where it
// fits and those cells, its key stride; binomials; the scrambling; the buckets and low bits of the big placements.
export let small: i32 = -1;
export let smallCount: i32 = 0;
export let perBig: u64 = 0;
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
export let lowBits: u64 = 0;
export let bucketsAt: usize = 0;
export let lowsAt: usize = 0;
export let bucketCount: i32 = 0;
export let codesAt: usize = 0;
export let frontierAt: usize = 0;
export let goalCell: i32 = 0;
export let kindsAt: usize = 0;
export let quadsAt: usize = 0;
// Scratch of this instance: class masks, class key digits, the uncovered cells in order, pieces left while listing.
export let cur: usize = 0;
export let digits: usize = 0;
export let freeList: usize = 0;
export let left: usize = 0;

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

@inline export function binomial(n: i32, k: i32): u64 {
  return load<u64>(binomialAt + ((<usize>(n * (cells + 1) + k)) << 3));
}
@inline export function isBig(c: i32): bool {
  return load<i32>(isBigAt + ((<usize>c) << 2)) != 0;
}
@inline export function countOf(c: i32): i32 {
  return load<i32>(countsAt + ((<usize>c) << 2));
}
@inline export function fitIndex(c: i32, p: i32): i32 {
  return load<i32>(fitIndexAt + ((<usize>(c * cells + p)) << 2));
}
@inline export function stride(c: i32): u64 {
  return load<u64>(stridesAt + ((<usize>c) << 3));
}
@inline export function maskAt(c: i32): u64 {
  return load<u64>(cur + ((<usize>c) << 3));
}
@inline export function scramble(key: u64): u64 {
  return (key * multiplier) & keyMask;
}

/** The combinatorial rank of a class's anchors among the cells where it fits. */
@inline export function classDigit(c: i32, m: u64): u64 {
  let r: u64 = 0;
  let i = 1;
  for (; m != 0; m &= m - 1) r += binomial(fitIndex(c, lowest(m)), i++);
  return r;
}

/** The rank of small pieces `m` among the uncovered cells `free`. */
@inline export function smallRank(free: u64, m: u64): u64 {
  let r: u64 = 0;
  let i = 1;
  for (; m != 0; m &= m - 1) r += binomial(<i32>popcnt<u64>(free & ((m & (0 - m)) - 1)), i++);
  return r;
}

/** The number of the big placement of a key (always listed: a legal position's). */
export function bigNumber(key: u64): i64 {
  const s = scramble(key);
  const b = <usize>(s >> lowBits);
  const low = <u32>(s & (((<u64>1) << lowBits) - 1));
  const end = load<u32>(bucketsAt + ((b + 1) << 2));
  for (let i = load<u32>(bucketsAt + (b << 2)); i < end; i++) if (load<u32>(lowsAt + ((<usize>i) << 2)) == low) return <i64>i;
  return -1;
}

/** Sets the low bits a scrambled key keeps (the listing, before it writes them). */
export function setLowBits(bits: i32): void {
  lowBits = <u64>bits;
}

/** Decodes big placement `b` (in bucket `bucket`) into the class masks; returns the cells the big pieces cover. */
export function decodeBig(b: u32, bucket: u32): u64 {
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
export function bucketOf(b: u32): u32 {
  let lo = 0;
  let hi = bucketCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (load<u32>(bucketsAt + ((<usize>mid) << 2)) <= b) lo = mid;
    else hi = mid - 1;
  }
  return <u32>lo;
}


/** Room for an instance's scratch. */
export function denseScratch(): usize {
  return reserve(1024);
}

