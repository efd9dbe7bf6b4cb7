/**
 * Admissible lower bounds on the moves left. The goal piece must still travel, and every other piece that sits on
 * the goal rectangle must leave it; each move moves one piece, so the parts add up.
 */
import type { SearchBoard } from './board.ts';
import { GOAL_CLASS, type Metric, type Puzzle } from './puzzle.ts';

export function makeHeuristic(puzzle: Puzzle, metric: Metric): (board: SearchBoard) => number {
  const { width, goalCell } = puzzle;
  const goalRow = Math.floor(goalCell / width);
  const goalCol = goalCell % width;
  const goalShape = puzzle.classes[GOAL_CLASS]!;
  const targetCells = Array.from(goalShape.offsets, (o) => goalCell + o);
  const blockers = new Int16Array(targetCells.length);
  const { partClass, partOffset } = puzzle;

  return (board: SearchBoard): number => {
    const goalPos = board.goalPos;
    const dr = Math.abs(Math.floor(goalPos / width) - goalRow);
    const dc = Math.abs((goalPos % width) - goalCol);
    let h = metric === 'step' ? dr + dc : metric === 'straight' ? (dr > 0 ? 1 : 0) + (dc > 0 ? 1 : 0) : dr + dc > 0 ? 1 : 0;
    let n = 0;
    for (let i = 0; i < targetCells.length; i++) {
      const cell = targetCells[i]!;
      const part = board.grid[cell]!;
      if (part === 0 || partClass[part] === GOAL_CLASS) continue;
      const k = cell - partOffset[part]!;
      let seen = false;
      for (let j = 0; j < n; j++) if (blockers[j] === k) seen = true;
      if (seen) continue;
      blockers[n++] = k;
      h += metric === 'step' ? exitSteps(partClass[part]!, k) : 1;
    }
    return h;
  };

  /** Fewest single-cell steps that take a piece (class, top-left) off the goal rectangle, ignoring other pieces. */
  function exitSteps(classIndex: number, p: number): number {
    const cls = puzzle.classes[classIndex]!;
    const r = Math.floor(p / width);
    const c = p % width;
    const toLeft = c + cls.width - goalCol;
    const toRight = goalCol + goalShape.width - c;
    const up = r + cls.height - goalRow;
    const down = goalRow + goalShape.height - r;
    let best = Number.POSITIVE_INFINITY;
    if (goalCol - cls.width >= 0) best = Math.min(best, toLeft);
    if (goalCol + goalShape.width + cls.width <= width) best = Math.min(best, toRight);
    if (goalRow - cls.height >= 0) best = Math.min(best, up);
    if (goalRow + goalShape.height + cls.height <= puzzle.height) best = Math.min(best, down);
    return best === Number.POSITIVE_INFINITY ? 1 : best;
  }
}
