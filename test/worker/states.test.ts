/**
 * The three states in every /solve body (solver/shared/outcome.ts): solved, unsolvable with its proof, unknown with
 * what was proven and why the search stopped — including answers stored before proofs were kept.
 */
import { describe, expect, it } from 'vitest';
import { cacheKey, forgetRecent } from '../../worker/cache.ts';
import { call, freshClient, json, NO_JOBS, realEnv, ROOMY } from './helpers.ts';

describe('three states in /solve bodies', () => {
  it('a solved body says state: solved', async () => {
    const body = await json(await call('/solve?layout=VBBV-VBBV-VHHV-VSSV-S..S', { headers: freshClient() }));
    expect(body).toMatchObject({ state: 'solved', status: 'solved', length: 81, optimal: true });
    expect(body.proof).toBeUndefined();
  });

  it('an unsolvable search says how it was proven: every reachable position explored (fresh and from the cache)', async () => {
    const path = '/solve?layout=VBBV-VBBV-VV.V-VVSV-S...';
    const fresh = await json(await call(path, { headers: freshClient() }, ROOMY));
    expect(fresh).toMatchObject({ state: 'unsolvable', cached: false, proof: { by: 'space', positions: fresh.explored } });
    expect(fresh.explored).toBeGreaterThan(0);
    forgetRecent();
    const stored = JSON.parse((await realEnv.SOLUTIONS!.get(cacheKey('move', fresh.canonical)))!);
    expect(stored.proof).toEqual({ by: 'space', positions: fresh.explored });
    const again = await json(await call(path, { headers: freshClient() }, ROOMY));
    expect(again).toMatchObject({ state: 'unsolvable', cached: true, proof: { by: 'space', positions: fresh.explored } });
  });

  it('an entry stored before proofs were kept gets one derived from what it says (explored → space), never an invented one', async () => {
    const layout = 'VBBV-VBBV-V.VV-VSVV-..S.'; // its own canonical form
    const key = cacheKey('move', layout);
    const stats = { algorithm: 'bfs', nodes: 10, ms: 1, ttBytes: 0, estimate: 0 };
    await realEnv.SOLUTIONS!.put(key, JSON.stringify({ status: 'unsolvable', length: null, explored: 1234, moves: '', stats }));
    forgetRecent();
    const body = await json(await call(`/solve?layout=${layout}`, { headers: freshClient() }));
    expect(body).toMatchObject({ state: 'unsolvable', cached: true, proof: { by: 'space', positions: 1234 } });
    await realEnv.SOLUTIONS!.put(key, JSON.stringify({ status: 'unsolvable', length: null, moves: '', stats }));
    forgetRecent();
    const bare = await json(await call(`/solve?layout=${layout}&metric=move`, { headers: freshClient() }));
    expect(bare.state).toBe('unsolvable');
    expect(bare.proof).toBeUndefined();
  });

  it('classic unsolvable layouts cite the tablebase; tiles cite the parity', async () => {
    const table = await json(await call('/solve?layout=VBBV-VBBV-HHHH-HHHH-S..S', { headers: freshClient() }));
    expect(table).toMatchObject({ state: 'unsolvable', proof: { by: 'table' }, stats: { algorithm: 'table' } });
    const tiles = await json(await call('/solve?layout=213-456-78.', { headers: freshClient() }));
    expect(tiles).toMatchObject({ state: 'unsolvable', proof: { by: 'parity', rule: 'inversions' } });
  });

  it('an over-budget tiles answer says a solution exists (the parity matches) and why the search stopped', async () => {
    const res = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify({ layout: 'O5EKI-JB38L-GF.4H-MA6D2-C17N9', optimal: true }) }, NO_JOBS);
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body).toMatchObject({ state: 'unknown', error: { code: 'budget-exceeded', stoppedBy: 'work' } });
    expect(body.error.message).toMatch(/^A solution exists \(the parity matches\), but the search stopped \(its budget was spent\) before it found the shortest; no solution is shorter than \d+ moves\./);
  });
});
