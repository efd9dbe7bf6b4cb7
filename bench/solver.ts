/**
 * npm run bench — classic layouts, each strategy's median over warm runs, against a plain reference BFS
 * (test/helpers/reference.ts: strings and Maps) measured in the same process. Writes bench/RESULTS.md.
 */
import { cpus } from 'node:os';
import { parseLayoutOrThrow, solve, type Algorithm } from '../solver/index.ts';
import { fileTables } from '../solver/node/tablebase-files.ts';
import { refBoard, refDistance } from '../test/helpers/reference.ts';
import { fmt, timeRuns } from './stats.ts';
import { writeSection } from './results.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';

// As the CLI and the Worker run: breadth-first search on the WebAssembly engine.
if (!(await loadEngineFromDisk())) throw new Error('build the engine first: npm run build:wasm');

const LAYOUTS: Array<[string, string]> = [
  ['横刀立马', 'VBBV-VBBV-VHHV-VSSV-S..S'],
  ['峰回路转', 'SSSV-BBVV-BBVV-.HHV-.SHH'],
  ['层层设防II', 'SBBS-VBBV-VHHV-SHHS-.HH.'],
];
const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 21);
const IDA_RUNS = Number(process.env.BENCH_IDA_RUNS ?? 21);
const TABLE_RUNS = Number(process.env.BENCH_TABLE_RUNS ?? 101);
const REF_RUNS = 3;
const tablebase = fileTables();

const rows: string[] = [];
for (const [name, code] of LAYOUTS) {
  const layout = parseLayoutOrThrow(code);
  const block = layout.pieces.find((p) => p.letter === 'B')!;
  const reference = timeRuns(REF_RUNS, () => refDistance(refBoard(layout.width, layout.height, layout.pieces), layout.pieces.indexOf(block), [3, 1], 'move'));
  for (const algorithm of ['table', 'bfs', 'ida'] as Algorithm[]) {
    const runs = algorithm === 'ida' ? IDA_RUNS : algorithm === 'table' ? TABLE_RUNS : WARM_RUNS;
    for (let i = 0; i < 3; i++) solve(layout, { algorithm, tablebase }); // warm-up (and the table's first load)
    const { median, last } = timeRuns(runs, () => solve(layout, { algorithm, tablebase }));
    if (last.length !== reference.last) throw new Error(`${name}: ${algorithm} found ${last.length}, reference ${reference.last}`);
    const row = `| ${name} | ${algorithm} | ${last.length} | ${fmt(median)} | ${runs} | ${last.stats.nodes.toLocaleString('en')} | ${(last.stats.ttBytes / 1024).toFixed(0)} KiB | ${fmt(reference.median)} | ${(reference.median / median).toFixed(1)}× |`;
    rows.push(row);
    console.log(row);
  }
}

const header = [
  '| layout | strategy | moves | median ms | runs | nodes | table bytes | reference BFS ms | speed-up vs reference |',
  '|---|---|---|---|---|---|---|---|---|',
];
const section = [
  '## Solver (`npm run bench`)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}. Move metric. ` +
    `Median of warm in-process runs (after 3 warm-up runs), whole \`solve()\` including solution reconstruction. ` +
    `Reference: the plain BFS of the test suite (strings in a Map, median of ${REF_RUNS}), same process. ` +
    '`table` walks the classic tablebase (table already loaded; `nodes` = table values read, table bytes = that mix\'s table).',
  '',
  ...header,
  ...rows,
  '',
].join('\n');
writeSection('bench/RESULTS.md', '## Solver (`npm run bench`)', section);
