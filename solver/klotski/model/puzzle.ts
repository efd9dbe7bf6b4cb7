/**
 * The search model of a Klotski layout: a grid of piece *classes* (pieces of one class are interchangeable),
 * bit-packed into a few 32-bit words per state, plus a mirrored key so a state and its mirror image fold into one.
 */
import type { Goal } from './goal.ts';
import { classKeyOf } from './interchangeable.ts';
import { HOLE, isRectangular, shapeOf, type Layout, type Piece } from './layout.ts';
import { directionsOf, NEVER, type Slide } from './slide.ts';

export interface PieceClass {
  letter: string;
  /** Pieces of several letters merged into this class (interchangeable.ts): their letters, sorted, one per piece. */
  letters?: string[];
  /** The shape's bounding rectangle. */
  width: number;
  height: number;
  count: number;
  /**
   * Linear cell offsets of the shape relative to its anchor (first cell in reading order, a rectangle's top-left), on
   * this board, in reading order: never negative.
   */
  offsets: Int16Array;
  /** `fits[t]` is 1 where a piece of this class may have its anchor at cell t (every cell on the board). */
  fits: Uint8Array;
  /** Not a rectangle: its cells as [row, col] offsets from the anchor. */
  cells?: Array<[number, number]>;
  /** The cells off the board, as one piece that never moves. */
  fixed?: boolean;
  /** The directions its pieces may slide (slide.ts: 1 left, 2 right, 4 up, 8 down); all of them under `free`. */
  directions: number;
}

export interface Puzzle {
  width: number;
  height: number;
  cells: number;
  /** How pieces slide (slide.ts): under `line` each class's `directions` keeps bars on their axis and others still. */
  slide: Slide;
  /** Index 0 is a placeholder for "empty"; class 1 is always the goal piece (the first of `targets`). */
  classes: PieceClass[];
  pieceCount: number;
  goalCell: number;
  /**
   * Where goal pieces' anchors must be, as cells, and of which class (a piece named alone is a class of its own: the
   * first is class 1). Solved when each target holds an anchor of its class.
   */
  targets: Int16Array;
  targetClasses: Uint8Array;
  /** One goal piece alone in class 1: solved exactly when its anchor (`SearchBoard.goalPos`) is at `goalCell`. */
  goalByPosition: boolean;
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
  /** Part id of each class's anchor cell; a class's parts are `firstPart[c] … firstPart[c] + area − 1`. */
  firstPart: Uint8Array;
  /** Parts from this one on are the cells off the board (never moved); 256 when the board has none. */
  fixedPart: number;
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

/**
 * Builds the model and the start grid of parts. Each goal piece named alone is a class of its own (class 1, 2, …);
 * other pieces of one shape share a class whatever their letters, except a letter the goal names (a drawing's targets for a letter of several pieces are that
 * class's: any of them may fill them); cells off the board are one more class that never moves.
 */
export function compilePuzzle(layout: Layout, goal: Goal, slide: Slide = 'free'): { puzzle: Puzzle; grid: Uint8Array } {
  const { width, height } = layout;
  const cells = width * height;
  const holes = layout.holes ?? [];
  const off = new Uint8Array(cells);
  for (const h of holes) off[h] = 1;
  // Targets of pieces named alone first: the first of them is class 1, found by its position alone.
  const goalTargets = [...(goal.targets ?? [{ pieceIndex: goal.pieceIndex, row: goal.row, col: goal.col }])].sort((a, b) => Number(!!a.shared) - Number(!!b.shared));
  const goalPieces = goalTargets.filter((t) => !t.shared).map((t) => layout.pieces[t.pieceIndex]!);
  const others = layout.pieces.filter((p) => !goalPieces.includes(p));
  // Pieces of one shape are one class whatever their letters, unless the goal names them (interchangeable.ts).
  const keyOf = classKeyOf(goal, layout);
  const classKeys = [...new Set(others.map(keyOf))].sort();
  const classes: PieceClass[] = [makeClass('.', [[0, 0]], 0, width, height, off), ...goalPieces.map((p) => makeClass(p.letter, shapeOf(p), 1, width, height, off))];
  const classIndex = new Map<string, number>();
  for (const k of classKeys) {
    const members = others.filter((p) => keyOf(p) === k);
    const letters = members.map((p) => p.letter).sort();
    classIndex.set(k, classes.length);
    const cls = makeClass(letters[0]!, shapeOf(members[0]!), members.length, width, height, off);
    classes.push(new Set(letters).size > 1 ? { ...cls, letters } : cls);
  }
  const targetClasses = Uint8Array.from(goalTargets, (t, i) => (t.shared ? classIndex.get(keyOf(layout.pieces[t.pieceIndex]!))! : 1 + i));
  let wallClass = -1;
  if (holes.length > 0) {
    const [r0, c0] = [Math.floor(holes[0]! / width), holes[0]! % width];
    const wall = makeClass(HOLE, holes.map((h): [number, number] => [Math.floor(h / width) - r0, (h % width) - c0]), 1, width, height, new Uint8Array(cells));
    wall.fits.fill(0);
    wall.fits[holes[0]!] = 1;
    wall.fixed = true;
    wall.directions = NEVER;
    wallClass = classes.length;
    classes.push(wall);
  }
  for (let c = 1; c < classes.length; c++) if (!classes[c]!.fixed) classes[c]!.directions = directionsOf(slide, classes[c]!);
  const firstPart = new Uint8Array(classes.length);
  const partClass: number[] = [0];
  const partOffset: number[] = [0];
  const partMirror: number[] = [0];
  for (let c = 1; c < classes.length; c++) {
    const cls = classes[c]!;
    firstPart[c] = partClass.length;
    cls.offsets.forEach((offset, j) => {
      partClass.push(c);
      partOffset.push(offset);
      // The part at the mirrored cell of a mirrored rectangle (same row in the shape, column reversed); shapes and
      // outlines are never folded with their mirror images.
      const dr = Math.floor(j / cls.width);
      partMirror.push(cls.cells || cls.fixed ? firstPart[c]! + j : firstPart[c]! + dr * cls.width + (cls.width - 1 - (j % cls.width)));
    });
  }
  if (partClass.length > 256) throw new Error('internal: more than 255 piece parts');
  const grid = new Uint8Array(cells);
  const place = (c: number, anchor: number) => classes[c]!.offsets.forEach((o, j) => (grid[anchor + o] = firstPart[c]! + j));
  layout.pieces.forEach((p) => {
    const g = goalPieces.indexOf(p);
    place(g >= 0 ? 1 + g : classIndex.get(keyOf(p))!, p.row * width + p.col);
  });
  if (wallClass > 0) place(wallClass, holes[0]!);
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
    slide,
    classes,
    pieceCount: layout.pieces.length,
    goalCell: goalTargets[0]!.row * width + goalTargets[0]!.col,
    targets: Int16Array.from(goalTargets, (t) => t.row * width + t.col),
    targetClasses,
    goalByPosition: goalTargets.length === 1 && !goalTargets[0]!.shared,
    mirrorable: isRectangular(layout) && goalTargets.length === 1 && !goalTargets[0]!.shared && goal.col === width - goal.col - goalPieces[0]!.width,
    partClass: Uint8Array.from(partClass),
    partOffset: Int16Array.from(partOffset),
    partMirror: Uint8Array.from(partMirror),
    firstPart,
    fixedPart: wallClass > 0 ? firstPart[wallClass]! : 256,
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

function makeClass(letter: string, shape: Array<[number, number]>, count: number, width: number, height: number, off: Uint8Array): PieceClass {
  const offsets = Int16Array.from(shape, ([dr, dc]) => dr * width + dc);
  const rectangle = shape.length === (Math.max(...shape.map(([r]) => r)) + 1) * (Math.max(...shape.map(([, c]) => c)) - Math.min(...shape.map(([, c]) => c)) + 1);
  const minDc = Math.min(...shape.map(([, c]) => c));
  const w = Math.max(...shape.map(([, c]) => c)) - minDc + 1;
  const h = Math.max(...shape.map(([r]) => r)) + 1;
  const fits = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      fits[r * width + c] = shape.every(([dr, dc]) => r + dr < height && c + dc >= 0 && c + dc < width && !off[(r + dr) * width + c + dc]) ? 1 : 0;
    }
  }
  return { letter, width: w, height: h, count, offsets, fits, directions: directionsOf('free', { width: w, height: h }), ...(rectangle ? {} : { cells: shape }) };
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
    if (cls.fixed) {
      empty -= cls.offsets.length;
      continue;
    }
    empty -= cls.count * cls.offsets.length;
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

/** The cells off the board, in the order of their parts (`fixedPart`, `fixedPart + 1`, …); none on a whole board. */
export function offBoardCells(puzzle: Puzzle): number[] {
  if (puzzle.fixedPart >= 256) return [];
  const wall = puzzle.classes[puzzle.classes.length - 1]!;
  const anchor = wall.fits.indexOf(1);
  return Array.from(wall.offsets, (o) => anchor + o);
}

/** Part grid → pieces: every cell holding an anchor part starts a piece. */
export function gridToLayout(puzzle: Puzzle, grid: Uint8Array): Layout {
  const pieces: Piece[] = [];
  const holes: number[] = [];
  // A class of several letters hands them out in reading order (its pieces are interchangeable: any order is right).
  const handedOut = new Map<PieceClass, number>();
  for (let i = 0; i < puzzle.cells; i++) {
    const part = grid[i]!;
    if (part === 0) continue;
    const cls = puzzle.classes[puzzle.partClass[part]!]!;
    if (cls.fixed) holes.push(i);
    if (cls.fixed || puzzle.partOffset[part] !== 0) continue;
    const k = handedOut.get(cls) ?? 0;
    handedOut.set(cls, k + 1);
    const piece: Piece = { letter: cls.letters?.[k] ?? cls.letter, row: Math.floor(i / puzzle.width), col: i % puzzle.width, width: cls.width, height: cls.height };
    pieces.push(cls.cells ? { ...piece, cells: cls.cells } : piece);
  }
  return { width: puzzle.width, height: puzzle.height, pieces, ...(holes.length ? { holes } : {}) };
}
