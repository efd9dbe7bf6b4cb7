/**
 * The editor's changes to a Klotski layout, as functions from a layout to the next: place a rectangle, move or erase a
 * piece, paint a piece of any shape cell by cell, cut cells out of the board and put them back, resize. Each answers
 * with the new layout and what it did, or with why it did nothing (a key of shared/i18n.ts); none of them decides whether
 * the result is a valid code: the codec does (editor/editor.ts shows its message).
 */
import { FIXED_SHAPES, coveredCells, isFixedLetter, pieceCovering, pieceOfCells, sortPieces, type Layout, type Piece } from '../../solver/index.ts';
import type { Key } from '../shared/i18n.ts';

export type Cell = [number, number];

/** A change made (the next layout, and the word for what was done), or refused (why), or nothing to do. */
export type Edit = { layout: Layout; did: Key } | { refused: Key } | null;

/** Whether (row, col) is a cell that is not part of the board. */
export function isHole(layout: Layout, [row, col]: Cell): boolean {
  return !!layout.holes?.includes(row * layout.width + col);
}

/** Whether `piece` with its anchor at (row, col) lies on board cells that no other piece than `ignore` covers. */
export function fitsAt(layout: Layout, piece: Piece, row: number, col: number, ignore?: Piece): boolean {
  return coveredCells({ ...piece, row, col }).every(([r, c]) => {
    if (r < 0 || c < 0 || r >= layout.height || c >= layout.width || isHole(layout, [r, c])) return false;
    const there = pieceCovering(layout, r, c);
    return !there || there === ignore;
  });
}

const withPieces = (layout: Layout, pieces: Piece[]): Layout => ({ ...layout, pieces: sortPieces(pieces) });

/**
 * A B, V, H or S with its top-left on `cell`. On a piece, the rectangle takes that piece's place when it fits there (a
 * piece is never lost to a click that places nothing).
 */
export function placeRectangle(layout: Layout, letter: string, cell: Cell): Edit {
  const shape = FIXED_SHAPES[letter]!;
  const piece = pieceCovering(layout, cell[0], cell[1]);
  if (piece && piece.letter === letter && piece.row === cell[0] && piece.col === cell[1]) return null;
  const placed: Piece = { letter, row: cell[0], col: cell[1], width: shape.width, height: shape.height };
  if (!fitsAt(layout, placed, cell[0], cell[1], piece)) return { refused: 'doesNotFit' };
  return { layout: withPieces(layout, [...layout.pieces.filter((p) => p !== piece), placed]), did: piece ? 'replaced' : 'placed' };
}

/** Erase on `cell`: the piece there goes; a cell off the board comes back. */
export function eraseAt(layout: Layout, cell: Cell): Edit {
  const piece = pieceCovering(layout, cell[0], cell[1]);
  if (piece) return { layout: withPieces(layout, layout.pieces.filter((p) => p !== piece)), did: 'removed' };
  if (isHole(layout, cell)) return setHole(layout, cell, false);
  return null;
}

/** `piece` dragged so that its anchor is at (row, col), when it fits there. */
export function movePieceTo(layout: Layout, piece: Piece, row: number, col: number): Edit {
  if (!fitsAt(layout, piece, row, col, piece)) return { refused: 'doesNotFit' };
  return { layout: withPieces(layout, layout.pieces.map((p) => (p === piece ? { ...p, row, col } : p))), did: 'placed' };
}

/** What a stroke of the shape tool does from the cell it starts on: add empty cells to the piece, or take its own away. */
export type PaintMode = 'add' | 'remove';

/** Why a letter cannot name a piece of any shape (B, V, H and S are the rectangles), or null when it can. */
export function shapeLetterProblem(letter: string): Key | null {
  if (!/^[A-Z]$/.test(letter)) return 'letterNeeded';
  return isFixedLetter(letter) ? 'letterFixed' : null;
}

/** What the shape tool does with `letter` on `cell`, where a stroke starts: add, remove, or why neither. */
export function paintModeAt(layout: Layout, letter: string, cell: Cell): PaintMode | { refused: Key } {
  if (isHole(layout, cell)) return { refused: 'paintOffBoard' };
  const piece = pieceCovering(layout, cell[0], cell[1]);
  if (!piece) return 'add';
  return piece.letter === letter ? 'remove' : { refused: 'cellTaken' };
}

/**
 * The shape tool on `cell`: in `add` mode an empty cell joins the piece of `letter` (a new piece when there is none);
 * in `remove` mode a cell of that piece leaves it (the piece goes with its last cell). Other cells are left alone.
 */
export function paintCell(layout: Layout, letter: string, cell: Cell, mode: PaintMode): Edit {
  if (isHole(layout, cell)) return null;
  const there = pieceCovering(layout, cell[0], cell[1]);
  const own = layout.pieces.find((p) => p.letter === letter);
  const others = layout.pieces.filter((p) => p !== own);
  const cells = own ? coveredCells(own) : [];
  if (mode === 'add') {
    if (there) return null;
    cells.push(cell);
  } else {
    if (!own || there !== own) return null;
    cells.splice(cells.findIndex(([r, c]) => r === cell[0] && c === cell[1]), 1);
  }
  cells.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const pieces = cells.length ? [...others, pieceOfCells(letter, cells)] : others;
  return { layout: withPieces(layout, pieces), did: mode === 'add' ? 'painted' : 'unpainted' };
}

/** What the hole tool does from the cell a stroke starts on: cut board cells out, or put cut ones back. */
export type HoleMode = 'cut' | 'restore';

export function holeModeAt(layout: Layout, cell: Cell): HoleMode | { refused: Key } {
  if (isHole(layout, cell)) return 'restore';
  return pieceCovering(layout, cell[0], cell[1]) ? { refused: 'holeOnPiece' } : 'cut';
}

/** The hole tool on `cell`: an empty cell is cut out of the board (`cut`), or a cut cell comes back (`restore`). */
export function holeCell(layout: Layout, cell: Cell, mode: HoleMode): Edit {
  if (mode === 'restore') return isHole(layout, cell) ? setHole(layout, cell, false) : null;
  if (isHole(layout, cell) || pieceCovering(layout, cell[0], cell[1])) return null;
  return setHole(layout, cell, true);
}

function setHole(layout: Layout, [row, col]: Cell, hole: boolean): Edit {
  const index = row * layout.width + col;
  const holes = (layout.holes ?? []).filter((h) => h !== index);
  if (hole) holes.push(index);
  holes.sort((a, b) => a - b);
  const { holes: _, ...rest } = layout;
  return { layout: holes.length ? { ...rest, holes } : rest, did: hole ? 'cut' : 'restored' };
}

/** The board at a new size: the pieces and cut cells that still lie on it stay where they are; new cells are empty. */
export function resizeLayout(layout: Layout, width: number, height: number): Layout {
  const inside = ([r, c]: Cell) => r < height && c < width;
  const pieces = layout.pieces.filter((p) => coveredCells(p).every(inside));
  const holes = (layout.holes ?? [])
    .map((h) => [Math.floor(h / layout.width), h % layout.width] as Cell)
    .filter(inside)
    .map(([r, c]) => r * width + c);
  return { width, height, pieces: sortPieces(pieces), ...(holes.length ? { holes } : {}) };
}

/** Letters a piece of any shape may take, in the order they are offered: every letter but B, V, H and S. */
const SHAPE_LETTERS = [...'ACDEFGIJKLMNOPQRTUWXYZ'];

/** The first letter no piece of `layout` carries, for a new piece; null when all are taken. */
export function freeLetter(layout: Layout): string | null {
  const used = new Set(layout.pieces.map((p) => p.letter));
  return SHAPE_LETTERS.find((letter) => !used.has(letter)) ?? null;
}
