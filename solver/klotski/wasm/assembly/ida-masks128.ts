/** IDA*'s board on 128-bit masks (boards of 65 to 128 cells): ida-masks64.ts with every mask one v128 (board128.ts). */
import {
  around, bit, boardCells128, cells, classes, cover, high, inBounds, isEmpty, lane128, low, metric, mirrorPosition, offset, offsetStart, reach, readBoard128, shiftDown,
  zobrist, zobristMirror,
} from './board128';
import { pushMove } from './ida-moves';
import { reserve } from './memory';
import { targetCount, targetsMet128 } from './targets';

let cur: usize = 0;
let mir: usize = 0;
let empty: v128 = i64x2(0, 0);
let hash: i32 = 0;
let mirrorHash: i32 = 0;
export let cost128: i32 = 0;
let costs: usize = 0;
let goalBit: v128 = i64x2(0, 0);
let fold = false;

@inline function maskAt(at: usize, c: i32): v128 {
  return v128.load(at + ((<usize>c) << 4));
}

@inline function costOf(c: i32, p: i32): i32 {
  return load<i32>(costs + ((<usize>(c * cells + p)) << 2));
}

/** As `begin64`, from board128.ts `readBoard128`. */
export function begin128(header: usize): usize {
  const at = readBoard128(header);
  fold = load<i32>(at) != 0;
  goalBit = bit(load<i32>(at, 4));
  costs = <usize>load<u32>(at, 12);
  const start = <usize>load<u32>(at, 16);
  const K = classes;
  cur = reserve(K << 4);
  mir = reserve(K << 4);
  memory.copy(cur, start, (<usize>K) << 4);
  let taken = i64x2(0, 0);
  hash = 0;
  mirrorHash = 0;
  cost128 = 0;
  for (let c = 0; c < K; c++) {
    const m = maskAt(cur, c);
    for (let half = 0; half < 2; half++) {
      for (let tops = half == 0 ? low(m) : high(m); tops != 0; tops &= tops - 1) {
        const p = (half << 6) + <i32>ctz(tops);
        taken = v128.or(taken, cover(c, p));
        hash ^= zobrist(c, p);
        mirrorHash ^= zobristMirror(c, p);
        cost128 += costOf(c, p);
      }
    }
  }
  empty = v128.andnot(boardCells128(), taken);
  return at;
}

/** The board's piece classes and metric (board128.ts's, read by ida.ts). */
export function classes128(): i32 {
  return classes;
}

export function metric128(): i32 {
  return metric;
}

@inline export function solved128(): bool {
  return targetCount() > 0 ? targetsMet128(cur, -1, i64x2(0, 0)) : !isEmpty(v128.and(maskAt(cur, 0), goalBit));
}

/**
 * Writes the current position's table key to `out` (the position or its mirror image, whichever comes first by hash,
 * then by masks, where mirror images fold) and returns its hash.
 */
export function key128(out: usize): i32 {
  const K = classes;
  if (fold && mirrorHash <= hash) {
    mirrorPosition(cur, empty, mir);
    let useMirror = mirrorHash < hash;
    if (!useMirror) {
      // Word by word, the lowest 32-bit word first.
      for (let j = 0; j < K && !useMirror; j++) {
        const a = maskAt(cur, j);
        const b = maskAt(mir, j);
        const la = low(a);
        const lb = low(b);
        const ha = high(a);
        const hb = high(b);
        if (la == lb && ha == hb) continue;
        if (<u32>la != <u32>lb) useMirror = <u32>lb < <u32>la;
        else if (<u32>(la >> 32) != <u32>(lb >> 32)) useMirror = <u32>(lb >> 32) < <u32>(la >> 32);
        else if (<u32>ha != <u32>hb) useMirror = <u32>hb < <u32>ha;
        else useMirror = <u32>(hb >> 32) < <u32>(ha >> 32);
        break;
      }
    }
    if (useMirror) {
      for (let j = 0; j < K; j++) v128.store(out + ((<usize>j) << 4), maskAt(mir, j));
      return mirrorHash;
    }
  }
  for (let j = 0; j < K; j++) v128.store(out + ((<usize>j) << 4), maskAt(cur, j));
  return hash;
}

/** Moves the class-c piece at p to q (or back, q to p: the same XORs), with the hashes and the bound. */
@inline export function move128(c: i32, p: i32, q: i32): void {
  const m = cur + ((<usize>c) << 4);
  v128.store(m, v128.xor(v128.load(m), v128.xor(bit(p), bit(q))));
  empty = v128.xor(empty, v128.xor(cover(c, p), cover(c, q)));
  hash ^= zobrist(c, p) ^ zobrist(c, q);
  mirrorHash ^= zobristMirror(c, p) ^ zobristMirror(c, q);
  cost128 += costOf(c, q) - costOf(c, p);
}

/** Lists the position's moves on the stack from `sp`; returns the new end (search128.ts's generation). */
export function list128(sp: i32): i32 {
  let end = sp;
  const near = around(empty);
  for (let c = 0; c < classes; c++) {
    const firstOffset = offsetStart(c);
    const last = offsetStart(c + 1);
    let touching = near;
    for (let i = firstOffset + 1; i < last; i++) touching = v128.or(touching, shiftDown(near, offset(i)));
    const tops = v128.and(maskAt(cur, c), touching);
    const fitsAt = inBounds(c);
    for (let half = 0; half < 2; half++) {
      for (let topBits = half == 0 ? low(tops) : high(tops); topBits != 0; topBits &= topBits - 1) {
        const p = (half << 6) + <i32>ctz(topBits);
        const free = v128.or(empty, cover(c, p));
        let fit = fitsAt;
        for (let i = firstOffset; i < last; i++) fit = v128.and(fit, shiftDown(free, offset(i)));
        const targets = reach(p, lane128(c, p, fit));
        for (let targetHalf = 0; targetHalf < 2; targetHalf++) {
          for (let qBits = targetHalf == 0 ? low(targets) : high(targets); qBits != 0; qBits &= qBits - 1) {
            end = pushMove(end, c, p, (targetHalf << 6) + <i32>ctz(qBits));
          }
        }
      }
    }
  }
  return end;
}
