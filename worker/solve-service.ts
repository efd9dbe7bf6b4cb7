/**
 * The /solve flow, free of HTTP details: validate, fold symmetry, read the cache, rate-limit misses, solve once per
 * key per isolate, write the cache, and map the canonical solution back to the request's orientation.
 */
import {
  LayoutError,
  canonicalize,
  encodeCommonCode,
  formatLayout,
  mirrorMoves,
  parseLayout,
  resolveGoal,
  solve,
  type GoalSpec,
  type Layout,
  type Metric,
} from '../solver/index.ts';
import { cacheKey, readSolution, writeSolution, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { ApiError } from './errors.ts';

export interface SolveInput {
  layout: string;
  metric?: Metric;
  goal?: GoalSpec;
}

export type SolveOutcome =
  /** `etagSource` identifies the representation: a cache key's solution never changes once stored. */
  | { ok: true; body: Record<string, unknown>; cached: boolean; cacheMs: number; solveMs: number; etagSource: string }
  | { ok: false; status: 400 | 429 | 503; error: ApiError; headers?: Record<string, string> };

/** Default budget per cache miss; see wrangler.toml `SOLVE_MAX_NODES`. */
export const DEFAULT_MAX_NODES = 15_000;

/** Solves in progress in this isolate, by cache key: identical concurrent requests share one solve. */
const inFlight = new Map<string, Promise<StoredSolution | { overBudget: number }>>();

export async function solveRequest(env: Env, waitUntil: (p: Promise<unknown>) => void, input: SolveInput, clientKey: string): Promise<SolveOutcome> {
  const metric = input.metric ?? 'move';
  const parsed = parseLayout(input.layout);
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
  const layout = parsed.value;
  let canonical;
  let goal;
  try {
    canonical = canonicalize(layout, input.goal);
    goal = resolveGoal(layout, input.goal);
  } catch (e) {
    if (e instanceof LayoutError) return { ok: false, status: 400, error: e.problem };
    throw e;
  }
  const key = cacheKey(metric, canonical.code);
  const started = performance.now();
  let stored = await readSolution(env.SOLUTIONS, key, layout.width, layout.height);
  const cacheMs = performance.now() - started;
  const cached = stored !== null;
  let solveMs = 0;
  if (!stored) {
    const limited = await overRateLimit(env, clientKey);
    if (limited) {
      return {
        ok: false,
        status: 429,
        error: { code: 'rate-limited', message: 'too many uncached solves from this address; try again in a minute (cached layouts are not limited)' },
        headers: { 'Retry-After': '60' },
      };
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = Promise.resolve().then(() => runSolver(env, canonical.layout, canonical.goal, metric));
      inFlight.set(key, pending);
      // The request that started the solve writes the cache, once; over-budget results are never cached.
      const write = pending.then((outcome) => ('overBudget' in outcome ? undefined : writeSolution(env.SOLUTIONS, key, outcome, layout.width)));
      waitUntil(write.finally(() => inFlight.delete(key)));
    }
    const outcome = await pending;
    if ('overBudget' in outcome) {
      return {
        ok: false,
        status: 503,
        error: {
          code: 'budget-exceeded',
          message: `this layout needs more search than one request may spend; no solution is shorter than ${outcome.overBudget} moves`,
          lowerBound: outcome.overBudget,
        },
        headers: { 'Retry-After': '3600' },
      };
    }
    stored = outcome;
    solveMs = outcome.stats.ms;
  }
  const goalPiece = layout.pieces[goal.pieceIndex]!;
  const moves = canonical.mirrored ? mirrorMoves(canonical.layout, stored.moves) : stored.moves;
  const commonCode = encodeCommonCode(layout);
  const body = {
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
    moves,
    stats: stored.stats,
    cached,
  };
  return { ok: true, body, cached, cacheMs, solveMs, etagSource: `${key}|${body.layout}|${JSON.stringify(body.goal)}|${body.length}` };
}

function runSolver(env: Env, layout: Layout, goal: GoalSpec | null, metric: Metric): StoredSolution | { overBudget: number } {
  const maxNodes = Number(env.SOLVE_MAX_NODES ?? DEFAULT_MAX_NODES) || DEFAULT_MAX_NODES;
  // Workers' clocks stand still during CPU work, so the budget is counted in positions, not milliseconds.
  const result = solve(layout, { metric, goal, maxNodes });
  if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0 };
  return {
    status: result.status,
    length: result.length,
    ...(result.explored !== undefined ? { explored: result.explored } : {}),
    moves: result.moves,
    stats: result.stats,
  };
}

async function overRateLimit(env: Env, clientKey: string): Promise<boolean> {
  if (!env.MISS_LIMITER) return false;
  try {
    const { success } = await env.MISS_LIMITER.limit({ key: clientKey });
    return !success;
  } catch (e) {
    console.error('rate limiter failed; allowing the request:', e);
    return false;
  }
}
