/**
 * POST /solve/answers: a line a browser found is replayed and stored — optimal only where its length equals a lower
 * bound the server proved — and /solve serves it; illegal and longer lines are refused.
 */
import { introspectWorkflowInstance } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { canonicalize, checkSolution, formatLayout, mirrorLayout, mirrorMoves, parseLayoutOrThrow, solve, type GoalSpec, type Move } from '../../solver/index.ts';
import { cacheKey, forgetRecent } from '../../worker/cache.ts';
import { jobIdOf } from '../../worker/jobs.ts';
import { call, freshClient, json, NO_JOBS, realEnv } from './helpers.ts';

const LAYOUT = 'VBBV-VBBV-VHHV-VS.V-S..S';

function postJson(path: string, body: object, overrides: Record<string, unknown> = {}): Promise<Response> {
  return call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify(body) }, overrides);
}

/** The optimal line (the solver, no budget) and the key the server stores the puzzle under. */
function optimal(goal: GoalSpec): { moves: Move[]; key: string } {
  const result = solve(parseLayoutOrThrow(LAYOUT), { goal });
  expect(result.status).toBe('solved');
  return { moves: result.moves, key: cacheKey('move', canonicalize(parseLayoutOrThrow(LAYOUT), goal).code) };
}

/** The line with a detour: its first move made, undone, made again (two moves longer, still legal). */
function detour(moves: Move[]): Move[] {
  const [first] = moves;
  const back: Move = { from: first!.to, to: first!.from, path: [...first!.path].reverse() };
  return [first!, back, ...moves];
}

/** What the server proved when its search stopped: a request's over-budget mark with bound `bound`. */
async function markOverBudget(key: string, bound: number): Promise<void> {
  await realEnv.SOLUTIONS!.put(key, JSON.stringify({ overBudget: bound, budget: { maxWork: 480_000 }, stoppedBy: 'work' }));
  forgetRecent();
}

describe('POST /solve/answers', () => {
  it('a line longer than the proven bound is stored as the best known (optimal: false) and served by /solve with the bound; a longer one is then refused', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [3, 0] };
    // The server searches and cannot finish: 503 with a lower bound (no jobs here).
    const refused = await postJson('/solve', { layout: LAYOUT, goal }, { SOLVE_MAX_WORK: '3000', ...NO_JOBS });
    expect(refused.status).toBe(503);
    const bound = (await json(refused)).error.lowerBound;
    const { moves } = optimal(goal);
    expect(moves.length).toBeGreaterThan(bound);
    const res = await postJson('/solve/answers', { layout: LAYOUT, goal, moves: detour(moves) });
    expect(res.status).toBe(201);
    const stored = await json(res);
    expect(stored).toMatchObject({ stored: true, state: 'solved', optimal: false, length: moves.length + 2, lowerBound: bound });
    const served = await postJson('/solve', { layout: LAYOUT, goal }, NO_JOBS);
    expect(served.status).toBe(200);
    const body = await json(served);
    expect(body).toMatchObject({ state: 'solved', status: 'solved', optimal: false, length: moves.length + 2, lowerBound: bound, cached: true, stats: { algorithm: 'posted' } });
    expect(body.message).toBe(`Solved in ${moves.length + 2} moves (not proven optimal). It is the best known solution, not proven shortest; no solution is shorter than ${bound} moves.`);
    expect(checkSolution(parseLayoutOrThrow(LAYOUT), 'move', body.moves, goal)).toBeNull();
    const longer = await postJson('/solve/answers', { layout: LAYOUT, goal, moves: detour(detour(moves)) });
    expect(longer.status).toBe(409);
    expect((await json(longer)).error).toEqual({ code: 'longer-than-stored', message: `a solution of ${moves.length + 2} moves is stored; this line has ${moves.length + 4} moves` });
    // A shorter one replaces it.
    expect((await postJson('/solve/answers', { layout: LAYOUT, goal, moves })).status).toBe(201);
    expect((await json(await postJson('/solve', { layout: LAYOUT, goal }, NO_JOBS))).length).toBe(moves.length);
  });

  it('optimal only where its length equals the proven bound (a mark\'s, or a job record\'s)', async () => {
    const tight: GoalSpec = { piece: [0, 1], at: [1, 0] };
    const a = optimal(tight);
    await markOverBudget(a.key, a.moves.length);
    const res = await json(await postJson('/solve/answers', { layout: LAYOUT, goal: tight, moves: a.moves }));
    expect(res).toMatchObject({ stored: true, optimal: true, length: a.moves.length, lowerBound: a.moves.length });
    expect(await json(await postJson('/solve', { layout: LAYOUT, goal: tight }, NO_JOBS))).toMatchObject({ optimal: true, state: 'solved', length: a.moves.length });

    const loose: GoalSpec = { piece: [0, 1], at: [2, 0] };
    const b = optimal(loose);
    await markOverBudget(b.key, b.moves.length - 1);
    expect(await json(await postJson('/solve/answers', { layout: LAYOUT, goal: loose, moves: b.moves }))).toMatchObject({ optimal: false, lowerBound: b.moves.length - 1 });

    // A job's record: its progress is what it proved so far.
    const byJob: GoalSpec = { piece: [0, 1], at: [1, 2] };
    const c = optimal(byJob);
    const id = await jobIdOf(c.key);
    await realEnv.SOLUTIONS!.put(`job:v1:${id}`, JSON.stringify({ id, key: c.key, width: 4, height: 5, input: { layout: LAYOUT, goal: byJob }, status: 'searching', progress: { steps: 5, nodes: 99, lowerBound: c.moves.length, elapsedMs: 1 }, startedAt: Date.now(), updatedAt: Date.now() }));
    expect(await json(await postJson('/solve/answers', { layout: LAYOUT, goal: byJob, moves: c.moves }))).toMatchObject({ stored: true, optimal: true });
  });

  it('replays in the request\'s orientation: a mirror image\'s line is stored once and served to both', async () => {
    const code = 'VBBV-VBBV-VHHV-VS.V-S..S-SS.S'; // 4×6: not in the tablebase; the default goal is symmetric, so mirrors fold
    const layout = parseLayoutOrThrow(code);
    const mirror = formatLayout(mirrorLayout(layout));
    const key = cacheKey('move', canonicalize(layout, null).code);
    expect(cacheKey('move', canonicalize(parseLayoutOrThrow(mirror), null).code)).toBe(key);
    expect(mirror).not.toBe(code);
    const { moves } = solve(layout);
    await markOverBudget(key, 1);
    expect((await postJson('/solve/answers', { layout: mirror, moves: mirrorMoves(layout, moves) })).status).toBe(201);
    for (const [asked, parsed] of [[code, layout], [mirror, parseLayoutOrThrow(mirror)]] as const) {
      const res = await call(`/solve?layout=${asked}`, { headers: freshClient() }, NO_JOBS);
      // Not immutable: a shorter line or a job's optimal answer may replace it.
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
      const served = await json(res);
      expect(served).toMatchObject({ length: moves.length, optimal: false, lowerBound: 1 });
      expect(checkSolution(parsed, 'move', served.moves)).toBeNull();
    }
  });

  it('refuses an illegal line with 400 naming the first bad move, and one that stops short of the goal', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [2, 2] };
    const { moves, key } = optimal(goal);
    await markOverBudget(key, 1);
    const bad = moves.map((m, i) => (i === 2 ? { from: m.from, to: [0, 0] as [number, number], path: [m.from, [0, 0] as [number, number]] } : m));
    const res = await postJson('/solve/answers', { layout: LAYOUT, goal, moves: bad });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'bad-solution', message: expect.stringMatching(/^the moves do not solve this layout: move 3 \(.*\) is not legal$/) });
    const short = await postJson('/solve/answers', { layout: LAYOUT, goal, moves: moves.slice(0, -1) });
    expect(short.status).toBe(400);
    expect((await json(short)).error.message).toBe(`the moves do not solve this layout: the ${moves.length - 1} moves do not reach the goal`);
    expect(await realEnv.SOLUTIONS!.get(key)).toContain('overBudget');
  });

  it('takes no line for a puzzle the server has not searched, nor for tiles; bounds its body', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [0, 2] };
    const { moves } = optimal(goal);
    const unsearched = await postJson('/solve/answers', { layout: LAYOUT, goal, moves });
    expect(unsearched.status).toBe(409);
    expect((await json(unsearched)).error.code).toBe('not-searched');
    const tiles = await postJson('/solve/answers', { layout: '123-456-7.8', moves: [] });
    expect(tiles.status).toBe(400);
    expect((await json(tiles)).error.code).toBe('not-supported');
    const huge = await postJson('/solve/answers', { layout: LAYOUT, goal, moves: Array.from({ length: 3000 }, () => moves[0]) });
    expect(huge.status).toBe(413);
    const tooMany = await postJson('/solve/answers', { layout: LAYOUT, goal, moves: Array.from({ length: 1001 }, () => ({ from: [0, 0], to: [0, 1], path: [] })) });
    expect(tooMany.status).toBe(400);
    const limited = await postJson('/solve/answers', { layout: LAYOUT, goal, moves }, { MISS_LIMITER: { limit: async () => ({ success: false }) } });
    expect(limited.status).toBe(429);
  });

  it('a line posted while the job searches stays when the job gives up (its bound raised), and the job URL shows it', async () => {
    const goal: GoalSpec = { piece: [0, 1], at: [2, 1] };
    const { moves, key } = optimal(goal);
    const id = await jobIdOf(key);
    await using instance = await introspectWorkflowInstance(realEnv.SOLVE_JOBS!, id);
    // Its first step fails twice (a second between tries): the line arrives while the job still searches.
    await instance.modify(async (m) => m.mockStepError({ name: 'search 1' }, new Error('the isolate was evicted'), 2));
    expect((await postJson('/solve', { layout: LAYOUT, goal }, { SOLVE_MAX_WORK: '3000', JOB_STEP_WORK: '5000', JOB_MAX_STEPS: '3' })).status).toBe(202);
    expect(JSON.parse((await realEnv.SOLUTIONS!.get(`job:v1:${id}`))!).status).toBe('searching');
    expect(await json(await postJson('/solve/answers', { layout: LAYOUT, goal, moves: detour(moves) }))).toMatchObject({ stored: true, optimal: false });
    await instance.waitForStatus('complete');
    const job = await json(await call(`/solve/jobs/${id}`));
    expect(job).toMatchObject({ status: 'budget-exceeded', state: 'solved', result: { state: 'solved', optimal: false, length: moves.length + 2, lowerBound: job.progress.lowerBound } });
    const entry = JSON.parse((await realEnv.SOLUTIONS!.get(key))!);
    expect(entry).toMatchObject({ status: 'solved', length: moves.length + 2, optimal: false, lowerBound: job.progress.lowerBound });
    expect((await postJson('/solve', { layout: LAYOUT, goal })).status).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await json(await call('/openapi.json'));
    expect(Object.keys(doc.paths['/solve/answers'].post.responses).sort()).toEqual(['200', '201', '400', '409', '413', '415', '429']);
    expect(doc.components.schemas.AnswerRequest.required).toContain('moves');
  });
});
