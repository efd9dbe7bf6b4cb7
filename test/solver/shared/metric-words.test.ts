/** Counts of a metric's units read as the metric counts them. */
import { describe, expect, it } from 'vitest';
import { metricCount, metricUnit } from '../../../solver/shared/metric-words.ts';

describe('metric words', () => {
  it('names each metric’s unit, singular only for one', () => {
    expect([0, 1, 2].map((n) => metricCount('move', n))).toEqual(['0 moves', '1 move', '2 moves']);
    expect([1, 90].map((n) => metricCount('straight', n))).toEqual(['1 straight move', '90 straight moves']);
    expect([1, 116].map((n) => metricCount('step', n))).toEqual(['1 step', '116 steps']);
    expect(metricUnit('step', 3)).toBe('steps');
  });
});
