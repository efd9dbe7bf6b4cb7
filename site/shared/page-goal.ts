/**
 * The goal of a Klotski board on the pages: which pieces must reach which places. Read from `?goal=` in the CLI's
 * forms — `B@3,1`, `0,0@4,2` (the piece by its anchor cell), or a goal drawing (the board's rows with each goal piece's
 * letter on its target cells) — else the default (the one B to the bottom centre).
 * One piece to one place is followed through a line of moves by its anchor cell, so any position of the line can be
 * tested and searched from (a piece named that way is never interchangeable with another of its shape). A drawing
 * names its pieces by letter, so it reads the same from every position: it is reached when each drawn place holds a
 * piece of its letter (any of them for a B, V, H or S the board has several of).
 */
import { isGoalDrawing, parseGoalInput, resolveGoal, LayoutError, type GoalInput, type GoalSpec, type Layout, type LayoutProblem, type Move, type Piece, type Slide } from '../../solver/index.ts';

export type Cell = [number, number];

export interface PageGoal {
  /** As the link gives it; null for the default goal. */
  spec: GoalInput | null;
  /** Every goal piece at its target: its letter and shape with its anchor there (what the board draws as ghosts). */
  places: Piece[];
  /** The (first) goal piece's anchor cell at the start, and the cell its anchor must reach. */
  startCell: Cell;
  target: Cell;
}

/** The board's goal from the link's `?goal=` text (or the default): a goal, or the problem with it. */
export function readGoal(layout: Layout, text: string | null, slide: Slide = 'free'): { goal: PageGoal } | { problem: LayoutProblem } {
  try {
    const spec = text ? parseGoalInput(text) : null;
    // Under the line rule (Rush Hour) the default goal is the red car A out at the right of its row.
    const goal = resolveGoal(layout, spec, slide);
    const targets = goal.targets ?? [{ pieceIndex: goal.pieceIndex, row: goal.row, col: goal.col }];
    const places = targets.map((t) => ({ ...layout.pieces[t.pieceIndex]!, row: t.row, col: t.col }));
    const piece = layout.pieces[goal.pieceIndex]!;
    return { goal: { spec, places, startCell: [piece.row, piece.col], target: [goal.row, goal.col] } };
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

/** Whether `layout`, reached by `moves` from the start, meets the goal. */
export function goalReachedAfter(goal: PageGoal, layout: Layout, moves: readonly Move[]): boolean {
  if (isGoalDrawing(goal.spec)) return goal.places.every((place) => layout.pieces.some((p) => p.letter === place.letter && p.row === place.row && p.col === place.col));
  const cell = goalCellAfter(goal, moves);
  return cell[0] === goal.target[0] && cell[1] === goal.target[1];
}

/**
 * The goal to search with from the position `moves` lead to: null for the default goal (so the tablebase and the
 * server's cache serve it), the drawing as it is, else the goal piece by its cell there.
 */
export function goalSpecAfter(goal: PageGoal, moves: readonly Move[]): GoalInput | null {
  if (!goal.spec || isGoalDrawing(goal.spec)) return goal.spec;
  return { piece: goalCellAfter(goal, moves), at: goal.target };
}

/**
 * A goal any position of a board can be compiled with, for listing its legal moves (which do not depend on the goal):
 * its first piece staying where it is. The default goal would not do on a board with no B, or several.
 */
export function goalForMoves(layout: Layout): GoalSpec {
  const first = layout.pieces[0]!;
  return { piece: [first.row, first.col], at: [first.row, first.col] };
}
