/**
 * A solve job's give-up is not final: it is answered "unknown, at least N" while it stands, and searched again by a
 * new attempt (a Workflow instance of its own, the same job URL) once the solver's fingerprint changed or a day passed.
 */
import { introspectWorkflowInstance } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { canonicalize, parseLayoutOrThrow, type GoalSpec } from '../../solver/index.ts';
import { GIVE_UP_TTL_S, cacheKey, forgetRecent } from '../../worker/cache.ts';
import { solverFingerprint } from '../../worker/job-fingerprint.ts';
import { jobIdOf, type JobRecord } from '../../worker/jobs.ts';
import { call, freshClient, json, realEnv } from './helpers.ts';

const TIGHT = { SOLVE_MAX_WORK: '3000' };
const LAYOUT = 'VBBV-VBBV-VHHV-VS.V-S..S';

function post(body: object): Promise<Response> {
  return call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify(body) }, TIGHT);
}

/** Stores what a job that gave up leaves: its record and (unless `noMark`) the cache's give-up mark. */
async function gaveUp(goal: GoalSpec, options: { fingerprint: string | null; endedAt: number; noMark?: boolean }): Promise<{ id: string; key: string }> {
  const key = cacheKey('move', canonicalize(parseLayoutOrThrow(LAYOUT), goal).code);
  const id = await jobIdOf(key);
  const budgetWork = 600_000 * 1000;
  const record: JobRecord = {
    id, key, width: 4, height: 5, input: { layout: LAYOUT, goal }, status: 'budget-exceeded',
    progress: { steps: 1000, nodes: 27_800_000, lowerBound: 3, elapsedMs: 46_000 }, startedAt: options.endedAt - 46_000, updatedAt: options.endedAt,
    fingerprint: options.fingerprint, budgetWork,
  };
  await realEnv.SOLUTIONS!.put(`job:v1:${id}`, JSON.stringify(record));
  if (!options.noMark) {
    const mark = { overBudget: 3, budget: { maxWork: budgetWork }, stoppedBy: 'steps', job: { steps: 1000, nodes: 27_800_000, fingerprint: options.fingerprint, endedAt: options.endedAt } };
    await realEnv.SOLUTIONS!.put(key, JSON.stringify(mark));
  }
  forgetRecent();
  return { id, key };
}

describe('a job that gave up is searched again', () => {
  it('while it stands (same solver, within its day): 503 unknown with its bound in moves, no new attempt', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [2, 2] };
    const { id } = await gaveUp(goal, { fingerprint: await solverFingerprint(realEnv), endedAt: Date.now() - 60_000 });
    const res = await post({ layout: LAYOUT, goal });
    expect(res.status).toBe(503);
    const body = await json(res);
    expect(body).toMatchObject({ state: 'unknown', error: { code: 'budget-exceeded', lowerBound: 3, stoppedBy: 'steps', cached: true } });
    expect(body.error.message).toContain('after 27,800,000 positions; no solution is shorter than 3 moves');
    expect(body.error.message).toContain('A solve job searched it for 1,000 steps');
    expect(JSON.parse((await realEnv.SOLUTIONS!.get(`job:v1:${id}`))!).status).toBe('budget-exceeded');
  });

  it('when the solver\'s fingerprint differs: a new attempt (same job URL) that finds the answer', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [1, 0] };
    const { id } = await gaveUp(goal, { fingerprint: '000000000000000000000000', endedAt: Date.now() - 60_000 });
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, `${id}-r2`);
    const res = await post({ layout: LAYOUT, goal });
    expect(res.status).toBe(202);
    const body = await json(res);
    expect(body.job.id).toBe(id);
    // What the attempt before proved stays proven.
    expect(body.lowerBound).toBeGreaterThanOrEqual(3);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job).toMatchObject({ status: 'solved', state: 'solved', result: { status: 'solved', optimal: true } });
    expect(JSON.parse((await realEnv.SOLUTIONS!.get(`job:v1:${id}`))!).attempt).toBe(2);
    expect((await post({ layout: LAYOUT, goal })).status).toBe(200);
  });

  it('when its mark has expired (a day old): a new attempt', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [1, 2] };
    const { id } = await gaveUp(goal, { fingerprint: await solverFingerprint(realEnv), endedAt: Date.now() - GIVE_UP_TTL_S * 1000 - 1000, noMark: true });
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, `${id}-r2`);
    const res = await post({ layout: LAYOUT, goal });
    expect(res.status).toBe(202);
    expect((await json(res)).job.id).toBe(id);
    await instance.waitForStatus('complete');
    expect((await json(await call(`/solve/jobs/${id}`))).status).toBe('solved');
  });

  it('a give-up from before fingerprints (kept for good then) is searched again', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [0, 2] };
    const key = cacheKey('move', canonicalize(parseLayoutOrThrow(LAYOUT), goal).code);
    const id = await jobIdOf(key);
    const record = { id, key, width: 4, height: 5, input: { layout: LAYOUT, goal }, status: 'budget-exceeded', progress: { steps: 3, nodes: 100, lowerBound: 1, elapsedMs: 5 }, startedAt: Date.now(), updatedAt: Date.now() };
    await realEnv.SOLUTIONS!.put(`job:v1:${id}`, JSON.stringify(record));
    await realEnv.SOLUTIONS!.put(key, JSON.stringify({ overBudget: 1, budget: { maxWork: 15_000 }, job: { steps: 3, nodes: 100 } }));
    forgetRecent();
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, `${id}-r2`);
    expect((await post({ layout: LAYOUT, goal })).status).toBe(202);
    await instance.waitForStatus('complete');
  });
});
