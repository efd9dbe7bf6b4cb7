/** The 8-puzzle at the edge: every 3×3 board answered from the project's tables within the request budget. */
import { describe, expect, it } from 'vitest';
import { formatTiles, parseTilesOrThrow, solveTiles } from '../../solver/index.ts';
import { forgetEightTables } from '../../worker/eight-tables.ts';
import { seededRandom } from '../helpers/random-layouts.ts';
import { replayTiles, shuffledTiles } from '../helpers/tiles-reference.ts';
import { call, freshClient, json } from './helpers.ts';

const flat = (code: string) => code.replaceAll('-', '');
const post = (body: unknown) => call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify(body) });

describe('the 8-puzzle at the edge', () => {
  it('answers the hardest class (31 moves) within the request budget, from the table', async () => {
    const res = await call('/solve?layout=867-254-3.1', { headers: freshClient() });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ kind: 'tiles', status: 'solved', optimal: true, length: 31, stats: { algorithm: 'table' } });
    expect(replayTiles(flat(body.layout), 3, 'move', body.moves)).toBe(flat(body.goal.code));
  });

  // Reference: the plain IDA* search with no budget, run here in the test (the tables themselves are checked against
  // breadth-first search in test/solver/tiles/eight-table.test.ts).
  for (const metric of ['move', 'straight'] as const) {
    it(`answers random boards toward random goals in one request each, optimally (${metric})`, async () => {
      const random = seededRandom(metric === 'move' ? 3 : 33);
      let solved = 0;
      for (let i = 0; i < 40; i++) {
        const start = shuffledTiles(random);
        const goal = i % 4 === 0 ? null : shuffledTiles(random);
        const goalCode = goal ? formatTiles(goal) : undefined;
        const layout = formatTiles(start);
        const res = await post({ layout, metric, ...(goalCode ? { goal: goalCode } : {}) });
        expect(res.status, `${layout} → ${goalCode ?? 'default'}`).toBe(200);
        const body = await json(res);
        const reference = solveTiles(parseTilesOrThrow(layout), { metric, goal: goalCode ?? null, maxMs: 60_000 });
        expect(body.status).toBe(reference.status);
        if (reference.status !== 'solved') continue;
        solved++;
        expect(body).toMatchObject({ length: reference.length, optimal: true, stats: { algorithm: 'table' } });
        expect(replayTiles(flat(layout), 3, metric, body.moves)).toBe(flat(body.goal.code));
      }
      expect(solved).toBeGreaterThan(10);
    });
  }

  it('searches when the tables cannot be had, and says so by its algorithm', async () => {
    forgetEightTables();
    const res = await call('/solve?layout=123-456-.78', { headers: freshClient() }, { ASSETS: undefined });
    expect(await json(res)).toMatchObject({ status: 'solved', length: 2, stats: { algorithm: 'ida' } });
    forgetEightTables();
  });
});
