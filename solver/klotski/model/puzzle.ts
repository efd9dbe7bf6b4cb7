/**
 * The search model of a Klotski layout: a grid of piece *classes* (pieces of one class are interchangeable),
 * bit-packed into a few 32-bit words per state, plus a mirrored key so a state and its mirror image fold into one.
 */
import type { Goal } from './goal.ts';
import type { Layout, Piece } from './layout.ts';

export interface PieceClass {
  letter: string;
  width: number;
  height: number;
  count: number;
  /** Linear cell offsets of the shape relative to its top-left, on this board. */
  offsets: Int16Array;
  /** `fits[t]` is 1 where a piece of this class may have its top-left at cell t. */
  fits: Uint8Array;
}

export interface Puzzle {
  width: number;
  height: number;
  cells: number;
  /** Index 0 is a placeholder for "empty"; class 1 is always the goal piece. */
  classes: PieceClass[];
  pieceCount: number;
  goalCell: number;
  /** The goal is its own mirror image, so a state and its mirror are equally far from solved. */
  mirrorable: boolean;
  /**
   * Cells hold *parts*: part 0 is empty, and each class has one part per cell of its shape (row-major), so a cell
   * alone tells which piece covers it: that piece's top-left is `cell - partOffset[part]`. No parsing needed.
   */
  partClass: Uint8Array;
  partOffset: Int16Array;
  /** The part at the mirrored cell of a mirrored piece (same row in the shape, column reversed). */
  partMirror: Uint8Array;
  /** Part id of each class's top-left cell; a class's parts are `firstPart[c] … firstPart[c] + area − 1`. */
  firstPart: Uint8Array;
  bitsPerCell: number;
  words: number;
  wordOf: Uint8Array;
  shiftOf: Uint8Array;
  mirrorCell: Int16Array;
  /** Row-aligned packing (rows never straddle words), so a word mirrors by table lookups per row. */
  rowBits: number;
  rowsPerWord: number;
  rowAligned: boolean;
  /** Lazily filled: mirrored bits of a packed row, or -1 not yet computed. */
  rowMirror: Int32Array;
}

export const GOAL_CLASS = 1;

/** Builds the model and the start grid of parts. The goal piece becomes class 1, alone in its class. */
export function compilePuzzle(layout: Layout, goal: Goal): { puzzle: Puzzle; grid: Uint8Array } {
  const { width, height } = layout;
  const cells = width * height;
  const goalPiece = layout.pieces[goal.pieceIndex]!;
  const others = layout.pieces.filter((p) => p !== goalPiece);
  const keyOf = (p: Piece) => `${p.letter}:${p.width}x${p.height}`;
  const classKeys = [...new Set(others.map(keyOf))].sort();
  const classes: PieceClass[] = [
    makeClass('.', 1, 1, 0, width, height),
    makeClass(goalPiece.letter, goalPiece.width, goalPiece.height, 1, width, height),
  ];
  const classIndex = new Map<string, number>();
  for (const k of classKeys) {
    const sample = others.find((p) => keyOf(p) === k)!;
    const count = others.filter((p) => keyOf(p) === k).length;
    classIndex.set(k, classes.length);
    classes.push(makeClass(sample.letter, sample.width, sample.height, count, width, height));
  }
  const firstPart = new Uint8Array(classes.length);
  const partClass: number[] = [0];
  const partOffset: number[] = [0];
  const partMirror: number[] = [0];
  for (let c = 1; c < classes.length; c++) {
    const { width: w, height: h } = classes[c]!;
    firstPart[c] = partClass.length;
    for (let dr = 0; dr < h; dr++) {
      for (let dc = 0; dc < w; dc++) {
        partClass.push(c);
        partOffset.push(dr * width + dc);
        partMirror.push(firstPart[c]! + dr * w + (w - 1 - dc));
      }
    }
  }
  if (partClass.length > 256) throw new Error('internal: more than 255 piece parts');
  const grid = new Uint8Array(cells);
  for (const p of layout.pieces) {
    const c = p === goalPiece ? GOAL_CLASS : classIndex.get(keyOf(p))!;
    for (let dr = 0; dr < p.height; dr++) {
      for (let dc = 0; dc < p.width; dc++) grid[(p.row + dr) * width + p.col + dc] = firstPart[c]! + dr * p.width + dc;
    }
  }
  const bitsPerCell = Math.max(1, Math.ceil(Math.log2(partClass.length)));
  const rowBits = width * bitsPerCell;
  const rowAligned = rowBits <= 16;
  const rowsPerWord = rowAligned ? Math.floor(32 / rowBits) : 0;
  const cellsPerWord = Math.floor(32 / bitsPerCell);
  const wordOf = new Uint8Array(cells);
  const shiftOf = new Uint8Array(cells);
  const mirrorCell = new Int16Array(cells);
  for (let i = 0; i < cells; i++) {
    const r = Math.floor(i / width);
    const c = i % width;
    if (rowAligned) {
      wordOf[i] = Math.floor(r / rowsPerWord);
      shiftOf[i] = (r % rowsPerWord) * rowBits + c * bitsPerCell;
    } else {
      wordOf[i] = Math.floor(i / cellsPerWord);
      shiftOf[i] = (i % cellsPerWord) * bitsPerCell;
    }
    mirrorCell[i] = r * width + (width - 1 - c);
  }
  const puzzle: Puzzle = {
    width,
    height,
    cells,
    classes,
    pieceCount: layout.pieces.length,
    goalCell: goal.row * width + goal.col,
    mirrorable: goal.col === width - goal.col - goalPiece.width,
    partClass: Uint8Array.from(partClass),
    partOffset: Int16Array.from(partOffset),
    partMirror: Uint8Array.from(partMirror),
    firstPart,
    bitsPerCell,
    words: wordOf[cells - 1]! + 1,
    wordOf,
    shiftOf,
    mirrorCell,
    rowBits,
    rowsPerWord,
    rowAligned,
    rowMirror: new Int32Array(rowAligned ? 1 << rowBits : 0).fill(-1),
  };
  return { puzzle, grid };
}

/** Writes the packed key of a part grid. */
export function encodeGrid(puzzle: Puzzle, grid: Uint8Array, out: Uint32Array, offset: number): void {
  for (let w = 0; w < puzzle.words; w++) out[offset + w] = 0;
  for (let i = 0; i < puzzle.cells; i++) out[offset + puzzle.wordOf[i]!] = (out[offset + puzzle.wordOf[i]!]! | (grid[i]! << puzzle.shiftOf[i]!)) >>> 0;
}

/** Reads a packed key back into a part grid. */
export function decodeKey(puzzle: Puzzle, keys: Uint32Array, offset: number, grid: Uint8Array): void {
  const mask = (1 << puzzle.bitsPerCell) - 1;
  for (let i = 0; i < puzzle.cells; i++) grid[i] = (keys[offset + puzzle.wordOf[i]!]! >>> puzzle.shiftOf[i]!) & mask;
}

/** Writes the key of the mirror image of the state packed at `src[so…]` into `out[oo…]`. */
export function mirrorKeyInto(puzzle: Puzzle, src: Uint32Array, so: number, out: Uint32Array, oo: number): void {
  const words = puzzle.words;
  if (puzzle.rowAligned) {
    const { rowBits, rowsPerWord, rowMirror } = puzzle;
    const rowMask = rowBits === 32 ? -1 : (1 << rowBits) - 1;
    for (let w = 0; w < words; w++) {
      const v = src[so + w]!;
      let m = 0;
      for (let s = 0; s < rowsPerWord; s++) {
        const shift = s * rowBits;
        const row = (v >>> shift) & rowMask;
        let mirrored = rowMirror[row]!;
        if (mirrored < 0) mirrored = rowMirror[row] = mirrorRow(puzzle, row);
        m |= mirrored << shift;
      }
      out[oo + w] = m;
    }
    return;
  }
  const mask = (1 << puzzle.bitsPerCell) - 1;
  const { cells, wordOf, shiftOf, mirrorCell, partMirror } = puzzle;
  for (let w = 0; w < words; w++) out[oo + w] = 0;
  for (let i = 0; i < cells; i++) {
    const p = (src[so + wordOf[i]!]! >>> shiftOf[i]!) & mask;
    if (p === 0) continue;
    const m = mirrorCell[i]!;
    out[oo + wordOf[m]!] = (out[oo + wordOf[m]!]! | (partMirror[p]! << shiftOf[m]!)) >>> 0;
  }
}

function mirrorRow(puzzle: Puzzle, row: number): number {
  const { width, bitsPerCell, partMirror } = puzzle;
  const mask = (1 << bitsPerCell) - 1;
  let out = 0;
  for (let c = 0; c < width; c++) {
    const p = (row >>> (c * bitsPerCell)) & mask;
    out |= partMirror[p]! << ((width - 1 - c) * bitsPerCell);
  }
  return out;
}

function makeClass(letter: string, w: number, h: number, count: number, width: number, height: number): PieceClass {
  const offsets = new Int16Array(w * h);
  for (let dr = 0; dr < h; dr++) for (let dc = 0; dc < w; dc++) offsets[dr * w + dc] = dr * width + dc;
  const fits = new Uint8Array(width * height);
  for (let r = 0; r + h <= height; r++) for (let c = 0; c + w <= width; c++) fits[r * width + c] = 1;
  return { letter, width: w, height: h, count, offsets, fits };
}

/**
 * Upper bound on the number of distinct states: arrangements of pieces and empty cells as units, divided by the
 * orderings of interchangeable ones (exact for the classic piece set: 415,800), halved when mirror images fold.
 */
export function estimateStates(puzzle: Puzzle): number {
  let empty = puzzle.cells;
  let units = 0;
  let log = 0;
  for (let c = 1; c < puzzle.classes.length; c++) {
    const cls = puzzle.classes[c]!;
    empty -= cls.count * cls.width * cls.height;
    units += cls.count;
    log -= logFactorial(cls.count);
  }
  units += empty;
  log += logFactorial(units) - logFactorial(empty);
  const estimate = Math.exp(log);
  return Math.round(puzzle.mirrorable ? estimate / 2 : estimate);
}

function logFactorial(n: number): number {
  let s = 0;
  for (let i = 2; i <= n; i++) s += Math.log(i);
  return s;
}

/** Part grid → pieces: every cell holding a top-left part starts a piece. */
export function gridToLayout(puzzle: Puzzle, grid: Uint8Array): Layout {
  const pieces: Piece[] = [];
  for (let i = 0; i < puzzle.cells; i++) {
    const part = grid[i]!;
    if (part === 0 || puzzle.partOffset[part] !== 0) continue;
    const cls = puzzle.classes[puzzle.partClass[part]!]!;
    pieces.push({ letter: cls.letter, row: Math.floor(i / puzzle.width), col: i % puzzle.width, width: cls.width, height: cls.height });
  }
  return { width: puzzle.width, height: puzzle.height, pieces };
}
