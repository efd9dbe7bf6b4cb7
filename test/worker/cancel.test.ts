/**
 * Clients that hang up. Each call here is a real request to the Worker (its own request context in workerd, as in
 * production), aborted by its client at some point; afterwards other clients' misses must be answered as before.
 * In workerd a promise created by a request that has ended never settles in another: a lane or cache that shares
 * promises between requests hangs every later search here.
 */
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { STALE_MS, laneState } from '../../worker/search-lane.ts';
import { randomLayoutCode, scrambledTiles, seededRandom } from '../helpers/random-layouts.ts';
import { realEnv } from './helpers.ts';

const worker = (exports as unknown as { default: Fetcher }).default;
let client = 0;

/** A request from a new client address, aborted after `abortAfterMs` (never, if undefined). */
function send(path: string, abortAfterMs?: number): Promise<Response | 'aborted'> {
  const controller = new AbortController();
  if (abortAfterMs !== undefined) setTimeout(() => controller.abort(), abortAfterMs);
  client++;
  return worker
    .fetch(`http://huarong.test${path}`, { headers: { 'CF-Connecting-IP': `192.0.2.${client % 250}-${client}` }, signal: controller.signal })
    .then((res) => (abortAfterMs === undefined ? res : (void res.body?.cancel().catch(() => {}), 'aborted' as const)))
    .catch(() => 'aborted' as const);
}

/** An over-budget miss: a random 6×6 tiles scramble that the edge budget cannot solve optimally. */
const overBudget = (seed: number) => `/solve?layout=${scrambledTiles(seed, 6, 6, 300)}&optimal=true`;

/** Fails the test instead of hanging when the Worker does not answer within `ms`. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

async function expectLaneRecovers(seedBase: number): Promise<void> {
  const fresh = await within(Promise.all(Array.from({ length: 4 }, (_, i) => send(overBudget(seedBase + i)))), 20_000, 'misses after the cancelled ones');
  for (const res of fresh) {
    expect(res).not.toBe('aborted');
    const r = res as Response;
    const body = await r.json<any>();
    expect(r.status, JSON.stringify(body)).toBe(503);
    expect(body.error.code).toBe('budget-exceeded');
  }
  // Jobs left by aborted requests are dropped once stale, by the next request that waits in the lane.
  await new Promise((r) => setTimeout(r, STALE_MS + 50));
  expect(((await within(send(overBudget(seedBase + 99)), 20_000, 'one more miss')) as Response).status).toBe(503);
  expect(laneState().queued).toBe(0);
}

/** Waits until no solve job runs (their markers in KV), so that jobs' steps do not share the isolate with the lane's test. */
async function jobsEnded(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if ((await realEnv.SOLUTIONS!.list({ prefix: 'running:' })).keys.length === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('solve jobs still running after 60 s');
}

describe('clients that hang up', () => {
  it('a stream of misses at concurrency 16, one client in five aborting queued or mid-search: the others are answered, and so are later misses', async () => {
    const rand = seededRandom(34);
    const failures: string[] = [];
    let sent = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < 400) {
          const n = ++sent;
          const seed = n % 4 === 0 ? n - 3 : n; // every fourth joins an earlier key's search
          // Klotski boards small enough for the request's budget (a refused one would start a solve job: 202).
          const path = n % 2 ? overBudget(6000 + seed) : `/solve?layout=${randomLayoutCode(seededRandom(6000 + seed), 4, 4, 3)}`;
          if (rand(5) === 0) {
            await send(path, rand(60));
            continue;
          }
          const res = (await within(send(path), 20_000, path)) as Response;
          const body = await res.json<any>();
          const answered = res.status === 200 || res.status === 202 || (res.status === 503 && body.error?.code === 'budget-exceeded');
          if (!answered) failures.push(`${res.status} ${path}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    await jobsEnded();
    await expectLaneRecovers(2000);
  });

  it('misses aborted while searching (and joiners of the same search aborted) leave the lane working', async () => {
    // Identical requests join one search; abort them at assorted moments, some mid-search.
    const cancelled: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) {
      cancelled.push(send(overBudget(3000 + (i % 3)), i % 4 === 0 ? 0 : 2 + 3 * i));
    }
    await Promise.all(cancelled);
    await expectLaneRecovers(4000);
  });

  it('an identical miss that joins a search whose first client hung up still gets the answer', async () => {
    const path = overBudget(5000);
    const first = send(path, 1);
    const second = send(path);
    await first;
    const res = (await within(second, 20_000, 'the joiner')) as Response;
    expect(res.status).toBe(503);
  });

  it('a client that hangs up once its answer is on the way: the KV write still happens', async () => {
    const code = 'SSHH.-VSHHS-VSBBS-SVBBS-SV.S.'; // 5×5: searched (no tablebase), within the edge budget
    const key = `v1:move:${code}`;
    await realEnv.SOLUTIONS!.delete(key);
    const res = await send(`/solve?layout=${code}`, 0).catch(() => 'aborted');
    expect(res).toBe('aborted');
    // Whether or not this request got as far as the search (and its write), later clients get a correct answer,
    // and within a few seconds the answer is in KV: a write lost with its request is made again by a later one.
    let body: any;
    let stored: string | null = null;
    for (let i = 0; i < 80 && !stored; i++) {
      const again = (await within(send(`/solve?layout=${code}`), 20_000, 'the repeat')) as Response;
      expect(again.status).toBe(200);
      body = await again.json<any>();
      expect(body.solvable).toBe(true);
      stored = await realEnv.SOLUTIONS!.get(key);
      if (!stored) await new Promise((r) => setTimeout(r, 100));
    }
    expect(JSON.parse(stored!).length).toBe(body.length);
  });
});
