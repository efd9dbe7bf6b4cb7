/**
 * Listing the big placements on the engine (klotski/dense/rank.ts `walkPlacements`, the same walk): counted first,
 * then written as scrambled keys and sorted into buckets of low bits.
 */
import { bit, boardCells, classes, cover, lowest } from './board';
import { binomial, countOf, fitIndex, isBig, left, lowBits, scramble, setLowBits, stride } from './dense-rank';

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
  setLowBits(bits);
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
