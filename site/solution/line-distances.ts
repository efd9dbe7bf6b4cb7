/**
 * The distance to go at each position of a line, for the chart: what the page knows of the line (its optimal
 * stretches), else a lookup that answers at once (the tablebase on classic boards), else unknown. Never a search:
 * a position nobody can answer cheaply stays a gap.
 */
import type { Layout } from '../../solver/index.ts';

export function lineDistances(
  positions: readonly Layout[],
  known: (position: number) => number | undefined,
  lookup: ((layout: Layout) => number | null | undefined) | null,
): Array<number | undefined> {
  return positions.map((layout, i) => known(i) ?? lookup?.(layout) ?? undefined);
}
