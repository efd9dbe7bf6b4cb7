/**
 * Solve jobs in workerd: what the request budget refuses answers 202 and a Workflow (worker/solve-workflow.ts) of
 * resumable IDA* steps finishes it; the answer lands in KV under the puzzle's cache key.
 */
import { introspectWorkflowInstance } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { canonicalize, parseLayoutOrThrow, parseTilesOrThrow, resolveGoal, solveTiles, type GoalSpec } from '../../solver/index.ts';
import { seededRandom } from '../helpers/random-layouts.ts';
import { randomWalk, replayTiles } from '../helpers/tiles-reference.ts';
import { GIVE_UP_TTL_S, cacheKey } from '../../worker/cache.ts';
import { solverFingerprint } from '../../worker/job-fingerprint.ts';
import { jobIdOf } from '../../worker/jobs.ts';
import { refBoard, refDistance, refReplay } from '../helpers/reference.ts';
import { call, freshClient, json, realEnv } from './helpers.ts';

/** A budget the request spends at once: every searched board here is refused and becomes a job. */
const TIGHT = { SOLVE_MAX_WORK: '3000' };

function post(body: object, overrides: Record<string, string> = TIGHT): Promise<Response> {
  return call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify(body) }, overrides);
}

async function jobIdFor(layout: string, goal: GoalSpec | null, metric = 'move'): Promise<string> {
  return jobIdOf(cacheKey(metric, canonicalize(parseLayoutOrThrow(layout), goal).code));
}

/** The reference: the plain breadth-first search of test/helpers (boards of up to 20 cells here). */
function expectOptimal(layout: string, goal: GoalSpec | null, metric: 'move' | 'straight' | 'step', result: any): void {
  const parsed = parseLayoutOrThrow(layout);
  const resolved = resolveGoal(parsed, goal);
  const ref = refBoard(parsed.width, parsed.height, parsed.pieces);
  expect(result.length).toBe(refDistance(ref, resolved.pieceIndex, [resolved.row, resolved.col], metric));
  const end = refReplay(ref, metric, result.moves);
  expect([end.pieces[resolved.pieceIndex]!.r, end.pieces[resolved.pieceIndex]!.c]).toEqual([resolved.row, resolved.col]);
}

describe('solve jobs', () => {
  it('202 with the job, its progress readable, then the optimal answer: at the job URL and from /solve (cached)', async () => {
    const layout = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const goal: GoalSpec = { piece: [0, 1], at: [3, 0] };
    const id = await jobIdFor(layout, goal);
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const res = await post({ layout, goal });
    expect(res.status).toBe(202);
    const body = await json(res);
    expect(body).toMatchObject({ state: 'unknown', status: 'searching', code: 'budget-exceeded', stoppedBy: 'work', cached: false });
    // Not an error: a job going on carries no error object.
    expect(body.error).toBeUndefined();
    expect(body.message).toBe(`Unknown: the search stopped (its budget was spent); no solution is shorter than ${body.lowerBound} moves, but whether one exists is not known yet. A solve job goes on with it: see ${body.job.url}`);
    expect(body.job).toMatchObject({ id, url: `http://huarong.test/solve/jobs/${id}`, steps: 0, nodes: 0 });
    expect(body.job.lowerBound).toBeGreaterThan(0);
    expect(res.headers.get('Location')).toBe(body.job.url);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    const early = await json(await call(`/solve/jobs/${id}`));
    expect(['searching', 'solved']).toContain(early.status);
    expect(Object.keys(early.progress).sort()).toEqual(['elapsedMs', 'lowerBound', 'nodes', 'steps']);
    await instance.waitForStatus('complete');
    const done = await call(`/solve/jobs/${id}`);
    expect(done.status).toBe(200);
    const job = await json(done);
    expect(job).toMatchObject({ id, status: 'solved', state: 'solved', result: { status: 'solved', state: 'solved', optimal: true, metric: 'move', cached: true } });
    // A space this small is settled by the job's breadth-first steps (job-search.ts); larger ones by IDA*.
    expect(['bfs', 'ida']).toContain(job.result.stats.algorithm);
    expect(job.progress.steps).toBeGreaterThan(1);
    expectOptimal(layout, goal, 'move', job.result);
    const again = await post({ layout, goal });
    expect(again.status).toBe(200);
    const answer = await json(again);
    expect(answer).toMatchObject({ cached: true, length: job.result.length });
    expect(answer.moves).toEqual(job.result.moves);
    expect(JSON.parse((await realEnv.SOLUTIONS!.get(cacheKey('move', canonicalize(parseLayoutOrThrow(layout), goal).code)))!).length).toBe(job.result.length);
    expect((await realEnv.SOLUTIONS!.list({ prefix: `running:v1:${id}` })).keys).toEqual([]);
  });

  it('identical requests join one job', async () => {
    const layout = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const goal: GoalSpec = { piece: [0, 1], at: [3, 2] };
    const id = await jobIdFor(layout, goal, 'step');
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => post({ layout, goal, metric: 'step' })));
    const bodies = await Promise.all(answers.map((r) => json(r)));
    // Those that come after the job ended get its answer (200, cached); all others the same job.
    expect(answers[0]!.status).toBe(202);
    expect(answers.every((r) => r.status === 202 || r.status === 200)).toBe(true);
    expect(new Set(bodies.filter((b) => b.job).map((b) => b.job.id))).toEqual(new Set([id]));
    const record = JSON.parse((await realEnv.SOLUTIONS!.get(`job:v1:${id}`))!);
    expect(bodies.filter((b) => !b.job).every((b) => b.cached === true)).toBe(true);
    expect(record.input).toEqual({ layout, goal, metric: 'step' });
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job.status).toBe('solved');
    expectOptimal(layout, goal, 'step', job.result);
  });

  it('a step that fails is retried from the checkpoint before it: the same answer, no step lost but that one', async () => {
    const layout = 'SBBS-SBB.-SSSS-V..S-VHHS';
    const goal: GoalSpec = { piece: [0, 1], at: [2, 2] };
    const id = await jobIdFor(layout, goal);
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    await instance.modify(async (m) => {
      await m.disableRetryDelays();
      await m.mockStepError({ name: 'search 2' }, new Error('the isolate was evicted'), 2);
    });
    expect((await post({ layout, goal }, { ...TIGHT, JOB_STEP_WORK: '20000' })).status).toBe(202);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job.status).toBe('solved');
    expect(job.progress.steps).toBeGreaterThan(2);
    expectOptimal(layout, goal, 'move', job.result);
  });

  it('a job that spends its steps ends unknown with its bound (with units), stored with the solver\'s fingerprint: later requests get an honest 503 and start nothing', async () => {
    const layout = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const goal: GoalSpec = { piece: [0, 1], at: [3, 2] };
    const id = await jobIdFor(layout, goal, 'straight');
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const limits = { ...TIGHT, JOB_STEP_WORK: '5000', JOB_MAX_STEPS: '3' };
    expect((await post({ layout, goal, metric: 'straight' }, limits)).status).toBe(202);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    const bound = job.progress.lowerBound;
    expect(bound).toBeGreaterThan(0);
    expect(job).toMatchObject({ status: 'budget-exceeded', state: 'unknown', progress: { steps: 3 }, error: { code: 'budget-exceeded', lowerBound: bound, stoppedBy: 'steps' } });
    expect(job.error.message).toContain(`Unknown: the search stopped (the solve job spent its steps) after ${job.progress.nodes.toLocaleString('en-US')} positions; no solution is shorter than ${bound} straight moves`);
    // The give-up mark: its bound, how much it searched, the solver's fingerprint and when; it expires (a day).
    const key = cacheKey('straight', canonicalize(parseLayoutOrThrow(layout), goal).code);
    const mark = JSON.parse((await realEnv.SOLUTIONS!.get(key))!);
    expect(mark).toMatchObject({ overBudget: bound, stoppedBy: 'steps', job: { steps: 3, nodes: job.progress.nodes, fingerprint: await solverFingerprint(realEnv) } });
    expect(mark.job.fingerprint).toMatch(/^[0-9a-f]{24}$/);
    expect(Date.now() - mark.job.endedAt).toBeLessThan(60_000);
    const listed = (await realEnv.SOLUTIONS!.list({ prefix: key })).keys.find((k) => k.name === key)!;
    expect(listed.expiration).toBeGreaterThan(Date.now() / 1000 + GIVE_UP_TTL_S - 120);
    expect(listed.expiration).toBeLessThanOrEqual(Date.now() / 1000 + GIVE_UP_TTL_S + 1);
    const later = await post({ layout, goal, metric: 'straight' }, limits);
    expect(later.status).toBe(503);
    const body = await json(later);
    expect(body.state).toBe('unknown');
    expect(body.error).toMatchObject({ code: 'budget-exceeded', lowerBound: bound, stoppedBy: 'steps' });
    expect(body.error.message).toContain(`no solution is shorter than ${bound} straight moves`);
    expect(body.error.message).toMatch(/A solve job searched it for 3 steps; it is searched again from \d{4}-\d\d-\d\dT[\d:]+Z, or sooner when the solver changes\.$/);
    expect(body.error.message).not.toMatch(/gave up/);
    expect(Number(later.headers.get('Retry-After'))).toBeGreaterThan(GIVE_UP_TTL_S - 120);
    expect(JSON.parse((await realEnv.SOLUTIONS!.get(`job:v1:${id}`))!).attempt).toBeUndefined();
  });

  it('past the cap on running jobs with no room in the queue: 503 jobs-busy with Retry-After, and no job started', async () => {
    const layout = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const goal: GoalSpec = { piece: [0, 1], at: [2, 0] };
    const id = await jobIdFor(layout, goal);
    await realEnv.SOLUTIONS!.put('running:v1:solve-someone-else', '1');
    try {
      // No room to wait either (JOB_MAX_QUEUED 0): the refusal as before the queue (job-queue.test.ts tests the queue).
      const res = await post({ layout, goal }, { ...TIGHT, JOB_MAX_RUNNING: '1', JOB_MAX_QUEUED: '0' });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('60');
      expect((await json(res)).error.code).toBe('jobs-busy');
      expect(await realEnv.SOLUTIONS!.get(`job:v1:${id}`)).toBeNull();
    } finally {
      await realEnv.SOLUTIONS!.delete('running:v1:solve-someone-else');
    }
  });

  it('starting a job counts against the client\'s miss limit: a limited client gets 429, not a job', async () => {
    const denying = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const res = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout: 'VBBV-VBBV-VHHV-VS.V-S..S', goal: { piece: [0, 1], at: [1, 2] } }) }, { ...TIGHT, MISS_LIMITER: denying });
    expect(res.status).toBe(429);
  });

  it('a 15-puzzle the request refuses goes on as a job on the 4×4 databases (expanded in parts, a step at a time) and ends optimal', async () => {
    // A position some 40 moves from the goal: far past the tight request budget, a few steps for the databases' search.
    const rand = seededRandom(4242);
    const flat = randomWalk('123456789ABCDEF.', 4, 80, rand);
    const layout = flat.match(/.{4}/g)!.join('-');
    const id = await jobIdOf(cacheKey('move', layout));
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const res = await post({ layout });
    expect(res.status).toBe(202);
    expect((await json(res)).job.id).toBe(id);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job).toMatchObject({ status: 'solved', result: { kind: 'tiles', status: 'solved', optimal: true, cached: true, stats: { algorithm: 'ida-pdb' } } });
    // The databases are expanded in parts within the steps' work (20 M units in steps of 600,000): many steps.
    expect(job.progress.steps).toBeGreaterThan(30);
    // The reference: the plain IDA* (Manhattan distance and linear conflicts, no databases) with no budget.
    const reference = solveTiles(parseTilesOrThrow(layout), { maxMs: 120_000 });
    expect(job.result.length).toBe(reference.length);
    expect(replayTiles(flat, 4, 'move', job.result.moves)).toBe('123456789ABCDEF.');
    const again = await post({ layout });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ cached: true, length: reference.length });
  });

  it('an unknown job is 404 JSON; bad input is 400 and leaves nothing in KV', async () => {
    for (const id of ['solve-00000000000000000000000000000000', 'nope', '..%2F']) {
      const res = await call(`/solve/jobs/${id}`);
      expect(res.status, id).toBe(404);
      expect((await json(res)).error.code).toBe('not-found');
    }
    const before = (await realEnv.SOLUTIONS!.list()).keys.length;
    for (const body of [{ layout: 'VBBV-VBBV-VHHV-VS.V-S.!S' }, { layout: 'VBBV-VBBV-VHHV-VS.V-S..S', goal: { piece: [4, 1], at: [0, 0] } }]) {
      expect((await post(body)).status).toBe(400);
    }
    expect((await realEnv.SOLUTIONS!.list()).keys.length).toBe(before);
  });

  it('the OpenAPI document describes the 202 and the job', async () => {
    const doc = await json(await call('/openapi.json'));
    expect(Object.keys(doc.paths['/solve'].post.responses)).toContain('202');
    expect(doc.paths['/solve/jobs/{id}'].get.responses['200']).toBeDefined();
    expect(doc.components.schemas.Job.properties.status.enum).toEqual(['searching', 'solved', 'unsolvable', 'budget-exceeded', 'failed']);
  });
});
