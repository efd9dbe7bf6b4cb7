/**
 * The one codec for layout codes, used by the CLI, the worker and the site.
 *
 * Readable code: rows top to bottom joined by `-` (also `/` or newlines), `.` empty, `_` (or `#`) a cell that is not
 * part of the board, `B` 2×2, `V` 1 wide × 2 tall, `H` 2 wide × 1 tall, `S` 1×1, parsed greedily from the top-left; any
 * other letter is one piece made of all the cells carrying it, of any shape. Rows of a board with `_` are padded with
 * `_` to one width.
 * CommonCode: the 9-hex-digit code of the classic 4×5 board used by other Klotski engines (see commoncode.ts).
 */
import { attempt, fail, type Parsed } from '../../shared/errors.ts';
import { FIXED_SHAPES, HOLE, MAX_CELLS, MAX_SIDE, MIN_SIDE, isFixedLetter, pieceOfCells, sortPieces, toGrid, type Layout, type Piece } from './layout.ts';
import { decodeCommonCode, isCommonCodeText } from './commoncode.ts';

/** Longest input the codec looks at; a board of 128 cells with separators is at most 191 characters. */
export const MAX_CODE_LENGTH = 256;

/** Parses a readable code or a CommonCode. Never throws for bad input. */
export function parseLayout(text: string): Parsed<Layout> {
  return attempt(() => parseLayoutOrThrow(text));
}

export function parseLayoutOrThrow(text: string): Layout {
  if (typeof text !== 'string') fail('not-a-string', 'the layout code must be a string');
  const trimmed = text.trim();
  if (trimmed.length === 0) fail('empty', 'the layout code is empty');
  if (trimmed.length > MAX_CODE_LENGTH) {
    fail('too-long', `the layout code has ${trimmed.length} characters, at most ${MAX_CODE_LENGTH} are allowed`);
  }
  if (isCommonCodeText(trimmed)) return decodeCommonCode(trimmed);
  return parseReadable(trimmed);
}

/** Canonical readable code: upper-case letters, `.` for empty, `_` off the board, rows joined by `-`. */
export function formatLayout(layout: Layout): string {
  return toGrid(layout)
    .map((row) => row.join(''))
    .join('-');
}

function splitRows(text: string): string[] {
  return text.split(/\r\n|\n|\r|-|\//).map((row) => row.trim());
}

function parseReadable(text: string): Layout {
  const rows = splitRows(text);
  const height = rows.length;
  rows.forEach((row, r) => {
    if (row.length === 0) fail('empty-row', `row ${r + 1} is empty`, { row: r, col: 0 });
  });
  // A character that has no place in a code says more than the size it happens to make ("hello world").
  rows.forEach((row, r) => Array.from(row, (ch, c) => checkCharacter(ch, r, c)));
  // With cells off the board, an irregular outline's short rows end where the board does.
  const outlined = /[_#]/.test(text);
  const width = outlined ? Math.max(...rows.map((row) => row.length)) : rows[0]!.length;
  if (height > MAX_SIDE || width > MAX_SIDE) {
    fail('board-too-large', `board larger than ${MAX_SIDE}×${MAX_SIDE} (this one is ${width} wide × ${height} tall)`);
  }
  if (width * height > MAX_CELLS) {
    fail('board-too-large', `board of more than ${MAX_CELLS} cells (this one is ${width} wide × ${height} tall: ${width * height})`);
  }
  rows.forEach((row, r) => {
    if (!outlined && row.length !== width) {
      fail('row-length', `row ${r + 1} has ${row.length} cells, expected ${width}`, { row: r, col: Math.min(row.length, width) });
    }
  });
  if (height < MIN_SIDE || width < MIN_SIDE) {
    fail('board-too-small', `board smaller than ${MIN_SIDE}×${MIN_SIDE} (this one is ${width} wide × ${height} tall)`);
  }
  const grid = rows.map((row) => Array.from(row.padEnd(width, HOLE), (ch) => (ch === '.' ? ch : ch === '#' ? HOLE : ch.toUpperCase())));
  const pieces = [...parseFixedPieces(grid, width, height), ...parseShapedPieces(grid, width, height)];
  if (!grid.some((row) => row.includes('.'))) fail('no-empty', 'no empty cell: nothing can move');
  const holes: number[] = [];
  grid.forEach((row, r) => row.forEach((ch, c) => ch === HOLE && holes.push(r * width + c)));
  return { width, height, pieces: sortPieces(pieces), ...(holes.length ? { holes } : {}) };
}

/** Letters, '.', and '_' or '#' (off the board) only; anything else fails naming its cell. */
function checkCharacter(ch: string, r: number, c: number): void {
  if (ch === '.' || ch === '_' || ch === '#' || /^[A-Za-z]$/.test(ch)) return;
  if (/^[0-9]$/.test(ch)) fail('bad-character', `digit '${ch}' at row ${r + 1} col ${c + 1}: Klotski codes use letters only`, { row: r, col: c });
  fail('bad-character', `unexpected character ${JSON.stringify(ch)} at row ${r + 1} col ${c + 1}: use letters, '.' (empty) and '_' (not on the board)`, { row: r, col: c });
}

/** Greedy from the top-left: the first uncovered cell of a fixed letter is the top-left of its piece. */
function parseFixedPieces(grid: string[][], width: number, height: number): Piece[] {
  const covered = grid.map((row) => row.map(() => false));
  const pieces: Piece[] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const letter = grid[r]![c]!;
      if (!isFixedLetter(letter) || covered[r]![c]) continue;
      const shape = FIXED_SHAPES[letter]!;
      for (let dr = 0; dr < shape.height; dr++) {
        for (let dc = 0; dc < shape.width; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= height || cc >= width) {
            fail('piece-incomplete', `${letter} at row ${r + 1} col ${c + 1} has no cell ${missingSide(dr, dc, rr >= height)}`, { row: r, col: c });
          }
          const found = grid[rr]![cc]!;
          if (found !== letter || covered[rr]![cc]) {
            const what = found === letter ? `another ${letter}'s cell` : found === '.' ? 'an empty cell' : found === HOLE ? 'not on the board' : `'${found}'`;
            fail(
              'piece-incomplete',
              `${letter} at row ${r + 1} col ${c + 1} is incomplete: row ${rr + 1} col ${cc + 1} should be part of it but is ${what} (${letter} is a ${shape.name})`,
              { row: rr, col: cc },
            );
          }
          covered[rr]![cc] = true;
        }
      }
      pieces.push({ letter, row: r, col: c, width: shape.width, height: shape.height });
    }
  }
  return pieces;
}

function missingSide(dr: number, dc: number, belowMissing: boolean): string {
  if (dr > 0 && dc > 0) return belowMissing ? 'below it' : 'to its right';
  return dr > 0 ? 'below it' : 'to its right';
}

/**
 * Any other letter names one piece made of all its cells, of any shape (even cells that do not touch: one piece joined
 * above the board): a rectangle when they fill their bounding rectangle, else a shaped piece anchored at its first cell
 * in reading order.
 */
function parseShapedPieces(grid: string[][], width: number, height: number): Piece[] {
  const cellsOf = new Map<string, Array<[number, number]>>();
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const letter = grid[r]![c]!;
      if (letter === '.' || letter === HOLE || isFixedLetter(letter)) continue;
      const cells = cellsOf.get(letter);
      if (cells) cells.push([r, c]);
      else cellsOf.set(letter, [[r, c]]);
    }
  }
  return [...cellsOf].map(([letter, cells]) => pieceOfCells(letter, cells));
}
