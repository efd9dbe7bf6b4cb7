/**
 * npm run bench (second part) — search beyond the classic tablebase.
 *
 * 1. Breadth-first rate per board size and metric: whole spaces (capped), positions and successors per second, the
 *    search `explore` runs (the WebAssembly engine) beside the TypeScript search (the part grid: what runs where
 *    WebAssembly is refused), in the same run.
 * 2. Outcomes on a seeded set of custom boards (other goals for the 2×2, three or more empty cells, 5×5, 4×6, 5×6,
 *    6×6): each strategy's warm median, how many the edge budget answers (by search alone, and as the CLI answers:
 *    the tablebase first), and `auto` against the faster of bfs and ida.
 * Writes both tables to bench/RESULTS.md.
 */
import { cpus } from 'node:os';
import { EDGE_BUDGET, METRICS, parseLayoutOrThrow, resolveGoal, solve, type Algorithm, type GoalSpec, type Metric } from '../solver/index.ts';
import { fileTables } from '../solver/node/tablebase-files.ts';
import { explore } from '../solver/klotski/search/explore.ts';
import { exploreGrid, gridWork } from '../solver/klotski/search/part-grid.ts';
import { compilePuzzle } from '../solver/klotski/model/puzzle.ts';
import { BudgetClock } from '../solver/shared/budget.ts';
import { randomLayoutCode, seededRandom } from '../test/helpers/random-layouts.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { enableBitboardEngine } from '../solver/klotski/wasm/engine.ts';
import { engineWorkFor } from '../solver/klotski/wasm/headers.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';

// As the CLI and the Worker run: the searches on the WebAssembly engine (the rate table also times the TypeScript
// search, in the same run).
if (!(await loadEngineFromDisk())) throw new Error('build the engine first: npm run build:wasm');

const RATE_BOARDS: Array<[string, string]> = [
  ['4×5 classic (横刀立马)', 'VBBV-VBBV-VHHV-VSSV-S..S'],
  ['4×5, three empty cells', 'VBBV-VBBV-VHHV-VS.V-S..S'],
  ['5×5', 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS'],
  ['5×6', 'SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS'],
  ['6×6', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS'],
  ['8×8', randomLayoutCode(seededRandom(88), 8, 8, 4)],
  ['10×10', randomLayoutCode(seededRandom(5), 10, 10, 2)],
];
const RATE_CAP = 300_000;

function rate(code: string, metric: Metric, engine: 'engine' | 'grid'): { positions: number; ms: number; successors: number } {
  enableBitboardEngine(engine === 'engine');
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  let positions = 0;
  let work = 0;
  let nodes = 0;
  const timedRun = (): number => {
    const clock = new BudgetClock({});
    const t = performance.now();
    const options = { metric, fold: true, stopAtGoal: false, clock, maxStates: RATE_CAP };
    const run = engine === 'grid' ? exploreGrid(puzzle, grid, options) : explore(puzzle, grid, options);
    const ms = performance.now() - t;
    positions = run.table.size;
    work = clock.work;
    nodes = run.nodes;
    return ms;
  };
  // Warm-up runs until the engine is fully optimised (at least 10 runs and 1 s), then 7 timed ones.
  const warmUntil = performance.now() + 1000;
  for (let i = 0; i < 10 || performance.now() < warmUntil; i++) timedRun();
  const times = Array.from({ length: 7 }, timedRun);
  // Successors from the work charged: the searches charge a fixed amount per position and per successor.
  const { nodeWork: perNode, successorWork: perSuccessor, insertWork: perInsert } = engine === 'grid' ? { ...gridWork(puzzle), insertWork: 0 } : engineWorkFor(puzzle, grid)!;
  enableBitboardEngine(true);
  return { positions, ms: median(times), successors: Math.max(0, (work - nodes * perNode - (positions - 1) * perInsert) / perSuccessor) };
}

const rateRows: string[] = [];
for (const [name, code] of RATE_BOARDS) {
  for (const metric of METRICS) {
    const ours = rate(code, metric, 'engine');
    const grid = rate(code, metric, 'grid');
    const mps = (r: { positions: number; ms: number }) => (r.positions / r.ms / 1000).toFixed(2);
    const row = `| ${name} | ${metric} | ${ours.positions.toLocaleString('en')} | ${fmt(ours.ms)} | ${mps(ours)} M | ${(ours.successors / ours.ms / 1000).toFixed(1)} M | ${mps(grid)} M (${(grid.ms / ours.ms).toFixed(1)}×) |`;
    rateRows.push(row);
    console.log(row);
  }
}

const SPACE_CAP = 250_000;

/** Positions reachable from a layout (mirror images folded), or more than SPACE_CAP. */
function reachable(code: string): number {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  const run = explore(puzzle, grid, { metric: 'move', fold: true, stopAtGoal: false, clock: new BudgetClock({}), maxStates: SPACE_CAP + 1 });
  return run.status === 'budget-exceeded' ? SPACE_CAP + 1 : run.table.size;
}

/**
 * The custom-board set, as issue 16 describes it: seeded, solvable in 9–34 moves, reachable spaces of at most
 * 250,000 positions; the issue's six examples first.
 */
function customSet(): Array<{ kind: string; code: string; goal?: GoalSpec }> {
  const set: Array<{ kind: string; code: string; goal?: GoalSpec }> = [
    { kind: '4×5, goal B@3,0', code: 'VBBV-VBBV-VHHV-VSSV-S..S', goal: { piece: [0, 1], at: [3, 0] } },
    { kind: '4×5, goal B@2,1', code: 'VBBV-VBBV-VHHV-VSSV-S..S', goal: { piece: [0, 1], at: [2, 1] } },
    { kind: '4×5, three empty cells', code: 'VBBV-VBBV-VHHV-VS.V-S..S' },
    { kind: '5×5', code: 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS' },
    { kind: '5×6', code: 'SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS' },
    { kind: '6×6', code: 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS' },
  ];
  const rand = seededRandom(1616);
  const kinds: Array<[string, number, number, number]> = [
    ['4×5, three empty cells', 4, 5, 3],
    ['5×5', 5, 5, 2],
    ['5×5', 5, 5, 3],
    ['4×6', 4, 6, 2],
    ['4×6', 4, 6, 3],
    ['5×6', 5, 6, 3],
    ['6×6', 6, 6, 3],
    ['6×6', 6, 6, 4],
  ];
  for (let attempt = 0; set.length < 40 && attempt < 2000; attempt++) {
    const [kind, w, h, empty] = kinds[attempt % kinds.length]!;
    const code = randomLayoutCode(rand, w, h, empty);
    const probe = solve(parseLayoutOrThrow(code), { algorithm: 'bfs', maxMs: 5_000 });
    if (probe.status !== 'solved' || probe.length! < 9 || probe.length! > 34) continue;
    // The issue's set: reachable spaces of 40 to 250,000 positions.
    if (reachable(code) > SPACE_CAP) continue;
    set.push({ kind, code });
  }
  return set;
}

/** `tables`: with the tablebase, as the CLI and the Worker solve (the searches below run without it). */
type Run = { algorithm: Algorithm; budget: { maxWork?: number; maxMs?: number }; tables?: boolean };
const tablebase = fileTables();

/** Warm medians of several configurations, run in turn (not one after the other) so machine noise hits all alike. */
function warm(code: string, goal: GoalSpec | undefined, runs: Run[]) {
  const layout = parseLayoutOrThrow(code);
  const once = ({ algorithm, budget, tables }: Run) => solve(layout, { algorithm, goal, ...budget, tablebase: tables ? tablebase : null });
  let last = runs.map(once);
  // Warm-up rounds until the engines are optimised for this board (10 rounds or 300 ms, whichever is shorter).
  for (let round = 0, until = performance.now() + 300; round < 10 && performance.now() < until; round++) last = runs.map(once);
  const times: number[][] = runs.map(() => []);
  const repeats = Math.max(...last.map((r) => r.stats.ms)) > 500 ? 1 : 7;
  for (let i = 0; i < repeats; i++) {
    runs.forEach((run, k) => {
      const t = performance.now();
      last[k] = once(run);
      times[k]!.push(performance.now() - t);
    });
  }
  return runs.map((_, k) => ({ ms: median(times[k]!), result: last[k]! }));
}

type Timed = ReturnType<typeof warm>[number];
const outcomeRows: string[] = [];
const autoTimes: number[] = [];
let answered = 0;
let answeredCli = 0;
let worstRatio = 0;
const nodeRatios: number[] = [];
const astarTimeRatios: number[] = [];
const set = customSet();
for (const { kind, code, goal } of set) {
  const [auto, bfs, edge, cli, astar] = warm(code, goal, [
    { algorithm: 'auto', budget: {} },
    { algorithm: 'bfs', budget: {} },
    { algorithm: 'auto', budget: EDGE_BUDGET },
    { algorithm: 'auto', budget: EDGE_BUDGET, tables: true },
    { algorithm: 'astar', budget: {} },
  ]) as [Timed, Timed, Timed, Timed, Timed];
  const [ida] = warm(code, goal, [{ algorithm: 'ida', budget: { maxMs: 5_000 } }]) as [Timed];
  const ok = edge.result.status === 'solved' && edge.result.length === auto.result.length;
  if (ok) answered++;
  const okCli = cli.result.status === 'solved' && cli.result.length === auto.result.length;
  if (okCli) answeredCli++;
  autoTimes.push(auto.ms);
  const fastest = Math.min(bfs.ms, ida.result.status === 'solved' ? ida.ms : Infinity);
  worstRatio = Math.max(worstRatio, auto.ms / fastest);
  nodeRatios.push(astar.result.stats.nodes / bfs.result.stats.nodes);
  astarTimeRatios.push(astar.ms / bfs.ms);
  const row = `| ${kind} | \`${code}\`${goal ? ` → B@${goal.at}` : ''} | ${auto.result.length} | ${auto.result.stats.algorithm} | ${auto.result.stats.nodes.toLocaleString('en')} | ${fmt(auto.ms)} | ${bfs.result.stats.nodes.toLocaleString('en')} | ${fmt(bfs.ms)} | ${ida.result.status === 'solved' ? fmt(ida.ms) : `> ${fmt(ida.ms)}`} | ${ok ? `✓ ${fmt(edge.ms)}` : '503'} | ${okCli ? `✓ ${cli.result.stats.algorithm} ${fmt(cli.ms)}` : '503'} |`;
  outcomeRows.push(row);
  console.log(row);
}
const sorted = [...autoTimes].sort((a, b) => a - b);
const percent = (n: number) => `${Math.round((100 * n) / set.length)} %`;
const summary = `${set.length} boards: at the edge budget, as the CLI and the Worker answer (the tablebase first), ${answeredCli} answered optimally (${percent(answeredCli)}); by search alone ${answered} (${percent(answered)}); searched without the tablebase, unbudgeted \`auto\` warm median ${fmt(median(autoTimes))} ms, p90 ${fmt(sorted[Math.floor(0.9 * (sorted.length - 1))]!)} ms, max ${fmt(sorted[sorted.length - 1]!)} ms; \`auto\` at most ${worstRatio.toFixed(2)}× the faster of bfs and ida; A* (what \`auto\` runs under a work budget, as at the edge) expands a median ${median(nodeRatios).toFixed(2)}× (least ${Math.min(...nodeRatios).toFixed(2)}×) the positions of bfs, and takes a median ${median(astarTimeRatios).toFixed(2)}× (${Math.min(...astarTimeRatios).toFixed(2)}–${Math.max(...astarTimeRatios).toFixed(2)}×) its time, unbudgeted.`;
console.log(summary);

/**
 * A* and IDA* against breadth-first search (issue 16, item 3): nodes expanded and warm ms to the optimal solution on a 5×5,
 * a 6×6 and a 10×10 board. IDA* is capped at 20 s.
 */
const IDA_BOARDS: Array<[string, string]> = [
  ['5×5', 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS'],
  ['5×5', 'S.SS.-VSBBS-VSBBS-SSSSS-SS.SS'],
  ['6×6', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS'],
  // Seeded 10×10 boards that breadth-first search solves (11 and 18 moves).
  ['10×10', randomLayoutCode(seededRandom(13), 10, 10, 3)],
  ['10×10', randomLayoutCode(seededRandom(572), 10, 10, 2)],
];
const idaRows: string[] = [];
for (const [kind, code] of IDA_BOARDS) {
  const layout = parseLayoutOrThrow(code);
  const timed = (algorithm: Algorithm, maxMs: number) => {
    solve(layout, { algorithm, maxMs });
    const t = performance.now();
    const r = solve(layout, { algorithm, maxMs });
    return { r, ms: performance.now() - t };
  };
  const bfs = timed('bfs', 20_000);
  const astar = timed('astar', 20_000);
  const ida = timed('ida', 20_000);
  const show = (x: typeof bfs) => (x.r.status === 'solved' ? `${x.r.stats.nodes.toLocaleString('en')} | ${fmt(x.ms)}` : `> ${x.r.stats.nodes.toLocaleString('en')} (${x.r.status}) | > ${fmt(x.ms)}`);
  const ratio = (x: typeof bfs) => (bfs.r.status === 'solved' && x.r.status === 'solved' ? `${(x.r.stats.nodes / bfs.r.stats.nodes).toFixed(2)}×` : '—');
  const row = `| ${kind} | \`${code}\` | ${bfs.r.length ?? ida.r.length ?? '?'} | ${show(bfs)} | ${show(astar)} | ${ratio(astar)} | ${show(ida)} | ${ratio(ida)} |`;
  idaRows.push(row);
  console.log(row);
}

writeSection(
  'bench/RESULTS.md',
  '## Search beyond the tablebase (`npm run bench`)',
  [
    '## Search beyond the tablebase (`npm run bench`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}.`,
    '',
    `Breadth-first rate: whole spaces capped at ${RATE_CAP.toLocaleString('en')} positions, mirror images folded where the goal allows, median of 7 runs after at least 10 warm-up runs and 1 s. ` +
      'Successors are every move generated (most lead to positions already seen). The last column is the TypeScript search (the part grid: what runs where WebAssembly is refused), on the same board in the same run, and how many times slower it is. ' +
      'For scale: the C++ engine dnomd343/klotski was measured at about 6 M positions/s on the classic board (issue 16; not re-measured here).',
    '',
    '| board | metric | positions | median ms | positions/s (engine) | successors/s | TypeScript search |',
    '|---|---|---|---|---|---|---|',
    ...rateRows,
    '',
    `Custom boards (seeded; 9–34 moves; reachable spaces of at most 250,000 positions, as in issue 16; the issue's six examples first): ${summary} Warm medians of 7 runs, the configurations run in turn.`,
    '',
    '| kind | layout | moves | auto | auto nodes | auto ms | bfs nodes | bfs ms | ida ms | edge budget, search | edge budget, CLI |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...outcomeRows,
    '',
    'A* and IDA* against breadth-first search: positions expanded to the optimal solution, and ms (one warm run; IDA* capped at 20 s). IDA* runs in TypeScript on the part grid; A* and breadth-first search on the WebAssembly engine; IDA* and A* use the same goal-distance-plus-blockers bound.',
    '',
    '| board | layout | moves | bfs nodes | bfs ms | astar nodes | astar ms | astar / bfs nodes | ida nodes | ida ms | ida / bfs nodes |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...idaRows,
    '',
  ].join('\n'),
);
