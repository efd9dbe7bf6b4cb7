/**
 * Solve jobs in workerd: what the request budget refuses answers 202 and a Workflow (worker/solve-workflow.ts) of
 * resumable IDA* steps finishes it; the answer lands in KV under the puzzle's cache key.
 */
import { introspectWorkflowInstance } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { canonicalize, parseLayoutOrThrow, parseTilesOrThrow, resolveGoal, solveTiles, type GoalSpec } from '../../solver/index.ts';
import { seededRandom } from '../helpers/random-layouts.ts';
import { randomWalk, replayTiles } from '../helpers/tiles-reference.ts';
import { cacheKey } from '../../worker/cache.ts';
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
    expect(body.status).toBe('searching');
    expect(body.error).toMatchObject({ code: 'budget-exceeded', cached: false });
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
    expect(job).toMatchObject({ id, status: 'solved', result: { status: 'solved', optimal: true, metric: 'move', cached: true, stats: { algorithm: 'ida' } } });
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

  it('a job that spends its steps ends budget-exceeded with its bound, cached for good: later requests get 503 and start nothing', async () => {
    const layout = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const goal: GoalSpec = { piece: [0, 1], at: [3, 2] };
    const id = await jobIdFor(layout, goal, 'straight');
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    const limits = { ...TIGHT, JOB_STEP_WORK: '5000', JOB_MAX_STEPS: '3' };
    expect((await post({ layout, goal, metric: 'straight' }, limits)).status).toBe(202);
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job).toMatchObject({ status: 'budget-exceeded', progress: { steps: 3 }, error: { code: 'budget-exceeded' } });
    const later = await post({ layout, goal, metric: 'straight' });
    expect(later.status).toBe(503);
    const error = (await json(later)).error;
    expect(error.code).toBe('budget-exceeded');
    expect(error.message).toMatch(/a solve job searched [\d,]+ positions in 3 steps and gave up/);
    expect(error.lowerBound).toBe(job.progress.lowerBound);
  });

  it('past the cap on running jobs: 503 jobs-busy with Retry-After, and no job started', async () => {
    const layout = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const goal: GoalSpec = { piece: [0, 1], at: [2, 0] };
    const id = await jobIdFor(layout, goal);
    await realEnv.SOLUTIONS!.put('running:v1:solve-someone-else', '1');
    try {
      const res = await post({ layout, goal }, { ...TIGHT, JOB_MAX_RUNNING: '1' });
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
