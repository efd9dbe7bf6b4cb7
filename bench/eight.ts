/**
 * npm run bench:eight — the 8-puzzle at the edge: random 3×3 boards toward random goals (every blank cell), both
 * metrics, answered from the tables read from site/public/eight/ (as the Worker reads them), beside the IDA* search
 * under the same edge budget in the same run. Writes bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { EDGE_BUDGET, formatTiles, parityInvariant, solveTiles, type TilesBoard } from '../solver/index.ts';
import { deserializeEightTable, eightGoalKind, eightTableFileName } from '../solver/tiles/eight-table.ts';
import { seededRandom } from '../test/helpers/random-layouts.ts';
import { shuffledTiles } from '../test/helpers/tiles-reference.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';

const BOARDS = 2000;
const DIR = new URL('../site/public/eight/', import.meta.url);
const tables = new Map<string, Uint8Array>();
const tableFor = (goal: TilesBoard, metric: 'move' | 'straight') => {
  const name = eightTableFileName(eightGoalKind(goal), metric);
  if (!tables.has(name)) tables.set(name, deserializeEightTable(new Uint8Array(readFileSync(new URL(name, DIR))), eightGoalKind(goal), metric));
  return tables.get(name)!;
};

const rows: string[] = [];
for (const metric of ['move', 'straight'] as const) {
  const random = seededRandom(metric === 'move' ? 2026 : 1126);
  const cases: Array<{ start: TilesBoard; goal: string }> = [];
  while (cases.length < BOARDS) {
    const start = shuffledTiles(random);
    const goal = shuffledTiles(random);
    if (parityInvariant(start) === parityInvariant(goal)) cases.push({ start, goal: formatTiles(goal) });
  }
  const tableMs: number[] = [];
  const searchMs: number[] = [];
  let byTable = 0;
  let bySearch = 0;
  let agree = 0;
  let longest = 0;
  for (const { start, goal } of cases) {
    const eightTable = tableFor({ width: 3, height: 3, cells: Uint8Array.from(goal.replaceAll('-', ''), (ch) => (ch === '.' ? 0 : Number(ch))) }, metric);
    let t = performance.now();
    const fromTable = solveTiles(start, { metric, goal, eightTable, ...EDGE_BUDGET });
    tableMs.push(performance.now() - t);
    t = performance.now();
    const searched = solveTiles(start, { metric, goal, ...EDGE_BUDGET });
    searchMs.push(performance.now() - t);
    if (fromTable.status === 'solved' && fromTable.stats.algorithm === 'table') byTable++;
    if (searched.status === 'solved') {
      bySearch++;
      if (searched.length === fromTable.length) agree++;
    }
    longest = Math.max(longest, fromTable.length ?? 0);
  }
  const line = `| ${metric} | ${BOARDS} | **${byTable}** | ${fmt(median(tableMs))} | ${fmt(Math.max(...tableMs))} | ${bySearch} | ${fmt(median(searchMs))} | ${fmt(Math.max(...searchMs))} | ${agree} of ${bySearch} | ${longest} |`;
  console.log(line);
  rows.push(line);
}

writeSection(
  'bench/RESULTS.md',
  '## 8-puzzle at the edge (`npm run bench:eight`)',
  [
    '## 8-puzzle at the edge (`npm run bench:eight`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}: ${BOARDS} random solvable ` +
      '3×3 boards per metric, each toward a random goal (so every blank cell of the goal, every table), solved under the ' +
      `Worker's default budget (${EDGE_BUDGET.maxWork!.toLocaleString('en')} work units) from the tables (\`npm run build:eight\`, as the Worker reads ` +
      'them) and, in the same run, by the IDA* search alone. Times per board, table files read once.',
    '',
    '| metric | boards | answered from the table | table median ms | table max ms | answered by search within the budget | search median ms | search max ms | search agrees on the length | longest answer |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
