/**
 * Bitboards for boards of 33 to 64 cells (6×6, 7×7, 8×8, 5×10 …): the model of bitboard.ts with every mask split into
 * two int32 words, `lo` (cells 0–31) and `hi` (cells 32–63). Arrays of masks interleave the two: `[2i]` lo, `[2i + 1]`
 * hi. The shifts below carry bits across the two words, so a search moves, fits and floods pieces as on one word.
 */
import { bitCount, fillerClass, forEachTop, pieceGeometry, reverseRows, rowReversal, type PieceGeometry } from './bitboard.ts';
import type { Puzzle } from '../../model/puzzle.ts';

export const MAX_WIDE_CELLS = 64;

export interface WideBitboard extends PieceGeometry {
  width: number;
  cells: number;
  goalCell: number;
  mirrorable: boolean;
  /** Cells not in the first column, not in the last column (as lo/hi pairs): [left lo, left hi, right lo, right hi]. */
  sides: Int32Array;
  /** Per class: the top-left cells where its shape lies inside the board (lo/hi pairs). */
  inBounds: Int32Array;
  /** `cover[2 (c · cells + p) …]`: the cells a class-c piece at p covers (lo/hi; zero where it does not fit). */
  cover: Int32Array;
  /** The start position: per class its top-left mask (lo/hi pairs). */
  start: Int32Array;
  /** Per cell, its neighbours (right, left, up, down) as a lo/hi pair. */
  neighbours: Int32Array;
  /** How many cells are empty (the same in every position). */
  emptyCells: number;
  /** All cells of the board (lo, hi). */
  fullLo: number;
  fullHi: number;
  /** Pieces per class. */
  counts: number[];
  /** The class whose mirror image `mirrorPositionWide` derives from the others' (see `fillerClass`), or -1. */
  filler: number;
  /** As in bitboard.ts: mirror images by reversing bits within rows (4 or 8 columns), word by word; 0: cell by cell. */
  rowSwaps: number;
  mirrorShift: Int8Array;
}

/**
 * The wide bitboard model of a compiled puzzle, or null unless the board has `minCells` (33: boards past one word) to
 * 64 cells.
 */
export function toWideBitboard(puzzle: Puzzle, grid: Uint8Array, minCells = 33): WideBitboard | null {
  const { width, cells } = puzzle;
  if (cells < minCells || cells > MAX_WIDE_CELLS) return null;
  const geometry = pieceGeometry(puzzle);
  // Offsets past 31 cells would need shifts of a whole word; no shape of a 64-cell board is that tall.
  for (let i = 0; i < geometry.offsets.length; i++) if (geometry.offsets[i]! > 31) return null;
  const classes = geometry.classes;
  const sides = new Int32Array(4);
  for (let p = 0; p < cells; p++) {
    if (p % width !== 0) setBit(sides, 0, p);
    if (p % width !== width - 1) setBit(sides, 1, p);
  }
  const inBounds = new Int32Array(2 * classes);
  const cover = new Int32Array(2 * classes * cells);
  for (let c = 0; c < classes; c++) {
    for (let p = 0; p < cells; p++) {
      if (geometry.mirror[c * cells + p]! < 0) continue;
      setBit(inBounds, c, p);
      for (let i = geometry.offsetStart[c]!; i < geometry.offsetStart[c + 1]!; i++) setBit(cover, c * cells + p, p + geometry.offsets[i]!);
    }
  }
  const start = new Int32Array(2 * classes);
  forEachTop(puzzle, grid, (c, p) => setBit(start, c, p));
  const neighbours = new Int32Array(2 * cells);
  for (let p = 0; p < cells; p++) {
    if (p % width !== width - 1) setBit(neighbours, p, p + 1);
    if (p % width !== 0) setBit(neighbours, p, p - 1);
    if (p >= width) setBit(neighbours, p, p - width);
    if (p + width < cells) setBit(neighbours, p, p + width);
  }
  let emptyCells = 0;
  for (let i = 0; i < cells; i++) if (grid[i] === 0) emptyCells++;
  const counts = Array.from({ length: classes }, (_, c) => bitCount(start[2 * c]!) + bitCount(start[2 * c + 1]!));
  return {
    ...geometry, width, cells, goalCell: puzzle.goalCell, mirrorable: puzzle.mirrorable, sides, inBounds, cover, start, neighbours,
    emptyCells, fullLo: cells >= 32 ? -1 : (1 << cells) - 1, fullHi: cells === 64 ? -1 : cells <= 32 ? 0 : (1 << (cells - 32)) - 1, counts, filler: fillerClass(geometry, counts),
    ...rowReversal(geometry, width, cells),
  };
}

/** Sets cell p in the mask at pair index i of `masks`. */
function setBit(masks: Int32Array, i: number, p: number): void {
  masks[2 * i + (p >>> 5)] = masks[2 * i + (p >>> 5)]! | (1 << (p & 31));
}

// Shifts of a 64-bit mask (lo, hi) by k cells, 0 ≤ k ≤ 31, without branches: JavaScript counts shifts mod 32, so the
// bits that cross words move in two steps (`<< (31 - k) << 1` is 0 for k = 0, not the word itself).
export function shrLo(lo: number, hi: number, k: number): number {
  return (lo >>> k) | ((hi << (31 - k)) << 1);
}
export function shrHi(hi: number, k: number): number {
  return hi >>> k;
}
export function shlLo(lo: number, k: number): number {
  return lo << k;
}
export function shlHi(lo: number, hi: number, k: number): number {
  return (hi << k) | ((lo >>> (31 - k)) >>> 1);
}

/**
 * The cells next to the cells (lo, hi) — right, left, up and down — as the lo word; `sides` is the board's
 * [not first column lo, hi, not last column lo, hi]. Cells past the board may be set: callers mask.
 */
export function aroundLo(lo: number, hi: number, width: number, sides: Int32Array): number {
  return shlLo(lo & sides[2]!, 1) | shrLo(lo & sides[0]!, hi & sides[1]!, 1) | shrLo(lo, hi, width) | shlLo(lo, width);
}
/** As `aroundLo`, the hi word. */
export function aroundHi(lo: number, hi: number, width: number, sides: Int32Array): number {
  return shlHi(lo & sides[2]!, hi & sides[3]!, 1) | shrHi(hi & sides[1]!, 1) | shrHi(hi, width) | shlHi(lo, hi, width);
}

/** The mirror image of a class's top-left mask (lo, hi) into out[at], out[at + 1]. */
export function mirrorTopsWide(board: WideBitboard, c: number, lo: number, hi: number, out: Int32Array, at: number): void {
  if (board.rowSwaps > 0) {
    const shift = board.mirrorShift[c]!;
    out[at] = reverseRows(lo, board.rowSwaps) >>> shift;
    out[at + 1] = reverseRows(hi, board.rowSwaps) >>> shift;
    return;
  }
  const base = c * board.cells;
  let mlo = 0;
  let mhi = 0;
  for (let half = 0; half < 2; half++) {
    for (let tops = half === 0 ? lo : hi; tops; tops &= tops - 1) {
      const q = board.mirror[base + 32 * half + 31 - Math.clz32(tops & -tops)]!;
      if (q < 32) mlo |= 1 << q;
      else mhi |= 1 << (q - 32);
    }
  }
  out[at] = mlo;
  out[at + 1] = mhi;
}

/**
 * Writes the mirror image of a position (lo/hi class masks `cur`, empty cells) into `mir`, its empty cells' image
 * after the class masks (`mir[2K]`, `mir[2K + 1]`). Mirrored cell by cell, the filler class's image is derived (see
 * `fillerClass`).
 */
export function mirrorPositionWide(board: WideBitboard, cur: Int32Array, emptyLo: number, emptyHi: number, mir: Int32Array): void {
  const { filler, classes, offsets, offsetStart, rowSwaps } = board;
  const K2 = 2 * classes;
  mirrorCellsWide(board, emptyLo, emptyHi, mir, K2);
  if (rowSwaps > 0) {
    // Row reversal mirrors a mask in a few operations, however many pieces it holds: the filler too.
    for (let c = 0; c < classes; c++) mirrorTopsWide(board, c, cur[2 * c]!, cur[2 * c + 1]!, mir, 2 * c);
    return;
  }
  let takenLo = mir[K2]!;
  let takenHi = mir[K2 + 1]!;
  for (let c = 0; c < classes; c++) {
    if (c === filler) continue;
    mirrorTopsWide(board, c, cur[2 * c]!, cur[2 * c + 1]!, mir, 2 * c);
    if (filler < 0) continue;
    const lo = mir[2 * c]!;
    const hi = mir[2 * c + 1]!;
    for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) {
      takenLo |= shlLo(lo, offsets[i]!);
      takenHi |= shlHi(lo, hi, offsets[i]!);
    }
  }
  if (filler >= 0) {
    mir[2 * filler] = board.fullLo & ~takenLo;
    mir[2 * filler + 1] = board.fullHi & ~takenHi;
  }
}

/** The mirror image of a set of cells (lo/hi) into out[at], out[at + 1]. */
export function mirrorCellsWide(board: WideBitboard, lo: number, hi: number, out: Int32Array, at: number): void {
  if (board.rowSwaps > 0) {
    out[at] = reverseRows(lo, board.rowSwaps);
    out[at + 1] = reverseRows(hi, board.rowSwaps);
    return;
  }
  let mlo = 0;
  let mhi = 0;
  for (let half = 0; half < 2; half++) {
    for (let cells = half === 0 ? lo : hi; cells; cells &= cells - 1) {
      const q = board.cellMirror[32 * half + 31 - Math.clz32(cells & -cells)]!;
      if (q < 32) mlo |= 1 << q;
      else mhi |= 1 << (q - 32);
    }
  }
  out[at] = mlo;
  out[at + 1] = mhi;
}
