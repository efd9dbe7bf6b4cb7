/**
 * Who gets a solve job when (worker/job-admission.ts): a client holds one job at a time, and past the cap on running
 * jobs a new one waits its turn in a bounded queue in KV — 202 with its place in line — and starts when a slot frees:
 * when a job ends, or when its URL is read and a slot is free.
 */
import { introspectWorkflowInstance } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalize, parseLayoutOrThrow, type GoalSpec } from '../../solver/index.ts';
import { cacheKey } from '../../worker/cache.ts';
import { jobIdOf } from '../../worker/jobs.ts';
import { call, json, realEnv } from './helpers.ts';

const LAYOUT = 'VBBV-VBBV-VHHV-VS.V-S..S';
const TIGHT = { SOLVE_MAX_WORK: '3000' };

/** The puzzle's job: the layout toward `goal` in `metric` (every one here is past the tight budget, and quick as a job). */
interface Puzzle {
  goal: GoalSpec;
  metric: 'move' | 'straight' | 'step';
}

function post({ goal, metric }: Puzzle, client: string, overrides: Record<string, string> = {}): Promise<Response> {
  return call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client }, body: JSON.stringify({ layout: LAYOUT, goal, metric }) }, { ...TIGHT, ...overrides });
}

const idOf = ({ goal, metric }: Puzzle) => jobIdOf(cacheKey(metric, canonicalize(parseLayoutOrThrow(LAYOUT), goal).code));
const puzzle = (at: [number, number], metric: Puzzle['metric'] = 'move'): Puzzle => ({ goal: { piece: [0, 1], at }, metric });

/** A job some other client runs (its record and marker; no Workflow): it holds a slot until it ends. */
const OTHERS_JOB = 'solve-ffffffffffffffffffffffffffffffff';
const othersRecord = (status: string) => JSON.stringify({ id: OTHERS_JOB, status, progress: { steps: 1, nodes: 1, lowerBound: 1, elapsedMs: 1 }, startedAt: Date.now(), updatedAt: Date.now() });
async function holdSlot(client = '192.0.2.99'): Promise<void> {
  await realEnv.SOLUTIONS!.put(`job:v1:${OTHERS_JOB}`, othersRecord('searching'));
  await realEnv.SOLUTIONS!.put(`running:v1:${OTHERS_JOB}`, '1', { metadata: { client } });
}
const freeSlot = () => realEnv.SOLUTIONS!.delete(`running:v1:${OTHERS_JOB}`);

afterEach(async () => {
  for (const prefix of ['running:v1:', 'queue:v1:']) {
    for (const k of (await realEnv.SOLUTIONS!.list({ prefix })).keys) await realEnv.SOLUTIONS!.delete(k.name);
  }
});

describe('one job a client', () => {
  it('a client whose job runs gets 429 job-running, naming it, for another layout; its own layout joins; another client starts one', async () => {
    await holdSlot('192.0.2.7');
    const mine = puzzle([2, 2]);
    const res = await post(mine, '192.0.2.7');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await json(res);
    expect(body.error).toMatchObject({ code: 'job-running', job: { id: OTHERS_JOB, url: `http://huarong.test/solve/jobs/${OTHERS_JOB}` } });
    expect(body.error.message).toBe(`this address already has a solve job (http://huarong.test/solve/jobs/${OTHERS_JOB}); one at a time: ask for this layout again once it ends`);
    // Nothing was started or queued for it.
    expect(await realEnv.SOLUTIONS!.get(`job:v1:${await idOf(mine)}`)).toBeNull();
    expect((await realEnv.SOLUTIONS!.list({ prefix: 'queue:v1:' })).keys).toEqual([]);
    // Another client is not held up by it.
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, await idOf(mine));
    expect((await post(mine, '192.0.2.8')).status).toBe(202);
    await instance.waitForStatus('complete');
  });

  it('a client whose job waits in line is not given a second place either', async () => {
    await holdSlot();
    const first = await post(puzzle([3, 0]), '192.0.2.20', { JOB_MAX_RUNNING: '1' });
    expect(first.status).toBe(202);
    expect((await json(first)).queue).toEqual({ position: 1, ahead: 0 });
    const second = await post(puzzle([3, 2]), '192.0.2.20', { JOB_MAX_RUNNING: '1' });
    expect(second.status).toBe(429);
    expect((await json(second)).error).toMatchObject({ code: 'job-running', job: { id: await idOf(puzzle([3, 0])) } });
    expect((await realEnv.SOLUTIONS!.list({ prefix: 'queue:v1:' })).keys).toHaveLength(1);
  });
});

describe('the queue', () => {
  it('past the cap: 202 with the place in line; the job URL says it; a freed slot starts the first on its URL\'s GET, and the job that ends starts the next', async () => {
    const limits = { JOB_MAX_RUNNING: '1' };
    const goalB = puzzle([2, 0]);
    const goalC = puzzle([2, 1]);
    const [idB, idC] = [await idOf(goalB), await idOf(goalC)];
    await using instanceB = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, idB);
    await using instanceC = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, idC);
    await holdSlot();
    const b = await post(goalB, '192.0.2.30', limits);
    expect(b.status).toBe(202);
    const bodyB = await json(b);
    expect(bodyB).toMatchObject({ state: 'unknown', status: 'searching', code: 'budget-exceeded', job: { id: idB, steps: 0 }, queue: { position: 1, ahead: 0 } });
    expect(bodyB.message).toContain(`A solve job will go on with it once a slot is free (it is next in line): see http://huarong.test/solve/jobs/${idB}`);
    expect(b.headers.get('Location')).toBe(`http://huarong.test/solve/jobs/${idB}`);
    const c = await post(goalC, '192.0.2.31', limits);
    expect(c.status).toBe(202);
    expect(await json(c)).toMatchObject({ job: { id: idC }, queue: { position: 2, ahead: 1 } });
    // A request joining C's job sees the same place.
    expect(await json(await post(goalC, '192.0.2.32', limits))).toMatchObject({ job: { id: idC }, queue: { position: 2, ahead: 1 } });
    // The job URL: not ended (status searching, as clients written before the queue expect), and where it stands.
    const waiting = await json(await call(`/solve/jobs/${idB}`, {}, limits));
    expect(waiting).toMatchObject({ id: idB, status: 'searching', progress: { steps: 0 }, queue: { position: 1, ahead: 0 } });
    // The slot frees: B's URL starts it.
    await freeSlot();
    const started = await json(await call(`/solve/jobs/${idB}`, {}, limits));
    expect(started.queue).toBeUndefined();
    await instanceB.waitForStatus('complete');
    expect((await json(await call(`/solve/jobs/${idB}`, {}, limits))).status).toBe('solved');
    // B's job ended and started C, the next in line.
    await instanceC.waitForStatus('complete');
    const jobC = await json(await call(`/solve/jobs/${idC}`, {}, limits));
    expect(jobC).toMatchObject({ status: 'solved', state: 'solved', result: { optimal: true } });
    expect(jobC.queue).toBeUndefined();
    expect((await realEnv.SOLUTIONS!.list({ prefix: 'queue:v1:' })).keys).toEqual([]);
    expect((await realEnv.SOLUTIONS!.list({ prefix: 'running:v1:' })).keys).toEqual([]);
  });

  it('a full queue answers 503 jobs-busy with Retry-After and starts nothing', async () => {
    await holdSlot();
    const limits = { JOB_MAX_RUNNING: '1', JOB_MAX_QUEUED: '1' };
    expect((await post(puzzle([3, 0], 'straight'), '192.0.2.40', limits)).status).toBe(202);
    const full = await post(puzzle([3, 2], 'straight'), '192.0.2.41', limits);
    expect(full.status).toBe(503);
    expect(full.headers.get('Retry-After')).toBe('60');
    expect((await json(full)).error.code).toBe('jobs-busy');
    expect(await realEnv.SOLUTIONS!.get(`job:v1:${await idOf(puzzle([3, 2], 'straight'))}`)).toBeNull();
  });

  it('a running marker whose job is no longer searching does not hold the queue up', async () => {
    // The marker of a job that ended (its record says so) but whose marker stayed: cleared when the queue needs the slot.
    await holdSlot();
    await realEnv.SOLUTIONS!.put(`job:v1:${OTHERS_JOB}`, othersRecord('solved'));
    const id = await idOf(puzzle([2, 2], 'straight'));
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const res = await post(puzzle([2, 2], 'straight'), '192.0.2.50', { JOB_MAX_RUNNING: '1' });
    expect(res.status).toBe(202);
    expect((await json(res)).queue).toBeUndefined();
    await instance.waitForStatus('complete');
    expect(await realEnv.SOLUTIONS!.get(`running:v1:${OTHERS_JOB}`)).toBeNull();
  });
});
