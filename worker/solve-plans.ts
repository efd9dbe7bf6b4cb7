/**
 * What a /solve request asks, made concrete per kind of puzzle: its cache key, how to search it, how to check a stored
 * answer and present it. Klotski and 数字华容道 (tiles) codes each make a plan; solve-service.ts runs the flow.
 */
import { SharedLoad } from './shared-load.ts';
import {
  LayoutError,
  PDB_GROUPS,
  FIFTEEN_SETUP_WORK,
  canonicalize,
  checkSolution,
  databaseFileName,
  deserializeDatabase,
  eightGoalKind,
  encodeCommonCode,
  formatLayout,
  formatTiles,
  goalCells,
  isRectangular,
  isTilesCode,
  mirrorMoves,
  parseLayoutInput,
  parseGoalInput,
  resumableTakes,
  parseTiles,
  resolveGoal,
  solve,
  solveTiles,
  solvedTiles,
  tilesGoal,
  OPTIMAL_CELLS,
  boundWords,
  outcomeSentence,
  type GoalInput,
  type Metric,
  type Move,
  type PatternDatabase,
} from '../solver/index.ts';
import { cacheKey, proofOf, type OverBudget, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { ApiError } from './errors.ts';
import { tableSolve } from './tablebase.ts';
import { ensureEngine } from './engine.ts';
import { loadEightTable } from './eight-tables.ts';
import type { SearchBudget, SolveInput } from './solve-input.ts';

export interface Plan {
  /** Tiles over budget are of the goal's parity (others are answered at once): a solution is known to exist. */
  kind: 'klotski' | 'tiles';
  key: string;
  /** What the lengths count: the 503's lower bound is worded in it. */
  metric: Metric;
  width: number;
  height: number;
  /** Loads what the search needs (I/O, outside the search lane); resolves to the search itself (pure CPU). */
  prepare(budget: SearchBudget): Promise<() => StoredSolution | OverBudget>;
  /**
   * Classic layouts: the answer from the tablebase (table loaded on first use), or null to go the cache-and-search
   * way. A table answer costs less than a KV read, so it is neither cached nor rate-limited.
   */
  fromTable?(): Promise<{ stored: StoredSolution; loadMs: number } | null>;
  /** Null when a stored solution replays correctly (checked before a cached entry is served), else what is wrong. */
  check(stored: StoredSolution): string | null;
  /** The response body for the request, from the stored (canonical) solution. */
  present(stored: StoredSolution): Record<string, unknown>;
  /**
   * Klotski: a line in the request's orientation (a browser's answer, answers.ts) replayed on the request's layout —
   * what is wrong with it (naming the first bad move), or the same line in the canonical orientation, to store.
   */
  canonicalMoves?(moves: Move[]): { moves: Move[] } | { problem: string };
  /**
   * What a solve job searches (canonical layout and goal; `kind: 'tiles'`: a 4×4 tiles code, in order, unit moves);
   * absent where jobs do not run (other tiles puzzles).
   */
  job?: { layout: string; goal: GoalInput | null; kind?: 'tiles' };
}

/** Parses and checks everything about a request, before any cache, limiter or solver is touched. */
export async function makePlan(env: Env, input: SolveInput): Promise<Plan | ApiError> {
  try {
    return isTilesCode(input.layout) ? await tilesPlan(env, input) : klotskiPlan(env, input);
  } catch (e) {
    if (e instanceof LayoutError) return e.problem;
    throw e;
  }
}

function klotskiPlan(env: Env, input: SolveInput): Plan | ApiError {
  const metric = input.metric ?? 'move';
  // A `rush:` code is a layout under the line rule; any other code, under the rule asked for (throws naming the rules).
  const { layout, slide } = parseLayoutInput(input.layout, input.slide);
  // A goal as text: `B@3,1`, `0,0@4,2` or a goal drawing.
  const goalInput = typeof input.goal === 'string' ? parseGoalInput(input.goal) : input.goal;
  // The line rule is part of the canonical code (`~line`), so of the cache key.
  const canonical = canonicalize(layout, goalInput, slide);
  const goal = resolveGoal(layout, goalInput, slide);
  const free = slide === 'free';
  return {
    kind: 'klotski',
    key: cacheKey(metric, canonical.code),
    metric,
    width: layout.width,
    height: layout.height,
    fromTable: async () => {
      // The tablebase holds the free rule only.
      if (!free) return null;
      const answer = await tableSolve(env, canonical.layout, canonical.goal, metric);
      if (!answer) return null;
      const { result, loadMs } = answer;
      if (result.status === 'budget-exceeded') return null;
      return { stored: { status: result.status, length: result.length, ...(result.proof ? { proof: result.proof } : {}), moves: result.moves, stats: result.stats }, loadMs };
    },
    prepare: async (budget) => () => {
      ensureEngine();
      // Workers' clocks stand still during CPU work, so the budget is counted in work, not milliseconds.
      const result = solve(canonical.layout, { metric, slide, goal: canonical.goal, ...budget });
      if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0, budget, ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}) };
      return {
        status: result.status, length: result.length, ...(result.explored !== undefined ? { explored: result.explored } : {}), ...(result.proof ? { proof: result.proof } : {}),
        moves: result.moves, stats: result.stats,
      };
    },
    check: (stored) => (stored.status === 'solved' ? checkSolution(canonical.layout, metric, stored.moves, canonical.goal, slide) : null),
    canonicalMoves: (moves) => {
      const problem = checkSolution(layout, metric, moves, goalInput, slide);
      if (problem !== null) return { problem };
      return { moves: canonical.mirrored ? mirrorMoves(layout, moves) : moves };
    },
    // Jobs run on the engine's resumable search: boards whose shapes its masks hold (rectangles always: checked only
    // for other boards, the request's CPU being counted). Jobs search the free rule only: a line puzzle has none.
    ...(free && ((isRectangular(layout) && !goal.targets) || resumableTakes(canonical.layout, canonical.goal)) ? { job: { layout: formatLayout(canonical.layout), goal: canonical.goal } } : {}),
    present: (stored) => {
      const commonCode = encodeCommonCode(layout);
      return {
        kind: 'klotski',
        layout: formatLayout(layout),
        canonical: canonical.code,
        ...(commonCode ? { commonCode } : {}),
        goal: goalCells(layout, goal),
        status: stored.status,
        ...stateFields(stored, metric),
        solvable: stored.status === 'solved',
        optimal: stored.optimal ?? true,
        metric,
        ...(free ? {} : { slide }),
        length: stored.length,
        ...(stored.explored !== undefined ? { explored: stored.explored } : {}),
        moves: canonical.mirrored ? mirrorMoves(canonical.layout, stored.moves) : stored.moves,
        stats: stored.stats,
      };
    },
  };
}

async function tilesPlan(env: Env, input: SolveInput): Promise<Plan | ApiError> {
  const metric = input.metric ?? 'move';
  if (metric === 'step') return { code: 'bad-metric', message: 'tiles puzzles count move (one tile) or straight (one run); step is for Klotski' };
  const parsed = parseTiles(input.layout);
  if (!parsed.ok) return parsed.error;
  if (input.goal !== undefined && typeof input.goal !== 'string') return { code: 'bad-goal', message: 'a tiles goal is a tiles code, e.g. "123-456-78."' };
  const board = parsed.value;
  const goalParsed = input.goal ? parseTiles(input.goal) : null;
  if (goalParsed && !goalParsed.ok) return { ...goalParsed.error, message: `goal: ${goalParsed.error.message}` };
  const code = formatTiles(board);
  const goalCode = goalParsed?.ok ? formatTiles(goalParsed.value) : null;
  const goalBoard = tilesGoal(board, goalCode); // throws bad-goal (a 400) before any cache read or rate limit
  // Only big boards have a fast mode, so only there does `optimal` change the answer (and the cache key).
  const optimal = input.optimal === true && board.width * board.height > OPTIMAL_CELLS;
  const canonicalCode = `${goalCode ? `${code}~${goalCode}` : code}${optimal ? '~optimal' : ''}`;
  return {
    kind: 'tiles',
    key: cacheKey(metric, canonicalCode),
    metric,
    width: board.width,
    height: board.height,
    prepare: async (budget) => {
      // The databases cost FIFTEEN_SETUP_WORK to expand: only a budget that can pay for them (a paid plan's) loads them.
      const affordable = budget.maxWork >= 2 * FIFTEEN_SETUP_WORK;
      const databases = board.width === 4 && board.height === 4 && !goalCode && metric === 'move' && affordable ? await loadDatabases(env) : null;
      // Every 3×3 answer is read from a table (a walk of microseconds), whatever the budget.
      const eightTable = board.width === 3 && board.height === 3 ? await loadEightTable(env, eightGoalKind(goalBoard), metric) : null;
      return () => {
        const result = solveTiles(board, { metric, goal: goalCode, ...budget, databases, eightTable, optimal });
        if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0, budget, ...(result.stoppedBy ? { stoppedBy: result.stoppedBy } : {}) };
        return {
          status: result.status, length: result.length, optimal: result.optimal, ...(result.reason ? { reason: result.reason } : {}), ...(result.proof ? { proof: result.proof } : {}),
          moves: result.moves, stats: { ...result.stats, estimate: 0 },
        };
      };
    },
    check: (stored) => (stored.status === 'solved' && stored.moves.length !== stored.length ? 'length mismatch' : null),
    // The 15-puzzle (goal in order, unit moves) goes on as a job on its databases' resumable search.
    ...(board.width === 4 && board.height === 4 && !goalCode && metric === 'move' ? { job: { layout: code, goal: null, kind: 'tiles' as const } } : {}),
    present: (stored) => ({
      kind: 'tiles',
      layout: code,
      canonical: canonicalCode,
      goal: { code: goalCode ?? formatTiles(solvedTiles(board.width, board.height)) },
      status: stored.status,
      ...stateFields(stored, metric),
      solvable: stored.status === 'solved',
      optimal: stored.optimal ?? true,
      metric,
      length: stored.length,
      ...(stored.reason ? { reason: stored.reason } : {}),
      moves: stored.moves,
      stats: stored.stats,
    }),
  };
}

/**
 * What an answer body says of its state (solve/outcome.ts): `state`, with unsolvable the `proof` (derived for entries
 * stored before proofs were kept; none claimed where none is known), and with a best known line — a solution not
 * proven shortest, posted by a browser (answers.ts) — the proven `lowerBound` and a `message` saying so.
 */
function stateFields(stored: StoredSolution, metric: Metric): Record<string, unknown> {
  const proof = proofOf(stored);
  if (stored.status === 'unsolvable') return { state: 'unsolvable', ...(proof ? { proof } : {}) };
  if (stored.lowerBound === undefined) return { state: 'solved' };
  const facts = { status: 'solved' as const, metric, length: stored.length, optimal: stored.optimal ?? true };
  const proven = stored.optimal === false ? `; ${boundWords(metric, stored.lowerBound, 'en')}` : `, as short as the proven lower bound`;
  const best = stored.optimal === false ? `the best known solution, not proven shortest` : `a solution posted by a browser and replayed here`;
  return { state: 'solved', lowerBound: stored.lowerBound, message: `${outcomeSentence(facts, 'en')} It is ${best}${proven}.` };
}

/**
 * The 4×4 databases, fetched once per isolate from the static assets (/pdb/) and checked, shared between requests as a
 * value (shared-load.ts); null if unavailable, and then tried again after a minute rather than never.
 */
const databases = new SharedLoad<PatternDatabase[] | null>({
  staleMs: 10_000,
  retryMs: 60_000,
  fallback: null,
  onError: (_, e) => console.error('pattern databases unavailable; 4×4 tiles fall back to Manhattan + linear conflicts:', e),
});

export function loadDatabases(env: Env): Promise<PatternDatabase[] | null> {
  const assets = env.ASSETS;
  if (!assets) return Promise.resolve(null);
  return databases.get('4x4', () =>
    Promise.all(
      PDB_GROUPS.map(async (tiles) => {
        const res = await assets.fetch(new Request(`https://assets.local/pdb/${databaseFileName(tiles)}`));
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return deserializeDatabase(new Uint8Array(await res.arrayBuffer()), tiles);
      }),
    ),
  );
}

