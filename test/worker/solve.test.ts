import { describe, expect, it } from 'vitest';
import { mirrorLayout, formatLayout, parseLayoutOrThrow } from '../../solver/index.ts';
import { refBoard, refReplay } from '../helpers/reference.ts';
import { call, freshClient, json, NO_JOBS, realEnv, ROOMY } from './helpers.ts';
import { forgetRecent } from '../../worker/cache.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
// Layouts with four empty cells: the tablebase (two or three) does not cover them, so they exercise the search and KV path.
const SEARCHED = 'SBBS-VBBV-VHHV-V..V-V..V';

function expectSolves(code: string, body: any): void {
  const layout = parseLayoutOrThrow(code);
  const end = refReplay(refBoard(layout.width, layout.height, layout.pieces), body.metric, body.moves);
  const goal = layout.pieces.findIndex((p) => p.row === body.goal.piece[0] && p.col === body.goal.piece[1]);
  expect([end.pieces[goal]!.r, end.pieces[goal]!.c]).toEqual(body.goal.at);
  expect(body.moves).toHaveLength(body.length);
}

describe('GET /solve: miss, then hit', () => {
  it('solves, stores under v1:<metric>:<canonical>, then answers from the cache', async () => {
    const first = await call(`/solve?layout=${SEARCHED}`, { headers: freshClient() }, ROOMY);
    expect(first.status).toBe(200);
    const a = await json(first);
    expect(a).toMatchObject({ layout: SEARCHED, canonical: SEARCHED, length: 15, solvable: true, optimal: true, cached: false, metric: 'move', stats: { algorithm: 'astar' } });
    expectSolves(SEARCHED, a);
    expect(await realEnv.SOLUTIONS!.get(`v1:move:${SEARCHED}`)).toBeTruthy();
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('ETag')).toMatch(/^W\/"[0-9a-f]{32}"$/);
    expect(first.headers.get('Server-Timing')).toMatch(/cache;.*dur=.*solve;.*dur=/);

    const second = await call(`/solve?layout=${SEARCHED}`, { headers: freshClient() }, ROOMY);
    const b = await json(second);
    expect(b.cached).toBe(true);
    expect(b.moves).toEqual(a.moves);
    // The weak ETag names the answer: the first (cached: false) and later (cached: true) bodies share it.
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    for (const tag of [first.headers.get('ETag')!, second.headers.get('ETag')!.slice(2)]) {
      const revalidated = await call(`/solve?layout=${SEARCHED}`, { headers: { ...freshClient(), 'If-None-Match': tag } }, ROOMY);
      expect(revalidated.status, tag).toBe(304);
    }
    const third = await call(`/solve?layout=${SEARCHED}`, { headers: freshClient() }, ROOMY);
    expect(await third.text()).toBe(JSON.stringify(b));
    expect(third.headers.get('ETag')).toBe(second.headers.get('ETag'));
  });

  it('a repeat GET is answered by the Cache API, without reading KV', async () => {
    const code = 'SBB.-SBB.-VHHV-VVVV-.VV.'; // 兵临曹营 less two soldiers, not in the tablebase
    expect((await call(`/solve?layout=${code}`, { headers: freshClient() }, ROOMY)).status).toBe(200);
    let reads = 0;
    const counting = { get: (k: string) => (reads++, realEnv.SOLUTIONS!.get(k)), put: () => Promise.resolve() } as unknown as KVNamespace;
    const again = await call(`/solve?layout=${code}`, { headers: freshClient() }, { ...ROOMY, SOLUTIONS: counting });
    expect(again.status).toBe(200);
    expect((await json(again)).cached).toBe(true);
    expect(again.headers.get('Server-Timing')).toContain('edge-cache');
    expect(reads).toBe(0);
  });

  it('If-None-Match: * is answered 304 for a valid layout without solving, 400 for a bad one', async () => {
    const denying = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const ok = await call('/solve?layout=SSSV-BBVV-BBVV-.HHV-..HH', { headers: { 'If-None-Match': '*' } }, { MISS_LIMITER: denying });
    expect(ok.status).toBe(304);
    const bad = await call('/solve?layout=SSSV-BBVV', { headers: { 'If-None-Match': '*' } });
    expect(bad.status).toBe(400);
  });

  it('a mirror image shares the cache entry and gets a correctly mirrored solution', async () => {
    const code = 'VBBS-VBB.-VHHV-VV.V-SV..'; // 雨声淅沥 less two soldiers, not symmetric
    const mirror = formatLayout(mirrorLayout(parseLayoutOrThrow(code)));
    const a = await json(await call(`/solve?layout=${code}`, { headers: freshClient() }, ROOMY));
    const b = await json(await call(`/solve?layout=${mirror}`, { headers: freshClient() }, ROOMY));
    expect(a.cached).toBe(false);
    expect(b.cached).toBe(true);
    expect(b.canonical).toBe(a.canonical);
    expect(b.layout).toBe(mirror);
    expect(b.length).toBe(16);
    expectSolves(code, a);
    expectSolves(mirror, b);
  });

  it('accepts CommonCodes and the other metrics', async () => {
    const body = await json(await call('/solve?layout=1A9BF0C&metric=step', { headers: freshClient() }));
    expect(body).toMatchObject({ layout: HENGDAO, length: 116, metric: 'step', commonCode: '1A9BF0C00' });
    expectSolves(HENGDAO, body);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    await call(`/solve?layout=${HENGDAO}&metric=straight`, { headers: freshClient() });
    const first = await call(`/solve?layout=${HENGDAO}&metric=straight`, { headers: freshClient() });
    const etag = first.headers.get('ETag')!;
    const again = await call(`/solve?layout=${HENGDAO}&metric=straight`, { headers: { ...freshClient(), 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('an unsolvable layout is a normal 200 result, cached too', async () => {
    const res = await call('/solve?layout=VBBV-VBBV-VV.V-VVSV-S...', { headers: freshClient() }, ROOMY); // four empty cells: searched
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ solvable: false, status: 'unsolvable', length: null, moves: [] });
    expect(body.explored).toBeGreaterThan(0);
    expect(await realEnv.SOLUTIONS!.get(`v1:move:${body.canonical}`)).toBeTruthy();
  });
});

describe('POST /solve', () => {
  it('takes JSON with an explicit goal', async () => {
    const res = await call('/solve', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...freshClient() },
      body: JSON.stringify({ layout: 'SBBS-SBBS-.HH.-VVVV-VVVV', metric: 'move', goal: { piece: 'B', at: [3, 0] } }),
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.goal).toEqual({ piece: [0, 1], at: [3, 0] });
    expect(body.canonical).toContain('~0,1@3,0');
    expectSolves('SBBS-SBBS-.HH.-VVVV-VVVV', body);
  });
});

describe('concurrency and a failing cache', () => {
  it('identical concurrent misses share one solve and one cache write', async () => {
    let puts = 0;
    const counting = {
      get: (k: string) => realEnv.SOLUTIONS!.get(k),
      put: (k: string, v: string) => {
        puts++;
        return realEnv.SOLUTIONS!.put(k, v);
      },
    } as unknown as KVNamespace;
    const code = 'VBBS-VBB.-VHHV-VSVV-..V.'; // 一路顺风 less two soldiers, not used elsewhere
    const responses = await Promise.all([1, 2, 3].map(() => call(`/solve?layout=${code}`, { headers: freshClient() }, { ...ROOMY, SOLUTIONS: counting })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(responses.map(json));
    expect(bodies[0].length).toBe(17);
    expect(new Set(bodies.map((b) => JSON.stringify(b.moves))).size).toBe(1);
    expect(puts).toBe(1);
  });

  it('a KV binding that throws still gives 200 from the solver', async () => {
    const broken = {
      get: () => Promise.reject(new Error('KV is down')),
      put: () => Promise.reject(new Error('KV is down')),
    } as unknown as KVNamespace;
    const code = 'SBB.-SBB.-.HH.-VVVV-VVVV'; // 捷足先登 less two soldiers, solved nowhere else in this file
    const res = await call(`/solve?layout=${code}`, { headers: freshClient() }, { ...ROOMY, SOLUTIONS: broken });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ length: 10, cached: false });
  });
});

describe('errors are JSON with a code', () => {
  const cases: Array<[string, string, RequestInit | undefined, number, string, string?]> = [
    ['malformed layout', '/solve?layout=VBBV-VBBV-VHHV-VSSVV-S..S', undefined, 400, 'row-length', 'row 4 has 5 cells, expected 4'],
    ['missing layout', '/solve', undefined, 400, 'invalid-query', 'layout is required'],
    ['unknown metric', `/solve?layout=${HENGDAO}&metric=hop`, undefined, 400, 'invalid-query', 'metric'],
    ['layout over 256 characters', `/solve?layout=${'S'.repeat(300)}`, undefined, 400, 'too-long'],
    ['no empty cell', '/solve?layout=VBBV-VBBV-VHHV-VSSV-SSSS', undefined, 400, 'no-empty', 'no empty cell'],
    ['bad goal', '/solve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout: HENGDAO, goal: { piece: 'X', at: [0, 0] } }) }, 400, 'bad-goal', 'there is no piece X'],
    ['malformed JSON', '/solve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"layout":' }, 400, 'bad-request'],
    ['body over 4 KB', '/solve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout: HENGDAO, pad: 'x'.repeat(5000) }) }, 413, 'body-too-large'],
    ['unknown API path', '/solve/extra', undefined, 404, 'not-found'],
    ['unknown /api path', '/api/nothing', undefined, 404, 'not-found'],
    ['wrong method', '/solve', { method: 'PUT' }, 405, 'method-not-allowed', 'PUT is not allowed on /solve'],
    ['wrong method on healthz', '/healthz', { method: 'DELETE' }, 405, 'method-not-allowed'],
  ];
  for (const [name, path, init, status, code, message] of cases) {
    it(`${name} → ${status} ${code}`, async () => {
      const res = await call(path, { ...init, headers: { ...(init?.headers as object), ...freshClient() } });
      expect(res.status).toBe(status);
      expect(res.headers.get('Content-Type')).toContain('application/json');
      const body = await json(res);
      expect(body.error.code).toBe(code);
      if (message) expect(body.error.message).toContain(message);
      expect(JSON.stringify(body)).not.toMatch(/\n\s+at /);
    });
  }

  it('405 says which methods are allowed', async () => {
    const res = await call('/solve', { method: 'DELETE' });
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('the codec error carries the cell', async () => {
    const body = await json(await call('/solve?layout=VBBV-VBBV-VH%21V-VSSV-S..S', { headers: freshClient() }));
    expect(body.error).toMatchObject({ code: 'bad-character', at: { row: 2, col: 2 } });
  });

  it('a solve over budget (no jobs) is 503 budget-exceeded with a lower bound; repeats are answered from the cache, a higher budget searches again', async () => {
    const code = 'VBBV-VBBV-VHHV-V.SV-..S.'; // 横刀立马 less two soldiers: not in the tablebase, past 3,000 positions
    const res = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify({ layout: code }) }, { SOLVE_MAX_NODES: '2000', ...NO_JOBS });
    expect(res.status).toBe(503);
    expect(res.headers.get('Server-Timing')).toMatch(/solve;.*dur=/);
    const body = await json(res);
    expect(body.error).toMatchObject({ code: 'budget-exceeded', cached: false });
    expect(body.error.lowerBound).toBeGreaterThan(0);
    expect(body.state).toBe('unknown');
    expect(body.error.stoppedBy).toBe('nodes');
    expect(body.error.message).toBe(`Unknown: the search stopped (it reached its limit of positions); no solution is shorter than ${body.error.lowerBound} moves, but whether one exists is not known yet. This layout needs more search than one request may spend.`);
    expect(JSON.parse((await realEnv.SOLUTIONS!.get(`v1:move:${code}`))!)).toEqual({ overBudget: body.error.lowerBound, budget: { maxWork: 480_000, maxNodes: 2000 }, stoppedBy: 'nodes' });
    const repeat = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout: code }) }, { SOLVE_MAX_NODES: '2000', ...NO_JOBS });
    expect(repeat.status).toBe(503);
    expect((await json(repeat)).error).toMatchObject({ code: 'budget-exceeded', cached: true, lowerBound: body.error.lowerBound, stoppedBy: 'nodes' });
    expect(repeat.headers.get('Server-Timing')).toContain('cache;');
    const higher = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify({ layout: code }) }, { SOLVE_MAX_NODES: '3000', ...NO_JOBS });
    expect((await json(higher)).error.cached).toBe(false);
  });

  it('rate-limits cache misses per client with 429 and Retry-After, but not hits', async () => {
    const denying = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const miss = await call('/solve?layout=SBB.-SBB.-HHHH-HHHH-.HH.', {}, { MISS_LIMITER: denying });
    expect(miss.status).toBe(429);
    expect(miss.headers.get('Retry-After')).toBe('60');
    expect((await json(miss)).error.code).toBe('rate-limited');
    const searched = 'HHHH-VBBV-VBBV-SHH.-S...';
    await call(`/solve?layout=${searched}`, { headers: freshClient() });
    const hit = await call(`/solve?layout=${searched}`, {}, { MISS_LIMITER: denying });
    expect(hit.status).toBe(200);
  });

  it('never refuses an answer already stored: after a restart (empty isolate cache) a limited client still gets it from KV', async () => {
    const denying = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const stored = 'HHHH-VBBV-VBBV-.HHS-.S..';
    expect((await call(`/solve?layout=${stored}&metric=step`, { headers: freshClient() }, ROOMY)).status).toBe(200);
    forgetRecent(); // a fresh isolate knows only KV
    const res = await call(`/solve?layout=${stored}&metric=step`, {}, { MISS_LIMITER: denying });
    expect(res.status).toBe(200);
    expect((await json(res)).cached).toBe(true);
    expect((await call('/solve?layout=HHHH-VBBV-VBBV-HH.S-S...&metric=step', {}, { MISS_LIMITER: denying })).status).toBe(429);
  });

  it('the real rate-limit binding eventually says no to one client', async () => {
    const statuses: number[] = [];
    // Distinct tiny puzzles (board width × target column × metric), so every request is a cache miss.
    for (let width = 3; width <= 8 && !statuses.includes(429); width++) {
      for (let col = 0; col <= width - 2 && !statuses.includes(429); col++) {
        for (const metric of ['move', 'step']) {
          const row = `BB${'.'.repeat(width - 2)}`;
          const res = await call('/solve', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9' },
            body: JSON.stringify({ layout: `${row}-${row}`, metric, goal: { piece: 'B', at: [0, col] } }),
          });
          statuses.push(res.status);
        }
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
  });
});

describe('CORS, headers, health and the OpenAPI document', () => {
  it('answers a CORS preflight from any origin', async () => {
    const res = await call('/solve', { method: 'OPTIONS', headers: { Origin: 'https://blog.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'Content-Type' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Access-Control-Allow-Methods')).toContain('POST');
  });

  it('puts security headers on API responses', async () => {
    const res = await call('/healthz');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Strict-Transport-Security')).toBeTruthy();
  });

  it('GET /healthz reports the version', async () => {
    const body = await json(await call('/healthz'));
    expect(body).toMatchObject({ status: 'ok', cacheVersion: 'v1' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /openapi.json is OpenAPI 3.1 describing /solve and its errors', async () => {
    const doc = await json(await call('/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths['/solve'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/solve'].get.responses)).toEqual(expect.arrayContaining(['200', '304', '400', '413', '429', '503']));
    expect(doc.components.schemas.SolveResult.properties).toHaveProperty('cached');
  });
});

describe('数字华容道 through /solve', () => {
  it('solves a 3×3 tiles code optimally and caches it', async () => {
    const first = await json(await call('/solve?layout=867-254-3.1', { headers: freshClient() }, ROOMY));
    expect(first).toMatchObject({ kind: 'tiles', length: 31, optimal: true, cached: false, goal: { code: '123-456-78.' } });
    const again = await json(await call('/solve?layout=867-254-3.1', { headers: freshClient() }, ROOMY));
    expect(again.cached).toBe(true);
  });

  it('answers an unsolvable tiles code at once with a reason', async () => {
    const body = await json(await call('/solve?layout=213-456-78.', { headers: freshClient() }));
    expect(body).toMatchObject({ solvable: false, status: 'unsolvable', stats: { algorithm: 'parity', nodes: 0 } });
    expect(body.reason).toMatch(/parity/);
  });

  it('takes a goal code by POST and rejects step for tiles', async () => {
    const res = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify({ layout: '123-456-78.', goal: '.12-345-678' }) });
    expect((await json(res)).length).toBe(22);
    const step = await call('/solve?layout=123-456-78.&metric=step', { headers: freshClient() });
    expect(step.status).toBe(400);
    expect((await json(step)).error.code).toBe('bad-metric');
    const dup = await json(await call('/solve?layout=123-456-77.', { headers: freshClient() }));
    expect(dup.error).toMatchObject({ code: 'duplicate-tile', at: { row: 2, col: 1 } });
  });
});

describe('4×4 tiles and the pattern databases', () => {
  it('a paid-plan budget pays for the databases from the static assets and solves a 34-move 15-puzzle with them', async () => {
    const res = await call(`/solve?layout=${encodeURIComponent('164B-9.2C-D378-5EFA')}`, { headers: freshClient() }, { SOLVE_MAX_WORK: '100000000' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect([body.stats.algorithm, body.length, body.optimal]).toEqual(['ida-pdb', 34, true]);
  });
});

describe('GET /solve takes only its own parameters', () => {
  it('answers 400 naming an unknown parameter, so no new cache entry is made for it', async () => {
    const res = await call(`/solve?layout=${HENGDAO}&u=17`, { headers: freshClient() });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe('unknown-parameter');
    expect(body.error.message).toBe('unknown parameter "u": /solve takes layout, goal, metric, slide and optimal');
  });
});
