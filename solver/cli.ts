#!/usr/bin/env node
/**
 * Command line: npm run --silent solve -- '<code>' [--metric move|straight|step] [--slide free|line] [--algorithm auto|table|astar|bfs|ida|dense]
 *   [--goal B@3,1] [--json] [--repeat N] [--analyze] [--max-nodes N] [--max-work N] [--budget edge] [--max-ms N] [--memory-mb N]
 * Exit codes: 0 solved, 1 proven unsolvable, 2 bad input, 3 unknown (the search stopped before it proved either).
 */
import { parseArgs } from 'node:util';
import { analyze } from './klotski/search/analyze.ts';
import { parseLayoutOrThrow } from './klotski/model/codec.ts';
import { parseLayoutInput } from './klotski/model/rush.ts';
import { LayoutError, fail } from './shared/errors.ts';
import { parseGoalInput } from './klotski/model/goal.ts';
import { movePiece, type Layout } from './klotski/model/layout.ts';
import { METRICS, type Metric } from './shared/metric.ts';
import { metricCount } from './shared/metric-words.ts';
import { outcomeSentence } from './shared/outcome.ts';
import { renderBoard } from './draw/render.ts';
import { ALGORITHMS, solve, type Algorithm, type SolveResult } from './solve.ts';
import { EDGE_BUDGET } from './shared/budget.ts';
import { isTilesCode, parseTilesOrThrow, tilesToLayout } from './tiles/codec.ts';
import { solveTiles, type TilesResult } from './tiles/solve.ts';
import type { Move } from './klotski/model/moves.ts';
import { loadDatabases } from './node/pdb-files.ts';
import { fileTables } from './node/tablebase-files.ts';
import { CLI_MEMORY_MB } from './node/cli-memory.ts';
import { loadDenseThreads } from './node/dense-threads.ts';
import { loadEngineFromDisk } from './node/bitboard-engine.ts';

/** Solves before a timed --repeat series: a fresh process runs its first few solves in V8's slower tiers. */
const WARM_UP = 3;


const USAGE = `usage: npm run --silent solve -- '<layout code>' [options]

  <layout code>        rows joined by '-' (B 2×2, V 1×2 tall, H 2×1 wide, S 1×1, . empty), or a CommonCode;
                       or a 数字华容道 tiles code (digits 1-9 then A-Z, . blank), e.g. 1234-5678-9ABC-DEF.;
                       or a Rush Hour board in Fogleman's notation: rush: and the square board's cells row by row
                       (o empty, x wall, A the red car, other letters vehicles), played under --slide line
  --metric M           move (default) | straight | step
  --slide R            free (default: any piece any way) | line (a 1×k or k×1 bar slides only along its length,
                       other pieces never move; default goal: the car A out at the right of its row)
  --algorithm A        auto (default: the classic tablebase when it covers the layout, else A*) | table | astar | bfs | ida | dense
  --goal G             goal piece and target anchor, e.g. B@3,1 or 0,0@4,2, or a goal drawing (the board's rows,
                       each goal piece's letter on its target cells, e.g. ....-....-....-.BB.-.BB.) (default: the B
                       to the bottom centre);
                       for tiles, a goal code (default: tiles in order, blank last)
  --optimal            tiles 5×5 and larger: insist on an optimal solution (within the budget)
  --json               print exactly one JSON object (the result) on stdout
  --repeat N           solve N times in-process, after ${WARM_UP} unreported warm-up solves (the JIT compiler's
                       first passes are not the solver's cost); adds stats.medianMs, the warm median
  --analyze            enumerate the whole reachable space, layer by layer
  --max-nodes N        stop after N expanded positions
  --max-work N         stop after N units of work (≈ 10 ns of CPU each; tracks CPU on every board size)
  --budget edge        exactly the Worker's default budget (the edge's 10 ms of CPU), to check a layout against it
  --max-ms N           stop after N milliseconds (default 60000)
  --memory-mb N        positions breadth-first search and A* may store, in MB, before going on with IDA* (default 700:
                       the process then stays under 1 GB; A* takes 64 MB of it where breadth-first search storing
                       positions as ranks, about 20 bytes each, can follow; first the search at two bits a
                       position, where every placement's codes fit (Lodzianka's 1.3 G positions: 540 MB), also for
                       --analyze; past about 3.5 GB the engine, whose memory is 32-bit, stores only what fits there)

exit codes: 0 solved, 1 proven unsolvable (the output says by what), 2 bad input,
            3 unknown: the search stopped first (the output says why and what it proved)`;

const EXIT = { solved: 0, unsolvable: 1, 'bad-input': 2, 'budget-exceeded': 3 } as const;

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        metric: { type: 'string', default: 'move' },
        slide: { type: 'string' },
        algorithm: { type: 'string', default: 'auto' },
        goal: { type: 'string' },
        json: { type: 'boolean', default: false },
        repeat: { type: 'string', default: '1' },
        analyze: { type: 'boolean', default: false },
        optimal: { type: 'boolean', default: false },
        'max-nodes': { type: 'string' },
        'max-work': { type: 'string' },
        budget: { type: 'string' },
        'max-ms': { type: 'string' },
        'memory-mb': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    return badInput(`${(e as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = args;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) return badInput(positionals.length === 0 ? `no layout code given\n\n${USAGE}` : `expected one layout code, got ${positionals.length} (quote the code)`);
  try {
    if (isTilesCode(positionals[0]!)) return runTiles(positionals[0]!, values);
    const { layout, slide } = parseLayoutInput(positionals[0]!, values.slide);
    const metric = values.metric as Metric;
    if (!METRICS.includes(metric)) fail('bad-metric', `--metric must be one of ${METRICS.join(', ')}`);
    const algorithm = values.algorithm as Algorithm;
    if (!ALGORITHMS.includes(algorithm)) fail('bad-algorithm', `--algorithm must be one of ${ALGORITHMS.join(', ')}`);
    const goal = values.goal === undefined ? undefined : parseGoalInput(values.goal);
    const maxNodes = positiveInt(values['max-nodes'], '--max-nodes');
    const maxWork = workBudget(values);
    const maxMs = positiveInt(values['max-ms'], '--max-ms');
    // The CLI has the machine's memory, not a Worker's 128 MB: spaces of tens of millions of positions fit.
    const memoryBytes = (positiveInt(values['memory-mb'], '--memory-mb') ?? CLI_MEMORY_MB) * 1024 * 1024;
    const repeat = positiveInt(values.repeat, '--repeat') ?? 1;
    if (values.analyze) return printAnalysis(layout, { metric, goal, maxNodes, maxMs, slide, memoryBytes }, values.json);
    const times: number[] = [];
    let result!: SolveResult & { stats: { medianMs?: number } };
    const tablebase = algorithm === 'auto' || algorithm === 'table' ? fileTables() : null;
    for (let i = repeat > 1 ? -WARM_UP : 0; i < repeat; i++) {
      result = solve(layout, { metric, slide, algorithm, goal, maxNodes, maxWork, maxMs, tablebase, memoryBytes });
      if (i >= 0) times.push(result.stats.ms);
    }
    if (repeat > 1) result.stats.medianMs = median(times);
    if (values.json) console.log(JSON.stringify(result));
    else printSolution(layout, result);
    return EXIT[result.status];
  } catch (e) {
    if (e instanceof LayoutError) return badInput(e.problem.message, values.json ? e.problem : undefined);
    throw e;
  }
}

function runTiles(code: string, values: { metric?: string; goal?: string; json?: boolean; repeat?: string; optimal?: boolean; 'max-nodes'?: string; 'max-work'?: string; budget?: string; 'max-ms'?: string }): number {
  const board = parseTilesOrThrow(code);
  const metric = values.metric as 'move' | 'straight';
  if (metric !== 'move' && metric !== 'straight') fail('bad-metric', '--metric for tiles puzzles must be move or straight');
  const databases = board.width === 4 && board.height === 4 ? loadDatabases() : null;
  const options = { metric, goal: values.goal ?? null, optimal: values.optimal, databases, maxNodes: positiveInt(values['max-nodes'], '--max-nodes'), maxWork: workBudget(values), maxMs: positiveInt(values['max-ms'], '--max-ms') };
  const repeat = positiveInt(values.repeat, '--repeat') ?? 1;
  const times: number[] = [];
  let result!: TilesResult & { stats: { medianMs?: number } };
  for (let i = repeat > 1 ? -WARM_UP : 0; i < repeat; i++) {
    result = solveTiles(board, options);
    if (i >= 0) times.push(result.stats.ms);
  }
  if (repeat > 1) result.stats.medianMs = median(times);
  if (values.json) console.log(JSON.stringify(result));
  else {
    let layout = tilesToLayout(board);
    const out = [`Tiles ${result.layout} → ${result.goal.code}`, renderBoard(layout)];
    result.moves.forEach((move, i) => {
      layout = applyRun(layout, move);
      out.push('', `Move ${i + 1}/${result.moves.length}: (${move.from}) → (${move.to})`, renderBoard(layout, move.to));
    });
    const s = result.stats;
    const timing = `${s.algorithm}, ${s.nodes.toLocaleString('en')} positions, ${s.ms} ms${s.medianMs !== undefined ? ` (median ${s.medianMs} ms)` : ''}`;
    if (result.status === 'solved') out.push('', `Solved in ${metricCount(result.metric, result.length!)} (${result.optimal ? 'optimal' : 'not proven optimal: fast mode'}). [${timing}]`);
    else out.push('', `${outcomeSentence({ ...result, nodes: s.nodes }, 'en')} [${timing}]`);
    console.log(out.join('\n'));
  }
  return EXIT[result.status];
}

/** Applies a tiles move: every tile of the run (path from the far end to the blank) shifts one cell. */
function applyRun(layout: Layout, move: Move): Layout {
  let next = layout;
  for (let i = move.path.length - 2; i >= 0; i--) next = movePiece(next, move.path[i]!, move.path[i + 1]!);
  return next;
}

function positiveInt(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) fail('bad-option', `${flag} must be a whole number ≥ 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

function badInput(message: string, problem?: object): number {
  if (problem) console.log(JSON.stringify({ error: problem }));
  console.error(`error: ${message}`);
  return EXIT['bad-input'];
}

/** `--budget edge` (the Worker's default) or `--max-work N`; the latter wins when both are given. */
function workBudget(values: { 'max-work'?: string; budget?: string }): number | undefined {
  if (values.budget !== undefined && values.budget !== 'edge') fail('bad-budget', `--budget takes one value, edge (the Worker's default budget), not ${JSON.stringify(values.budget)}`);
  return positiveInt(values['max-work'], '--max-work') ?? (values.budget === 'edge' ? EDGE_BUDGET.maxWork : undefined);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 1000) / 1000;
}

function printSolution(layout: Layout, result: SolveResult & { stats: { medianMs?: number } }): void {
  const out: string[] = [`Layout ${result.layout}${result.commonCode ? `  (CommonCode ${result.commonCode})` : ''}`, renderBoard(layout)];
  let board = layout;
  result.moves.forEach((move, i) => {
    board = movePiece(board, move.from, move.to);
    const letter = board.pieces.find((p) => p.row === move.to[0] && p.col === move.to[1])!.letter;
    out.push('', `${result.metric === 'move' ? 'Move' : 'Step'} ${i + 1}/${result.moves.length}: ${letter} (${move.from}) → (${move.to})`, renderBoard(board, move.to));
  });
  const s = result.stats;
  const timing = `${s.algorithm}, ${s.nodes.toLocaleString('en')} positions, ${s.ms} ms${s.medianMs !== undefined ? ` (median ${s.medianMs} ms)` : ''}, ${(s.ttBytes / 1024).toFixed(0)} KiB`;
  if (result.status === 'solved') out.push('', `Solved in ${metricCount(result.metric, result.length!)} (optimal). [${timing}]`);
  else out.push('', `${outcomeSentence({ ...result, nodes: s.nodes }, 'en')} [${timing}]`);
  console.log(out.join('\n'));
}

function printAnalysis(layout: Layout, options: Parameters<typeof analyze>[1], json: boolean): number {
  const a = analyze(layout, options);
  if (json) console.log(JSON.stringify(a));
  else {
    const lines = [`Layout ${a.layout}, metric ${a.metric}${a.complete ? '' : ' (stopped by the budget: incomplete)'}`, 'distance  positions'];
    a.layers.forEach((n, d) => lines.push(`${String(d).padStart(8)}  ${n}`));
    lines.push(`total ${a.total} positions, ${a.solved} of them solved`, `farthest (${metricCount(a.metric, a.farthest.distance)}): ${a.farthest.layout}`);
    lines.push(renderBoard(parseLayoutOrThrow(a.farthest.layout)), `[${a.stats.ms} ms]`);
    console.log(lines.join('\n'));
  }
  return a.complete ? 0 : EXIT['budget-exceeded'];
}

// Breadth-first searches run on the WebAssembly engine when it is built (npm install builds it), else in TypeScript.
await loadEngineFromDisk();
// The two-bit search runs on every core (worker threads on one shared memory; solver/node/dense-threads.ts).
const threads = loadDenseThreads();
process.exitCode = main(process.argv.slice(2));
await threads?.close();
