/** The Klotski layout model shared by the codec, the solver, the worker and the site. */

/** One rectangular piece. `row`/`col` are its top-left cell, 0-based. */
export interface Piece {
  letter: string;
  row: number;
  col: number;
  width: number;
  height: number;
}

export interface Layout {
  width: number;
  height: number;
  /** Pieces in row-major order of their top-left cells. */
  pieces: Piece[];
}

/** Letters with a fixed shape; pieces of one fixed letter are interchangeable. Every other letter is a one-off piece. */
export const FIXED_SHAPES: Readonly<Record<string, { width: number; height: number; name: string }>> = {
  B: { width: 2, height: 2, name: '2×2 block' },
  V: { width: 1, height: 2, name: 'vertical 1×2 piece' },
  H: { width: 2, height: 1, name: 'horizontal 2×1 piece' },
  S: { width: 1, height: 1, name: '1×1 soldier' },
};

export const MIN_SIDE = 2;
export const MAX_SIDE = 10;

export function isFixedLetter(letter: string): boolean {
  return Object.hasOwn(FIXED_SHAPES, letter);
}

/** The letter grid of a layout, `'.'` for empty cells. */
export function toGrid(layout: Layout): string[][] {
  const grid = Array.from({ length: layout.height }, () => new Array<string>(layout.width).fill('.'));
  for (const p of layout.pieces) {
    for (let r = p.row; r < p.row + p.height; r++) {
      for (let c = p.col; c < p.col + p.width; c++) grid[r]![c] = p.letter;
    }
  }
  return grid;
}

/** Left-right mirror image. */
export function mirrorLayout(layout: Layout): Layout {
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
  return layout.pieces.find((p) => row >= p.row && row < p.row + p.height && col >= p.col && col < p.col + p.width);
}

/** The layout after the piece whose top-left is `from` moves its top-left to `to` (no legality check). */
export function movePiece(layout: Layout, from: readonly [number, number], to: readonly [number, number]): Layout {
  const pieces = layout.pieces.map((p) => (p.row === from[0] && p.col === from[1] ? { ...p, row: to[0], col: to[1] } : p));
  return { ...layout, pieces: sortPieces(pieces) };
}
