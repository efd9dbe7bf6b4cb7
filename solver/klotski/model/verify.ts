/**
 * Replays a solution and checks it: every move legal in the metric (its path included) and the goal reached at the
 * end. Cheap (one move list per step), for callers that must not trust stored solutions blindly.
 */
import { SearchBoard } from './board.ts';
import { resolveGoal, type GoalInput } from './goal.ts';
import type { Layout } from './layout.ts';
import { listMoves, type Move } from './moves.ts';
import { compilePuzzle } from './puzzle.ts';
import type { Metric } from '../../shared/metric.ts';
import type { Slide } from './slide.ts';

/** Null when the moves solve the layout, else what is wrong (under `line`, a move off a bar's axis is not legal). */
export function checkSolution(layout: Layout, metric: Metric, moves: Move[], goal?: GoalInput | null, slide: Slide = 'free'): string | null {
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal, slide), slide);
  const board = new SearchBoard(puzzle);
  board.loadGrid(grid);
  const cell = ([r, c]: [number, number]) => r * puzzle.width + c;
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i]!;
    const path = move.path.map(cell).join(',');
    const found = listMoves(board, metric).find((m) => m.from === cell(move.from) && m.to === cell(move.to));
    if (!found) return `move ${i + 1} (${move.from} → ${move.to}) is not legal`;
    if (metric !== 'move' && found.path.join(',') !== path) return `move ${i + 1} has a wrong path`;
    board.move(found.from, found.to);
  }
  board.scanEmpties();
  return board.isSolved() ? null : `the ${moves.length} moves do not reach the goal`;
}
