/**
 * What the engine's board tables share at every size (board64.ts, board128.ts): the pieces' shapes, mirror images and
 * Zobrist codes per (class, top-left), and the row reversal that mirrors a mask in a few shifts. A position is one
 * mask per piece class (the top-left cells of its pieces; class 0 is the goal piece).
 */
import { offBoardCells, type Puzzle } from '../model/puzzle.ts';
import { ALL_DIRECTIONS, ALONG_COLUMN, ALONG_ROW } from '../model/slide.ts';

/** Bits reversed within each row of 2^swaps cells (a board whose rows are 2, 4 or 8 cells wide: 1, 2 or 3 swap stages). */
export function reverseRows(m: number, swaps: number): number {
  m = ((m >>> 1) & 0x55555555) | ((m & 0x55555555) << 1);
  if (swaps > 1) m = ((m >>> 2) & 0x33333333) | ((m & 0x33333333) << 2);
  if (swaps > 2) m = ((m >>> 4) & 0x0f0f0f0f) | ((m & 0x0f0f0f0f) << 4);
  return m;
}

/**
 * The swap stages and per-class shifts that mirror masks on this board (each 32-bit word of them on a board of more
 * than 32 cells: its rows never straddle two words), checked against the cell-by-cell mirror tables for every cell
 * and every top-left; { rowSwaps: 0 } where they do not apply.
 */
export function rowReversal(geometry: PieceGeometry, width: number, cells: number): { rowSwaps: number; mirrorShift: Int8Array } {
  const swaps = width === 2 ? 1 : width === 4 ? 2 : width === 8 ? 3 : 0;
  const mirrorShift = new Int8Array(geometry.classes);
  const none = { rowSwaps: 0, mirrorShift };
  if (swaps === 0) return none;
  // Whether the bit of cell p, reversed in its word and shifted right, is the bit of cell q.
  const lands = (p: number, q: number, shift: number) =>
    p >>> 5 === q >>> 5 && ((reverseRows(1 << (p & 31), swaps) >>> shift) | 0) === 1 << (q & 31);
  for (let p = 0; p < cells; p++) if (!lands(p, geometry.cellMirror[p]!, 0)) return none;
  for (let c = 0; c < geometry.classes; c++) {
    let shift = -1;
    for (let p = 0; p < cells; p++) {
      const q = geometry.mirror[c * cells + p]!;
      if (q < 0) continue;
      if (shift < 0) shift = 31 - Math.clz32(reverseRows(1 << (p & 31), swaps)) - (q & 31);
      if (shift < 0 || !lands(p, q, shift)) return none;
    }
    mirrorShift[c] = Math.max(0, shift);
  }
  return { rowSwaps: swaps, mirrorShift };
}

/**
 * The classes the engine moves: the puzzle's, less the cells off the board (the puzzle's last class, which never moves:
 * the engine leaves those cells out of its positions, neither empty nor any class's).
 */
export function engineClasses(puzzle: Puzzle): number {
  return puzzle.classes.length - 1 - (puzzle.fixedPart < 256 ? 1 : 0);
}

/** Whether a cell is on the board (not off an irregular outline). */
export function onBoard(puzzle: Puzzle): (cell: number) => boolean {
  const off = new Set(offBoardCells(puzzle));
  return (cell) => !off.has(cell);
}

/**
 * A goal of several pieces (or of a letter's pieces) for the engine: per target its engine class and cell, as the
 * engine's `setTargets` reads them; null for one goal piece found by its position (class 0 at `goalCell`).
 */
export function engineTargets(puzzle: Puzzle): Int32Array | null {
  if (puzzle.goalByPosition) return null;
  const out = new Int32Array(2 * puzzle.targets.length);
  puzzle.targets.forEach((cell, i) => {
    out[2 * i] = puzzle.targetClasses[i]! - 1;
    out[2 * i + 1] = cell;
  });
  return out;
}

/** What the bitboard models of every size share: shapes, mirror images and Zobrist codes, per (class, top-left). */
export interface PieceGeometry {
  /** Number of piece classes (class 0 is the goal piece). */
  classes: number;
  /** Per class c: its shape's cell offsets, `offsets[offsetStart[c] … offsetStart[c + 1])`. */
  offsets: Int8Array;
  offsetStart: Int8Array;
  /** `mirror[c * cells + p]`: the top-left of the same piece in the mirror image; -1 where the shape does not fit. */
  mirror: Int8Array;
  /** The mirror image of each cell. */
  cellMirror: Int8Array;
  /**
   * Zobrist codes: `zobrist[c * cells + p]` for a class-c piece at p; `zobristMirror` the code of its mirror image, so
   * a position's hash and its mirror image's hash both change by two XORs per move.
   */
  zobrist: Int32Array;
  zobristMirror: Int32Array;
}

export function pieceGeometry(puzzle: Puzzle): PieceGeometry {
  const { width, cells } = puzzle;
  const classes = engineClasses(puzzle);
  const mirror = new Int8Array(classes * cells).fill(-1);
  const offsetList: number[] = [];
  const offsetStart = new Int8Array(classes + 1);
  const cellMirror = new Int8Array(cells);
  for (let p = 0; p < cells; p++) cellMirror[p] = p - (p % width) + (width - 1 - (p % width));
  for (let c = 0; c < classes; c++) {
    const { width: w, offsets, fits } = puzzle.classes[c + 1]!;
    offsetStart[c] = offsetList.length;
    offsetList.push(...offsets);
    // Where mirror images fold (rectangles on a whole board), the same piece's top-left in the mirror image; else the
    // anchor itself, marking only where the shape fits.
    for (let p = 0; p < cells; p++) if (fits[p]) mirror[c * cells + p] = puzzle.mirrorable ? p - (p % width) + (width - w - (p % width)) : p;
  }
  offsetStart[classes] = offsetList.length;
  // Fixed seed: hashes only place keys in the table (keys are always compared in full), so any codes will do.
  let seed = 0x2545f491;
  const random = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed | 0;
  };
  const zobrist = new Int32Array(classes * cells);
  for (let i = 0; i < zobrist.length; i++) zobrist[i] = random();
  const zobristMirror = new Int32Array(classes * cells);
  for (let i = 0; i < mirror.length; i++) if (mirror[i]! >= 0) zobristMirror[i] = zobrist[i - (i % cells) + mirror[i]!]!;
  return { classes, offsets: Int8Array.from(offsetList), offsetStart, mirror, cellMirror, zobrist, zobristMirror };
}

/**
 * The class whose mirror image is cheaper to derive than to mirror piece by piece: the single-cell class with the
 * most pieces (at least 4), or -1. Its cells are the board's cells that are neither empty nor another class's, so its
 * mirror image is what the other classes' mirror images and the mirrored empty cells leave: a few shifts per class
 * instead of a table lookup per piece (a board of soldiers has 20 or more).
 */
export function fillerClass(geometry: PieceGeometry, counts: ArrayLike<number>): number {
  let best = -1;
  for (let c = 0; c < geometry.classes; c++) {
    const single = geometry.offsetStart[c + 1]! - geometry.offsetStart[c]! === 1;
    if (single && counts[c]! >= 4 && (best < 0 || counts[c]! > counts[best]!)) best = c;
  }
  return best;
}

/** The number of set bits of a 32-bit word. */
export function bitCount(m: number): number {
  m -= (m >>> 1) & 0x55555555;
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Calls `f(class, anchor)` for every piece of a part grid the engine moves (classes counted from 0, the goal piece's). */
export function forEachTop(puzzle: Puzzle, grid: Uint8Array, f: (c: number, p: number) => void): void {
  for (let i = 0; i < puzzle.cells; i++) {
    const part = grid[i]!;
    if (part !== 0 && part < puzzle.fixedPart && puzzle.partOffset[part] === 0) f(puzzle.partClass[part]! - 1, i);
  }
}

/**
 * Under the `line` slide rule (model/slide.ts), per (class, top-left) the top-left cells a piece may reach: its row for
 * a horizontal bar, its column for a vertical one, none for a piece that never moves; `wordsPerMask` int32 words a
 * mask (2 on 64-bit masks, 4 on 128-bit ones), at `[wordsPerMask (c · cells + p) …]`. The engine ANDs it into where a
 * piece fits before working out its reach, so every metric's moves stay on the axis. Null where every piece moves
 * freely (the engine then skips it).
 */
export function laneMasks(puzzle: Puzzle, wordsPerMask: number): Int32Array | null {
  const classes = engineClasses(puzzle);
  const { width, cells } = puzzle;
  if (puzzle.classes.slice(1, classes + 1).every((cls) => cls.directions === ALL_DIRECTIONS)) return null;
  const lanes = new Int32Array(wordsPerMask * classes * cells);
  const set = (i: number, q: number) => (lanes[wordsPerMask * i + (q >>> 5)] = lanes[wordsPerMask * i + (q >>> 5)]! | (1 << (q & 31)));
  for (let c = 0; c < classes; c++) {
    const directions = puzzle.classes[c + 1]!.directions;
    for (let p = 0; p < cells; p++) {
      for (let q = 0; q < cells; q++) {
        const sameRow = Math.floor(q / width) === Math.floor(p / width);
        const sameColumn = q % width === p % width;
        const horizontal = (directions & ALONG_ROW) !== 0;
        const vertical = (directions & ALONG_COLUMN) !== 0;
        if ((horizontal && vertical) || (horizontal && sameRow) || (vertical && sameColumn)) set(c * cells + p, q);
      }
    }
  }
  return lanes;
}
