/**
 * Fogleman's Rush Hour notation (github.com/fogleman/rush): `rush:` and a square board's cells in row-major order —
 * `o` or `.` empty, `x` a wall, `A` the red car, any other letter a vehicle (a straight bar of 2 or more cells). It
 * means that board under the `line` slide rule with the default goal (A out at the right of its row).
 *
 * Our codec reads B, V, H and S as fixed shapes (2×2, 1×2, 2×1, 1×1) and any other letter as one piece of all its
 * cells, so vehicles lettered B, H, S or V get letters the board does not use, which the codec reads as one bar.
 */
import { fail } from '../../shared/errors.ts';
import { parseLayoutOrThrow } from './codec.ts';
import { FIXED_SHAPES, HOLE, MAX_CELLS, MIN_SIDE, type Layout } from './layout.ts';
import { checkSlide, type Slide } from './slide.ts';

export const RUSH_PREFIX = 'rush:';

export function isRushCode(text: unknown): text is string {
  return typeof text === 'string' && text.trim().slice(0, RUSH_PREFIX.length).toLowerCase() === RUSH_PREFIX;
}

/** Parses a `rush:` code into a layout (walls as cells off the board). Throws `LayoutError` naming the problem. */
export function parseRushOrThrow(text: string): Layout {
  const board = text.trim().slice(RUSH_PREFIX.length).trim();
  const side = Math.round(Math.sqrt(board.length));
  if (board.length === 0 || side * side !== board.length) {
    fail('rush-not-square', `a rush: board is square, its cells in row-major order: ${board.length} characters is not a square number (36 for 6×6)`);
  }
  if (side < MIN_SIDE || side * side > MAX_CELLS) {
    fail('board-too-large', `a rush: board is ${MIN_SIDE}×${MIN_SIDE} to ${Math.floor(Math.sqrt(MAX_CELLS))}×${Math.floor(Math.sqrt(MAX_CELLS))} (this one is ${side}×${side})`);
  }
  const cellsOf = new Map<string, number[]>();
  const grid = Array.from(board, (ch, i) => {
    if (ch === 'o' || ch === '.') return '.';
    if (ch === 'x') return HOLE;
    if (!/^[A-Za-z]$/.test(ch)) {
      fail('bad-character', `unexpected character ${JSON.stringify(ch)} at row ${Math.floor(i / side) + 1} col ${(i % side) + 1} of the rush: board: use o (empty), x (wall) and letters (vehicles)`, { row: Math.floor(i / side), col: i % side });
    }
    const letter = ch.toUpperCase();
    cellsOf.set(letter, [...(cellsOf.get(letter) ?? []), i]);
    return letter;
  });
  for (const [letter, cells] of cellsOf) checkBar(letter, cells, side);
  // Vehicles lettered as our fixed shapes get letters nobody uses (the codec reads those as one piece of their cells).
  const spare = [...'CDEFGIJKLMNOPQRTUWXYZ'].filter((l) => !cellsOf.has(l));
  const rename = new Map<string, string>();
  for (const letter of [...cellsOf.keys()].sort()) {
    if (!Object.hasOwn(FIXED_SHAPES, letter)) continue;
    const to = spare.shift();
    if (!to) fail('too-many-vehicles', 'too many vehicles on the rush: board to letter them all');
    rename.set(letter, to);
  }
  const rows: string[] = [];
  for (let r = 0; r < side; r++) rows.push(grid.slice(r * side, (r + 1) * side).map((l) => rename.get(l) ?? l).join(''));
  return parseLayoutOrThrow(rows.join('-'));
}

/** A vehicle is one straight bar: 2 or more cells side by side in one row, or one above another in one column. */
function checkBar(letter: string, cells: number[], side: number): void {
  const rows = new Set(cells.map((i) => Math.floor(i / side)));
  const cols = new Set(cells.map((i) => i % side));
  const span = cells[cells.length - 1]! - cells[0]!;
  const straight = cells.length >= 2 && ((rows.size === 1 && span === cells.length - 1) || (cols.size === 1 && span === (cells.length - 1) * side));
  if (!straight) {
    const [row, col] = [Math.floor(cells[0]! / side), cells[0]! % side];
    fail('not-a-bar', `vehicle ${letter} (row ${row + 1} col ${col + 1}) is not a straight bar: a vehicle is 2 or more cells in one row or one column, side by side`, { row, col });
  }
}

/**
 * A Klotski code as callers give it, with the slide rule they asked for: a `rush:` code is a layout under `line`
 * (asking for `free` with one is an error), any other code is the codec's, under the rule given (default `free`).
 */
export function parseLayoutInput(code: string, slide?: unknown): { layout: Layout; slide: Slide } {
  if (!isRushCode(code)) return { layout: parseLayoutOrThrow(code), slide: checkSlide(slide) };
  if (checkSlide(slide) === 'free' && slide != null) fail('bad-slide', 'a rush: code is played under slide line (vehicles slide only along their length); leave slide out or say line');
  return { layout: parseRushOrThrow(code), slide: 'line' };
}
