/**
 * npm run bench:tiles — all 100 of Korf's random 15-puzzle instances, solved optimally with the 4×4 pattern
 * databases (two 6-6-3 partitions and their reflections, maxed with walking distance). Checks every length against
 * the published optimum; times a fresh build of the databases (BENCH_TILES_BUILD=0 skips it), their loading and
 * expansion, and their download size; writes per-instance figures and totals to bench/RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { databaseFileName, PDB_GROUPS } from '../solver/tiles/pdb.ts';
import { fifteenTables } from '../solver/tiles/fifteen.ts';
import { parseTilesOrThrow } from '../solver/tiles/codec.ts';
import { solveTiles } from '../solver/tiles/solve.ts';
import { loadDatabases, PDB_DIR } from '../solver/node/pdb-files.ts';
import { writeSection } from './results.ts';
import { median } from './stats.ts';

let buildLine = 'Build not timed (BENCH_TILES_BUILD=0).';
if (process.env.BENCH_TILES_BUILD !== '0') {
  const out = mkdtempSync(join(tmpdir(), 'huarong-pdb-'));
  const t = performance.now();
  execFileSync(process.execPath, [new URL('../scripts/build-pdb.ts', import.meta.url).pathname, '--out', out], { stdio: 'inherit' });
  buildLine = `A fresh build of all ${PDB_GROUPS.length} databases (\`npm run build:pdb\`, ${cpus().length} threads) took ${((performance.now() - t) / 1000).toFixed(1)} s.`;
  rmSync(out, { recursive: true, force: true });
}
const loadStart = performance.now();
const databases = loadDatabases();
if (!databases) throw new Error('run npm run build:pdb first');
const loadMs = performance.now() - loadStart;
const expandStart = performance.now();
fifteenTables(databases);
const expandMs = performance.now() - expandStart;
let raw = 0;
let packed = 0;
for (const tiles of PDB_GROUPS) {
  const bytes = readFileSync(new URL(databaseFileName(tiles), PDB_DIR));
  raw += bytes.length;
  packed += gzipSync(bytes, { level: 9 }).length;
}
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
  const ok = r.length === Number(optimal) && r.stats.algorithm === 'ida-pdb';
  if (!ok) wrong++;
  times.push(ms);
  nodes.push(r.stats.nodes);
  const line = `| ${id} | ${optimal} | ${r.length ?? r.status} | ${ok ? '✓' : '✗'} | ${r.stats.nodes.toLocaleString('en')} | ${ms.toFixed(0)} |`;
  lines.push(line);
  console.log(line);
}
const total = times.reduce((a, b) => a + b, 0);
const totalNodes = nodes.reduce((a, b) => a + b, 0);
const worst = times.indexOf(Math.max(...times));
const summary = [
  `| instances | all optimal | total s | median ms | max ms | mean nodes | median nodes | nodes/s |`,
  `|---|---|---|---|---|---|---|---|`,
  `| ${rows.length} | ${wrong === 0 ? 'yes' : `no (${wrong} wrong)`} | ${(total / 1000).toFixed(2)} | ${median(times).toFixed(0)} | ${times[worst]!.toFixed(0)} (#${rows[worst]![0]}) | ${Math.round(totalNodes / nodes.length).toLocaleString('en')} | ${Math.round(median(nodes)).toLocaleString('en')} | ${((totalNodes / total) * 1000 / 1e6).toFixed(1)} M |`,
];
console.log(summary.join('\n'));
writeSection(
  'bench/RESULTS.md',
  '## Tiles (`npm run bench:tiles`)',
  [
    '## Tiles (`npm run bench:tiles`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}. ` +
      `Korf's 100 random 15-puzzle instances, one thread, in order: IDA* (solver/tiles/fifteen.ts) bounded by the largest of ` +
      `four additive pattern-database sums (two 6-6-3 partitions, each also looked up reflected about the main diagonal) and ` +
      `the walking distance; nodes are positions generated.`,
    '',
    `Tables: ${PDB_GROUPS.length} files, ${(raw / 1e6).toFixed(2)} MB raw, ${(packed / 1e6).toFixed(2)} MB gzipped (what a browser downloads). ` +
      `${buildLine} Loading and checking them took ${loadMs.toFixed(0)} ms, expanding them for the search ${expandMs.toFixed(0)} ms.`,
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
