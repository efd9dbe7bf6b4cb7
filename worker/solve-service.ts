/**
 * The /solve flow, free of HTTP details: validate, fold symmetry, read the cache, rate-limit misses, solve once per
 * key per isolate, write the cache, and map the canonical solution back to the request's orientation.
 * Klotski and 数字华容道 (tiles) codes each make a plan; the caching flow is shared.
 */
import { overRateLimit } from './rate-limit.ts';
import { searchOnce, searchPending } from './search-lane.ts';
import { SharedLoad } from './shared-load.ts';
import {
  LayoutError,
  PDB_GROUPS,
  FIFTEEN_SETUP_WORK,
  EDGE_BUDGET,
  canonicalize,
  checkSolution,
  databaseFileName,
  deserializeDatabase,
  encodeCommonCode,
  formatLayout,
  formatTiles,
  isTilesCode,
  mirrorMoves,
  parseLayout,
  parseTiles,
  resolveGoal,
  solve,
  solveTiles,
  solvedTiles,
  tilesGoal,
  OPTIMAL_CELLS,
  metricCount,
  type GoalSpec,
  type Metric,
  type PatternDatabase,
} from '../solver/index.ts';
import { OVER_BUDGET_TTL_S, cacheKey, claimUnstoredWrite, forget, isOverBudget, readEntry, recall, writeEntry, type CacheEntry, type OverBudget, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { ApiError } from './errors.ts';
import { tableSolve } from './tablebase.ts';
import { ensureEngine } from './engine.ts';
import { jobIdOf, jobLimits, jobsEnabled, jobUrl, readJob, startOrJoinJob, type JobParams } from './jobs.ts';

export interface SolveInput {
  layout: string;
  metric?: Metric;
  /** Klotski: { piece, at }; tiles: a goal code. */
  goal?: GoalSpec | string;
  /** Tiles 5×5 and larger: a proven optimal solution instead of the fast mode. */
  optimal?: boolean;
}

/** One Server-Timing entry. */
export interface Timing {
  name: string;
  desc: string;
  ms: number;
}

export type SolveOutcome =
  | { ok: true; body: Record<string, unknown>; cached: boolean; timings: Timing[] }
  | { ok: false; status: 400 | 429 | 503; error: ApiError; headers?: Record<string, string>; timings: Timing[] }
  /** 202: a solve job goes on with it (jobs.ts); `job` is what the answer says of it. */
  | { ok: false; status: 202; error: ApiError; job: JobSummary; headers: Record<string, string>; timings: Timing[] };

export interface JobSummary {
  id: string;
  url: string;
  steps: number;
  nodes: number;
  lowerBound: number;
}

/** Where the request came from: job URLs are made on its origin; a GET's URL gets the job's answer in the Cache API. */
export interface RequestContext {
  origin: string;
  cacheUrl?: string;
}


interface Plan {
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
  /** What a solve job searches (canonical layout and goal); absent where jobs do not run (tiles). */
  job?: { layout: string; goal: GoalSpec | null };
}

/** Parses and checks everything about a request, before any cache, limiter or solver is touched. */
async function makePlan(env: Env, input: SolveInput): Promise<Plan | ApiError> {
  try {
    return isTilesCode(input.layout) ? await tilesPlan(env, input) : klotskiPlan(env, input);
  } catch (e) {
    if (e instanceof LayoutError) return e.problem;
    throw e;
  }
}

/** The request's problem, or null when it is valid (for `If-None-Match: *`, answered without solving). */
export async function validateSolveInput(env: Env, input: SolveInput): Promise<ApiError | null> {
  const plan = await makePlan(env, input);
  return 'key' in plan ? null : plan;
}

/** The budget of one cache miss: work (tracks CPU on every board), and positions too when SOLVE_MAX_NODES is set. */
export interface SearchBudget {
  maxWork: number;
  maxNodes?: number;
}

export function budgetOf(env: Env): SearchBudget {
  const maxWork = Number(env.SOLVE_MAX_WORK) > 0 ? Number(env.SOLVE_MAX_WORK) : EDGE_BUDGET.maxWork!;
  const maxNodes = Number(env.SOLVE_MAX_NODES) > 0 ? Number(env.SOLVE_MAX_NODES) : undefined;
  return maxNodes === undefined ? { maxWork } : { maxWork, maxNodes };
}

/**
 * The flow: validate → tablebase (classic) → this isolate's memory → a solve already running here (joined without
 * spending a rate-limit slot) → rate limit and KV (a stored answer is served even to a limited client) → solve once,
 * cache the result (over-budget answers for an hour).
 */
export async function solveRequest(
  env: Env, waitUntil: (p: Promise<unknown>) => void, input: SolveInput, clientKey: string, context?: RequestContext,
): Promise<SolveOutcome> {
  const plan = await makePlan(env, input);
  if (!('key' in plan)) return { ok: false, status: 400, error: plan, timings: [] };
  const { key } = plan;
  const answer = plan.fromTable ? await plan.fromTable() : null;
  if (answer) {
    return present(plan, answer.stored, false, [{ name: 'table', desc: 'tablebase load', ms: answer.loadMs }, { name: 'solve', desc: 'table walk', ms: answer.stored.stats.ms }]);
  }
  const budget = budgetOf(env);
  const started = performance.now();
  let entry = usable(recall(key), budget);
  let counted = false;
  // A request that joins a search already queued here spends no rate-limit slot (it adds no search).
  if (!entry && !searchPending(key)) {
    counted = true;
    const limited = await overRateLimit(env, 'solve', clientKey);
    entry = usable(recall(key) ?? (await readEntry(env.SOLUTIONS, key, plan.width, plan.height)), budget);
    // The limit is on solving: an answer that already exists (in KV, say after a restart) is never refused.
    if (limited && !entry) return rateLimited();
  }
  const cacheMs = performance.now() - started;
  // An answer this isolate found but whose KV write was lost (its request cut short) is written by whoever serves it.
  if (entry && claimUnstoredWrite(key)) waitUntil(writeEntry(env.SOLUTIONS, key, entry, plan.width));
  if (entry && !isOverBudget(entry)) {
    const problem = plan.check(entry);
    if (problem === null) return present(plan, entry, true, [{ name: 'cache', desc: 'cache read', ms: cacheMs }]);
    console.error(`cached solution ${key} is bad (${problem}); solving again`);
    waitUntil(forget(env.SOLUTIONS, key));
    entry = null;
  }
  const jobs = { env, plan, input, clientKey, context, counted };
  if (entry && isOverBudget(entry)) return overBudgetOrJob(jobs, entry, true, [{ name: 'cache', desc: 'cache read', ms: cacheMs }]);
  let outcome: StoredSolution | OverBudget;
  try {
    const search = await plan.prepare(budget);
    // Searches take turns, with the event loop in between, so hits never queue behind a burst of misses; identical
    // misses share one search. Only plain values cross requests (search-lane.ts).
    const answer = await searchOnce(key, search);
    outcome = answer.value;
    if (answer.searched) {
      // The request that ran the search stores its answer: in this isolate at once (writeEntry keeps it before its
      // first await, so requests that come after it find it), in KV past the response (waitUntil).
      waitUntil(writeEntry(env.SOLUTIONS, key, outcome, plan.width));
    }
  } catch (e) {
    if (e instanceof LayoutError) return { ok: false, status: 400, error: e.problem, timings: [] };
    throw e;
  }
  const timings = [{ name: 'cache', desc: 'cache read', ms: cacheMs }, { name: 'solve', desc: 'search', ms: isOverBudget(outcome) ? 0 : outcome.stats.ms }];
  if (isOverBudget(outcome)) return overBudgetOrJob(jobs, outcome, false, timings);
  return present(plan, outcome, false, timings);
}

/**
 * An over-budget answer, or — where solve jobs run and the puzzle's job has not given up — the job that goes on with
 * it: joined, or started (counted against the client's miss limit, refused past the cap on running jobs). A job that
 * ended since this isolate remembered the mark has its answer in KV.
 */
async function overBudgetOrJob(
  jobs: { env: Env; plan: Plan; input: SolveInput; clientKey: string; context?: RequestContext; counted: boolean },
  entry: OverBudget, cached: boolean, timings: Timing[],
): Promise<SolveOutcome> {
  const { env, plan, input, context } = jobs;
  if (entry.job || !plan.job || !context || !jobsEnabled(env)) return overBudget(entry, plan.metric, cached, timings);
  const id = await jobIdOf(plan.key);
  let record = await readJob(env, id);
  if (!record) {
    if (!jobs.counted && (await overRateLimit(env, 'solve', jobs.clientKey))) return rateLimited();
    const { stepWork, maxSteps } = jobLimits(env);
    const params: JobParams = {
      id, key: plan.key, stepWork, maxSteps, input, ...(context.cacheUrl ? { cacheUrl: context.cacheUrl } : {}), startedAt: Date.now(), ...plan.job,
      goal: plan.job.goal as JobParams['goal'], metric: plan.metric, width: plan.width, height: plan.height,
    };
    const start = await startOrJoinJob(env, params);
    if (start.kind === 'capped') {
      return {
        ok: false, status: 503, timings, headers: { 'Retry-After': '60' },
        error: { code: 'jobs-busy', message: 'this layout needs a long search and the server is running as many as it may; try again in a minute', ...(entry.overBudget > 0 ? { lowerBound: entry.overBudget } : {}) },
      };
    }
    record = start.record;
  }
  if (record.status === 'solved' || record.status === 'unsolvable') {
    const stored = await readEntry(env.SOLUTIONS, plan.key, plan.width, plan.height);
    if (stored && !isOverBudget(stored) && plan.check(stored) === null) return present(plan, stored, true, timings);
  }
  if (record.status !== 'searching') return overBudget({ ...entry, overBudget: Math.max(entry.overBudget, record.progress.lowerBound) }, plan.metric, cached, timings);
  const url = jobUrl(context.origin, id);
  const { steps, nodes } = record.progress;
  const lowerBound = Math.max(entry.overBudget, record.progress.lowerBound);
  const error = overBudgetError({ ...entry, overBudget: lowerBound }, plan.metric, cached);
  return {
    ok: false, status: 202, timings, job: { id, url, steps, nodes, lowerBound }, headers: { Location: url, 'Retry-After': String(JOB_RETRY_AFTER_S) },
    error: { ...error, message: `${error.message}; a solve job goes on with it: see ${url}` },
  };
}

/** Seconds a client is asked to wait before looking at a job again. */
const JOB_RETRY_AFTER_S = 5;

function rateLimited(): SolveOutcome {
  return {
    ok: false,
    status: 429,
    error: { code: 'rate-limited', message: 'too many uncached solves from this address; try again in a minute (layouts already solved are not limited)' },
    headers: { 'Retry-After': '60' },
    timings: [],
  };
}

/**
 * The /solve body for `input` from a stored entry (a job's answer, presented in the orientation of the request that
 * started it); null for an input that is no longer valid or an entry that does not replay.
 */
export async function presentEntry(env: Env, input: SolveInput, stored: StoredSolution): Promise<Record<string, unknown> | null> {
  const plan = await makePlan(env, input);
  if (!('key' in plan) || plan.check(stored) !== null) return null;
  return { ...plan.present(stored), cached: true };
}

/** A cached entry that answers at this budget: an over-budget mark only counts for a budget no larger than its own. */
function usable(entry: CacheEntry | null, budget: SearchBudget): CacheEntry | null {
  if (!entry || !isOverBudget(entry)) return entry;
  const spent = entry.budget;
  const larger = budget.maxWork > spent.maxWork || (budget.maxNodes ?? Infinity) > (spent.maxNodes ?? Infinity);
  return larger ? null : entry;
}

function present(plan: Plan, stored: StoredSolution, cached: boolean, timings: Timing[]): SolveOutcome {
  return { ok: true, body: { ...plan.present(stored), cached }, cached, timings };
}

function overBudget(entry: OverBudget, metric: Metric, cached: boolean, timings: Timing[]): SolveOutcome {
  return { ok: false, status: 503, error: overBudgetError(entry, metric, cached), headers: { 'Retry-After': String(OVER_BUDGET_TTL_S) }, timings };
}

function overBudgetError(entry: OverBudget, metric: Metric, cached: boolean): ApiError {
  const bound = entry.overBudget > 0 ? `no solution is shorter than ${metricCount(metric, entry.overBudget)}` : 'no lower bound was proven';
  const searched = entry.job ? `a solve job searched ${entry.job.nodes.toLocaleString('en-US')} positions in ${entry.job.steps} steps and gave up; ` : '';
  return {
    code: 'budget-exceeded',
    message: `${searched}this layout needs more search than ${entry.job ? 'the server may spend' : 'one request may spend'}; ${bound}`,
    ...(entry.overBudget > 0 ? { lowerBound: entry.overBudget } : {}),
    cached,
  };
}

function klotskiPlan(env: Env, input: SolveInput): Plan | ApiError {
  const metric = input.metric ?? 'move';
  const parsed = parseLayout(input.layout);
  if (!parsed.ok) return parsed.error;
  if (typeof input.goal === 'string') return { code: 'bad-goal', message: 'a goal code is for tiles puzzles; Klotski goals are { piece, at }' };
  const layout = parsed.value;
  const canonical = canonicalize(layout, input.goal);
  const goal = resolveGoal(layout, input.goal);
  return {
    key: cacheKey(metric, canonical.code),
    metric,
    width: layout.width,
    height: layout.height,
    fromTable: async () => {
      const answer = await tableSolve(env, canonical.layout, canonical.goal, metric);
      if (!answer) return null;
      const { result, loadMs } = answer;
      if (result.status === 'budget-exceeded') return null;
      return { stored: { status: result.status, length: result.length, moves: result.moves, stats: result.stats }, loadMs };
    },
    prepare: async (budget) => () => {
      ensureEngine();
      // Workers' clocks stand still during CPU work, so the budget is counted in work, not milliseconds.
      const result = solve(canonical.layout, { metric, goal: canonical.goal, ...budget });
      if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0, budget };
      return { status: result.status, length: result.length, ...(result.explored !== undefined ? { explored: result.explored } : {}), moves: result.moves, stats: result.stats };
    },
    check: (stored) => (stored.status === 'solved' ? checkSolution(canonical.layout, metric, stored.moves, canonical.goal) : null),
    job: { layout: formatLayout(canonical.layout), goal: canonical.goal },
    present: (stored) => {
      const goalPiece = layout.pieces[goal.pieceIndex]!;
      const commonCode = encodeCommonCode(layout);
      return {
        kind: 'klotski',
        layout: formatLayout(layout),
        canonical: canonical.code,
        ...(commonCode ? { commonCode } : {}),
        goal: { piece: [goalPiece.row, goalPiece.col], at: [goal.row, goal.col] },
        status: stored.status,
        solvable: stored.status === 'solved',
        optimal: true,
        metric,
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
  tilesGoal(board, goalCode); // throws bad-goal (a 400) before any cache read or rate limit
  // Only big boards have a fast mode, so only there does `optimal` change the answer (and the cache key).
  const optimal = input.optimal === true && board.width * board.height > OPTIMAL_CELLS;
  const canonicalCode = `${goalCode ? `${code}~${goalCode}` : code}${optimal ? '~optimal' : ''}`;
  return {
    key: cacheKey(metric, canonicalCode),
    metric,
    width: board.width,
    height: board.height,
    prepare: async (budget) => {
      // The databases cost FIFTEEN_SETUP_WORK to expand: only a budget that can pay for them (a paid plan's) loads them.
      const affordable = budget.maxWork >= 2 * FIFTEEN_SETUP_WORK;
      const databases = board.width === 4 && board.height === 4 && !goalCode && metric === 'move' && affordable ? await loadDatabases(env) : null;
      return () => {
        const result = solveTiles(board, { metric, goal: goalCode, ...budget, databases, optimal });
        if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0, budget };
        return { status: result.status, length: result.length, optimal: result.optimal, ...(result.reason ? { reason: result.reason } : {}), moves: result.moves, stats: { ...result.stats, estimate: 0 } };
      };
    },
    check: (stored) => (stored.status === 'solved' && stored.moves.length !== stored.length ? 'length mismatch' : null),
    present: (stored) => ({
      kind: 'tiles',
      layout: code,
      canonical: canonicalCode,
      goal: { code: goalCode ?? formatTiles(solvedTiles(board.width, board.height)) },
      status: stored.status,
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
 * The 4×4 databases, fetched once per isolate from the static assets (/pdb/) and checked, shared between requests as a
 * value (shared-load.ts); null if unavailable, and then tried again after a minute rather than never.
 */
const databases = new SharedLoad<PatternDatabase[] | null>({
  staleMs: 10_000,
  retryMs: 60_000,
  fallback: null,
  onError: (_, e) => console.error('pattern databases unavailable; 4×4 tiles fall back to Manhattan + linear conflicts:', e),
});

function loadDatabases(env: Env): Promise<PatternDatabase[] | null> {
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
