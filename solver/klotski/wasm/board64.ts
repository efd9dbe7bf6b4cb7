/**
 * The tables of the engine's 64-bit search (assembly/board.ts, search.ts), for boards of up to 64 cells: shapes,
 * covers, neighbours and mirror images per (class, top-left) as masks, each a lo/hi pair of int32 words (`lo` cells
 * 0–31, `hi` 32–63; arrays of masks interleave them), which the loader writes into the engine's memory. Also the stored
 * form of a position (its masks, empty cells and hashes, the orientation kept when folding) and the work a search is
 * charged.
 */
import { bitCount, engineTargets, laneMasks, onBoard, fillerClass, forEachTop, pieceGeometry, reverseRows, rowReversal, type PieceGeometry } from './geometry.ts';
import type { Puzzle } from '../model/puzzle.ts';

export const MAX_WIDE_CELLS = 64;

export interface WideBitboard extends PieceGeometry {
  width: number;
  cells: number;
  goalCell: number;
  /** A goal of several pieces (geometry.ts `engineTargets`), or null. */
  targets: Int32Array | null;
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
  /** Mirror images by reversing bits within rows (2, 4 or 8 columns), word by word; 0: cell by cell (geometry.ts). */
  rowSwaps: number;
  mirrorShift: Int8Array;
  /** Under the `line` slide rule, where each piece may go (geometry.ts `laneMasks`, lo/hi pairs); null: anywhere. */
  lanes: Int32Array | null;
}

/** The 64-bit tables of a compiled puzzle, or null when the board has more than 64 cells. */
export function toWideBitboard(puzzle: Puzzle, grid: Uint8Array): WideBitboard | null {
  const { width, cells } = puzzle;
  if (cells > MAX_WIDE_CELLS) return null;
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
  // The board's cells: all but those off an irregular outline.
  const full = new Int32Array(2);
  const on = onBoard(puzzle);
  for (let p = 0; p < cells; p++) if (on(p)) setBit(full, 0, p);
  let emptyCells = 0;
  for (let i = 0; i < cells; i++) if (grid[i] === 0) emptyCells++;
  const counts = Array.from({ length: classes }, (_, c) => bitCount(start[2 * c]!) + bitCount(start[2 * c + 1]!));
  return {
    ...geometry, width, cells, goalCell: puzzle.goalCell, targets: engineTargets(puzzle), mirrorable: puzzle.mirrorable, sides, inBounds, cover, start, neighbours,
    emptyCells, fullLo: full[0]!, fullHi: full[1]!, counts, filler: fillerClass(geometry, counts), lanes: laneMasks(puzzle, 2),
    ...rowReversal(geometry, width, cells),
  };
}

/** Sets cell p in the mask at pair index i of `masks`. */
function setBit(masks: Int32Array, i: number, p: number): void {
  masks[2 * i + (p >>> 5)] = masks[2 * i + (p >>> 5)]! | (1 << (p & 31));
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

/** Words per stored position: two per class, two for the empty cells, the hash and the mirror image's hash. */
export function wideWords(board: WideBitboard): number {
  return 2 * board.classes + 4;
}

/** Writes the stored form of a position (lo/hi per class; the orientation kept when folding) into `out`. */
export function storedFormWide(board: WideBitboard, position: Int32Array, fold: boolean, out: Uint32Array): void {
  const K2 = 2 * board.classes;
  const { cells, cover, zobrist, zobristMirror } = board;
  const mirrored = new Int32Array(K2);
  let emptyLo = board.fullLo;
  let emptyHi = board.fullHi;
  let h = 0;
  let hm = 0;
  for (let c = 0; c < board.classes; c++) {
    mirrorTopsWide(board, c, position[2 * c]!, position[2 * c + 1]!, mirrored, 2 * c);
    for (let half = 0; half < 2; half++) {
      for (let tops = position[2 * c + half]!; tops; tops &= tops - 1) {
        const p = 32 * half + 31 - Math.clz32(tops & -tops);
        emptyLo &= ~cover[2 * (c * cells + p)]!;
        emptyHi &= ~cover[2 * (c * cells + p) + 1]!;
        h ^= zobrist[c * cells + p]!;
        hm ^= zobristMirror[c * cells + p]!;
      }
    }
  }
  const useMirror = fold && (hm < h || (hm === h && wordsBefore(mirrored, position, K2)));
  for (let w = 0; w < K2; w++) out[w] = useMirror ? mirrored[w]! : position[w]!;
  const empty = new Int32Array(2);
  if (useMirror) mirrorCellsWide(board, emptyLo, emptyHi, empty, 0);
  else empty.set([emptyLo, emptyHi]);
  out[K2] = empty[0]!;
  out[K2 + 1] = empty[1]!;
  out[K2 + 2] = useMirror ? hm : h;
  out[K2 + 3] = useMirror ? h : hm;
}

/** Whether masks `a` come before masks `b` (unsigned, word by word). */
function wordsBefore(a: ArrayLike<number>, b: ArrayLike<number>, n: number): boolean {
  for (let w = 0; w < n; w++) {
    const x = a[w]! >>> 0;
    const y = b[w]! >>> 0;
    if (x !== y) return x < y;
  }
  return false;
}
