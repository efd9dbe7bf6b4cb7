/**
 * The search model of a Klotski layout: a grid of piece *classes* (pieces of one class are interchangeable),
 * bit-packed into a few 32-bit words per state, plus a mirrored key so a state and its mirror image fold into one.
 */
import type { Goal } from './goal.ts';
import type { Layout, Piece } from './layout.ts';

export type Metric = 'move' | 'straight' | 'step';
export const METRICS: readonly Metric[] = ['move', 'straight', 'step'];

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
  bitsPerCell: number;
  cellsPerWord: number;
  words: number;
  wordOf: Uint8Array;
  shiftOf: Uint8Array;
  mirrorCell: Int16Array;
  /** All classes' offsets in one array: class c's are `shapeCells[shapeStart[c] … shapeStart[c + 1])`. */
  shapeStart: Int16Array;
  shapeCells: Int16Array;
}

export const GOAL_CLASS = 1;

/** Builds the model and the start grid. The goal piece becomes class 1, alone in its class. */
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
  const grid = new Uint8Array(cells);
  for (const p of layout.pieces) {
    const c = p === goalPiece ? GOAL_CLASS : classIndex.get(keyOf(p))!;
    for (let r = p.row; r < p.row + p.height; r++) for (let col = p.col; col < p.col + p.width; col++) grid[r * width + col] = c;
  }
  const bitsPerCell = Math.max(1, Math.ceil(Math.log2(classes.length)));
  const cellsPerWord = Math.floor(32 / bitsPerCell);
  const wordOf = new Uint8Array(cells);
  const shiftOf = new Uint8Array(cells);
  const mirrorCell = new Int16Array(cells);
  for (let i = 0; i < cells; i++) {
    wordOf[i] = Math.floor(i / cellsPerWord);
    shiftOf[i] = (i % cellsPerWord) * bitsPerCell;
    mirrorCell[i] = Math.floor(i / width) * width + (width - 1 - (i % width));
  }
  const mirrorable = goal.col === width - goal.col - goalPiece.width;
  const puzzle: Puzzle = {
    width,
    height,
    cells,
    classes,
    pieceCount: layout.pieces.length,
    goalCell: goal.row * width + goal.col,
    mirrorable,
    bitsPerCell,
    cellsPerWord,
    words: Math.ceil(cells / cellsPerWord),
    wordOf,
    shiftOf,
    mirrorCell,
    shapeStart: new Int16Array(classes.length + 1),
    shapeCells: new Int16Array(classes.reduce((sum, cl) => sum + cl.offsets.length, 0)),
  };
  let at = 0;
  classes.forEach((cl, c) => {
    puzzle.shapeStart[c] = at;
    puzzle.shapeCells.set(cl.offsets, at);
    at += cl.offsets.length;
  });
  puzzle.shapeStart[classes.length] = at;
  return { puzzle, grid };
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

/** Grid of classes → pieces, greedily from the top-left (unique, since each class tiles by one rectangle). */
export function gridToLayout(puzzle: Puzzle, grid: Uint8Array, letters?: (cls: number) => string): Layout {
  const covered = new Uint8Array(puzzle.cells);
  const pieces: Piece[] = [];
  for (let i = 0; i < puzzle.cells; i++) {
    const c = grid[i]!;
    if (c === 0 || covered[i]) continue;
    const cls = puzzle.classes[c]!;
    for (const o of cls.offsets) covered[i + o] = 1;
    pieces.push({
      letter: letters ? letters(c) : cls.letter,
      row: Math.floor(i / puzzle.width),
      col: i % puzzle.width,
      width: cls.width,
      height: cls.height,
    });
  }
  return { width: puzzle.width, height: puzzle.height, pieces };
}
