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
import { readClassics } from '../scripts/classics.ts';
import { writeSection } from './results.ts';
import { fmt, median } from './stats.ts';

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
    const result = solve(layout, { metric, goal: { drawing: puzzle.goal }, maxMs: LIMIT_MS });
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
 * at): positions per second, median of three runs.
 */
function bfsRate(code: string, goal: string | null): { positions: number; perSecond: number; complete: boolean } {
  const layout = parseLayoutOrThrow(code);
  const rates: number[] = [];
  let positions = 0;
  let complete = false;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const result = analyze(layout, { goal: goal ? { drawing: goal } : null, maxStates: 2_000_000, maxMs: 60_000 });
    positions = result.total;
    complete = result.complete;
    rates.push(positions / ((performance.now() - started) / 1000));
  }
  return { positions, perSecond: median(rates), complete };
}
const rateRow = (name: string, code: string, goal: string | null) => {
  const rate = bfsRate(code, goal);
  const row = `| ${name} | ${rate.positions.toLocaleString('en-US')}${rate.complete ? '' : ' (first 2 M)'} | ${fmt(rate.perSecond / 1e6)} M |`;
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
  '| board | positions | positions/s |',
  '|---|---|---|',
  ...rateRows,
  '',
].join('\n');
writeSection(new URL('./RESULTS.md', import.meta.url).pathname, '## Classic sliding-block puzzles', body);
