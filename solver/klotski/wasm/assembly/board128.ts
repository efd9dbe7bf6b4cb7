/**
 * The board of the 128-bit search (search128.ts): boards of 65 to 128 cells, every mask one v128 (cells 0–63 in lane
 * 0, 64–127 in lane 1), read from the tables of board128.ts (the loader's) with four words per mask. board.ts's helpers
 * (cells next to a set, a piece's reach, mirror images) on two lanes: bitwise operations take one instruction, a
 * shift moves the bits that cross from one lane to the other by a lane shuffle.
 */
import { MOVE, STEP } from './board';

export let classes: i32 = 0;
export let cells: i32 = 0;
export let width: i32 = 0;
export let metric: i32 = 0;
let filler: i32 = -1;
let inBoundsAt: usize = 0;
let coverAt: usize = 0;
let mirrorAt: usize = 0;
let zobristAt: usize = 0;
let zobristMirrorAt: usize = 0;
let stepTargetsAt: usize = 0;
let offsetStartAt: usize = 0;
let offsetsAt: usize = 0;
let cellMirrorAt: usize = 0;
let cellBitsAt: usize = 0;
let raysAt: usize = 0;
let belowAt: usize = 0;
let lanesAt: usize = 0;
let notFirstColumn: v128 = i64x2(0, 0);
let notLastColumn: v128 = i64x2(0, 0);
let allCells: v128 = i64x2(0, 0);

/** Reads the board's part of the header (see the loader, engine.ts), from `at`; returns where the rest begins. */
export function readBoard128(at: usize): usize {
  classes = load<i32>(at);
  cells = load<i32>(at, 4);
  width = load<i32>(at, 8);
  metric = load<i32>(at, 12);
  filler = load<i32>(at, 16);
  inBoundsAt = load<u32>(at, 20);
  coverAt = load<u32>(at, 24);
  mirrorAt = load<u32>(at, 28);
  zobristAt = load<u32>(at, 32);
  zobristMirrorAt = load<u32>(at, 36);
  stepTargetsAt = load<u32>(at, 40);
  offsetStartAt = load<u32>(at, 44);
  offsetsAt = load<u32>(at, 48);
  cellMirrorAt = load<u32>(at, 52);
  cellBitsAt = load<u32>(at, 56);
  // Masks follow the header's pointers: the cells not in the first column, not in the last, all of them.
  const masksAt = <usize>load<u32>(at, 60);
  notFirstColumn = v128.load(masksAt);
  notLastColumn = v128.load(masksAt, 16);
  allCells = v128.load(masksAt, 32);
  raysAt = load<u32>(at, 64);
  belowAt = load<u32>(at, 68);
  lanesAt = load<u32>(at, 72);
  return at + 76;
}

const ZERO: v128 = i64x2(0, 0);

/** As board.ts `lane`: where a class-c piece at p may go under the `line` slide rule; every cell when pieces move freely. */
@inline export function lane128(c: i32, p: i32, fit: v128): v128 {
  return lanesAt == 0 ? fit : v128.and(fit, v128.load(lanesAt + ((<usize>(c * cells + p)) << 4)));
}

/** The mask of cell p alone. */
/** The board's cells (all but those off an irregular outline). */
@inline export function boardCells128(): v128 {
  return allCells;
}

@inline export function bit(p: i32): v128 {
  return v128.load(cellBitsAt + ((<usize>p) << 4));
}

@inline export function isEmpty(m: v128): bool {
  return !v128.any_true(m);
}

/** Lane 0 (cells 0–63) and lane 1 (cells 64–127) of a mask. */
@inline export function low(m: v128): u64 {
  return i64x2.extract_lane(m, 0);
}

@inline export function high(m: v128): u64 {
  return i64x2.extract_lane(m, 1);
}

/** The mask moved k cells away from cell 0 (0 ≤ k < 128). */
@inline export function shiftUp(m: v128, k: i32): v128 {
  if (k == 0) return m;
  if (k >= 64) return i64x2.shl(i8x16.shuffle(ZERO, m, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23), k - 64);
  // Lane 0's top k bits cross into lane 1.
  const carry = i8x16.shuffle(ZERO, i64x2.shr_u(m, 64 - k), 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
  return v128.or(i64x2.shl(m, k), carry);
}

/** The mask moved k cells towards cell 0 (0 ≤ k < 128). */
@inline export function shiftDown(m: v128, k: i32): v128 {
  if (k == 0) return m;
  if (k >= 64) return i64x2.shr_u(i8x16.shuffle(m, ZERO, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23), k - 64);
  // Lane 1's low k bits cross into lane 0.
  const carry = i8x16.shuffle(i64x2.shl(m, 64 - k), ZERO, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23);
  return v128.or(i64x2.shr_u(m, k), carry);
}

/** Per class, the top-left cells where its shape lies inside the board. */
@inline export function inBounds(c: i32): v128 {
  return v128.load(inBoundsAt + ((<usize>c) << 4));
}

/** The cells a class-c piece at p covers. */
@inline export function cover(c: i32, p: i32): v128 {
  return v128.load(coverAt + ((<usize>(c * cells + p)) << 4));
}

/** The top-left of the same piece in the mirror image. */
@inline export function mirrorOf(c: i32, p: i32): i32 {
  return load<i32>(mirrorAt + ((<usize>(c * cells + p)) << 2));
}

@inline export function zobrist(c: i32, p: i32): i32 {
  return load<i32>(zobristAt + ((<usize>(c * cells + p)) << 2));
}

@inline export function zobristMirror(c: i32, p: i32): i32 {
  return load<i32>(zobristMirrorAt + ((<usize>(c * cells + p)) << 2));
}

@inline export function offsetStart(c: i32): i32 {
  return load<i32>(offsetStartAt + ((<usize>c) << 2));
}

@inline export function offset(i: i32): i32 {
  return load<i32>(offsetsAt + ((<usize>i) << 2));
}

/** The cells next to the cells `m` (right, left, up, down); cells past the board may be set: callers mask. */
@inline export function around(m: v128): v128 {
  const sideways = v128.or(shiftUp(v128.and(m, notLastColumn), 1), shiftDown(v128.and(m, notFirstColumn), 1));
  return v128.or(sideways, v128.or(shiftDown(m, width), shiftUp(m, width)));
}

/**
 * The top-left cells a piece at p reaches in one move of the metric, inside the cells where its shape fits: a step is
 * a lookup of p's neighbours, a straight slide runs in each direction, a move floods.
 */
@inline export function reach(p: i32, fit: v128): v128 {
  if (metric == STEP) return v128.and(v128.load(stepTargetsAt + ((<usize>p) << 4)), fit);
  const from = bit(p);
  if (metric == MOVE) {
    let seen = from;
    for (let frontier = from; ; ) {
      frontier = v128.andnot(v128.and(around(frontier), fit), seen);
      if (isEmpty(frontier)) break;
      seen = v128.or(seen, frontier);
    }
    return v128.andnot(seen, from);
  }
  // Straight: along each ray from p, the cells before the first where the shape does not fit.
  const rays = raysAt + ((<usize>p) << 6);
  const right = v128.load(rays);
  const down = v128.load(rays, 16);
  const left = v128.load(rays, 32);
  const up = v128.load(rays, 48);
  let out = v128.and(right, below(lowestCell(v128.andnot(right, fit))));
  out = v128.or(out, v128.and(down, below(lowestCell(v128.andnot(down, fit)))));
  out = v128.or(out, v128.andnot(left, below(highestCell(v128.andnot(left, fit)) + 1)));
  return v128.or(out, v128.andnot(up, below(highestCell(v128.andnot(up, fit)) + 1)));
}

/** The cells below cell b (0 ≤ b ≤ 128). */
@inline function below(b: i32): v128 {
  return v128.load(belowAt + ((<usize>b) << 4));
}

/** The lowest cell of a mask, 128 when it is empty. */
@inline function lowestCell(m: v128): i32 {
  const lo = low(m);
  return lo != 0 ? <i32>ctz(lo) : 64 + <i32>ctz(high(m));
}

/** The highest cell of a mask, -1 when it is empty. */
@inline function highestCell(m: v128): i32 {
  const hi = high(m);
  return hi != 0 ? 127 - <i32>clz(hi) : 63 - <i32>clz(low(m));
}

/** The image of a set of cells under `image` (a table of cells): cell by cell. */
function mirrorSet(m: v128, image: usize): v128 {
  let out = ZERO;
  for (let half = 0; half < 2; half++) {
    const first = half << 6;
    for (let bits = half == 0 ? low(m) : high(m); bits != 0; bits &= bits - 1) {
      out = v128.or(out, bit(load<i32>(image + ((<usize>(first + <i32>ctz(bits))) << 2))));
    }
  }
  return out;
}

/**
 * Writes the mirror image of the position with class masks at `src` and empty cells `empty` to `out` (class masks),
 * and returns its empty cells. The filler class's image is what the others leave.
 */
@inline export function mirrorPosition(src: usize, empty: v128, out: usize): v128 {
  const mirroredEmpty = mirrorSet(empty, cellMirrorAt);
  let taken = mirroredEmpty;
  for (let c = 0; c < classes; c++) {
    if (c == filler) continue;
    const m = mirrorSet(v128.load(src + ((<usize>c) << 4)), mirrorAt + ((<usize>(c * cells)) << 2));
    v128.store(out + ((<usize>c) << 4), m);
    if (filler < 0) continue;
    const end = offsetStart(c + 1);
    for (let i = offsetStart(c); i < end; i++) taken = v128.or(taken, shiftUp(m, offset(i)));
  }
  if (filler >= 0) v128.store(out + ((<usize>filler) << 4), v128.andnot(allCells, taken));
  return mirroredEmpty;
}
