/**
 * The tables of the engine's 128-bit search (assembly/board128.ts, search128.ts), for boards of 65 to 128 cells: as
 * board64.ts, with every mask four int32 words (cells 0–31 in word 0, 32–63 in word 1, …; mask i is `[4i … 4i + 3]`),
 * read by the engine as one v128. Also the stored form of a position and the work a search is charged.
 */
import { bitCount, engineTargets, laneMasks, fillerClass, onBoard, forEachTop, pieceGeometry, type PieceGeometry } from './geometry.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { MAX_WIDE_CELLS } from './board64.ts';

/** Words per mask of the 128-bit search: two 64-bit lanes. */
export const ENGINE_WORDS = 4;

export interface MultiwordBitboard extends PieceGeometry {
  width: number;
  cells: number;
  /** Words per mask. */
  W: number;
  goalCell: number;
  /** A goal of several pieces (geometry.ts `engineTargets`), or null. */
  targets: Int32Array | null;
  mirrorable: boolean;
  /** All cells of the board (W words). */
  full: Int32Array;
  /** Per class: the top-left cells where its shape lies inside the board. */
  inBounds: Int32Array;
  /** `cover[W (c · cells + p) …]`: the cells a class-c piece at p covers (zero where it does not fit). */
  cover: Int32Array;
  /** The start position: per class its top-left mask. */
  start: Int32Array;
  /** `neighbours[4p …]`: the cells right of, left of, above and below p, or -1 off the board. */
  neighbours: Int16Array;
  /** Pieces per class. */
  counts: number[];
  /** The class whose mirror image the engine derives from the others' (see `fillerClass`), or -1. */
  filler: number;
  /** Under the `line` slide rule, where each piece may go (geometry.ts `laneMasks`, W words a mask); null: anywhere. */
  lanes: Int32Array | null;
}

/** The 128-bit tables of a compiled puzzle, or null unless the board has 65 to 128 cells. */
export function toMultiwordBitboard(puzzle: Puzzle, grid: Uint8Array): MultiwordBitboard | null {
  const { width, cells } = puzzle;
  if (cells <= MAX_WIDE_CELLS || cells > 32 * ENGINE_WORDS) return null;
  const W = ENGINE_WORDS;
  const geometry = pieceGeometry(puzzle);
  const classes = geometry.classes;
  // The board's cells: all but those off an irregular outline.
  const full = new Int32Array(W);
  const on = onBoard(puzzle);
  for (let p = 0; p < cells; p++) if (on(p)) setBit(full, 0, W, p);
  const inBounds = new Int32Array(W * classes);
  const cover = new Int32Array(W * classes * cells);
  for (let c = 0; c < classes; c++) {
    for (let p = 0; p < cells; p++) {
      if (geometry.mirror[c * cells + p]! < 0) continue;
      setBit(inBounds, c, W, p);
      for (let i = geometry.offsetStart[c]!; i < geometry.offsetStart[c + 1]!; i++) setBit(cover, c * cells + p, W, p + geometry.offsets[i]!);
    }
  }
  const start = new Int32Array(W * classes);
  forEachTop(puzzle, grid, (c, p) => setBit(start, c, W, p));
  const neighbours = new Int16Array(4 * cells).fill(-1);
  for (let p = 0; p < cells; p++) {
    if (p % width !== width - 1) neighbours[4 * p] = p + 1;
    if (p % width !== 0) neighbours[4 * p + 1] = p - 1;
    if (p >= width) neighbours[4 * p + 2] = p - width;
    if (p + width < cells) neighbours[4 * p + 3] = p + width;
  }
  const counts = Array.from({ length: classes }, (_, c) => {
    let n = 0;
    for (let w = 0; w < W; w++) n += bitCount(start[W * c + w]!);
    return n;
  });
  return {
    ...geometry, width, cells, W, goalCell: puzzle.goalCell, targets: engineTargets(puzzle), mirrorable: puzzle.mirrorable, full, inBounds, cover, start, neighbours,
    counts, filler: fillerClass(geometry, counts), lanes: laneMasks(puzzle, W),
  };
}

/** Sets cell p in mask i (of W words) of `masks`. */
function setBit(masks: Int32Array, i: number, W: number, p: number): void {
  masks[W * i + (p >>> 5)] = masks[W * i + (p >>> 5)]! | (1 << (p & 31));
}


/** Whether cell p is set in the mask at `masks[at …]`. */
export function hasCell(masks: Int32Array, at: number, p: number): boolean {
  return ((masks[at + (p >>> 5)]! >>> (p & 31)) & 1) !== 0;
}

/** Writes the mirror image of a class's top-left mask (`tops[at …]`) into `out[to …]`. */
export function mirrorTopsMultiword(board: MultiwordBitboard, c: number, tops: Int32Array, at: number, out: Int32Array, to: number): void {
  const { W, cells, mirror } = board;
  for (let w = 0; w < W; w++) out[to + w] = 0;
  for (let w = 0; w < W; w++) {
    for (let m = tops[at + w]!; m; m &= m - 1) {
      const q = mirror[c * cells + 32 * w + 31 - Math.clz32(m & -m)]!;
      out[to + (q >>> 5)] = out[to + (q >>> 5)]! | (1 << (q & 31));
    }
  }
}

/** Writes the mirror image of a set of cells (`cells[at …]`) into `out[to …]`. */
export function mirrorCellsMultiword(board: MultiwordBitboard, set: Int32Array, at: number, out: Int32Array, to: number): void {
  const { W, cellMirror } = board;
  for (let w = 0; w < W; w++) out[to + w] = 0;
  for (let w = 0; w < W; w++) {
    for (let m = set[at + w]!; m; m &= m - 1) {
      const q = cellMirror[32 * w + 31 - Math.clz32(m & -m)]!;
      out[to + (q >>> 5)] = out[to + (q >>> 5)]! | (1 << (q & 31));
    }
  }
}


/** Words per stored position: W per class, W for the empty cells, the hash and the mirror image's hash. */
export function multiwordWords(board: MultiwordBitboard): number {
  return (board.classes + 1) * board.W + 2;
}

/** Writes the stored form of a position (W words per class; the orientation kept when folding) into `out`. */
export function storedFormMultiword(board: MultiwordBitboard, position: Int32Array, fold: boolean, out: Uint32Array): void {
  const { W, classes, cells, cover, zobrist, zobristMirror, full } = board;
  const KW = classes * W;
  // Masks, then empty cells, for the position and its mirror image.
  const own = new Int32Array(KW + W);
  const mirrored = new Int32Array(KW + W);
  own.set(position.subarray(0, KW));
  own.set(full, KW);
  let h = 0;
  let hm = 0;
  for (let c = 0; c < classes; c++) {
    mirrorTopsMultiword(board, c, position, W * c, mirrored, W * c);
    for (let w = 0; w < W; w++) {
      for (let tops = position[W * c + w]!; tops; tops &= tops - 1) {
        const p = 32 * w + 31 - Math.clz32(tops & -tops);
        for (let x = 0; x < W; x++) own[KW + x] = own[KW + x]! & ~cover[W * (c * cells + p) + x]!;
        h ^= zobrist[c * cells + p]!;
        hm ^= zobristMirror[c * cells + p]!;
      }
    }
  }
  mirrorCellsMultiword(board, own, KW, mirrored, KW);
  const useMirror = fold && (hm < h || (hm === h && wordsBefore(mirrored, own, KW)));
  const src = useMirror ? mirrored : own;
  for (let w = 0; w < KW + W; w++) out[w] = src[w]!;
  out[KW + W] = useMirror ? hm : h;
  out[KW + W + 1] = useMirror ? h : hm;
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
