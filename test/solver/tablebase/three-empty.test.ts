/**
 * The tablebase's mixes with three empty cells (4×5, one 2×2 going to row 3, col 1): their count and statistics
 * against an exhaustive enumeration, ranking, and distances against the independent breadth-first search of
 * test/helpers/classic-reference.ts in all three metrics, every solution replayed. A file of its own so it runs beside
 * tablebase.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, solve } from '../../../solver/index.ts';
import { fileTables, TABLEBASE_DIR } from '../../../solver/node/tablebase-files.ts';
import { countArrangements, fromCode, refClassicDistance } from '../../helpers/classic-reference.ts';
import { describeTableChecks } from '../../helpers/tablebase-checks.ts';

describe('stats.json, three empty cells', () => {
  it('counts the same positions as an independent enumeration, mix by mix; the farthest example is that far', () => {
    const stats = JSON.parse(readFileSync(new URL('stats.json', TABLEBASE_DIR), 'utf8')).threeEmpty;
    const tables = fileTables();
    expect(stats.mixes).toHaveLength(28);
    for (const m of stats.mixes) {
      expect(m.mix).toMatch(/e3$/);
      expect(m.positions, m.mix).toBe(countArrangements(m.vertical, m.horizontal, m.soldiers, 3));
      expect(m.solvable).toBeLessThanOrEqual(m.positions);
    }
    expect(stats.positions).toBe(stats.mixes.reduce((s: number, m: { positions: number }) => s + m.positions, 0));
    for (const metric of ['move', 'straight', 'step'] as const) {
      const { distance, example } = stats.farthest[metric];
      expect(solve(parseLayoutOrThrow(example), { metric, tablebase: tables }).length, metric).toBe(distance);
      if (metric === 'move') expect(refClassicDistance(fromCode(example), metric)).toBe(distance);
    }
  });
});

describeTableChecks({ empty: 3, samplesPerMix: 3, seed: 2027, atLeast: { samples: 80, unsolvable: 5, atGoal: 15 }, mixEvery: 2 });
