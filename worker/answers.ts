/**
 * Answers found elsewhere (a visitor's browser solved what the server's budget could not): replayed here, and stored
 * as the puzzle's best known line — optimal only where its length equals a lower bound the server proved (a request's
 * or a solve job's), else `optimal: false` with that bound. /solve then serves it (solve-plans.ts says "best known,
 * not proven shortest"). Only puzzles the server searched and could not answer take one: a line for a puzzle the
 * server can solve itself would stand in the way of its optimal answer.
 */
import { overRateLimit } from './rate-limit.ts';
import { isOverBudget, readEntry, recall, writeEntry, type StoredSolution } from './cache.ts';
import type { Env } from './env.ts';
import type { ApiError } from './errors.ts';
import { jobIdOf, readJob } from './jobs.ts';
import { makePlan } from './solve-plans.ts';
import type { SolveInput } from './solve-input.ts';
import { countWords, type Move } from '../solver/index.ts';

export interface AnswerInput extends SolveInput {
  moves: Move[];
}

export type AnswerOutcome =
  | { ok: true; status: 200 | 201; body: Record<string, unknown> }
  | { ok: false; status: 400 | 409 | 429; error: ApiError; headers?: Record<string, string> };

/** Replays `input.moves` and stores them where they improve on what the server knows. */
export async function acceptAnswer(env: Env, input: AnswerInput, clientKey: string): Promise<AnswerOutcome> {
  const plan = await makePlan(env, input);
  if (!('key' in plan)) return { ok: false, status: 400, error: plan };
  if (!plan.canonicalMoves) return { ok: false, status: 400, error: { code: 'not-supported', message: 'answers are taken for Klotski layouts only; tiles puzzles are solved by the server' } };
  // A replay costs CPU: limited per client like a cache miss (its own count).
  if (await overRateLimit(env, 'answer', clientKey)) {
    return { ok: false, status: 429, error: { code: 'rate-limited', message: 'too many answers from this address; try again in a minute' }, headers: { 'Retry-After': '60' } };
  }
  const replayed = plan.canonicalMoves(input.moves);
  if ('problem' in replayed) return { ok: false, status: 400, error: { code: 'bad-solution', message: `the moves do not solve this layout: ${replayed.problem}` } };
  const length = input.moves.length;
  const held = recall(plan.key) ?? (await readEntry(env.SOLUTIONS, plan.key, plan.width, plan.height));
  const job = await readJob(env, await jobIdOf(plan.key));
  const unit = (n: number) => countWords(plan.metric, n, 'en');
  if (held && !isOverBudget(held)) {
    if (held.status === 'unsolvable') {
      console.error(`answer for ${plan.key} replays, but the stored answer says unsolvable`);
      return { ok: false, status: 409, error: { code: 'conflict', message: 'the stored answer says this layout has no solution; the line was not stored' } };
    }
    const stored = held.length ?? 0;
    if (length > stored) return { ok: false, status: 409, error: { code: 'longer-than-stored', message: `a solution of ${unit(stored)} is stored; this line has ${unit(length)}` } };
    if (length === stored || held.optimal !== false) return { ok: true, status: 200, body: { stored: false, length, message: `a solution of ${unit(stored)} is already stored` } };
  } else if (!held && !job) {
    return { ok: false, status: 409, error: { code: 'not-searched', message: 'the server has not searched this layout (or already has its answer): ask /solve first; only answers the server could not find are taken' } };
  }
  // What the server proved of the shortest: a best known line's bound, a request's over-budget mark, the job's progress.
  const heldBound = !held ? 0 : isOverBudget(held) ? held.overBudget : (held.lowerBound ?? 0);
  const lowerBound = Math.max(heldBound, job?.progress.lowerBound ?? 0);
  if (length < lowerBound) {
    console.error(`answer for ${plan.key} replays in ${length}, under the proven bound ${lowerBound}`);
    return { ok: false, status: 409, error: { code: 'conflict', message: `the line has ${unit(length)}, fewer than the proven lower bound of ${unit(lowerBound)}; it was not stored` } };
  }
  const optimal = length === lowerBound;
  const entry: StoredSolution = {
    status: 'solved', length, optimal, lowerBound, moves: replayed.moves,
    stats: { algorithm: 'posted', nodes: 0, ms: 0, ttBytes: 0, estimate: 0 },
  };
  await writeEntry(env.SOLUTIONS, plan.key, entry, plan.width); // "stored" means stored: the client does not wait for it anyway
  const message = optimal
    ? `stored as optimal: ${unit(length)}, the proven lower bound`
    : `stored as the best known solution (${unit(length)}); it is not proven shortest: no solution is shorter than ${unit(lowerBound)}`;
  return { ok: true, status: 201, body: { stored: true, state: 'solved', optimal, length, lowerBound, message } };
}
