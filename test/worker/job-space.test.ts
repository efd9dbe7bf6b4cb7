/**
 * A solve job's first steps search the board's space breadth-first (solver/resumable-space.ts, worker/job-search.ts):
 * a 6×6 board with no solution ends unsolvable with its proof in a few dozen steps, not IDA*'s 1,000.
 */
import { introspectWorkflowInstance } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { canonicalize, parseLayoutOrThrow } from '../../solver/index.ts';
import { cacheKey } from '../../worker/cache.ts';
import { jobIdOf } from '../../worker/jobs.ts';
import { SPACE_MAX_STEPS } from '../../worker/job-search.ts';
import { call, freshClient, json } from './helpers.ts';
import { realEnv } from './helpers.ts';

/**
 * The 2×2 block sits above a 5×1 bar on a board 6 wide: it can never pass the bar (2 + 5 > 6), so it never reaches the
 * bottom. Its reachable space is 125,478 positions (the CLI's breadth-first search agrees), far past a request's budget.
 */
const UNSOLVABLE_6X6 = 'VBBVHH-VBBVHH-XXXXX.-SVHHSS-SVSSHH-SSSS.S';
const POSITIONS = 125_478;

describe('a job settles small spaces whole', () => {
  it('an unsolvable 6×6 board: 202, then unsolvable with proof by space within the breadth-first steps; /solve answers it from then on', async () => {
    const id = await jobIdOf(cacheKey('move', canonicalize(parseLayoutOrThrow(UNSOLVABLE_6X6), null).code));
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const res = await call(`/solve?layout=${UNSOLVABLE_6X6}`, { headers: freshClient() });
    expect(res.status).toBe(202);
    expect((await json(res)).job.id).toBe(id);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job).toMatchObject({ status: 'unsolvable', state: 'unsolvable', result: { state: 'unsolvable', solvable: false, proof: { by: 'space', positions: POSITIONS }, explored: POSITIONS, stats: { algorithm: 'bfs' } } });
    expect(job.progress.steps).toBeGreaterThan(1);
    expect(job.progress.steps).toBeLessThanOrEqual(SPACE_MAX_STEPS);
    const again = await json(await call(`/solve?layout=${UNSOLVABLE_6X6}`, { headers: freshClient() }));
    expect(again).toMatchObject({ state: 'unsolvable', cached: true, proof: { by: 'space', positions: POSITIONS } });
  });
});
