/**
 * Which pieces must reach which places. Default: the single `B` to the bottom centre; else one piece's anchor to a cell
 * (`B@3,1`), or a goal drawing naming several pieces (goal-drawing.ts).
 */
import { fail } from '../../shared/errors.ts';
import { coveredCells, pieceAt, type Layout, type Piece } from './layout.ts';
import { looksLikeDrawing, resolveDrawing } from './goal-drawing.ts';
import type { Goal, GoalDrawing, GoalSpec } from './goal-types.ts';
import { isHorizontalBar, isVerticalBar, type Slide } from './slide.ts';

export type { Goal, GoalDrawing, GoalInput, GoalSpec, GoalTarget } from './goal-types.ts';

/** Whether a goal as callers give it is a drawing. */
export function isGoalDrawing(spec: GoalSpec | GoalDrawing | null | undefined): spec is GoalDrawing {
  return typeof spec === 'object' && spec !== null && typeof (spec as GoalDrawing).drawing === 'string';
}

export function defaultTarget(layout: Layout, piece: Piece): [number, number] {
  return [layout.height - piece.height, Math.floor((layout.width - piece.width) / 2)];
}

/**
 * The goal a caller gave, or the default: under `free` the single `B` to the bottom centre, under `line` (Rush Hour)
 * the car `A` out by the exit at the right end of its row.
 */
export function resolveGoal(layout: Layout, spec?: GoalSpec | GoalDrawing | null, slide: Slide = 'free'): Goal {
  if (isGoalDrawing(spec)) return resolveDrawing(layout, spec.drawing);
  if (spec == null && slide === 'line') return exitGoal(layout);
  if (spec == null) {
    const blocks = layout.pieces.filter((p) => p.letter === 'B');
    if (blocks.length === 0) fail('no-goal', 'no B (2×2 block) and no explicit goal: say which piece must reach which cell');
    if (blocks.length > 1) {
      fail('ambiguous-goal', `${blocks.length} B blocks and no explicit goal: say which one must reach which cell`);
    }
    const block = blocks[0]!;
    const [row, col] = defaultTarget(layout, block);
    return { pieceIndex: layout.pieces.indexOf(block), row, col, isDefault: true };
  }
  const piece = findGoalPiece(layout, spec.piece);
  const at = spec.at;
  if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isInteger)) {
    fail('bad-goal', 'goal.at must be [row, col] with whole numbers');
  }
  const [row, col] = at;
  const moved = { ...piece, row, col };
  const holes = new Set(layout.holes ?? []);
  if (coveredCells(moved).some(([r, c]) => r < 0 || c < 0 || r >= layout.height || c >= layout.width || holes.has(r * layout.width + c))) {
    fail('bad-goal', `goal: ${piece.letter} (${piece.width}×${piece.height}) cannot have its top-left at row ${row} col ${col} on a ${layout.width}×${layout.height} board`, { row, col });
  }
  return { pieceIndex: layout.pieces.indexOf(piece), row, col, isDefault: false };
}

/** Rush Hour's goal: the red car `A`, a horizontal bar, to the right edge of its row (where the exit is). */
function exitGoal(layout: Layout): Goal {
  const cars = layout.pieces.filter((p) => p.letter === 'A');
  if (cars.length === 0) fail('no-goal', 'no car A and no explicit goal: say which piece must reach which cell (e.g. --goal A@2,4)');
  const car = cars[0]!;
  if (isVerticalBar(car)) {
    fail('vertical-car', `car A stands vertically (column ${car.col + 1}): it cannot leave by an exit at the right of its row; give a goal (e.g. A@${layout.height - car.height},${car.col})`, { row: car.row, col: car.col });
  }
  if (!isHorizontalBar(car)) fail('no-goal', `A is not a car (a horizontal bar of 2 or more cells): give a goal`, { row: car.row, col: car.col });
  return { pieceIndex: layout.pieces.indexOf(car), row: car.row, col: layout.width - car.width, isDefault: true };
}

function findGoalPiece(layout: Layout, ref: GoalSpec['piece']): Piece {
  if (Array.isArray(ref)) {
    const [row, col] = ref;
    if (!Number.isInteger(row) || !Number.isInteger(col)) fail('bad-goal', 'goal.piece must be a letter or [row, col]');
    const piece = pieceAt(layout, row!, col!);
    if (!piece) fail('bad-goal', `goal: no piece has its top-left at row ${row} col ${col}`, { row: row!, col: col! });
    return piece;
  }
  if (typeof ref !== 'string' || !/^[A-Za-z]$/.test(ref)) fail('bad-goal', 'goal.piece must be a letter or [row, col]');
  const letter = ref.toUpperCase();
  const matches = layout.pieces.filter((p) => p.letter === letter);
  if (matches.length === 0) fail('bad-goal', `goal: there is no piece ${letter} on the board`);
  if (matches.length > 1) {
    fail('ambiguous-goal', `goal: ${matches.length} pieces are ${letter}; name the one you mean by its top-left cell, e.g. [${matches[0]!.row}, ${matches[0]!.col}]`);
  }
  return matches[0]!;
}

/** A goal as text: a drawing (rows joined by `-`), or `parseGoalText`'s forms. */
export function parseGoalInput(text: string): GoalSpec | GoalDrawing {
  return looksLikeDrawing(text) ? { drawing: text.trim() } : parseGoalText(text);
}

/** Parses the CLI form `B@3,1` or `0,0@4,2` (piece by letter or by top-left row,col; then the target row,col). */
export function parseGoalText(text: string): GoalSpec {
  const m = /^\s*(?:([A-Za-z])|(\d+)\s*,\s*(\d+))\s*@\s*(\d+)\s*,\s*(\d+)\s*$/.exec(text);
  if (!m) fail('bad-goal', `goal ${JSON.stringify(text)} is not of the form LETTER@row,col or row,col@row,col (e.g. B@3,1)`);
  const piece: GoalSpec['piece'] = m[1] ? m[1] : [Number(m[2]), Number(m[3])];
  return { piece, at: [Number(m[4]), Number(m[5])] };
}
