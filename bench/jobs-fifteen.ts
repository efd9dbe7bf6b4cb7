/**
 * npm run bench:jobs-fifteen — 15-puzzle solve jobs under `wrangler dev`: Korf's instances (the easiest first), each
 * sent to /solve (refused by the edge budget: 202) and followed to its job's answer, checked against the published
 * optimal length and replayed. The first job of the fresh server also expands the 4×4 databases, in parts, within its
 * steps. Writes bench/RESULTS.md.
 */
import { startDevServer } from '../scripts/dev-server.ts';
import { KORF } from '../test/helpers/fixtures.ts';
import { replayTiles } from '../test/helpers/tiles-reference.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';

const COUNT = Number(process.argv[2] ?? 10);
const GOAL = '123456789ABCDEF.';
const instances = [...KORF].sort((a, b) => a.optimal - b.optimal || a.id - b.id).slice(0, COUNT);

const server = await startDevServer();
const rows: string[] = [];
const times: number[] = [];
let answered = 0;
try {
  for (const [i, k] of instances.entries()) {
    const started = performance.now();
    const res = await fetch(`${server.url}/solve`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.19.0.${i + 1}` }, body: JSON.stringify({ layout: k.code }) });
    const first = await res.json();
    if (res.status !== 202) {
      rows.push(`| #${k.id} | ${k.optimal} | ${res.status} (no job) | | | | |`);
      continue;
    }
    let job: any;
    for (;;) {
      job = await (await fetch(first.job.url)).json();
      if (job.status !== 'searching' || performance.now() - started > 300_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ms = performance.now() - started;
    const replayed = job.result ? replayTiles(k.code.replaceAll('-', ''), 4, 'move', job.result.moves) === GOAL : false;
    const ok = job.status === 'solved' && job.result.length === k.optimal && replayed;
    if (ok) answered++;
    times.push(ms);
    const row = `| #${k.id} | ${k.optimal} | ${job.status}${ok ? ', optimal, replayed' : ' ✗'} | ${job.progress.steps} | ${job.progress.nodes.toLocaleString('en')} | ${fmt(ms)} |`;
    console.log(row);
    rows.push(row);
  }
} finally {
  await server.stop();
}

writeSection(
  new URL('./RESULTS.md', import.meta.url).pathname,
  '## Solve jobs: the 15-puzzle (`npm run bench:jobs-fifteen`)',
  [
    '## Solve jobs: the 15-puzzle (`npm run bench:jobs-fifteen`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} under \`wrangler dev\` with the default step work (600,000 units, the free plan's): ` +
      `Korf's ${COUNT} easiest instances in turn, each POSTed to /solve (the edge budget refuses it: 202) and its job followed to the answer; ` +
      'the first job also expands the 4×4 databases in parts within its steps (a fresh server). Time: from the request to the answer read at the job URL.',
    '',
    `**${answered} of ${instances.length}** answered optimal (the published length) and replayed; median ${fmt(median(times))} ms, first (with the expansion) ${fmt(times[0] ?? NaN)} ms.`,
    '',
    '| instance | optimal | job | steps | positions | ms |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
