/**
 * npm run bench:spaces — whole reachable spaces by distance: `--analyze` (move metric) of GNOME Klotski's Lodzianka and
 * Pelopones as a user runs it (the CLI, default options, a fresh process each), beside the count of every legal
 * placement of their pieces (the dense rank's size: the most the space could be). Per distance from the start, the
 * positions at that distance. Up to half an hour each on two cores. Writes bench/RESULTS.md.
 */
import { loadavg } from 'node:os';
import { parseLayoutOrThrow, resolveGoal } from '../solver/index.ts';
import { parseGoalInput } from '../solver/klotski/model/goal.ts';
import { compilePuzzle } from '../solver/klotski/model/puzzle.ts';
import { buildDenseRank } from '../solver/klotski/dense/rank.ts';
import { readClassics } from '../gallery/classics.ts';
import { runCli } from './cli-run.ts';
import { writeSection } from './results.ts';
import { fmt } from './stats.ts';

const IDS = (process.argv.slice(2).filter((a) => !a.startsWith('-')).length ? process.argv.slice(2) : ['gnome-lodzianka', 'gnome-pelopones']);
const puzzles = readClassics().filter((p) => IDS.includes(p.id));
const n = (x: number) => x.toLocaleString('en-US');

interface Analysis {
  layers: number[];
  total: number;
  solved: number;
  farthest: { layout: string; distance: number };
  complete: boolean;
}

const rows: string[] = [];
const columns: Array<{ name: string; layers: number[] }> = [];
for (const p of puzzles) {
  const layout = parseLayoutOrThrow(p.code);
  const { puzzle } = compilePuzzle(layout, resolveGoal(layout, parseGoalInput(p.goal)));
  const placements = buildDenseRank(puzzle)?.count ?? NaN;
  const loadBefore = loadavg()[0]!.toFixed(1);
  const out = runCli([p.code, '--goal', p.goal, '--analyze', '--max-ms', '3600000']);
  const { ms } = out;
  const peak = out.peakKb ?? 0;
  if (out.status !== 0 && !out.stdout) throw new Error(`${p.name}: the CLI failed: ${out.stderr.slice(-2000)}`);
  const json = JSON.parse(out.stdout) as Analysis;
  const name = p.name.replace(/ \(GNOME Klotski\)$/, '');
  rows.push(`| ${name} | ${n(placements)} | ${json.complete ? 'complete' : '**stopped**'} | ${n(json.total)} (${((100 * json.total) / placements).toFixed(1)} %) | ${n(json.solved)} | ${json.farthest.distance} \`${json.farthest.layout}\` | ${fmt(ms / 1000)} s | ${fmt(peak / 1024)} MB | ${loadBefore} |`);
  columns.push({ name, layers: json.layers });
  console.log(rows[rows.length - 1]);
}

const depth = Math.max(...columns.map((c) => c.layers.length));
const layerRows = Array.from({ length: depth }, (_, d) => `| ${d} | ${columns.map((c) => (d < c.layers.length ? n(c.layers[d]!) : '')).join(' | ')} |`);
writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Whole spaces by distance', [
  '## Whole spaces by distance',
  '',
  `\`npm run bench:spaces\` (${new Date().toISOString().slice(0, 10)}, this 2-core machine): \`npm run solve -- <code> --goal <goal> --analyze\` (move metric, default options: the two-bit search on every core), a fresh process each, beside the number of legal placements of the pieces (pieces of one shape merged, the goal piece apart: the dense rank's size, the most the space could hold).`,
  '',
  '| puzzle | placements | | reachable positions | at the goal | farthest (distance, position) | wall | peak memory | load before |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  'Positions at each distance (moves) from the start:',
  '',
  `| distance | ${columns.map((c) => c.name).join(' | ')} |`,
  `|---|${columns.map(() => '---|').join('')}`,
  ...layerRows,
].join('\n'));
console.log('wrote bench/RESULTS.md');
