/**
 * How a count of a metric's units reads in English: "1 move", "90 straight moves", "116 steps". One wording for the
 * CLI, the Worker's messages and the site, so a lower bound in steps is never called moves.
 */
import type { Metric } from './metric.ts';

const UNIT: Record<Metric, string> = { move: 'move', straight: 'straight move', step: 'step' };

/** The unit's name, singular for 1 and plural otherwise ("0 steps", "1 step", "2 steps"). */
export function metricUnit(metric: Metric, n: number): string {
  return n === 1 ? UNIT[metric] : `${UNIT[metric]}s`;
}

/** A count with its unit: "81 moves". */
export function metricCount(metric: Metric, n: number): string {
  return `${n} ${metricUnit(metric, n)}`;
}
