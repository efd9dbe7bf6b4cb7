/** The Klotski layout model shared by the codec, the solver, the worker and the site. */

/**
 * One piece. `row`/`col` are its anchor, 0-based: its first cell in reading order (top row first, then leftmost),
 * which for a rectangle is its top-left. `width`/`height` are its bounding rectangle's.
 */
export interface Piece {
  letter: string;
  row: number;
  col: number;
  width: number;
  height: number;
  /**
   * A piece of any other shape (L, T, plus, cells that do not touch…): its cells as [row, col] offsets from the anchor,
   * in reading order (the first is [0, 0]). Absent for a rectangle, which covers its whole bounding rectangle.
   */
  cells?: Array<[number, number]>;
}

export interface Layout {
  width: number;
  height: number;
  /** Pieces in row-major order of their anchors. */
  pieces: Piece[];
  /** Cells that are not part of the board (holes, walls, outside an irregular outline), row-major indices, sorted. */
  holes?: number[];
}

/** Letters with a fixed shape; pieces of one fixed letter are interchangeable. Every other letter is a one-off piece. */
export const FIXED_SHAPES: Readonly<Record<string, { width: number; height: number; name: string }>> = {
  B: { width: 2, height: 2, name: '2×2 block' },
  V: { width: 1, height: 2, name: 'vertical 1×2 piece' },
  H: { width: 2, height: 1, name: 'horizontal 2×1 piece' },
  S: { width: 1, height: 1, name: '1×1 soldier' },
};

export const MIN_SIDE = 2;
export const MAX_SIDE = 16;
/** Most cells in a board's bounding rectangle (the engine's widest masks). */
export const MAX_CELLS = 128;
/** The letter of a cell that is not part of the board. */
export const HOLE = '_';

/**
 * The piece of `letter` made of `cells` ([row, col], in reading order): a rectangle when they fill their bounding
 * rectangle, else a shaped piece anchored at its first cell.
 */
export function pieceOfCells(letter: string, cells: Array<[number, number]>): Piece {
  const [row, col] = cells[0]!;
  const left = Math.min(...cells.map(([, c]) => c));
  const width = Math.max(...cells.map(([, c]) => c)) - left + 1;
  const height = cells[cells.length - 1]![0] - row + 1;
  const piece: Piece = { letter, row, col, width, height };
  return cells.length === width * height ? piece : { ...piece, cells: cells.map(([r, c]) => [r - row, c - col]) };
}

/** A piece's cells as [row, col] offsets from its anchor, in reading order (a rectangle's too). */
export function shapeOf(piece: Piece): Array<[number, number]> {
  if (piece.cells) return piece.cells;
  const cells: Array<[number, number]> = [];
  for (let dr = 0; dr < piece.height; dr++) for (let dc = 0; dc < piece.width; dc++) cells.push([dr, dc]);
  return cells;
}

/** The cells a piece covers, as [row, col]. */
export function coveredCells(piece: Piece): Array<[number, number]> {
  return shapeOf(piece).map(([dr, dc]) => [piece.row + dr, piece.col + dc]);
}

/** A layout of rectangles on a whole rectangle (what the tablebase, CommonCode and the drawings of today take). */
export function isRectangular(layout: Layout): boolean {
  return !layout.holes?.length && layout.pieces.every((p) => !p.cells);
}

export function isFixedLetter(letter: string): boolean {
  return Object.hasOwn(FIXED_SHAPES, letter);
}

/** The letter grid of a layout, `'.'` for empty cells, `'_'` for cells not on the board. */
export function toGrid(layout: Layout): string[][] {
  const grid = Array.from({ length: layout.height }, () => new Array<string>(layout.width).fill('.'));
  for (const h of layout.holes ?? []) grid[Math.floor(h / layout.width)]![h % layout.width] = HOLE;
  for (const p of layout.pieces) for (const [r, c] of coveredCells(p)) grid[r]![c] = p.letter;
  return grid;
}

/** Left-right mirror image (of a rectangular layout: callers fold mirror images only there). */
export function mirrorLayout(layout: Layout): Layout {
  if (!isRectangular(layout)) throw new Error('internal: mirror images are folded only on rectangular layouts');
  const pieces = layout.pieces.map((p) => ({ ...p, col: layout.width - p.col - p.width }));
  return { width: layout.width, height: layout.height, pieces: sortPieces(pieces) };
}

export function sortPieces(pieces: Piece[]): Piece[] {
  return pieces.sort((a, b) => a.row - b.row || a.col - b.col);
}

/** The piece whose top-left is at (row, col), if any. */
export function pieceAt(layout: Layout, row: number, col: number): Piece | undefined {
  return layout.pieces.find((p) => p.row === row && p.col === col);
}

/** The piece that covers the cell (row, col), if any. */
export function pieceCovering(layout: Layout, row: number, col: number): Piece | undefined {
  return layout.pieces.find((p) =>
    p.cells ? p.cells.some(([dr, dc]) => p.row + dr === row && p.col + dc === col) : row >= p.row && row < p.row + p.height && col >= p.col && col < p.col + p.width,
  );
}

/** The layout after the piece whose top-left is `from` moves its top-left to `to` (no legality check). */
export function movePiece(layout: Layout, from: readonly [number, number], to: readonly [number, number]): Layout {
  const pieces = layout.pieces.map((p) => (p.row === from[0] && p.col === from[1] ? { ...p, row: to[0], col: to[1] } : p));
  return { ...layout, pieces: sortPieces(pieces) };
}
