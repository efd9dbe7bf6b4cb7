/**
 * Move evaluation for players (classic layouts): the distance to the goal now, and the distance after each legal
 * move, so a player can mark moves as closer, same or farther — like a chess analysis board backed by a tablebase.
 */
import { attempt } from '../shared/errors.ts';
import { resolveGoal, type GoalSpec } from '../klotski/model/goal.ts';
import type { Layout } from '../klotski/model/layout.ts';
import type { Move } from '../klotski/model/moves.ts';
import type { Metric } from '../shared/metric.ts';
import { toClassicPosition } from './classic.ts';
import { cellOf } from './geometry.ts';
import type { Mix } from './mixes.ts';
import { InconsistentTable, evaluatePosition, type TableSource } from './walk.ts';

export interface MoveEvaluation {
  /** Distance to the goal in the metric; null when the goal cannot be reached. */
  distance: number | null;
  /** Every legal move with the distance it leads to (null: unreachable goal). */
  moves: Array<Move & { distance: number | null }>;
}

/**
 * The piece mix whose table covers this layout, or null when the tablebase does not cover it — a layout with no goal
 * (no single B and none given) included, so callers need no error handling to ask.
 */
export function classicMix(layout: Layout, goal?: GoalSpec | null): Mix | null {
  const resolved = attempt(() => resolveGoal(layout, goal));
  if (!resolved.ok) return null;
  const classic = toClassicPosition(layout, resolved.value);
  return 'position' in classic ? classic.position.mix : null;
}

/** Distances now and after each legal move, or null when the tablebase does not cover the layout or lacks its table. */
export function evaluateMoves(layout: Layout, metric: Metric, tablebase: TableSource, goal?: GoalSpec | null): MoveEvaluation | null {
  const classic = toClassicPosition(layout, resolveGoal(layout, goal));
  if (!('position' in classic)) return null;
  const data = tablebase(classic.position.mix, metric);
  if (!data) return null;
  try {
    const { distance, moves } = evaluatePosition(classic.position, metric, data);
    return { distance, moves: moves.map((m) => ({ from: cellOf(m.from), to: cellOf(m.to), path: m.path.map(cellOf), distance: m.distance })) };
  } catch (e) {
    if (!(e instanceof InconsistentTable)) throw e;
    console.warn(`tablebase: ${e.message}`);
    return null;
  }
}
