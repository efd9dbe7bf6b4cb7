/**
 * npm run bench:memory — does the Worker's memory level off, and do clients that hang up break anything?
 *
 * Starts `wrangler dev` (fresh local KV), sends a bounded run of mixed requests at loopback — fuzz, cache hits, cache
 * misses (searched, and over-budget 6×6 tiles), link previews, pages — with a share of clients that disconnect at a
 * random moment (a raw socket closed mid-request, as `curl --max-time` does). Every 1,000 requests it reads the
 * resident memory of the server's processes (/proc), and at the end it counts the 5xx answers that are not the
 * product's own 503 (over budget): a hung request (the runtime's 500) or an error of the Worker's code. The curve goes
 * to bench/RESULTS.md.
 *
 * BENCH_REQUESTS (default 10,000), BENCH_CONCURRENCY (16), BENCH_HANGUPS (share of clients that hang up, 0.1).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { startDevServer } from '../scripts/dev-server.ts';
import { randomLayoutCode, scrambledTiles, seededRandom } from '../test/helpers/random-layouts.ts';
import { writeSection } from './results.ts';

const TOTAL = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const HANGUPS = Number(process.env.BENCH_HANGUPS ?? 0.1);
const SAMPLE_EVERY = 1000;
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 15_000);

const rand = seededRandom(20261126);
const classic = readFileSync(new URL('../data/classic.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('commoncode'))
  .map((l) => l.split('\t')[2]!);
const hot = [...classic.slice(0, 10), ...Array.from({ length: 10 }, () => randomLayoutCode(rand, 5, 5, 3))];
let fresh = 0;

type Kind = 'fuzz' | 'hit' | 'miss' | 'over-budget' | 'preview' | 'page';
interface Planned {
  kind: Kind;
  method: string;
  path: string;
  body?: string;
}

/** BENCH_ONLY=kind,kind: only those kinds (to find what grows). */
const ONLY = process.env.BENCH_ONLY?.split(',') as Kind[] | undefined;

function plan(): Planned {
  for (;;) {
    const planned = anyRequest();
    if (!ONLY || ONLY.includes(planned.kind)) return planned;
  }
}

function anyRequest(): Planned {
  const roll = rand(100);
  const code = () => hot[rand(hot.length)]!;
  if (roll < 15) {
    const junk = ['VBBV-VBBV-VHHV-VSSV-S..X', '', 'B'.repeat(300), '%E0%A4%A', '<script>', 'VBBV-VBBV', '....-....-....-....-....'];
    const paths = [`/solve?layout=${encodeURIComponent(junk[rand(junk.length)]!)}`, `/solve?layout=${code()}&metric=sideways`, `/solve?nope=1`, `/s/${junk[rand(junk.length)]}`, `/img/x.png`, `/oembed?url=https://elsewhere.example/s/x`];
    if (rand(4) === 0) return { kind: 'fuzz', method: 'POST', path: '/solve', body: rand(2) ? '{"layout":' : JSON.stringify({ layout: code(), goal: { piece: [9, 9], at: [0, 0] } }) };
    return { kind: 'fuzz', method: 'GET', path: paths[rand(paths.length)]! };
  }
  if (roll < 45) return { kind: 'hit', method: 'GET', path: `/solve?layout=${code()}&metric=${['move', 'straight', 'step'][rand(3)]}` };
  if (roll < 60) return { kind: 'miss', method: 'GET', path: `/solve?layout=${randomLayoutCode(seededRandom(++fresh * 7919), 5, 5, 3)}` };
  if (roll < 70) return { kind: 'over-budget', method: 'GET', path: `/solve?layout=${scrambledTiles(++fresh, 6, 6, 300)}&optimal=true` };
  if (roll < 80) return { kind: 'preview', method: 'GET', path: `/img/${rand(3) === 0 ? randomLayoutCode(seededRandom(++fresh * 104729), 5, 5, 3) : code()}.png` };
  const pages = ['/', `/s/${code()}`, `/embed/${code()}`, '/docs/', `/oembed?url=${encodeURIComponent(`http://127.0.0.1/s/${code()}`)}`];
  return { kind: 'page', method: 'GET', path: pages[rand(pages.length)]! };
}

/** Resident memory (MB) of every process in the server's process group, in all and by process. */
function memoryOf(group: number): { total: number; byProcess: Record<string, number> } {
  let total = 0;
  const byProcess: Record<string, number> = {};
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue; // pgrp
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      total += rss;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const name = args[0]!.endsWith('workerd') ? (args.some((a) => a.startsWith('--inspector-addr')) ? 'workerd (our Worker, Miniflare)' : 'workerd (wrangler proxy)') : /wrangler/.test(args.join(' ')) ? 'node (wrangler)' : args[0]!.split('/').at(-1)!;
      byProcess[name] = (byProcess[name] ?? 0) + rss;
    } catch {
      // the process ended meanwhile
    }
  }
  return { total, byProcess };
}

/**
 * The JavaScript heap of each worker in the server's workerd (ours, `core:user:huarong`, and Miniflare's own: KV, the
 * Cache API, assets…), in MB after a garbage collection, read over workerd's inspector (the port it listens on besides
 * the HTTP ones: the one whose /json lists `core:user:` targets).
 */
async function heapsOf(): Promise<Map<string, number>> {
  const heaps = new Map<string, number>();
  const ports = execFileSync('ss', ['-ltnp']).toString().split('\n').filter((l) => l.includes('"workerd"')).map((l) => /127\.0\.0\.1:(\d+)/.exec(l)?.[1]);
  for (const port of ports) {
    let targets: Array<{ id: string; webSocketDebuggerUrl: string }>;
    try {
      targets = (await (await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(1000) })).json()) as typeof targets;
    } catch {
      continue;
    }
    if (!Array.isArray(targets) || !targets.some((t) => t.id?.startsWith('core:user:'))) continue;
    for (const target of targets) {
      const used = await heapOf(target.webSocketDebuggerUrl).catch(() => heapOf(target.webSocketDebuggerUrl)).catch(() => null);
      if (used !== null) heaps.set(target.id, used / 2 ** 20);
    }
  }
  return heaps;
}

function heapOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => (ws.close(), reject(new Error('inspector timeout'))), 5000);
    ws.addEventListener('error', () => (clearTimeout(timer), reject(new Error('inspector refused'))));
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
      ws.send(JSON.stringify({ id: 2, method: 'Runtime.getHeapUsage' }));
    });
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: { usedSize: number; totalSize: number; backingStorageSize?: number } };
      if (message.id !== 2) return;
      clearTimeout(timer);
      ws.close();
      // The heap and the buffers outside it (typed arrays, the engine's WebAssembly memory).
      resolve(message.result!.usedSize + (message.result!.backingStorageSize ?? 0));
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/**
 * A cache hit's latency (one at a time) idle, during a burst of 32 over-budget misses, and during a burst of 32 where
 * half the clients hang up: the search lane must keep a hit from waiting behind the burst.
 */
async function hitLatency(): Promise<Array<{ phase: string; n: number; median: number }>> {
  const hit = `${server.url}/solve?layout=${hot[11]}`;
  await (await fetch(hit)).text();
  const time = async () => {
    const t = performance.now();
    await (await fetch(hit)).text();
    return performance.now() - t;
  };
  const idle: number[] = [];
  for (let i = 0; i < 30; i++) idle.push(await time());
  const rows = [{ phase: 'idle', n: idle.length, median: median(idle) }];
  for (const [phase, hangUps] of [['during 32 misses at once', false], ['during 32 misses at once, 16 of whose clients hang up', true]] as const) {
    const during: number[] = [];
    let settled = false;
    const burst = Promise.all(
      Array.from({ length: 32 }, (_, i) => {
        const path = `/solve?layout=${scrambledTiles(++fresh, 6, 6, 300)}&optimal=true`;
        const ip = `198.51.${(fresh >> 8) & 255}.${fresh & 255}`;
        if (hangUps && i % 2) return hangUp(base, { kind: 'over-budget', method: 'GET', path }, ip, rand(40));
        return fetch(server.url + path, { headers: { 'CF-Connecting-IP': ip } }).then((r) => r.text());
      }),
    ).finally(() => (settled = true));
    while (!settled && during.length < 100) during.push(await time());
    await burst;
    rows.push({ phase, n: during.length, median: median(during) });
  }
  return rows;
}

/** Sends the request on a raw socket and closes it after `afterMs`, as a client that gives up does. */
function hangUp(base: URL, request: Planned, ip: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname, () => {
      const body = request.body ?? '';
      socket.write(
        `${request.method} ${request.path} HTTP/1.1\r\nHost: ${base.host}\r\nCF-Connecting-IP: ${ip}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, afterMs);
    });
    socket.on('error', () => resolve());
  });
}

const server = await startDevServer();
const base = new URL(server.url);
const statuses = new Map<string, number>();
const serverErrors: string[] = [];
const curve: Array<ReturnType<typeof memoryOf> & { requests: number; ours: number; others: number }> = [];
const OURS = 'core:user:huarong';
async function sample(requests: number) {
  const heaps = await heapsOf();
  const ours = heaps.get(OURS) ?? NaN;
  const others = [...heaps].filter(([id]) => id !== OURS).reduce((sum, [, mb]) => sum + mb, 0);
  return { requests, ...memoryOf(server.group), ours, others };
}
let sent = 0;
let hungUp = 0;
try {
  // Warm up: the isolate, the engine, a few tables.
  for (const code of hot.slice(0, 4)) await (await fetch(`${server.url}/solve?layout=${code}`)).text();
  const latency = await hitLatency();
  curve.push(await sample(0));
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < TOTAL) {
        const request = plan();
        const n = ++sent;
        const ip = `198.18.${(n >> 8) & 255}.${n & 255}`;
        if (rand(1000) < HANGUPS * 1000) {
          hungUp++;
          await hangUp(base, request, ip, rand(60));
        } else {
          try {
            const res = await fetch(server.url + request.path, {
              method: request.method,
              headers: { 'CF-Connecting-IP': ip, ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
              body: request.body,
              redirect: 'manual',
              signal: AbortSignal.timeout(30_000),
            });
            const text = await res.text();
            const key = `${request.kind} ${res.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (res.status >= 500 && !(res.status === 503 && text.includes('budget-exceeded'))) serverErrors.push(`request ${n} at ${((performance.now() - started) / 1000).toFixed(1)} s, ${res.status} ${request.path}: ${text.slice(0, 160)}`);
          } catch (e) {
            const key = `${request.kind} no answer`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            serverErrors.push(`no answer ${request.path}: ${(e as Error).message}`);
          }
        }
        if (n % SAMPLE_EVERY === 0) {
          const point = await sample(n);
          curve.push(point);
          console.log(`${n} requests, ${((performance.now() - started) / 1000).toFixed(0)} s: ${point.total.toFixed(0)} MB in all; ${Object.entries(point.byProcess).map(([name, mb]) => `${name} ${mb.toFixed(0)}`).join(', ')}; heaps: ours ${point.ours.toFixed(1)} MB, Miniflare's ${point.others.toFixed(1)} MB`);
        }
      }
    }),
  );
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idle = await sample(NaN);
  // After the run: misses from new clients must still be answered.
  const after = await Promise.all(Array.from({ length: 8 }, (_, i) => fetch(`${server.url}/solve?layout=${scrambledTiles(900_000 + i, 6, 6, 300)}&optimal=true`, { headers: { 'CF-Connecting-IP': `198.19.0.${i}` } }).then((r) => r.status)));

  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;
  const OUR_PROCESS = 'workerd (our Worker, Miniflare)';
  const PROXY = 'workerd (wrangler proxy)';
  const mb = (p: (typeof curve)[number], name: string) => p.byProcess[name] ?? 0;
  const row = (label: string, p: (typeof curve)[number]) =>
    `| ${label} | ${mb(p, OUR_PROCESS).toFixed(0)} | ${p.ours.toFixed(1)} | ${p.others.toFixed(1)} | ${mb(p, PROXY).toFixed(0)} | ${mb(p, 'node (wrangler)').toFixed(0)} | ${p.total.toFixed(0)} |`;
  const rows = curve.map((p) => row(p.requests.toLocaleString('en'), p));
  const half = curve[Math.floor((curve.length - 1) / 2)]!;
  const last = curve.at(-1)!;
  const first = curve[0]!;
  const kinds = [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`).join(', ');
  const body = `## Memory and clients that hang up (\`npm run bench:memory\`)

\`wrangler dev\` on loopback, ${TOTAL.toLocaleString('en')} mixed requests at concurrency ${CONCURRENCY} (fuzz 15 %, cache hits 30 %, searched
misses 15 %, over-budget 6×6 tiles 10 %, link previews 10 %, pages 20 %); ${hungUp.toLocaleString('en')} of them (${(HANGUPS * 100).toFixed(0)} %) from clients that
close their connection 0–60 ms after sending. Every ${SAMPLE_EVERY.toLocaleString('en')} requests: resident memory (MB) of each process of
\`wrangler dev\` (/proc), and the JavaScript heaps (with their buffers: typed arrays, WebAssembly memory) of the workers
inside ours, after a collection, over workerd's inspector.

| requests | workerd running our Worker | our Worker's heap + buffers | Miniflare's workers' heaps (KV, cache, assets…) | workerd of wrangler's proxy | node (wrangler) | all |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
${row(`${IDLE_MS / 1000} s idle`, idle)}

- The process that runs our Worker: ${signed(mb(half, OUR_PROCESS) - mb(first, OUR_PROCESS))} MB over the first half, ${signed(mb(last, OUR_PROCESS) - mb(half, OUR_PROCESS))} MB over the second. Our
  Worker's own heap and buffers: ${first.ours.toFixed(1)} → ${half.ours.toFixed(1)} → ${last.ours.toFixed(1)} MB. All processes: ${signed(half.total - first.total)} MB, then ${signed(last.total - half.total)} MB.
- A cache hit's latency, one at a time, measured by the client before the run: ${latency.map((r) => `${r.phase} median ${r.median.toFixed(1)} ms (${r.n} hits${r.phase === 'idle' ? '' : `, ${(r.median / latency[0]!.median).toFixed(2)}× idle`})`).join('; ')}.
- 5xx other than the product's 503 (over budget): **${serverErrors.length}**${serverErrors.length ? ` (first: ${serverErrors[0]})` : ''}.
- Misses from new clients after the run: ${after.join(' ')} (503 = over budget, answered).
- Answers by kind: ${kinds}.
`;
  console.log(body);
  if (!process.env.BENCH_NO_WRITE) writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Memory and clients that hang up', body);
} finally {
  await server.stop();
}
