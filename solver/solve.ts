/**
 * The one entry point: folds symmetry, picks a strategy, runs it within the budget, and maps the solution back to
 * the caller's orientation and pieces.
 */
import { explore, positionWords, RANK_POSITION_BYTES, rankStorable } from './klotski/search/explore.ts';
import { denseSearch } from './klotski/dense/search.ts';
import { BudgetClock, type Budget } from './shared/budget.ts';
import { encodeCommonCode } from './klotski/model/commoncode.ts';
import { formatLayout } from './klotski/model/codec.ts';
import { parseLayoutInput } from './klotski/model/rush.ts';
import { checkSlide, type Slide } from './klotski/model/slide.ts';
import { attempt, fail, type Parsed } from './shared/errors.ts';
import { parseGoalInput, resolveGoal, type Goal, type GoalInput } from './klotski/model/goal.ts';
import { pieceCosts } from './klotski/search/heuristic.ts';
import { idaSolve } from './klotski/search/ida.ts';
import type { Layout } from './klotski/model/layout.ts';
import { canonicalize } from './klotski/model/canonical.ts';
import { stepsFromPairs, type Cell, type Move } from './klotski/model/moves.ts';
import { compilePuzzle, estimateStates, type Puzzle } from './klotski/model/puzzle.ts';
import { METRICS, type Metric } from './shared/metric.ts';
import type { Proof, StopReason } from './shared/outcome.ts';
import { DEFAULT_TT_BYTES } from './shared/transposition.ts';
import { bitboardEngineLoaded } from './klotski/wasm/engine.ts';
import { engineIda } from './klotski/wasm/engine-ida.ts';
import { isTilesCode, parseTilesOrThrow } from './tiles/codec.ts';
import type { PatternDatabase } from './tiles/pdb.ts';
import { solveTiles, type TilesResult } from './tiles/solve.ts';
import { tableAnswer } from './tablebase/answer.ts';
import type { TableSource } from './tablebase/walk.ts';

export type Algorithm = 'auto' | 'table' | 'ida' | 'bfs' | 'astar' | 'dense';
export const ALGORITHMS: readonly Algorithm[] = ['auto', 'table', 'ida', 'bfs', 'astar', 'dense'];

export interface SolveOptions extends Budget {
  /** Tiles 4×4: the 6-6-3 pattern databases (loaded by the caller; see solver/tiles/pdb.ts). */
  databases?: PatternDatabase[] | null;
  /**
   * Classic 4×5 tablebase (see solver/tablebase/): gives a mix's table in a metric, or null. With it, `auto` answers
   * classic layouts with the default goal by walking the table, with no search.
   */
  tablebase?: TableSource | null;
  metric?: Metric;
  /** How pieces slide: `free` (default) or `line` (bars along their length only, others still: Rush Hour; slide.ts). */
  slide?: Slide;
  algorithm?: Algorithm;
  goal?: GoalInput | null;
  /** Transposition table size cap for IDA* (default 16 MB). */
  ttBytes?: number;
  /** Most states breadth-first search or A* may store (default: what fits in `memoryBytes`). */
  maxStates?: number;
  /**
   * Memory breadth-first search or A* may fill before `auto` goes on with IDA* (default BFS_MEMORY_BYTES); the two-bit
   * search's codes and tables must fit it.
   */
  memoryBytes?: number;
}

export type SolveStatus = 'solved' | 'unsolvable' | 'budget-exceeded';

export interface SolveResult {
  kind: 'klotski';
  /** The input in canonical readable form. */
  layout: string;
  /** Symmetry-folded form shared by a layout and its mirror image (with the goal appended when not the default). */
  canonical: string;
  /** CommonCode of the input, on the classic 4×5 board. */
  commonCode?: string;
  /** The (first) goal piece's anchor and its target; with a goal drawing, the drawing and every goal piece too. */
  goal: { piece: Cell; at: Cell; drawing?: string; pieces?: Array<{ letter: string; piece: Cell; at: Cell }> };
  status: SolveStatus;
  solvable: boolean | null;
  optimal: boolean;
  metric: Metric;
  /** Present under `line` (Rush Hour rules); absent means `free`. */
  slide?: Slide;
  length: number | null;
  /** With budget-exceeded: every solution is at least this long. */
  lowerBound?: number;
  /** With budget-exceeded: what stopped the search (memory, time, work, …; shared/outcome.ts). */
  stoppedBy?: StopReason;
  /** With unsolvable: how many positions were explored to prove it. */
  explored?: number;
  /** With unsolvable: how it was proven (the whole reachable space explored, or the classic tablebase). */
  proof?: Proof;
  moves: Move[];
  /**
   * `work`: budget units spent (see Budget.maxWork). With `table`, `nodes` counts table values read and `ttBytes` is
   * the size of the table consulted.
   */
  stats: {
    /** `dense`: breadth-first search at two bits a position (klotski/dense/). */
    algorithm: 'table' | 'bfs' | 'astar' | 'ida' | 'dense'; nodes: number; ms: number; work: number; ttBytes: number; estimate: number;
    /** Searches: where it ran — the WebAssembly engine, or the TypeScript search (no engine loaded, or refused). */
    engine?: 'webassembly' | 'typescript';
  };
}

/**
 * Memory breadth-first search or A* may fill before `auto` continues with IDA* (and `bfs` or `astar` gives up): the
 * real count of positions decides, not an estimate. A position costs its key words, a parent index, a tag and its
 * hash; breadth-first search indexes only the newest layers (state-table.ts), allowed for here as one more 8-byte
 * slot per position; A* indexes every position (up to 16 bytes a position, just after the index doubles) and queues
 * it (6 bytes).
 */
export const BFS_MEMORY_BYTES = 64 * 1024 * 1024;
const stateLimit = (words: number, bestFirst: boolean, bytes = BFS_MEMORY_BYTES) => Math.floor(bytes / (4 * words + (bestFirst ? 33 : 17)));
const DEFAULT_MAX_MS = 60_000;

/**
 * Parses a code — Klotski or 数字华容道 (any digit makes it a tiles code) — and solves it; every problem with the
 * input comes back as `{ ok: false }`.
 */
export function solveCode(code: string, options: Omit<SolveOptions, 'goal'> & AnyGoal = {}): Parsed<SolveResult | TilesResult> {
  return attempt(() => {
    if (isTilesCode(code)) {
      const goal = typeof options.goal === 'string' ? options.goal : null;
      if (options.metric === 'step') fail('bad-metric', 'tiles puzzles count move (one tile) or straight (one run); step is for Klotski');
      return solveTiles(parseTilesOrThrow(code), { ...options, metric: options.metric as 'move' | 'straight' | undefined, goal });
    }
    const goal = typeof options.goal === 'string' ? parseGoalInput(options.goal) : options.goal;
    const { layout, slide } = parseLayoutInput(code, options.slide);
    return solve(layout, { ...options, goal, slide });
  });
}

/** Klotski goals are { piece, at }, { drawing } or their text (`B@3,1`, a drawing); tiles goals are a goal code. */
type AnyGoal = { goal?: GoalInput | string | null };

/** Solves a parsed layout. Throws `LayoutError` for a bad goal or option. */
export function solve(layout: Layout, options: SolveOptions = {}): SolveResult {
  const metric = options.metric ?? 'move';
  const algorithm = options.algorithm ?? 'auto';
  if (!METRICS.includes(metric)) fail('bad-metric', `metric ${JSON.stringify(metric)} is not one of ${METRICS.join(', ')}`);
  if (!ALGORITHMS.includes(algorithm)) fail('bad-algorithm', `algorithm ${JSON.stringify(algorithm)} is not one of ${ALGORITHMS.join(', ')}`);
  const slide = checkSlide(options.slide);
  const goal = resolveGoal(layout, options.goal, slide);
  const clock = new BudgetClock({ maxNodes: options.maxNodes, maxWork: options.maxWork, maxMs: options.maxMs ?? DEFAULT_MAX_MS, onProgress: options.onProgress });
  const base = {
    kind: 'klotski' as const,
    layout: formatLayout(layout),
    canonical: canonicalize(layout, options.goal, slide).code,
    ...optional('commonCode', encodeCommonCode(layout)),
    goal: goalCells(layout, goal),
    metric,
    ...(slide === 'free' ? {} : { slide }),
  };
  if (slide !== 'free' && algorithm === 'table') fail('table-unavailable', 'the tablebase holds the free rule only: pieces that slide any way');
  if ((algorithm === 'auto' || algorithm === 'table') && slide === 'free') {
    const answer = tableAnswer(layout, goal, metric, options.tablebase);
    if ('status' in answer) {
      const stats = { ...answer.stats, ms: round(clock.elapsed()), work: clock.work };
      if (answer.status === 'unsolvable') return { ...base, status: 'unsolvable', solvable: false, optimal: true, length: null, proof: { by: 'table' }, moves: [], stats };
      return { ...base, status: 'solved', solvable: true, optimal: true, length: answer.moves.length, moves: answer.moves, stats };
    }
    if (algorithm === 'table') fail('table-unavailable', answer.reason);
  }
  const { puzzle, grid } = compilePuzzle(layout, goal, slide);
  const estimate = estimateStates(puzzle);
  let nodes = 0;
  const memoryBytes = options.memoryBytes ?? BFS_MEMORY_BYTES;
  // Breadth-first search at two bits a position: asked for, or where A* filled its memory and the codes fit.
  const dense = (): SolveResult | null => {
    clock.phase = 'bfs';
    const run = denseSearch(puzzle, grid, { metric, stopAtGoal: true, clock, memoryBytes });
    if (!run) return null;
    nodes += run.nodes;
    const stats = { algorithm: 'dense' as const, nodes, ms: round(clock.elapsed()), work: clock.work, ttBytes: run.bytes, estimate, engine: run.engine };
    if (run.status === 'solved') {
      const moves = run.movesTo(run.goalRank, run.layers.length - 1);
      return { ...base, status: 'solved', solvable: true, optimal: true, length: moves.length, moves, stats };
    }
    if (run.status === 'exhausted') return { ...base, ...unsolvable(run.layers.reduce((s, n) => s + n, 0)), stats };
    return { ...base, ...overBudget(Math.max(run.lowerBound, clock.provenBound), clock.stopReason(run.nodes, 'memory')), stats };
  };
  if (algorithm === 'dense') {
    const answer = dense();
    if (answer) return answer;
    fail('dense-unavailable', 'the two-bit search takes boards of up to 64 cells under the free rule whose positions fit --memory-mb');
  }
  if (algorithm !== 'ida') {
    // Best-first by default: it stores the positions breadth-first search would, less those the bound rules out, and on
    // the engine takes a median two thirds of breadth-first search's time on the bench's custom boards (npm run bench).
    const costs = algorithm === 'bfs' ? null : pieceCosts(puzzle, metric);
    const byRank = rankStorable(puzzle, grid);
    const rankLimit = options.maxStates ?? Math.floor(memoryBytes / RANK_POSITION_BYTES);
    // A* that breadth-first search storing ranks may follow takes no more memory than the edge gives it: past that,
    // the ranks hold several times the positions in the same room.
    const followed = costs !== null && byRank && algorithm === 'auto';
    // A* that the two-bit search may follow (boards of up to 64 cells) keeps to the edge's memory as well.
    const capped = followed || (costs !== null && algorithm === 'auto' && puzzle.cells <= 64);
    const maskLimit = options.maxStates ?? stateLimit(positionWords(puzzle), costs !== null, capped ? Math.min(memoryBytes, BFS_MEMORY_BYTES) : memoryBytes);
    // Breadth-first search stores ranks where the space is expected to outgrow masks (the estimate is rough).
    const attempts: Attempt[] = costs === null ? [{ costs, storeRanks: byRank && estimate > maskLimit }] : [{ costs, storeRanks: false }];
    // A* that fills memory: breadth-first search storing ranks holds several times as many positions.
    if (followed) attempts.push({ costs: null, storeRanks: true });
    for (const attempt of attempts) {
      const maxStates = attempt.storeRanks ? rankLimit : maskLimit;
      clock.phase = attempt.costs ? 'astar' : 'bfs';
      const run = explore(puzzle, grid, { metric, fold: !attempt.storeRanks, stopAtGoal: true, clock, maxStates, expectedStates: estimate, costs: attempt.costs, storeRanks: attempt.storeRanks });
      nodes += run.nodes;
      const engine = run.current ? ('webassembly' as const) : ('typescript' as const);
      const stats = { algorithm: run.bestFirst ? ('astar' as const) : ('bfs' as const), nodes, ms: round(clock.elapsed()), work: clock.work, ttBytes: run.table.bytes, estimate, engine };
      if (run.status === 'solved') {
        const moves = run.movesTo(run.goalIndex);
        return { ...base, status: 'solved', solvable: true, optimal: true, length: moves.length, moves, stats };
      }
      if (run.status === 'exhausted') {
        return { ...base, ...unsolvable(run.table.size), stats };
      }
      const tableFull = run.table.size >= maxStates;
      if (!(tableFull && algorithm === 'auto')) {
        return { ...base, ...overBudget(Math.max(run.lowerBound, clock.provenBound), clock.stopReason(run.nodes, 'memory')), stats };
      }
      // The space outgrew memory: carry on with the two-bit search where every position fits at two bits (A* first
      // filled its memory), the next attempt, or IDA*, which needs only its fixed table.
      clock.nodesBefore = nodes;
      // (Not where the caller capped the positions stored: every placement's code is stored.)
      if (attempt.costs && algorithm === 'auto' && options.maxStates === undefined) {
        const answer = dense();
        if (answer) return answer;
        clock.nodesBefore = nodes;
      }
    }
  }
  clock.phase = 'ida';
  const onEngine = idaOnEngine(puzzle, grid, metric, clock, options.ttBytes ?? DEFAULT_TT_BYTES, estimate * 2);
  const run = onEngine ?? idaSolve(puzzle, grid, metric, clock, options.ttBytes ?? DEFAULT_TT_BYTES, estimate * 2);
  nodes += run.nodes;
  const engine = onEngine ? ('webassembly' as const) : ('typescript' as const);
  const stats = { algorithm: 'ida' as const, nodes, ms: round(clock.elapsed()), work: clock.work, ttBytes: run.ttBytes, estimate, engine };
  if (run.status === 'solved') {
    const moves = stepsFromPairs(puzzle, grid, metric, run.steps);
    return { ...base, status: 'solved', solvable: true, optimal: true, length: moves.length, moves, stats };
  }
  if (run.status === 'unsolvable') return { ...base, ...unsolvable(run.nodes), stats };
  // IDA* starts its bounds again from the first estimate: what best-first proved before it may be more.
  return { ...base, ...overBudget(Math.max(run.lowerBound, clock.provenBound), clock.stopReason(run.nodes, 'depth')), stats };
}

/** IDA* on the WebAssembly engine (boards of up to 128 cells, once loaded), or null. */
function idaOnEngine(puzzle: Puzzle, grid: Uint8Array, metric: Metric, clock: BudgetClock, ttBytes: number, wantedEntries: number) {
  return bitboardEngineLoaded() ? engineIda(puzzle, grid, pieceCosts(puzzle, metric), metric, clock, ttBytes, wantedEntries) : null;
}

/** A search that stores positions: best-first given costs, else breadth-first, storing ranks or masks. */
interface Attempt {
  costs: Int16Array | null;
  storeRanks: boolean;
}

function unsolvable(explored: number) {
  return { status: 'unsolvable' as const, solvable: false, optimal: true, length: null, explored, proof: { by: 'space' as const, positions: explored }, moves: [] };
}

function overBudget(lowerBound: number, stoppedBy: StopReason) {
  return { status: 'budget-exceeded' as const, solvable: null, optimal: false, length: null, lowerBound, stoppedBy, moves: [] };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** The `goal` of a result: the first goal piece's anchor and target, and a drawing's every piece. */
export function goalCells(layout: Layout, goal: Goal): SolveResult['goal'] {
  const p = layout.pieces[goal.pieceIndex]!;
  if (!goal.targets) return { piece: [p.row, p.col], at: [goal.row, goal.col] };
  const pieces = goal.targets.map((t) => {
    const q = layout.pieces[t.pieceIndex]!;
    return { letter: q.letter, piece: [q.row, q.col] as Cell, at: [t.row, t.col] as Cell };
  });
  return { piece: [p.row, p.col], at: [goal.row, goal.col], drawing: goal.drawing!, pieces };
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
