/**
 * npm run bench:classics — the gallery's classic sliding-block puzzles beyond 华容道 (data/puzzles/classics.tsv: Conway's
 * Century and Century-and-a-Half, Dad's Puzzle, Ma's Puzzle, Quzzle, the Professor Layton puzzles, GNOME Klotski's
 * levels…), each solved in all three metrics by the product's own search (unbudgeted, as the CLI solves, up to 20 s each);
 * beside them, breadth-first search's positions per second on boards with pieces of other shapes and outlines and on the
 * classic board in the same run. Published figures are quoted from the sources for comparison only. Writes
 * bench/RESULTS.md.
 */
import { analyze, parseLayoutOrThrow, solve, type Metric } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { CLI_MEMORY_BYTES } from '../solver/node/cli-memory.ts';
import { readClassics } from '../gallery/classics.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';
import { runCli } from './cli-run.ts';

await loadEngineFromDisk();
const METRICS: Metric[] = ['move', 'straight', 'step'];
const LIMIT_MS = 20_000;

const rows: string[] = [];
const moveTimes: number[] = [];
for (const puzzle of readClassics()) {
  const layout = parseLayoutOrThrow(puzzle.code);
  const cells: string[] = [];
  for (const metric of METRICS) {
    const started = performance.now();
    const result = solve(layout, { metric, goal: { drawing: puzzle.goal }, maxMs: LIMIT_MS, memoryBytes: CLI_MEMORY_BYTES });
    const ms = performance.now() - started;
    if (metric === 'move' && result.status === 'solved') moveTimes.push(ms);
    const answer = result.status === 'solved' ? String(result.length) : result.status === 'unsolvable' ? 'no solution' : `> ${result.lowerBound} (gave up)`;
    cells.push(`${answer} · ${result.stats.algorithm} · ${fmt(ms)} ms`);
  }
  rows.push(`| ${puzzle.name} | ${layout.width}×${layout.height} | ${cells.join(' | ')} | ${puzzle.published || '–'} |`);
  console.log(rows[rows.length - 1]);
}

/**
 * Breadth-first search over a board's reachable space (up to 2 M positions: `analyze`, every layer, no goal to stop
 * at), storing masks or ranks: positions per second, median of three runs.
 */
function bfsRate(code: string, goal: string | null, storeRanks: boolean): { positions: number; perSecond: number; complete: boolean } {
  const layout = parseLayoutOrThrow(code);
  const rates: number[] = [];
  let positions = 0;
  let complete = false;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const result = analyze(layout, { goal: goal ? { drawing: goal } : null, maxStates: 2_000_000, maxMs: 60_000, storeRanks });
    positions = result.total;
    complete = result.complete;
    rates.push(positions / ((performance.now() - started) / 1000));
  }
  return { positions, perSecond: median(rates), complete };
}
const rateRow = (name: string, code: string, goal: string | null) => {
  const masks = bfsRate(code, goal, false);
  const ranks = bfsRate(code, goal, true);
  const row = `| ${name} | ${masks.positions.toLocaleString('en-US')}${masks.complete ? '' : ' (first 2 M)'} | ${fmt(masks.perSecond / 1e6)} M | ${fmt(ranks.perSecond / 1e6)} M |`;
  console.log(row);
  return row;
};
const rateRows = [
  rateRow('横刀立马 (classic 4×5, rectangles, its whole group)', 'VBBV-VBBV-VHHV-VSSV-S..S', null),
  rateRow('5×5 of rectangles (B, V, H, S)', 'SS.SS-VBBS.-VBBHH-SSSHH-S.S..', null),
];
for (const id of ['mas-puzzle', 'layton-diabolical-box', 'layton-sliding-pipes', 'gnome-traffic-jam', 't-zer']) {
  const puzzle = readClassics().find((p) => p.id === id)!;
  rateRows.push(rateRow(`${puzzle.name} (${parseLayoutOrThrow(puzzle.code).holes ? 'outline, ' : ''}pieces of other shapes or letters of their own)`, puzzle.code, puzzle.goal));
}

/**
 * Conway's Century with ten pieces named (four soldiers, three vertical and two horizontal pieces, each its own letter)
 * turned upside down: eight goal pieces besides the 2×2 and the horizontal piece. Solved by the CLI as a user runs it
 * (default options, a fresh process each time): wall time and the process's peak memory, median of three.
 */
const NUMBERED = { code: 'FBBG-ABBC-AD.C-ID.J-KKHH', goal: 'HHKK-J.DI-C.DA-CBBA-GBBF' };
const cliRuns = Array.from({ length: 3 }, () => {
  const out = runCli([NUMBERED.code, '--goal', NUMBERED.goal]);
  const ms = out.ms;
  const result = JSON.parse(out.stdout) as { length: number | null; stats: { algorithm: string; nodes: number } };
  const peak = out.peakKb ?? NaN;
  console.log(`numbered Century: ${result.length} moves, ${fmt(ms)} ms, ${fmt(peak / 1024)} MB`);
  return { ms, peak, result };
});
const cliMedian = [...cliRuns].sort((a, b) => a.ms - b.ms)[1]!;
const numberedSpace = analyze(parseLayoutOrThrow(NUMBERED.code), { goal: { drawing: NUMBERED.goal }, maxStates: 40_000_000, maxMs: 120_000, storeRanks: true });
const toGoal = numberedSpace.layers.slice(0, cliMedian.result.length! + 1).reduce((a, b) => a + b, 0);

const body = [
  '## Classic sliding-block puzzles (npm run bench:classics)',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.versions.node}: every puzzle of data/puzzles/classics.tsv solved toward its goal drawing in each metric by \`solve()\` as the CLI runs it (best-first search, IDA* when memory fills; up to ${LIMIT_MS / 1000} s each). Each cell: minimum · search · time. Published figures are the sources' (their formulations sometimes differ: half-cell moves, exits outside the tray).`,
  '',
  `**Median time to the optimal answer, move metric: ${fmt(median(moveTimes))} ms** over ${moveTimes.length} puzzles (bar: ≤ 50 ms).`,
  '',
  '| puzzle | board | move | straight | step | published |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  'Breadth-first search on the WebAssembly engine over each board\'s reachable space (the first 2 M positions where it is larger; median of three runs): positions per second, all in the same run (bar for pieces of other shapes and outlines: ≥ 3 M positions/s).',
  '',
  '| board | positions | positions/s, masks stored | positions/s, ranks stored |',
  '|---|---|---|---|',
  ...rateRows,
  '',
  `Eight goal pieces (bar: a breadth-first space of about 30 M positions up to the goal, solved in the CLI within 10 s and 1 GB): Conway's Century with every piece but the 2×2 named (\`${NUMBERED.code}\`, goal \`${NUMBERED.goal}\`), ${toGoal.toLocaleString('en-US')} positions within ${cliMedian.result.length} moves of the start (${numberedSpace.total.toLocaleString('en-US')} in its whole space${numberedSpace.complete ? '' : ', cut short'}). \`npm run solve\` with default options, a fresh process each run: **${fmt(cliMedian.ms / 1000)} s** (median of ${cliRuns.map((r) => fmt(r.ms / 1000)).join(', ')} s), peak memory **${fmt(cliMedian.peak / 1024)} MB**, ${cliMedian.result.length} moves (${cliMedian.result.stats.algorithm}, ${cliMedian.result.stats.nodes.toLocaleString('en-US')} positions expanded).`,
  '',
].join('\n');
writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Classic sliding-block puzzles', body);
