/**
 * Bitboards for boards of 65 cells and more (9×8, 10×10 …): the model of bitboard.ts with every mask `W` int32 words
 * (cells 0–31 in word 0, 32–63 in word 1, …). Arrays of masks keep each mask's words together: mask i is
 * `[W i … W i + W - 1]`. Where the one- and two-word searches shift whole masks, this one mostly works cell by cell
 * (a piece's reach is a few cells, found through a neighbour table), so the same code serves any number of words.
 */
import { bitCount, fillerClass, forEachTop, pieceGeometry, type PieceGeometry } from './bitboard.ts';
import type { Puzzle } from '../../model/puzzle.ts';
import { MAX_WIDE_CELLS } from './wide-bitboard.ts';

export interface MultiwordBitboard extends PieceGeometry {
  width: number;
  cells: number;
  /** Words per mask. */
  W: number;
  goalCell: number;
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
  /**
   * The cells a piece enters by one step: for class c at r stepping in direction d (right, left, up, down; i = 4 (c ·
   * cells + r) + d), the cells `entryCells[entryStart[i] … entryStart[i + 1])`, which must be free. None: the step
   * leaves the board.
   */
  entryStart: Int32Array;
  entryCells: Int16Array;
  /** Pieces per class. */
  counts: number[];
  /** The class whose mirror image `mirrorPositionMultiword` derives from the others' (see `fillerClass`), or -1. */
  filler: number;
}

/**
 * The multiword bitboard model of a compiled puzzle, or null on a board of up to 64 cells (see wide-bitboard.ts). Masks
 * take at least `minWords` words (the WebAssembly engine's are four: two 64-bit halves).
 */
export function toMultiwordBitboard(puzzle: Puzzle, grid: Uint8Array, minWords = 0): MultiwordBitboard | null {
  const { width, cells } = puzzle;
  if (cells <= MAX_WIDE_CELLS) return null;
  const W = Math.max((cells + 31) >>> 5, minWords);
  const geometry = pieceGeometry(puzzle);
  const classes = geometry.classes;
  const full = new Int32Array(W);
  for (let p = 0; p < cells; p++) setBit(full, 0, W, p);
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
  const entryStart = new Int32Array(4 * classes * cells + 1);
  const entryList: number[] = [];
  for (let c = 0; c < classes; c++) {
    for (let r = 0; r < cells; r++) {
      for (let d = 0; d < 4; d++) {
        const s = neighbours[4 * r + d]!;
        if (s >= 0 && hasCell(inBounds, W * c, r) && hasCell(inBounds, W * c, s)) {
          const at = W * (c * cells + r);
          for (let i = geometry.offsetStart[c]!; i < geometry.offsetStart[c + 1]!; i++) {
            const x = s + geometry.offsets[i]!;
            if (!hasCell(cover, at, x)) entryList.push(x);
          }
        }
        entryStart[4 * (c * cells + r) + d + 1] = entryList.length;
      }
    }
  }
  const counts = Array.from({ length: classes }, (_, c) => {
    let n = 0;
    for (let w = 0; w < W; w++) n += bitCount(start[W * c + w]!);
    return n;
  });
  return {
    ...geometry, width, cells, W, goalCell: puzzle.goalCell, mirrorable: puzzle.mirrorable, full, inBounds, cover, start, neighbours,
    entryStart, entryCells: Int16Array.from(entryList), counts, filler: fillerClass(geometry, counts),
  };
}

/** Sets cell p in mask i (of W words) of `masks`. */
function setBit(masks: Int32Array, i: number, W: number, p: number): void {
  masks[W * i + (p >>> 5)] = masks[W * i + (p >>> 5)]! | (1 << (p & 31));
}

/** Word w of the mask at `masks[at …]` (W words) shifted away from cell 0 by k cells (any k ≥ 0). */
function shiftedUp(masks: Int32Array, at: number, w: number, k: number): number {
  const i = w - (k >>> 5);
  const b = k & 31;
  const high = i >= 0 ? masks[at + i]! : 0;
  if (b === 0) return high;
  const low = i - 1 >= 0 ? masks[at + i - 1]! : 0;
  return (high << b) | (low >>> (32 - b));
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

/**
 * Writes the mirror image of a position (class masks `cur`, then its empty cells at `cur[K W …]`) into `mir`, the same
 * layout. The filler class's image is derived from the others' (see `fillerClass`).
 */
export function mirrorPositionMultiword(board: MultiwordBitboard, cur: Int32Array, mir: Int32Array): void {
  const { W, classes, filler, offsets, offsetStart, full } = board;
  const KW = classes * W;
  mirrorCellsMultiword(board, cur, KW, mir, KW);
  for (let c = 0; c < classes; c++) if (c !== filler) mirrorTopsMultiword(board, c, cur, W * c, mir, W * c);
  if (filler < 0) return;
  for (let w = 0; w < W; w++) {
    let taken = mir[KW + w]!;
    for (let c = 0; c < classes; c++) {
      if (c === filler) continue;
      for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) taken |= shiftedUp(mir, W * c, w, offsets[i]!);
    }
    mir[W * filler + w] = full[w]! & ~taken;
  }
}
