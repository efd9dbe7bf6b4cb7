/** The work budget: every search stops close to it, and tables are sized to it. */
import { describe, expect, it } from 'vitest';
import { EDGE_BUDGET, solveCode } from '../../../solver/index.ts';
import { BudgetClock, type Progress } from '../../../solver/shared/budget.ts';

const SOLDIERS_10x10 = Array.from({ length: 10 }, (_, r) => (r < 2 ? 'BBSSSSSSSS' : r === 9 ? 'SSSSSSSS..' : 'SSSSSSSSSS')).join('-');

const cases: Array<[string, string, Record<string, unknown>, string]> = [
  ['BFS, 10×10 soldiers, step', SOLDIERS_10x10, { metric: 'step', algorithm: 'bfs' }, 'bfs'],
  ['A*, 10×10 soldiers, step', SOLDIERS_10x10, { metric: 'step' }, 'astar'],
  ['BFS on bitboards, 5×5 Klotski, 29 moves', 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', { algorithm: 'bfs' }, 'bfs'],
  ['A* on bitboards, 5×5 Klotski, 29 moves', 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', {}, 'astar'],
  ['BFS on wide bitboards, 6×6 Klotski', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', { algorithm: 'bfs' }, 'bfs'],
  ['A* on wide bitboards, 6×6 Klotski', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', {}, 'astar'],
  ['IDA*, 5×5 Klotski', 'SBBSS-SBBVV-HHSVV-VVHH.-VV..S', { algorithm: 'ida' }, 'ida'],
  ['tiles IDA*, 6×6 optimal', 'O5EKI-JB38L-GF.4H-MA6D2-C17N9', { optimal: true }, 'ida'],
  ['tiles weighted, 6×6 fast mode', 'O5EKI-JB38L-GF.4H-MA6D2-C17N9', {}, 'weighted'],
  ['tiles IDA*, 4×4 (Korf #1)', 'D68C-FE.A-B745-9132', {}, 'ida'],
];

describe('work budget', () => {
  for (const [name, code, options, algorithm] of cases) {
    it(`${name}: stops within one check of the edge budget, with a table no bigger than the budget can fill`, () => {
      const r = solveCode(code, { ...EDGE_BUDGET, ...options });
      if (!r.ok) throw new Error(r.error.message);
      const result = r.value;
      expect(result.status).toBe('budget-exceeded');
      expect(result.stats.algorithm).toBe(algorithm);
      // Checked every 4,096 units, plus at most one position's work past the check.
      expect(result.stats.work).toBeGreaterThanOrEqual(EDGE_BUDGET.maxWork!);
      expect(result.stats.work).toBeLessThan(EDGE_BUDGET.maxWork! + 4096 + 5000);
      expect(result.stats.ttBytes).toBeLessThan(2 * 1024 * 1024);
    });
  }

  it('does not stop a search that fits', () => {
    const r = solveCode('SSBB-HHBB-HHHH-HHHH-..S.', { ...EDGE_BUDGET }); // 前呼后拥 less a soldier: 20 moves
    expect(r.ok && [r.value.status, r.value.length]).toEqual(['solved', 20]);
  });
});

describe('progress', () => {
  it('reports a new strategy at its first check, else at most every 100 ms', () => {
    const reports: Progress[] = [];
    const clock = new BudgetClock({ onProgress: (p) => reports.push(p) });
    clock.spent(10);
    expect(reports).toEqual([]); // the first phase, well within 100 ms
    clock.phase = 'astar';
    clock.spent(20);
    clock.spent(30);
    clock.phase = 'ida';
    clock.spent(40);
    expect(reports.map((r) => [r.phase, r.nodes])).toEqual([['astar', 20], ['ida', 40]]);
  });
});
