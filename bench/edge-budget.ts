/**
 * npm run bench:edge — the costliest inputs found, each solved under the Worker's default budget (EDGE_BUDGET):
 * the first solve in a fresh process (JIT-cold), then the median of warm solves, taken in rounds of every input in
 * turn. Writes bench/RESULTS.md.
 */
import { cpus } from 'node:os';
import { EDGE_BUDGET, solveCode, type SolveResult, type TilesResult } from '../solver/index.ts';
import { loadDatabases } from '../solver/node/pdb-files.ts';
import { randomLayoutCode, seededRandom } from '../test/helpers/random-layouts.ts';
import { writeSection } from './results.ts';
import { fmt, median, timeRuns } from './stats.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';

// As the CLI and the Worker run: breadth-first search on the WebAssembly engine.
if (!(await loadEngineFromDisk())) throw new Error('build the engine first: npm run build:wasm');

const SOLDIERS = Array.from({ length: 10 }, (_, r) => (r < 2 ? 'BBSSSSSSSS' : r === 9 ? 'SSSSSSSS..' : 'SSSSSSSSSS')).join('-');
const MIXED = randomLayoutCode(seededRandom(5), 10, 10, 2);
const databases = loadDatabases();
const INPUTS: Array<[string, string, Record<string, unknown>]> = [
  ['10×10, 98 soldiers, step', SOLDIERS, { metric: 'step' }],
  ['10×10, 98 soldiers, move', SOLDIERS, {}],
  ['10×10 mixed pieces, step', MIXED, { metric: 'step' }],
  ['10×10 mixed pieces, move', MIXED, {}],
  ['5×5 Klotski, 7 pieces of 2', 'SBBSS-SBBVV-HHSVV-VVHH.-VV..S', {}],
  ['5×5 Klotski, 29 moves', 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', {}],
  ['6×6 Klotski, 4 empty cells (wide bitboard)', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', {}],
  ['5×6 Klotski, many soldiers', 'SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS', {}],
  ['4×6 Klotski, soldiers', 'SSSS-SS.V-S.SV-.SBB-HHBB', {}],
  ['4×5, three empty cells, 30 moves (searched)', 'BBS.-BBSV-VS.V-VHHS-.SHH', {}],
  ['4×6 Klotski, 25 moves', '.SSS-SSBB-.VBB-SVSV-SSVV-SSVS', {}],
  ['横刀立马 to B@3,0 (searched)', 'VBBV-VBBV-VHHV-VSSV-S..S', { goal: { piece: [0, 1], at: [3, 0] } }],
  // The slowest of 78 random boards of 4×5 to 10×10 with custom goals, per unit of work (issue 34).
  ['6×6, goal B@0,1, straight (random)', 'SHHSHH-SSSVHH-VHHVBB-VSHHBB-HH.SS.-SHHHH.', { metric: 'straight', goal: { piece: [2, 4], at: [0, 1] } }],
  ['5×5, goal B@0,0, straight (random)', 'VHHHH-VSHHS-BBSS.-BBHHV-.S.SV', { metric: 'straight', goal: { piece: [2, 0], at: [0, 0] } }],
  ['3×6, unsolvable', '.HH-SSS-BBS-BBV-S.V-SHH', {}],
  ['3×6 Klotski', 'S.S-BBS-BBV-SVV-VV.-VSS', {}],
  ['4×5, three empty cells, unsolvable (searched)', 'VBBV-VBBV-VVSV-VVSV-S...', {}],
  ['6×6 tiles, --optimal', 'O5EKI-JB38L-GF.4H-MA6D2-C17N9', { optimal: true }],
  ['6×6 tiles, fast mode', 'O5EKI-JB38L-GF.4H-MA6D2-C17N9', {}],
  ['4×4 tiles, Korf #1, databases', 'D68C-FE.A-B745-9132', { databases }],
  ['4×4 tiles, Korf #1, straight', 'D68C-FE.A-B745-9132', { metric: 'straight' }],
];

const runs = INPUTS.map(([name, code, options]) => () => {
  const r = solveCode(code, { ...EDGE_BUDGET, ...options });
  if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
  return r.value as SolveResult | TilesResult;
});
// Each input's first solve, then 3 warm-up solves each; then 21 rounds of every input in turn, so that a slow spell of
// the machine falls on all inputs alike instead of on whichever input it meets (a median per input, over the rounds).
const cold = runs.map((run) => {
  const first = timeRuns(1, run).median;
  for (let i = 0; i < 3; i++) run();
  return first;
});
const times = runs.map((): number[] => []);
const last: Array<SolveResult | TilesResult> = [];
for (let round = 0; round < 21; round++) {
  runs.forEach((run, i) => {
    const t = performance.now();
    last[i] = run();
    times[i]!.push(performance.now() - t);
  });
}
const rows = INPUTS.map(([name], i) => {
  const r = last[i]!;
  return `| ${name} | ${r.status} | ${r.stats.algorithm} | ${r.stats.nodes.toLocaleString('en')} | ${r.stats.work.toLocaleString('en')} | ${(r.stats.ttBytes / 1024).toFixed(0)} KiB | ${fmt(median(times[i]!))} | ${fmt(cold[i]!)} |`;
});
for (const row of rows) console.log(row);

writeSection(
  'bench/RESULTS.md',
  '## Edge budget (`npm run bench:edge`)',
  [
    '## Edge budget (`npm run bench:edge`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}: the costliest inputs found, ` +
      `under the Worker's default budget (${EDGE_BUDGET.maxWork!.toLocaleString('en')} work units; \`--budget edge\` in the CLI). ` +
      'Warm: median of 21 solves after 3 warm-up solves, taken in 21 rounds of every input in turn (a slow spell of the machine ' +
      'falls on all inputs alike). Cold: the first solve of that input in this process (earlier inputs ' +
      'have warmed shared code; a fresh isolate\'s first request costs more, see the README). Every input is searched, without ' +
      'the tablebase: the budget bounds search. (The Worker answers the two 4×5 boards with three empty cells from the tablebase, ' +
      'without a budget.)',
    '',
    '| input | status | algorithm | positions | work | table | warm median ms | first solve ms |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
