/**
 * npm run bench:tiles — all 100 of Korf's random 15-puzzle instances, solved optimally with the 6-6-3 databases.
 * Checks every length against the published optimum; writes per-instance figures and totals to bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseTilesOrThrow } from '../solver/tiles/codec.ts';
import { solveTiles } from '../solver/tiles/solve.ts';
import { loadDatabases } from '../solver/node/pdb-files.ts';
import { writeSection } from './results.ts';
import { median } from './stats.ts';

const loadStart = performance.now();
const databases = loadDatabases();
if (!databases) throw new Error('run npm run build:pdb first');
const loadMs = performance.now() - loadStart;
const rows = readFileSync(new URL('../data/korf100.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('id'))
  .map((l) => l.split('\t'))
  .slice(0, Number(process.env.BENCH_TILES_COUNT ?? 100));

const lines: string[] = [];
const times: number[] = [];
const nodes: number[] = [];
let wrong = 0;
for (const [id, , code, optimal] of rows) {
  const t = performance.now();
  const r = solveTiles(parseTilesOrThrow(code!), { databases, maxMs: 120_000 });
  const ms = performance.now() - t;
  const ok = r.length === Number(optimal);
  if (!ok) wrong++;
  times.push(ms);
  nodes.push(r.stats.nodes);
  const line = `| ${id} | ${optimal} | ${r.length ?? r.status} | ${ok ? '✓' : '✗'} | ${r.stats.nodes.toLocaleString('en')} | ${ms.toFixed(0)} |`;
  lines.push(line);
  console.log(line);
}
const total = times.reduce((a, b) => a + b, 0);
const summary = [
  `| instances | all optimal | total s | median ms | max ms | mean nodes | median nodes |`,
  `|---|---|---|---|---|---|---|`,
  `| ${rows.length} | ${wrong === 0 ? 'yes' : `no (${wrong} wrong)`} | ${(total / 1000).toFixed(1)} | ${median(times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${Math.round(nodes.reduce((a, b) => a + b, 0) / nodes.length).toLocaleString('en')} | ${Math.round(median(nodes)).toLocaleString('en')} |`,
];
console.log(summary.join('\n'));
writeSection(
  'bench/RESULTS.md',
  '## Tiles (`npm run bench:tiles`)',
  [
    '## Tiles (`npm run bench:tiles`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}. ` +
      `Korf's 100 random 15-puzzle instances, IDA* with additive 6-6-3 pattern databases (max with the reflected lookup), ` +
      `a bounded transposition table and no move undoing; one process, instances in order. Loading and checking the databases took ${loadMs.toFixed(0)} ms.`,
    '',
    ...summary,
    '',
    '| # | published | found | = | nodes | ms |',
    '|---|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n'),
);
if (wrong > 0) process.exitCode = 1;
