/**
 * npm run bench:api — starts `wrangler dev` (local KV in a fresh temp dir), fires a bounded number of requests at
 * loopback (classic layouts: misses first, then hits, with some concurrency), prints p50/p99 latency for hits and
 * misses and the error count, stops the server, and writes the table to bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { startDevServer } from '../scripts/dev-server.ts';
import { writeSection } from './results.ts';

const MISS_BUDGET = '200000'; // positions per miss, as on a paid plan with cpu_ms raised (see wrangler.toml)
const HIT_REQUESTS = Number(process.env.BENCH_HITS ?? 600);
const CONCURRENCY = 8;

const layouts = readFileSync(new URL('../data/classic.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('commoncode'))
  .map((l) => l.split('\t')[2]!)
  .slice(0, 14);
// 14 layouts × 2 metrics = 28 distinct misses: under the per-client miss limit of 30 a minute.
const urls = layouts.flatMap((code) => ['move', 'step'].map((metric) => `/solve?layout=${encodeURIComponent(code)}&metric=${metric}`));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(url: string): Promise<{ ms: number; ok: boolean; cached?: boolean }> {
  const t = performance.now();
  try {
    const res = await fetch(url);
    const body = (await res.json()) as { cached?: boolean };
    return { ms: performance.now() - t, ok: res.status === 200, cached: body.cached };
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

const server = await startDevServer(8799, { SOLVE_MAX_NODES: MISS_BUDGET });
try {
  await fetch(`${server.url}/healthz`); // warm the isolate
  const misses: number[] = [];
  const hits: number[] = [];
  let errors = 0;
  await pool(urls, 4, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== false) errors++;
    misses.push(r.ms);
  });
  const hitUrls = Array.from({ length: HIT_REQUESTS }, (_, i) => urls[i % urls.length]!);
  const sequentialHits: number[] = [];
  await pool(hitUrls.slice(0, HIT_REQUESTS / 2), 1, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== true) errors++;
    sequentialHits.push(r.ms);
  });
  await pool(hitUrls, CONCURRENCY, async (u) => {
    const r = await timed(server.url + u);
    if (!r.ok || r.cached !== true) errors++;
    hits.push(r.ms);
  });
  const baseline: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await (await fetch(`${server.url}/healthz`)).text();
    baseline.push(performance.now() - t);
  }
  for (const xs of [misses, hits, sequentialHits, baseline]) xs.sort((a, b) => a - b);
  const row = (name: string, xs: number[]) => `| ${name} | ${xs.length} | ${percentile(xs, 50).toFixed(2)} | ${percentile(xs, 99).toFixed(2)} | ${xs[xs.length - 1]!.toFixed(2)} |`;
  const table = [
    '| requests | count | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|',
    row('cache misses (solve + KV write), concurrency 4', misses),
    row('cache hits, one at a time', sequentialHits),
    row(`cache hits, concurrency ${CONCURRENCY}`, hits),
    row('baseline: GET /healthz, one at a time (no KV, no solver)', baseline),
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
        `${layouts.length} classic layouts × 2 metrics as misses (solver budget ${MISS_BUDGET} positions), then ${HIT_REQUESTS} hits over the same URLs. ` +
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
