/**
 * The /solve flow, free of HTTP details: validate, fold symmetry, read the cache, rate-limit misses, solve once per
 * key per isolate, write the cache, and map the canonical solution back to the request's orientation.
 * Klotski and 数字华容道 (tiles) codes each make a plan (solve-plans.ts); the caching flow is shared. What the request
 * budget cannot finish goes on as a solve job (jobs.ts) where the deployment has them.
 */
import { overRateLimit } from './rate-limit.ts';
import { searchOnce, searchPending } from './search-lane.ts';
import { EDGE_BUDGET, LayoutError, type GoalSpec, type Metric } from '../solver/index.ts';
import { OVER_BUDGET_TTL_S, claimUnstoredWrite, forget, isOverBudget, readEntry, recall, writeEntry, type CacheEntry, type OverBudget, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { SearchBudget, SolveInput } from './solve-input.ts';
import type { ApiError } from './errors.ts';
import { makePlan, type Plan } from './solve-plans.ts';
import { giveUpOf, jobIdOf, jobLimits, jobsEnabled, jobUrl, readJob, retryAt, retryDue, type JobParams, type JobRecord } from './jobs.ts';
import { placeOf, startOrJoinJob, type QueuePlace } from './job-admission.ts';
import { solverFingerprint } from './job-fingerprint.ts';
import { jobGaveUp, jobGoesOn, jobWaits, markFacts, requestOverBudget } from './unknown-answers.ts';

export type { SolveInput, SearchBudget } from './solve-input.ts';

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
  /** A job waiting for a free slot: its place in line (job-admission.ts). */
  queue?: QueuePlace;
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
 * An over-budget answer, or — where solve jobs run — the job that goes on with it: joined, or started (counted against
 * the client's miss limit, refused past the cap on running jobs). A job that ended since this isolate remembered the
 * mark has its answer in KV. A job that gave up is answered "unknown, at least N" (503: clients written for the
 * refusal keep working, and 200 would tell a cache "this is the answer") until it is due to be searched again
 * (jobs.ts `retryDue`: the solver changed, larger limits, or a day passed), when a new attempt starts.
 */
async function overBudgetOrJob(
  jobs: { env: Env; plan: Plan; input: SolveInput; clientKey: string; context?: RequestContext; counted: boolean; waitUntil: (p: Promise<unknown>) => void },
  entry: OverBudget, cached: boolean, timings: Timing[],
): Promise<SolveOutcome> {
  const { env, plan, input, context } = jobs;
  const facts = markFacts(entry, plan.metric, plan.kind === 'tiles');
  if (!plan.job || !context || !jobsEnabled(env)) return overBudget(requestOverBudget(facts, cached), timings);
  const limits = jobLimits(env);
  const fingerprint = await solverFingerprint(env);
  const mark = entry.job?.endedAt !== undefined ? { fingerprint: entry.job.fingerprint ?? null, budgetWork: entry.budget.maxWork, endedAt: entry.job.endedAt } : null;
  // A give-up mark of this solver, within its day and at these limits, answers at once (no KV read of the record).
  if (entry.job && mark && !retryDue(mark, fingerprint, limits)) {
    return overBudget(jobGaveUp({ ...facts, steps: entry.job.steps }, retryAt(mark), cached), timings, retryAt(mark));
  }
  const id = await jobIdOf(plan.key);
  let record: JobRecord | null = await readJob(env, id);
  let queue: QueuePlace | null = null;
  const recordGaveUp = record && giveUpOf(record);
  if (!record || (recordGaveUp && retryDue(recordGaveUp, fingerprint, limits))) {
    if (!jobs.counted && (await overRateLimit(env, 'solve', jobs.clientKey))) return rateLimited();
    const params: JobParams = {
      id, key: plan.key, stepWork: limits.stepWork, maxSteps: limits.maxSteps, input, ...(context.cacheUrl ? { cacheUrl: context.cacheUrl } : {}), startedAt: Date.now(), ...plan.job,
      goal: plan.job.goal as JobParams['goal'], metric: plan.metric, width: plan.width, height: plan.height,
    };
    const start = await startOrJoinJob(env, params, jobs.clientKey, jobs.waitUntil, fingerprint);
    if (start.kind === 'capped') {
      return {
        ok: false, status: 503, timings, headers: { 'Retry-After': '60' },
        error: { code: 'jobs-busy', message: 'this layout needs a long search, the server is running as many as it may and its queue is full; try again in a minute', ...(entry.overBudget > 0 ? { lowerBound: entry.overBudget } : {}) },
      };
    }
    if (start.kind === 'client-busy') return clientBusy(jobUrl(context.origin, start.holding), start.holding);
    record = start.record;
    if (start.kind === 'queued') queue = start.queue;
  } else if (record.queued) queue = await placeOf(env, record, limits);
  if (record.status === 'solved' || record.status === 'unsolvable') {
    const stored = await readEntry(env.SOLUTIONS, plan.key, plan.width, plan.height);
    if (stored && !isOverBudget(stored) && plan.check(stored) === null) return present(plan, stored, true, timings);
  }
  const lowerBound = Math.max(entry.overBudget, record.progress.lowerBound);
  if (record.status === 'budget-exceeded') {
    const { steps, nodes } = record.progress;
    const due = retryAt(giveUpOf(record)!);
    return overBudget(jobGaveUp({ ...facts, lowerBound, nodes, steps }, due, cached), timings, due);
  }
  if (record.status !== 'searching') return overBudget(requestOverBudget({ ...facts, lowerBound }, cached), timings);
  const url = jobUrl(context.origin, id);
  const { steps, nodes } = record.progress;
  return {
    ok: false, status: 202, timings, job: { id, url, steps, nodes, lowerBound, ...(queue ? { queue } : {}) },
    headers: { Location: url, 'Retry-After': String(queue ? QUEUED_RETRY_AFTER_S : JOB_RETRY_AFTER_S) },
    error: queue ? jobWaits({ ...facts, lowerBound }, url, queue.ahead, cached) : jobGoesOn({ ...facts, lowerBound }, url, cached),
  };
}

/** Seconds a client whose job waits in line is asked to wait before looking again. */
const QUEUED_RETRY_AFTER_S = 10;

/**
 * 429: the client already holds a job (running or waiting) of another layout. One at a time, so no client can take
 * every slot; the answer names the job it holds, and this layout may be asked for again once that one ends.
 */
function clientBusy(url: string, id: string): SolveOutcome {
  return {
    ok: false, status: 429, timings: [], headers: { 'Retry-After': '30' },
    error: { code: 'job-running', message: `this address already has a solve job (${url}); one at a time: ask for this layout again once it ends`, job: { id, url } },
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

/** A 503 with no answer: Retry-After says when asking again may be answered otherwise (a give-up's end of day). */
function overBudget(error: ApiError, timings: Timing[], retryAtMs?: number): SolveOutcome {
  const seconds = retryAtMs === undefined ? OVER_BUDGET_TTL_S : Math.max(60, Math.ceil((retryAtMs - Date.now()) / 1000));
  return { ok: false, status: 503, error, headers: { 'Retry-After': String(seconds) }, timings };
}
