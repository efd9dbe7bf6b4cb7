/**
 * Symmetry folding for callers (the cache key): a layout and its mirror image, when the goal is its own mirror image,
 * share one canonical form; solutions found for it are mapped back with `mirrorMoves`.
 */
import { formatLayout } from './codec.ts';
import { resolveGoal, type Goal, type GoalDrawing, type GoalSpec } from './goal.ts';
import { isRectangular, mirrorLayout, movePiece, type Layout } from './layout.ts';
import type { Cell, Move } from './moves.ts';
import { relabelInterchangeable } from './interchangeable.ts';
import type { Slide } from './slide.ts';

export interface Canonical {
  /**
   * Canonical code; a non-default goal is appended as `~row,col@row,col` (goal piece's top-left, target) or `~` and its
   * drawing, and the `line` slide rule as `~line`.
   */
  code: string;
  /** The layout in canonical orientation, and the goal to solve it with (null = the default goal). */
  layout: Layout;
  goal: GoalSpec | GoalDrawing | null;
  /** True when the canonical orientation is the mirror image of the input. */
  mirrored: boolean;
}

export function canonicalize(layout: Layout, goalSpec?: GoalSpec | GoalDrawing | null, slide: Slide = 'free'): Canonical {
  const goal = resolveGoal(layout, goalSpec, slide);
  const rule = slide === 'free' ? '' : `~${slide}`;
  const own = describe(layout, goal, rule);
  const piece = layout.pieces[goal.pieceIndex]!;
  // Pieces of other shapes, outlines and drawn goals are not folded with their mirror images.
  const symmetric = isRectangular(layout) && !goal.drawing && goal.col === layout.width - goal.col - piece.width;
  if (!symmetric) return { ...own, mirrored: false };
  const mirrored = mirrorLayout(layout);
  const mirroredGoal: Goal = {
    ...goal,
    pieceIndex: mirrored.pieces.findIndex((p) => p.row === piece.row && p.col === layout.width - piece.col - piece.width),
    col: layout.width - goal.col - piece.width,
  };
  const other = describe(mirrored, mirroredGoal, rule);
  return other.code < own.code ? { ...other, mirrored: true } : { ...own, mirrored: false };
}

function describe(given: Layout, goal: Goal, rule: string): Omit<Canonical, 'mirrored'> {
  // Interchangeable pieces read the same whatever letters they were typed with.
  const layout = relabelInterchangeable(given, goal);
  if (goal.drawing) return { code: `${formatLayout(layout)}~${goal.drawing}${rule}`, layout, goal: { drawing: goal.drawing } };
  const p = layout.pieces[goal.pieceIndex]!;
  const spec: GoalSpec | null = goal.isDefault ? null : { piece: [p.row, p.col], at: [goal.row, goal.col] };
  const code = formatLayout(layout) + (spec ? `~${p.row},${p.col}@${goal.row},${goal.col}` : '') + rule;
  return { code, layout, goal: spec };
}

/** Mirrors a solution found for `start` so it applies to the mirror image of `start`. */
export function mirrorMoves(start: Layout, moves: Move[]): Move[] {
  let board = start;
  return moves.map((move) => {
    const piece = board.pieces.find((p) => p.row === move.from[0] && p.col === move.from[1]);
    if (!piece) throw new Error(`internal: no piece at ${move.from} to mirror`);
    const flip = ([r, c]: Cell): Cell => [r, start.width - c - piece.width];
    board = movePiece(board, move.from, move.to);
    return { from: flip(move.from), to: flip(move.to), path: move.path.map(flip) };
  });
}
