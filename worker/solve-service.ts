/**
 * The /solve flow, free of HTTP details: validate, fold symmetry, read the cache, rate-limit misses, solve once per
 * key per isolate, write the cache, and map the canonical solution back to the request's orientation.
 * Klotski and 数字华容道 (tiles) codes each make a plan; the caching flow is shared.
 */
import {
  LayoutError,
  PARTITION_663,
  canonicalize,
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
  toClassicPosition,
  type GoalSpec,
  type Metric,
  type PatternDatabase,
} from '../solver/index.ts';
import { cacheKey, readSolution, writeSolution, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { ApiError } from './errors.ts';
import { loadTable } from './tablebase.ts';

export interface SolveInput {
  layout: string;
  metric?: Metric;
  /** Klotski: { piece, at }; tiles: a goal code. */
  goal?: GoalSpec | string;
}

/** One Server-Timing entry. */
export interface Timing {
  name: string;
  desc: string;
  ms: number;
}

export type SolveOutcome =
  /** `etagSource` identifies the representation: a cache key's solution never changes once stored. */
  | { ok: true; body: Record<string, unknown>; cached: boolean; timings: Timing[]; etagSource: string }
  | { ok: false; status: 400 | 429 | 503; error: ApiError; headers?: Record<string, string> };

/** Default budget per cache miss; see wrangler.toml `SOLVE_MAX_NODES`. */
export const DEFAULT_MAX_NODES = 15_000;

type Solved = StoredSolution | { overBudget: number };

interface Plan {
  key: string;
  width: number;
  height: number;
  run(maxNodes: number): Promise<Solved>;
  /**
   * Classic layouts: the answer from the tablebase (table loaded on first use), or null to go the cache-and-search
   * way. A table answer costs less than a KV read, so it is neither cached nor rate-limited.
   */
  fromTable?(): Promise<{ stored: StoredSolution; loadMs: number } | null>;
  /** The response body for the request, from the stored (canonical) solution. */
  present(stored: StoredSolution): Record<string, unknown>;
}

/** Solves in progress in this isolate, by cache key: identical concurrent requests share one solve. */
const inFlight = new Map<string, Promise<Solved>>();

export async function solveRequest(env: Env, waitUntil: (p: Promise<unknown>) => void, input: SolveInput, clientKey: string): Promise<SolveOutcome> {
  let plan: Plan | ApiError;
  try {
    plan = isTilesCode(input.layout) ? await tilesPlan(env, input) : klotskiPlan(env, input);
  } catch (e) {
    if (e instanceof LayoutError) return { ok: false, status: 400, error: e.problem };
    throw e;
  }
  if (!('key' in plan)) return { ok: false, status: 400, error: plan };
  const { key } = plan;
  const answer = plan.fromTable ? await plan.fromTable() : null;
  if (answer) {
    const body: Record<string, unknown> = { ...plan.present(answer.stored), cached: false };
    const timings = [{ name: 'table', desc: 'tablebase load', ms: answer.loadMs }, { name: 'solve', desc: 'table walk', ms: answer.stored.stats.ms }];
    return { ok: true, body, cached: false, timings, etagSource: `${key}|${body.layout}|${JSON.stringify(body.goal)}|${answer.stored.length}` };
  }
  const started = performance.now();
  let stored = await readSolution(env.SOLUTIONS, key, plan.width, plan.height);
  const cacheMs = performance.now() - started;
  const cached = stored !== null;
  let solveMs = 0;
  if (!stored) {
    if (await overRateLimit(env, clientKey)) {
      return {
        ok: false,
        status: 429,
        error: { code: 'rate-limited', message: 'too many uncached solves from this address; try again in a minute (cached layouts are not limited)' },
        headers: { 'Retry-After': '60' },
      };
    }
    let pending = inFlight.get(key);
    if (!pending) {
      const maxNodes = Number(env.SOLVE_MAX_NODES ?? DEFAULT_MAX_NODES) || DEFAULT_MAX_NODES;
      pending = Promise.resolve().then(() => plan.run(maxNodes));
      inFlight.set(key, pending);
      // The request that started the solve writes the cache, once; over-budget results are never cached.
      const width = plan.width;
      const write = pending.then((outcome) => ('overBudget' in outcome ? undefined : writeSolution(env.SOLUTIONS, key, outcome, width)));
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
  const body: Record<string, unknown> = { ...plan.present(stored), cached };
  const timings = [{ name: 'cache', desc: 'KV read', ms: cacheMs }, { name: 'solve', desc: 'search', ms: solveMs }];
  return { ok: true, body, cached, timings, etagSource: `${key}|${body.layout}|${JSON.stringify(body.goal)}|${stored.length}` };
}

function klotskiPlan(env: Env, input: SolveInput): Plan | ApiError {
  const metric = input.metric ?? 'move';
  const parsed = parseLayout(input.layout);
  if (!parsed.ok) return parsed.error;
  if (typeof input.goal === 'string') return { code: 'bad-goal', message: 'a goal code is for tiles puzzles; Klotski goals are { piece, at }' };
  const layout = parsed.value;
  const canonical = canonicalize(layout, input.goal);
  const goal = resolveGoal(layout, input.goal);
  const classic = toClassicPosition(canonical.layout, resolveGoal(canonical.layout, canonical.goal));
  return {
    key: cacheKey(metric, canonical.code),
    width: layout.width,
    height: layout.height,
    fromTable:
      'position' in classic
        ? async () => {
            const started = performance.now();
            const table = await loadTable(env, classic.position.mix, metric);
            const loadMs = performance.now() - started;
            if (!table) return null;
            const result = solve(canonical.layout, { metric, goal: canonical.goal, tablebase: () => table });
            if (result.stats.algorithm !== 'table' || result.status === 'budget-exceeded') return null;
            return { stored: { status: result.status, length: result.length, moves: result.moves, stats: result.stats }, loadMs };
          }
        : undefined,
    run: async (maxNodes) => {
      // Workers' clocks stand still during CPU work, so the budget is counted in positions, not milliseconds.
      const result = solve(canonical.layout, { metric, goal: canonical.goal, maxNodes });
      if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0 };
      return { status: result.status, length: result.length, ...(result.explored !== undefined ? { explored: result.explored } : {}), moves: result.moves, stats: result.stats };
    },
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
  return {
    key: cacheKey(metric, goalCode ? `${code}~${goalCode}` : code),
    width: board.width,
    height: board.height,
    run: async (maxNodes) => {
      const databases = board.width === 4 && board.height === 4 && !goalCode && metric === 'move' ? await loadDatabases(env) : null;
      const result = solveTiles(board, { metric, goal: goalCode, maxNodes, databases });
      if (result.status === 'budget-exceeded') return { overBudget: result.lowerBound ?? 0 };
      return { status: result.status, length: result.length, optimal: result.optimal, ...(result.reason ? { reason: result.reason } : {}), moves: result.moves, stats: { ...result.stats, estimate: 0 } };
    },
    present: (stored) => ({
      kind: 'tiles',
      layout: code,
      canonical: goalCode ? `${code}~${goalCode}` : code,
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

/** The 4×4 databases, fetched once per isolate from the static assets (/pdb/) and checked; null if unavailable. */
let databases: Promise<PatternDatabase[] | null> | undefined;
function loadDatabases(env: Env): Promise<PatternDatabase[] | null> {
  databases ??= (async () => {
    if (!env.ASSETS) return null;
    try {
      return await Promise.all(
        PARTITION_663.map(async (tiles) => {
          const res = await env.ASSETS!.fetch(new Request(`https://assets.local/pdb/${databaseFileName(tiles)}`));
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          return deserializeDatabase(new Uint8Array(await res.arrayBuffer()), tiles);
        }),
      );
    } catch (e) {
      console.error('pattern databases unavailable; 4×4 tiles fall back to Manhattan + linear conflicts:', e);
      return null;
    }
  })();
  return databases;
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
