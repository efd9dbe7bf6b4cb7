/**
 * The board the search runs on: the tables of board64.ts that the loader writes into memory, read here as 64-bit
 * masks (a board of up to 64 cells is one word per mask), and what is worked out from them: the cells next to a set,
 * a piece's reach in each metric, and mirror images.
 */
export const MOVE: i32 = 0;
export const STRAIGHT: i32 = 1;
export const STEP: i32 = 2;

export let classes: i32 = 0;
export let cells: i32 = 0;
export let width: i32 = 0;
export let metric: i32 = 0;
let filler: i32 = -1;
let rowSwaps: i32 = 0;
let notFirstColumn: u64 = 0;
let notLastColumn: u64 = 0;
let allCells: u64 = 0;
let inBoundsAt: usize = 0;
let coverAt: usize = 0;
let mirrorAt: usize = 0;
let zobristAt: usize = 0;
let zobristMirrorAt: usize = 0;
let neighboursAt: usize = 0;
let offsetStartAt: usize = 0;
let offsetsAt: usize = 0;
let cellMirrorAt: usize = 0;
let mirrorShiftAt: usize = 0;
let lanesAt: usize = 0;

/** Reads the board's part of the header (see the loader, engine.ts), from `at`; returns where the rest begins. */
export function readBoard(at: usize): usize {
  classes = load<i32>(at);
  cells = load<i32>(at, 4);
  width = load<i32>(at, 8);
  metric = load<i32>(at, 12);
  filler = load<i32>(at, 16);
  rowSwaps = load<i32>(at, 20);
  notFirstColumn = load<u64>(at, 24);
  notLastColumn = load<u64>(at, 32);
  allCells = load<u64>(at, 40);
  inBoundsAt = load<u32>(at, 48);
  coverAt = load<u32>(at, 52);
  mirrorAt = load<u32>(at, 56);
  zobristAt = load<u32>(at, 60);
  zobristMirrorAt = load<u32>(at, 64);
  neighboursAt = load<u32>(at, 68);
  offsetStartAt = load<u32>(at, 72);
  offsetsAt = load<u32>(at, 76);
  cellMirrorAt = load<u32>(at, 80);
  mirrorShiftAt = load<u32>(at, 84);
  lanesAt = load<u32>(at, 88);
  return at + 92;
}

/** The class whose cells are what the others and the empty cells leave (geometry.ts `fillerClass`), or -1. */
@inline export function fillerClass(): i32 {
  return filler;
}

/** The board's cells (all but those off an irregular outline). */
@inline export function boardCells(): u64 {
  return allCells;
}

@inline export function bit(p: i32): u64 {
  return (<u64>1) << (<u64>p);
}

@inline export function lowest(m: u64): i32 {
  return <i32>ctz<u64>(m);
}

/** Per class, the top-left cells where its shape lies inside the board. */
@inline export function inBounds(c: i32): u64 {
  return load<u64>(inBoundsAt + ((<usize>c) << 3));
}

/** The cells a class-c piece at p covers. */
@inline export function cover(c: i32, p: i32): u64 {
  return load<u64>(coverAt + ((<usize>(c * cells + p)) << 3));
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

/**
 * Under the `line` slide rule (slide.ts), the top-left cells a class-c piece at p may reach: its row, its column or
 * none (geometry.ts `laneMasks`); every cell when pieces move freely.
 */
@inline export function lane(c: i32, p: i32): u64 {
  return lanesAt == 0 ? <u64>-1 : load<u64>(lanesAt + ((<usize>(c * cells + p)) << 3));
}

/** The cells next to the cells `m` (right, left, up, down); cells past the board may be set: callers mask. */
@inline export function around(m: u64): u64 {
  return ((m & notLastColumn) << 1) | ((m & notFirstColumn) >> 1) | (m >> (<u64>width)) | (m << (<u64>width));
}

/**
 * The top-left cells a piece at p reaches in one move of the metric, inside the cells where its shape fits: a step is
 * a lookup of p's neighbours, a straight slide runs in each direction, a move floods.
 */
export function reach(p: i32, fit: u64): u64 {
  if (metric == STEP) return load<u64>(neighboursAt + ((<usize>p) << 3)) & fit;
  const from = bit(p);
  if (metric == MOVE) {
    let seen = from;
    for (let frontier = from; ; ) {
      frontier = around(frontier) & fit & ~seen;
      if (frontier == 0) break;
      seen |= frontier;
    }
    return seen & ~from;
  }
  const w = <u64>width;
  let out: u64 = 0;
  for (let m = (from << 1) & notFirstColumn & fit; m != 0; m = (m << 1) & notFirstColumn & fit) out |= m;
  for (let m = (from >> 1) & notLastColumn & fit; m != 0; m = (m >> 1) & notLastColumn & fit) out |= m;
  for (let m = (from >> w) & fit; m != 0; m = (m >> w) & fit) out |= m;
  for (let m = (from << w) & fit; m != 0; m = (m << w) & fit) out |= m;
  return out;
}

/** Bits reversed within each row, on boards whose rows are 2, 4 or 8 cells (geometry.ts `reverseRows`). */
function reverseRows(m: u64): u64 {
  m = ((m >> 1) & 0x5555555555555555) | ((m & 0x5555555555555555) << 1);
  if (rowSwaps > 1) m = ((m >> 2) & 0x3333333333333333) | ((m & 0x3333333333333333) << 2);
  if (rowSwaps > 2) m = ((m >> 4) & 0x0f0f0f0f0f0f0f0f) | ((m & 0x0f0f0f0f0f0f0f0f) << 4);
  return m;
}

/** The mirror image of a set of cells. */
export function mirrorCells(m: u64): u64 {
  if (rowSwaps > 0) return reverseRows(m);
  let out: u64 = 0;
  for (; m != 0; m &= m - 1) out |= bit(load<i32>(cellMirrorAt + ((<usize>lowest(m)) << 2)));
  return out;
}

function mirrorTops(c: i32, m: u64): u64 {
  if (rowSwaps > 0) return reverseRows(m) >> (<u64>load<i32>(mirrorShiftAt + ((<usize>c) << 2)));
  let out: u64 = 0;
  for (; m != 0; m &= m - 1) out |= bit(mirrorOf(c, lowest(m)));
  return out;
}

/**
 * Writes the mirror image of the position with class masks at `src` and empty cells `empty` to `out` (class masks),
 * and returns its empty cells. Mirrored cell by cell, the filler class's image is what the others leave.
 */
export function mirrorPosition(src: usize, empty: u64, out: usize): u64 {
  const mirroredEmpty = mirrorCells(empty);
  let taken = mirroredEmpty;
  for (let c = 0; c < classes; c++) {
    if (c == filler && rowSwaps == 0) continue;
    const m = mirrorTops(c, load<u64>(src + ((<usize>c) << 3)));
    store<u64>(out + ((<usize>c) << 3), m);
    if (filler < 0 || rowSwaps > 0) continue;
    const end = offsetStart(c + 1);
    for (let i = offsetStart(c); i < end; i++) taken |= m << (<u64>offset(i));
  }
  if (filler >= 0 && rowSwaps == 0) store<u64>(out + ((<usize>filler) << 3), allCells & ~taken);
  return mirroredEmpty;
}
