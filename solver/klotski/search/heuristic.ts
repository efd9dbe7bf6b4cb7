/**
 * Admissible lower bounds on the moves left. The goal piece must still travel, and every other piece that sits on
 * the goal rectangle must leave it; each move moves one piece, so the parts add up. The bound is a sum over pieces of
 * a cost that depends only on the piece's class and place (`pieceCosts`), so one move changes it by at most one (it
 * is consistent) and a search can update it from a move alone.
 */
import type { SearchBoard } from '../model/board.ts';
import { GOAL_CLASS, type Puzzle } from '../model/puzzle.ts';
import type { Metric } from '../../shared/metric.ts';

/**
 * Per class and top-left cell (index class × cells + cell): the goal piece's moves to the goal (class 1), or the moves
 * that take another piece off the goal rectangle (0 where it does not cover it). Symmetric under the mirror image
 * when the goal is.
 */
export function pieceCosts(puzzle: Puzzle, metric: Metric): Int16Array {
  if (!isPlain(puzzle)) return shapedCosts(puzzle, metric);
  const { width, height, cells, goalCell } = puzzle;
  const goalRow = Math.floor(goalCell / width);
  const goalCol = goalCell % width;
  const goal = puzzle.classes[GOAL_CLASS]!;
  const costs = new Int16Array(puzzle.classes.length * cells);
  for (let p = 0; p < cells; p++) {
    const r = Math.floor(p / width);
    const c = p % width;
    const dr = Math.abs(r - goalRow);
    const dc = Math.abs(c - goalCol);
    costs[GOAL_CLASS * cells + p] = metric === 'step' ? dr + dc : metric === 'straight' ? (dr > 0 ? 1 : 0) + (dc > 0 ? 1 : 0) : dr + dc > 0 ? 1 : 0;
    for (let k = GOAL_CLASS + 1; k < puzzle.classes.length; k++) {
      const cls = puzzle.classes[k]!;
      const overlaps = r < goalRow + goal.height && goalRow < r + cls.height && c < goalCol + goal.width && goalCol < c + cls.width;
      if (overlaps) costs[k * cells + p] = metric === 'step' ? exitSteps(cls.width, cls.height, r, c) : 1;
    }
  }
  return costs;

  /** Fewest single-cell steps that take a piece (its size, top-left) off the goal rectangle, ignoring other pieces. */
  function exitSteps(w: number, h: number, r: number, c: number): number {
    let best = Number.POSITIVE_INFINITY;
    if (goalCol - w >= 0) best = Math.min(best, c + w - goalCol);
    if (goalCol + goal.width + w <= width) best = Math.min(best, goalCol + goal.width - c);
    if (goalRow - h >= 0) best = Math.min(best, r + h - goalRow);
    if (goalRow + goal.height + h <= height) best = Math.min(best, goalRow + goal.height - r);
    return best === Number.POSITIVE_INFINITY ? 1 : best;
  }
}

/** Rectangles on a whole rectangle, one goal piece: the bounds above, as the engine takes them. */
function isPlain(puzzle: Puzzle): boolean {
  return puzzle.goalByPosition && puzzle.classes.every((c) => !c.cells && !c.fixed);
}

/** A goal piece's moves to its target from anchor p, ignoring every other piece (a lower bound in each metric). */
function travel(metric: Metric, width: number, p: number, target: number): number {
  const dr = Math.abs(Math.floor(p / width) - Math.floor(target / width));
  const dc = Math.abs((p % width) - (target % width));
  return metric === 'step' ? dr + dc : metric === 'straight' ? (dr > 0 ? 1 : 0) + (dc > 0 ? 1 : 0) : dr + dc > 0 ? 1 : 0;
}

/**
 * `pieceCosts` for pieces of any shape, outlines and several goal pieces: each goal piece named alone its travel to its
 * target, and every piece that covers a cell another class's target needs at least one move (each counted once: one
 * move moves one piece, so they add up).
 */
function shapedCosts(puzzle: Puzzle, metric: Metric): Int16Array {
  const { width, cells, targets, targetClasses, classes } = puzzle;
  const costs = new Int16Array(classes.length * cells);
  /** Per cell, the class whose target covers it (0: none). */
  const wanted = new Uint8Array(cells);
  targets.forEach((t, i) => classes[targetClasses[i]!]!.offsets.forEach((o) => (wanted[t + o] = targetClasses[i]!)));
  for (let k = GOAL_CLASS; k < classes.length; k++) {
    const cls = classes[k]!;
    const target = cls.count === 1 ? targets[targetClasses.indexOf(k)] : undefined;
    for (let p = 0; p < cells; p++) {
      if (cls.fixed || !cls.fits[p]) continue;
      if (target !== undefined) costs[k * cells + p] = travel(metric, width, p, target);
      else if (cls.offsets.some((o) => wanted[p + o] !== 0 && wanted[p + o] !== k)) costs[k * cells + p] = 1;
    }
  }
  return costs;
}

export function makeHeuristic(puzzle: Puzzle, metric: Metric): (board: SearchBoard) => number {
  if (!isPlain(puzzle)) return shapedHeuristic(puzzle, metric);
  const { cells, goalCell } = puzzle;
  const costs = pieceCosts(puzzle, metric);
  const targetCells = Array.from(puzzle.classes[GOAL_CLASS]!.offsets, (o) => goalCell + o);
  const blockers = new Int16Array(targetCells.length);
  const { partClass, partOffset } = puzzle;

  return (board: SearchBoard): number => {
    let h = costs[GOAL_CLASS * cells + board.goalPos]!;
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
      h += costs[partClass[part]! * cells + k]!;
    }
    return h;
  };
}

/** `makeHeuristic` for `shapedCosts`: the sum of the costs of the pieces on the board (goal pieces found by scanning). */
function shapedHeuristic(puzzle: Puzzle, metric: Metric): (board: SearchBoard) => number {
  const { cells, partClass, partOffset, fixedPart } = puzzle;
  const costs = pieceCosts(puzzle, metric);
  return (board: SearchBoard): number => {
    let h = 0;
    for (let i = 0; i < cells; i++) {
      const part = board.grid[i]!;
      if (part !== 0 && part < fixedPart && partOffset[part] === 0) h += costs[partClass[part]! * cells + i]!;
    }
    return h;
  };
}
