/**
 * npm run bench (second part) — the classic tablebase: cost of ranking a neighbour, cold load and check of one mix's
 * file, warm table walks in every metric against BFS in the same run, and the build (time and size).
 * Writes the "Tablebase" section of bench/RESULTS.md.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { METRICS, parseLayoutOrThrow, solve } from '../solver/index.ts';
import { TABLEBASE_DIR, fileTables } from '../solver/node/tablebase-files.ts';
import { buildTable, countPositions } from '../solver/tablebase/build.ts';
import { deserializeTable, tableFileName } from '../solver/tablebase/file.ts';
import { MIXES, findMix } from '../solver/tablebase/mixes.ts';
import { ClassicPosition, MAX_MOVES } from '../solver/tablebase/position.ts';
import { writeSection } from './results.ts';
import { fmt, median, timeRuns } from './stats.ts';

const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

// 1. Ranking a neighbour: two identical passes over every move of many positions of the largest mix, one also
// applying each move, ranking the result and taking the move back; the difference per neighbour is that cost.
{
  const mix = findMix(2, 2, 6)!;
  const position = new ClassicPosition(mix);
  const from = new Int8Array(MAX_MOVES);
  const to = new Int8Array(MAX_MOVES);
  const shapes = new Int8Array(MAX_MOVES);
  const valid: number[] = [];
  for (let index = 0; index < mix.size; index += 5) if (position.unrank(index)) valid.push(index);
  const pass = (rank: boolean) => {
    let neighbours = 0;
    let sink = 0;
    const t = performance.now();
    for (const index of valid) {
      position.unrank(index);
      const n = position.moves('move', from, to, shapes);
      neighbours += n;
      if (!rank) continue;
      for (let k = 0; k < n; k++) {
        position.move(from[k]!, to[k]!, shapes[k]!);
        sink += position.rank();
        position.move(to[k]!, from[k]!, shapes[k]!);
      }
    }
    if (sink < 0) console.log(sink);
    return { ms: performance.now() - t, neighbours };
  };
  const samples: number[] = [];
  let neighbours = 0;
  for (let round = 0; round < 7; round++) {
    const base = pass(false);
    const full = pass(true);
    neighbours = full.neighbours;
    samples.push(((full.ms - base.ms) * 1e6) / full.neighbours);
  }
  say(`| rank a neighbour: move, rank, move back (mix v2h2s6, ${neighbours.toLocaleString('en')} neighbours a pass) | ${median(samples).toFixed(0)} ns | median of 7 paired passes |`);
}

// 2. Cold: read and check one mix's file (the largest), as the CLI and Worker do on first use.
{
  const mix = findMix(2, 2, 6)!;
  const file = new URL(tableFileName(mix, 'move'), TABLEBASE_DIR);
  const { median: ms } = timeRuns(21, () => deserializeTable(new Uint8Array(readFileSync(file)), mix, 'move'));
  say(`| cold: read + check one table file (move-v2h2.bin, ${(statSync(file).size / 1024).toFixed(0)} KiB) | ${fmt(ms)} ms | median of 21 |`);
}

// 3. Build: every mix and metric, in this process (no file writes); the classic board (two empty cells) apart from the
// three-empty mixes, whose tables came later and whose size the classic target did not count.
{
  const sizeOf = (empty: number) => {
    const files = readdirSync(TABLEBASE_DIR).filter((f) => f.endsWith('.bin') && f.includes('e3') === (empty === 3));
    return { files: files.length, bytes: files.reduce((s, f) => s + statSync(new URL(f, TABLEBASE_DIR)).size, 0) };
  };
  for (const empty of [2, 3]) {
    const mixes = MIXES.filter((m) => m.empty === empty);
    const t = performance.now();
    for (const mix of mixes) {
      countPositions(mix);
      for (const metric of METRICS) buildTable(mix, metric);
    }
    const seconds = (performance.now() - t) / 1000;
    const { files, bytes } = sizeOf(empty);
    const what = empty === 2 ? 'two empty cells (classic)' : 'three empty cells';
    say(`| build, ${what}: ${mixes.length} mixes × ${METRICS.length} metrics, one core | ${seconds.toFixed(1)} s | ${empty === 2 ? 'target ≤ 90 s, stretch ≤ 30 s' : 'no target'} |`);
    say(`| size, ${what}: ${files} files | ${(bytes / 1e6).toFixed(2)} MB | ${empty === 2 ? 'target ≤ 6 MB' : 'no target; a browser fetches one mix\'s file (≤ 149 KB gzip)'} |`);
  }
}

// 4. Warm walks per metric against BFS in the same run.
const tablebase = fileTables();
const walks: string[] = [];
for (const [name, code] of [['横刀立马', 'VBBV-VBBV-VHHV-VSSV-S..S'], ['峰回路转', 'SSSV-BBVV-BBVV-.HHV-.SHH']] as const) {
  const layout = parseLayoutOrThrow(code);
  for (const metric of METRICS) {
    for (let i = 0; i < 3; i++) solve(layout, { metric, tablebase });
    const table = timeRuns(101, () => solve(layout, { metric, tablebase, algorithm: 'table' }));
    const bfs = timeRuns(11, () => solve(layout, { metric, algorithm: 'bfs' }));
    if (table.last.length !== bfs.last.length) throw new Error(`${name} ${metric}: table ${table.last.length}, bfs ${bfs.last.length}`);
    const row = `| ${name} | ${metric} | ${table.last.length} | ${fmt(table.median)} | ${fmt(bfs.median)} | ${(bfs.median / table.median).toFixed(0)}× |`;
    walks.push(row);
    console.log(row);
  }
}

const section = [
  '## Tablebase (`npm run bench`)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, in-process.`,
  '',
  '| what | figure | note |',
  '|---|---|---|',
  ...lines,
  '',
  'Warm `solve()` medians (101 runs for the table, 11 for BFS, same process), including solution reconstruction with paths:',
  '',
  '| layout | metric | length | table ms | BFS ms | BFS / table |',
  '|---|---|---|---|---|---|',
  ...walks,
  '',
  'The Worker runs the same `solve()` on a table it loaded once per isolate. Workers\' clocks stand still during CPU work,',
  'so its `Server-Timing` `solve` entry reads near 0 in production; the in-process figures above are the CPU it spends.',
  '',
].join('\n');
writeSection('bench/RESULTS.md', '## Tablebase (`npm run bench`)', section);
