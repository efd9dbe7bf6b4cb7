/** The tablebase inside workerd: tables from the static assets, no KV writes, no 503 on the classic board. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseLayoutOrThrow } from '../../solver/index.ts';
import { SizedLru } from '../../worker/sized-lru.ts';
import { MAX_TABLE_BYTES, forgetTables, keptTableBytes } from '../../worker/tablebase.ts';
import { randomArrangement, toCode } from '../helpers/classic-reference.ts';
import { parseClassicTable } from '../helpers/tables.ts';
import classicTsv from '../../data/classic.tsv?raw';
import { seededRandom } from '../helpers/random-layouts.ts';
import { refBoard, refReplay } from '../helpers/reference.ts';
import { call, freshClient, json, realEnv, ROOMY } from './helpers.ts';

const CLASSIC = parseClassicTable(classicTsv);

function expectReachesGoal(code: string, body: any): void {
  const layout = parseLayoutOrThrow(code);
  const end = refReplay(refBoard(4, 5, layout.pieces), body.metric, body.moves);
  const block = layout.pieces.findIndex((p) => p.letter === 'B');
  expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual([3, 1]);
  expect(body.moves).toHaveLength(body.length);
}

describe('GET /solve answers the classic board from the tablebase', () => {
  it('all 42 named layouts in all three metrics at the default budget: 200, optimal, legal, nothing written to KV', async () => {
    for (const named of CLASSIC) {
      for (const metric of ['move', 'straight', 'step'] as const) {
        const res = await call(`/solve?layout=${named.layout}&metric=${metric}`, { headers: freshClient() });
        expect(res.status, `${named.name} ${metric}`).toBe(200);
        const body = await json(res);
        expect(body).toMatchObject({ length: named[metric], solvable: named[metric] !== null, optimal: true, cached: false, stats: { algorithm: 'table' } });
        if (body.length !== null) expectReachesGoal(named.layout, body);
        expect(res.headers.get('Server-Timing')).toMatch(/^table;desc="tablebase load";dur=[\d.]+, solve;desc="table walk";dur=[\d.]+$/);
        expect(await realEnv.SOLUTIONS!.get(`v1:${metric}:${body.canonical}`)).toBeNull();
      }
    }
  });

  it('峰回路转, refused with 503 before the tablebase, is 138 moves; its mirror image too', async () => {
    for (const code of ['SSSV-BBVV-BBVV-.HHV-.SHH', 'VSSS-VVBB-VVBB-VHH.-HHS.']) {
      const body = await json(await call(`/solve?layout=${code}`, { headers: freshClient() }));
      expect(body).toMatchObject({ layout: code, length: 138, stats: { algorithm: 'table' } });
      expectReachesGoal(code, body);
    }
  });

  it('no 503 for any classic position: random arrangements of every piece mix', async () => {
    const rand = seededRandom(11);
    const statuses = new Map<number, number>();
    for (let v = 0; v <= 7; v++) {
      for (let h = 0; v + h <= 7; h++) {
        for (let k = 0; k < 3; k++) {
          const position = randomArrangement(rand, v, h, 14 - 2 * (v + h));
          if (!position) continue;
          const code = toCode(position);
          const res = await call(`/solve?layout=${code}&metric=${['move', 'straight', 'step'][k]}`, { headers: freshClient() });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = await json(res);
          expect(body.stats.algorithm).toBe('table');
          if (body.solvable) expectReachesGoal(code, body);
        }
      }
    }
    expect([...statuses.keys()]).toEqual([200]);
    expect(statuses.get(200)).toBeGreaterThan(90);
  });

  it('table answers are not rate-limited (they cost less than a cache read)', async () => {
    const denying = { limit: async () => ({ success: false }) } as unknown as RateLimit;
    const res = await call('/solve?layout=VBBV-VBBV-VHHV-VSSV-S..S', {}, { MISS_LIMITER: denying });
    expect(res.status).toBe(200);
  });

  it('keeps the tables it loaded in the isolate, within the bound', async () => {
    expect(keptTableBytes()).toBeGreaterThan(0);
    expect(keptTableBytes()).toBeLessThanOrEqual(MAX_TABLE_BYTES);
  });
});

describe('a table the assets cannot give', () => {
  afterEach(() => forgetTables());

  it('damaged (checksum) or missing: a logged warning and the answer from search', async () => {
    const damaged = {
      fetch: async (req: Request) => {
        const res = await realEnv.ASSETS!.fetch(req);
        const bytes = new Uint8Array(await res.arrayBuffer());
        bytes[bytes.length - 10]! ^= 1;
        return new Response(bytes);
      },
    } as unknown as Fetcher;
    const missing = { fetch: async () => new Response('not found', { status: 404 }) } as unknown as Fetcher;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [assets, message, code] of [
      [damaged, 'checksum mismatch', 'VBBV-VBBV-VHHV-VSSV-S..S'],
      [missing, 'HTTP 404', 'SBBS-VBBV-VHHV-VSSV-V..V'],
    ] as const) {
      forgetTables();
      // POST: not answered by the Cache API, which holds earlier GET answers.
      const res = await call('/solve', { method: 'POST', headers: { 'Content-Type': 'application/json', ...freshClient() }, body: JSON.stringify({ layout: code, metric: 'step' }) }, { ...ROOMY, ASSETS: assets });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.stats.algorithm).toBe('astar');
      expectReachesGoal(code, body);
      expect(warn.mock.calls.flat().join(' ')).toContain(message);
    }
    warn.mockRestore();
  });
});

describe('SizedLru', () => {
  it('drops the least recently used entries past its bound, and never keeps an entry larger than the bound', () => {
    const lru = new SizedLru<string>(250);
    lru.set('a', 'A', 100);
    lru.set('b', 'B', 100);
    lru.get('a');
    lru.set('c', 'C', 100);
    expect(lru.keys()).toEqual(['a', 'c']);
    expect(lru.size).toBe(200);
    lru.set('big', 'X', 300);
    expect(lru.keys()).toEqual(['a', 'c']);
    lru.set('d', 'D', 250);
    expect(lru.keys()).toEqual(['d']);
    expect(lru.size).toBe(250);
  });
});
