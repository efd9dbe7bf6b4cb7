/** A solve answered from the tablebase, or why it cannot be (then the caller searches). */
import type { Goal } from '../klotski/model/goal.ts';
import type { Layout } from '../klotski/model/layout.ts';
import type { Move } from '../klotski/model/moves.ts';
import type { Metric } from '../shared/metric.ts';
import { toClassicPosition } from './classic.ts';
import { cellOf } from './geometry.ts';
import { InconsistentTable, walkToGoal, type TableSource } from './walk.ts';

export type TableAnswer =
  | { status: 'solved' | 'unsolvable'; moves: Move[]; stats: { algorithm: 'table'; nodes: number; ttBytes: number; estimate: number } }
  | { reason: string };

export function tableAnswer(layout: Layout, goal: Goal, metric: Metric, source: TableSource | null | undefined): TableAnswer {
  const classic = toClassicPosition(layout, goal);
  if ('reason' in classic) return classic;
  const { position } = classic;
  const data = source?.(position.mix, metric) ?? null;
  if (!data) return { reason: `the ${metric} tablebase for this piece mix is not available (build it with npm run build:tables)` };
  try {
    const walk = walkToGoal(position, metric, data);
    const moves = walk.moves.map(({ path }): Move => {
      const cells = path.map(cellOf);
      return { from: cells[0]!, to: cells[cells.length - 1]!, path: cells };
    });
    return { status: walk.solvable ? 'solved' : 'unsolvable', moves, stats: { algorithm: 'table', nodes: walk.probes, ttBytes: data.length, estimate: position.mix.size } };
  } catch (e) {
    if (!(e instanceof InconsistentTable)) throw e;
    console.warn(`tablebase: ${e.message}; solving by search instead`);
    return { reason: `the ${metric} tablebase for this piece mix is inconsistent` };
  }
}
