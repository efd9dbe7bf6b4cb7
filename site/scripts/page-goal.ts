/**
 * The goal of a Klotski board on the pages: which piece must reach which cell. Read from `?goal=` in today's `--goal`
 * forms (`B@3,1`, or `0,0@4,2`: the piece by its top-left cell), else the default (the one B to the bottom centre).
 * The goal piece is followed through a line of moves by its top-left cell, so any position of the line can be tested
 * and searched from (a piece named in a goal is never interchangeable with another of its shape).
 */
import { parseGoalText, resolveGoal, LayoutError, type GoalSpec, type Layout, type LayoutProblem, type Move } from '../../solver/index.ts';

export type Cell = [number, number];

export interface PageGoal {
  /** As the link gives it; null for the default goal. */
  spec: GoalSpec | null;
  /** The goal piece's top-left cell at the start, its size, and the cell its top-left must reach. */
  startCell: Cell;
  width: number;
  height: number;
  target: Cell;
}

/** The board's goal from the link's `?goal=` text (or the default): a goal, or the problem with it. */
export function readGoal(layout: Layout, text: string | null): { goal: PageGoal } | { problem: LayoutProblem } {
  try {
    const spec = text ? parseGoalText(text) : null;
    const goal = resolveGoal(layout, spec);
    const piece = layout.pieces[goal.pieceIndex]!;
    return { goal: { spec, startCell: [piece.row, piece.col], width: piece.width, height: piece.height, target: [goal.row, goal.col] } };
  } catch (e) {
    if (e instanceof LayoutError) return { problem: e.problem };
    throw e;
  }
}

/** The link's form of a goal: the piece by its top-left cell at the start, then the target (`0,0@4,2`). */
export function goalParam(spec: { piece: Cell; at: Cell }): string {
  return `${spec.piece[0]},${spec.piece[1]}@${spec.at[0]},${spec.at[1]}`;
}

/** Where the goal piece's top-left is after `moves` from the start. */
export function goalCellAfter(goal: PageGoal, moves: readonly Move[]): Cell {
  let cell: Cell = [...goal.startCell];
  for (const m of moves) if (m.from[0] === cell[0] && m.from[1] === cell[1]) cell = [m.to[0], m.to[1]];
  return cell;
}

export function goalReached(goal: PageGoal, cell: Cell): boolean {
  return cell[0] === goal.target[0] && cell[1] === goal.target[1];
}

/**
 * The goal to search with from a position where the goal piece stands at `cell`: null for the default goal (so the
 * tablebase and the server's cache serve it), else the piece by its cell there.
 */
export function goalSpecAt(goal: PageGoal, cell: Cell): GoalSpec | null {
  return goal.spec ? { piece: cell, at: goal.target } : null;
}
