/**
 * IDA*'s board on 64-bit masks (boards of up to 64 cells; ida.ts runs the search): the position moved in place — class
 * masks, empty cells, both Zobrist hashes and the bound, each updated by XORs or a difference per move — its table key,
 * and its moves (search.ts's generation).
 */
import {
  around, bit, boardCells, cells, classes, cover, inBounds, lane, lowest, metric, mirrorPosition, offset, offsetStart, reach, readBoard, zobrist,
  zobristMirror,
} from './board';
import { pushMove } from './ida-moves';
import { reserve } from './memory';
import { targetCount, targetsMet64 } from './targets';

let cur: usize = 0;
let mir: usize = 0;
let empty: u64 = 0;
let hash: i32 = 0;
let mirrorHash: i32 = 0;
/** The position's bound: the sum of its pieces' costs. */
export let cost64: i32 = 0;
let costs: usize = 0;
let shapeKinds: usize = 0;
let quads: usize = 0;
let goalBit: u64 = 0;
let fold = false;

@inline function maskAt(at: usize, c: i32): u64 {
  return load<u64>(at + ((<usize>c) << 3));
}

@inline function costOf(c: i32, p: i32): i32 {
  return load<i32>(costs + ((<usize>(c * cells + p)) << 2));
}

/**
 * Reads the header at `header` (board.ts `readBoard`, then ida.ts's fields and this board's) and sets up the start;
 * returns where ida.ts's fields begin.
 */
export function begin64(header: usize): usize {
  const at = readBoard(header);
  fold = load<i32>(at) != 0;
  goalBit = bit(load<i32>(at, 4));
  costs = <usize>load<u32>(at, 12);
  const start = <usize>load<u32>(at, 16);
  shapeKinds = <usize>load<u32>(at, 24);
  quads = <usize>load<u32>(at, 28);
  const K = classes;
  cur = reserve(K << 3);
  mir = reserve(K << 3);
  memory.copy(cur, start, (<usize>K) << 3);
  let taken: u64 = 0;
  hash = 0;
  mirrorHash = 0;
  cost64 = 0;
  for (let c = 0; c < K; c++) {
    for (let tops = maskAt(cur, c); tops != 0; tops &= tops - 1) {
      const p = lowest(tops);
      taken |= cover(c, p);
      hash ^= zobrist(c, p);
      mirrorHash ^= zobristMirror(c, p);
      cost64 += costOf(c, p);
    }
  }
  empty = ~taken & boardCells();
  return at;
}

/** The board's piece classes and metric (board.ts's, read by ida.ts). */
export function classes64(): i32 {
  return classes;
}

export function metric64(): i32 {
  return metric;
}

@inline export function solved64(): bool {
  return targetCount() > 0 ? targetsMet64(cur, -1, 0) : (maskAt(cur, 0) & goalBit) != 0;
}

/**
 * Writes the current position's table key to `out` (the position or its mirror image, whichever comes first by hash,
 * then by masks, where mirror images fold) and returns its hash.
 */
export function key64(out: usize): i32 {
  const K = classes;
  if (fold && mirrorHash <= hash) {
    mirrorPosition(cur, empty, mir);
    let useMirror = mirrorHash < hash;
    if (!useMirror) {
      for (let j = 0; j < K; j++) {
        const a = maskAt(cur, j);
        const b = maskAt(mir, j);
        if (a == b) continue;
        useMirror = <u32>a != <u32>b ? <u32>b < <u32>a : <u32>(b >> 32) < <u32>(a >> 32);
        break;
      }
    }
    if (useMirror) {
      for (let j = 0; j < K; j++) store<u64>(out + ((<usize>j) << 3), maskAt(mir, j));
      return mirrorHash;
    }
  }
  for (let j = 0; j < K; j++) store<u64>(out + ((<usize>j) << 3), maskAt(cur, j));
  return hash;
}

/** Moves the class-c piece at p to q (or back, q to p: the same XORs), with the hashes and the bound. */
@inline export function move64(c: i32, p: i32, q: i32): void {
  const m = cur + ((<usize>c) << 3);
  store<u64>(m, load<u64>(m) ^ bit(p) ^ bit(q));
  empty ^= cover(c, p) ^ cover(c, q);
  hash ^= zobrist(c, p) ^ zobrist(c, q);
  mirrorHash ^= zobristMirror(c, p) ^ zobristMirror(c, q);
  cost64 += costOf(c, q) - costOf(c, p);
}

/** Lists the position's moves on the stack from `sp`; returns the new end. */
export function list64(sp: i32): i32 {
  let end = sp;
  const near = around(empty);
  for (let c = 0; c < classes; c++) {
    // Shape kinds: 2 one cell, 1 up to four cells (fits by four shifts, `quads`), 0 larger (as search.ts).
    const kind = load<i32>(shapeKinds + ((<usize>c) << 2));
    const quad = quads + ((<usize>c) << 4);
    const o0 = <u64>load<i32>(quad);
    const o1 = <u64>load<i32>(quad, 4);
    const o2 = <u64>load<i32>(quad, 8);
    const o3 = <u64>load<i32>(quad, 12);
    const fitsAt = inBounds(c);
    let tops = maskAt(cur, c);
    if (kind != 0) tops &= near | (near >> o1) | (near >> o2) | (near >> o3);
    while (tops != 0) {
      const p = lowest(tops);
      tops &= tops - 1;
      const coverP = cover(c, p);
      if (kind == 0 && (coverP & near) == 0) continue;
      const free = empty | coverP;
      let fit: u64;
      if (kind == 2) fit = fitsAt & free;
      else if (kind == 1) fit = fitsAt & (free >> o0) & (free >> o1) & (free >> o2) & (free >> o3);
      else {
        fit = fitsAt;
        const last = offsetStart(c + 1);
        for (let i = offsetStart(c); i < last; i++) fit &= free >> (<u64>offset(i));
      }
      for (let targets = reach(p, fit & lane(c, p)); targets != 0; targets &= targets - 1) end = pushMove(end, c, p, lowest(targets));
    }
  }
  return end;
}
