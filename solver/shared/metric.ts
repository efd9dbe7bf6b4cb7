/**
 * What a solution's length counts, for every puzzle: `move` (one piece to any place it can reach), `straight` (one
 * slide in one direction), `step` (one cell).
 */
export type Metric = 'move' | 'straight' | 'step';
export const METRICS: readonly Metric[] = ['move', 'straight', 'step'];
