/**
 * npm run bench:dense — breadth-first search at two bits a position (solver/klotski/dense/) beside the hash-table
 * search: positions expanded per second on one core and on every core (worker threads on one memory), on the classic
 * board, T-zer and Century with ten goal pieces; then GNOME Klotski's Lodzianka and Pelopones solved by the CLI as a
 * user runs it (default options; straight and step with --max-ms 300000), wall time and peak memory, and, with
 * `--analyze`, both whole spaces (`npm run bench:dense -- --analyze`: up to an hour). Writes bench/RESULTS.md.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseLayoutOrThrow, resolveGoal, type Metric } from '../solver/index.ts';
import { parseGoalInput } from '../solver/klotski/model/goal.ts';
import { compilePuzzle } from '../solver/klotski/model/puzzle.ts';
import { explore } from '../solver/klotski/search/explore.ts';
import { densePool, denseSearch, setDensePool } from '../solver/klotski/dense/search.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { loadDenseThreads } from '../solver/node/dense-threads.ts';
import { BudgetClock } from '../solver/shared/budget.ts';
import { runCli } from './cli-run.ts';
import { writeSection } from './results.ts';
import { fmt } from './stats.ts';

await loadEngineFromDisk();
const threads = loadDenseThreads();
const pool = densePool();
const cores = availableParallelism();
const load = () => loadavg()[0]!.toFixed(1);

const BOARDS: Array<{ name: string; code: string; goal?: string; toGoal: boolean }> = [
  { name: 'classic 横刀立马 (whole space)', code: 'VBBV-VBBV-VHHV-VSSV-S..S', toGoal: false },
  { name: 'T-zer (whole space)', code: '.X..Y.-XXXYYY-......-HHSSHH-HHSSHH', goal: '.Y..X.-YYYXXX-......-......-......', toGoal: false },
  { name: 'Century, ten goal pieces (to the goal)', code: 'FBBG-ABBC-AD.C-ID.J-KKHH', goal: 'HHKK-J.DI-C.DA-CBBA-GBBF', toGoal: true },
];

const rateRows: string[] = [];
for (const board of BOARDS) {
  const layout = parseLayoutOrThrow(board.code);
  const goal = board.goal ? parseGoalInput(board.goal) : undefined;
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal));
  const cells: string[] = [];
  let started = performance.now();
  const table = explore(puzzle, grid, { metric: 'move', fold: false, stopAtGoal: board.toGoal, clock: new BudgetClock({}), maxStates: 60_000_000, expectedStates: 60_000_000 });
  let ms = performance.now() - started;
  cells.push(`${table.nodes.toLocaleString('en-US')} in ${fmt(ms / 1000)} s${table.status === 'budget-exceeded' ? ' (its 60 M-position table full: stopped)' : ''}: **${fmt(table.nodes / ms / 1000)} M/s**`);
  for (const many of [false, true]) {
    setDensePool(many ? pool : null);
    started = performance.now();
    const run = denseSearch(puzzle, grid, { metric: 'move', stopAtGoal: board.toGoal, clock: new BudgetClock({}), memoryBytes: 2 ** 31 })!;
    ms = performance.now() - started;
    const searchMs = ms - run.prepareMs;
    cells.push(`${run.nodes.toLocaleString('en-US')} of ${run.rank.count.toLocaleString('en-US')} ranks in ${fmt(searchMs / 1000)} s (+ ${fmt(run.prepareMs / 1000)} s listing): **${fmt(run.nodes / searchMs / 1000)} M/s**`);
  }
  rateRows.push(`| ${board.name} | ${cells.join(' | ')} | ${load()} |`);
  console.log(rateRows[rateRows.length - 1]);
}
setDensePool(pool);

const GNOME = [
  { name: 'Lodzianka', code: 'AAVBBHH-AAVBBHH-HHSSS..-IIIVV..-IIIVV..', goal: '.......-.......-.......-.....AA-.....AA', published: 21 },
  { name: 'Pelopones', code: 'ACCCUUU-ACCCUSU-ASBBVHH-..BBVDD-....VDD-....VDD', goal: '.......-.......-.......-.......-UUU....-U.U....', published: 25 },
];
const cli = (args: string[]) => {
  const out = runCli(args);
  return { ms: out.ms, peak: out.peakKb ?? 0, json: JSON.parse(out.stdout) };
};
const solveRows: string[] = [];
for (const p of GNOME) {
  for (const metric of ['move', 'straight', 'step'] as Metric[]) {
    const loadBefore = load();
    const { ms, peak, json } = cli([p.code, '--goal', p.goal, '--metric', metric, ...(metric === 'move' ? [] : ['--max-ms', '300000'])]);
    const answer = json.status === 'solved' ? `**${json.length}**` : `unknown (${json.stoppedBy}, ≥ ${json.lowerBound})`;
    solveRows.push(`| ${p.name} | ${metric} | ${answer}${metric === 'move' ? ` (published ${p.published})` : ''} | ${json.stats.algorithm} | ${json.stats.nodes.toLocaleString('en-US')} | **${fmt(ms / 1000)} s** | ${fmt(peak / 1024)} MB | ${loadBefore} |`);
    console.log(solveRows[solveRows.length - 1]);
  }
}

const analyzeRows: string[] = [];
if (process.argv.includes('--analyze')) {
  for (const p of GNOME) {
    const loadBefore = load();
    const { ms, peak, json } = cli([p.code, '--goal', p.goal, '--analyze', '--max-ms', '3600000']);
    analyzeRows.push(`| ${p.name} | ${json.complete ? 'complete' : 'stopped'} | ${json.total.toLocaleString('en-US')} | ${json.solved.toLocaleString('en-US')} | ${json.farthest.distance} | **${fmt(ms / 1000)} s** | ${fmt(peak / 1024)} MB | ${loadBefore} |`);
    console.log(analyzeRows[analyzeRows.length - 1]);
  }
}
await threads?.close();

writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Breadth-first search at two bits a position', [
  '## Breadth-first search at two bits a position',
  '',
  `\`npm run bench:dense\` (${new Date().toISOString().slice(0, 10)}, ${cores} cores shared with other developers' jobs: the load average stands beside each row, so read the figures as lower bounds). Positions expanded per second in the move metric: the hash-table search (\`explore\`, unfolded) beside the two-bit search (klotski/dense/) on one core and on every core (worker threads on one shared memory). The two-bit search's listing of the big placements (single-threaded) is shown apart; its rate counts the search alone.`,
  '',
  `| board | hash table | two bits, one core | two bits, ${cores} cores | load |`,
  '|---|---|---|---|---|',
  ...rateRows,
  '',
  'GNOME Klotski\'s Lodzianka and Pelopones by the CLI as a user runs it (`npm run solve`, default options; straight and step with `--max-ms 300000`), a fresh process each: wall time and peak resident memory.',
  '',
  '| puzzle | metric | length | algorithm | positions expanded | wall | peak memory | load before |',
  '|---|---|---|---|---|---|---|---|',
  ...solveRows,
  ...(analyzeRows.length
    ? ['', '`--analyze` of both (move metric), whole reachable spaces:', '', '| puzzle | | positions | solved | farthest | wall | peak memory | load before |', '|---|---|---|---|---|---|---|---|', ...analyzeRows]
    : []),
].join('\n'));
