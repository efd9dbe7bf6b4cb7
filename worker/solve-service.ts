/**
 * The /solve flow, free of HTTP details: validate, fold symmetry, read the cache, rate-limit misses, solve once per
 * key per isolate, write the cache, and map the canonical solution back to the request's orientation.
 * Klotski and 数字华容道 (tiles) codes each make a plan (solve-plans.ts); the caching flow is shared. What the request
 * budget cannot finish goes on as a solve job (jobs.ts) where the deployment has them.
 */
import { overRateLimit } from './rate-limit.ts';
import { searchOnce, searchPending } from './search-lane.ts';
import { EDGE_BUDGET, LayoutError, metricCount, type GoalSpec, type Metric } from '../solver/index.ts';
import { OVER_BUDGET_TTL_S, claimUnstoredWrite, forget, isOverBudget, readEntry, recall, writeEntry, type CacheEntry, type OverBudget, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { ApiError } from './errors.ts';
import { makePlan, type Plan } from './solve-plans.ts';
import { jobIdOf, jobLimits, jobsEnabled, jobUrl, readJob, startOrJoinJob, type JobParams } from './jobs.ts';

export interface SolveInput {
  layout: string;
  metric?: Metric;
  /** Klotski: how pieces slide (`free`, `line`); checked by the solver. A `rush:` code implies `line`. */
  slide?: string;
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
  const jobs = { env, plan, input, clientKey, context, counted, waitUntil };
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
  jobs: { env: Env; plan: Plan; input: SolveInput; clientKey: string; context?: RequestContext; counted: boolean; waitUntil: (p: Promise<unknown>) => void },
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
    const start = await startOrJoinJob(env, params, jobs.waitUntil);
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
