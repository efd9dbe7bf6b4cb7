/**
 * npm run bench:api — starts `wrangler dev` (local KV in a fresh temp dir), fires a bounded number of requests at
 * loopback, prints p50/p99 latency and the error count, stops the server, and writes the table to bench/RESULTS.md.
 * Classic layouts are answered from the tablebase (first requests load the tables); the same layouts less one soldier
 * (three empty cells, not in the tablebase) go through search and KV: misses first, then hits.
 */
import { readFileSync } from 'node:fs';
import { startDevServer } from '../scripts/dev-server.ts';
import { writeSection } from './results.ts';

const MISS_BUDGET = '20000000'; // work per miss, as on a paid plan with cpu_ms raised (see wrangler.toml)
const HIT_REQUESTS = Number(process.env.BENCH_HITS ?? 600);
const CONCURRENCY = 8;

const layouts = readFileSync(new URL('../data/classic.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('commoncode'))
  .map((l) => l.split('\t')[2]!)
  .slice(0, 14);
const lessOneSoldier = (code: string) => {
  const i = code.lastIndexOf('S');
  return `${code.slice(0, i)}.${code.slice(i + 1)}`;
};
const toUrls = (codes: string[]) => codes.flatMap((code) => ['move', 'step'].map((metric) => `/solve?layout=${encodeURIComponent(code)}&metric=${metric}`));
const urls = toUrls(layouts);
// 14 layouts × 2 metrics = 28 distinct misses: under the per-client miss limit of 30 a minute.
const searchedUrls = toUrls(layouts.filter((c) => c.includes('S')).map(lessOneSoldier)).slice(0, 28);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; ok: boolean; cached?: boolean; algorithm?: string; timing?: string | null }> {
  const t = performance.now();
  try {
    const res = await fetch(url, init);
    const body = (await res.json()) as { cached?: boolean; stats?: { algorithm: string } };
    return { ms: performance.now() - t, ok: res.status === 200, cached: body.cached, algorithm: body.stats?.algorithm, timing: res.headers.get('Server-Timing') };
  } catch {
    return { ms: performance.now() - t, ok: false };
  }
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

const server = await startDevServer({ vars: { SOLVE_MAX_WORK: MISS_BUDGET } });
try {
  await fetch(`${server.url}/healthz`); // warm the isolate
  let errors = 0;
  const serverTiming = (timing: string | null | undefined, name: string) => Number(new RegExp(`${name};[^,]*dur=([\\d.]+)`).exec(timing ?? '')?.[1] ?? NaN);
  const tableFirst: number[] = [];
  const tableLoads: number[] = [];
  const walks: number[] = [];
  await pool(urls, 4, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.algorithm !== 'table') errors++;
    tableFirst.push(r.ms);
    tableLoads.push(serverTiming(r.timing, 'table'));
  });
  const repeatUrls = Array.from({ length: HIT_REQUESTS }, (_, i) => urls[i % urls.length]!);
  const tableRepeats: number[] = [];
  await pool(repeatUrls.slice(0, HIT_REQUESTS / 2), 1, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== true) errors++;
    tableRepeats.push(r.ms);
  });
  // POST is not answered by the Cache API: every one walks the table (already loaded in the isolate).
  const tablePosts: number[] = [];
  await pool(repeatUrls.slice(0, HIT_REQUESTS / 2), 1, async (u) => {
    const q = new URL(server.url + u).searchParams;
    const r = await timed(`${server.url}/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout: q.get('layout'), metric: q.get('metric') }) });
    if (!r.ok || r.algorithm !== 'table') errors++;
    tablePosts.push(r.ms);
    walks.push(serverTiming(r.timing, 'solve'));
  });
  const tableConcurrent: number[] = [];
  await pool(repeatUrls, CONCURRENCY, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== true) errors++;
    tableConcurrent.push(r.ms);
  });
  const misses: number[] = [];
  await pool(searchedUrls, 4, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== false) errors++;
    misses.push(r.ms);
  });
  const sequentialHits: number[] = [];
  await pool(Array.from({ length: HIT_REQUESTS / 2 }, (_, i) => searchedUrls[i % searchedUrls.length]!), 1, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== true) errors++;
    sequentialHits.push(r.ms);
  });
  const baseline: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await (await fetch(`${server.url}/healthz`)).text();
    baseline.push(performance.now() - t);
  }
  for (const xs of [tableFirst, tableRepeats, tablePosts, tableConcurrent, tableLoads, walks, misses, sequentialHits, baseline]) xs.sort((a, b) => a - b);
  const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${percentile(xs, 50).toFixed(2)} | ${percentile(xs, 99).toFixed(2)} | ${xs[xs.length - 1]!.toFixed(2)} |`;
  const table = [
    '| requests | count | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|',
    row('classic, first request per layout and metric (tables loaded on first use), concurrency 4', tableFirst),
    row('classic, repeat GETs, one at a time (Cache API)', tableRepeats),
    row(`classic, repeat GETs, concurrency ${CONCURRENCY} (Cache API)`, tableConcurrent),
    row('classic, POSTs, one at a time (table walk in the isolate, no KV)', tablePosts),
    row('three empty cells: cache misses (search + KV write), concurrency 4', misses),
    row('three empty cells: cache hits, one at a time', sequentialHits),
    row('baseline: GET /healthz, one at a time (no KV, no solver)', baseline),
    row('Server-Timing `table` (tablebase load) on first requests', tableLoads),
    row('Server-Timing `solve` (table walk) on the POSTs', walks),
  ];
  console.log(table.join('\n'));
  console.log(`errors: ${errors}`);
  writeSection(
    'bench/RESULTS.md',
    '## API (`npm run bench:api`)',
    [
      '## API (`npm run bench:api`)',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)}: \`wrangler dev\` on loopback, local on-disk KV in a fresh directory, ` +
        `${layouts.length} classic layouts × 2 metrics from the tablebase, then ${HIT_REQUESTS} repeats; the same layouts less one soldier ` +
        `(not in the tablebase) as search misses (budget ${MISS_BUDGET} work units) and KV hits. ` +
        'Latency is measured by the client, end to end through wrangler\'s local proxy.',
      '',
      ...table,
      '',
      `Errors: ${errors}.`,
      '',
    ].join('\n'),
  );
  if (errors > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
