/**
 * What the API says when it has no answer yet — the third state, "unknown" (solver/shared/outcome.ts): what was proven
 * (`lowerBound`, with its unit), why the search stopped (`stoppedBy`), and what happens next. One wording for the 503
 * of a request's search, the 503 of a solve job that gave up, and the 202 of a job that goes on.
 */
import { outcomeSentence, type Metric, type StopReason } from '../solver/index.ts';
import type { OverBudget } from './cache.ts';
import type { ApiError } from './errors.ts';

/** What an unknown answer carries beside its code and message. */
export interface UnknownFacts {
  metric: Metric;
  lowerBound: number;
  stoppedBy: StopReason;
  /** Positions the search had explored when it stopped (a job's), if known. */
  nodes?: number;
  /** Tiles of the goal's parity: a solution is known to exist. */
  solvable?: boolean;
}

/** The outcome sentence of an unknown answer: "Unknown: the search stopped (…); no solution is shorter than 15 moves, …". */
export function unknownSentence(facts: UnknownFacts): string {
  return outcomeSentence({ status: 'budget-exceeded', ...facts, ...(facts.solvable ? { solvable: true } : {}) }, 'en');
}

/** The fields every unknown answer's error (or, in a 202, body) carries. */
function unknownFields(facts: UnknownFacts, message: string, cached: boolean): ApiError {
  return { code: 'budget-exceeded', message, ...(facts.lowerBound > 0 ? { lowerBound: facts.lowerBound } : {}), stoppedBy: facts.stoppedBy, cached };
}

/** The facts of a request's over-budget mark (marks stored before `stoppedBy` was kept stopped on their work budget). */
export function markFacts(entry: OverBudget, metric: Metric, solvable?: boolean): UnknownFacts {
  return { metric, lowerBound: entry.overBudget, stoppedBy: entry.stoppedBy ?? 'work', ...(entry.job ? { nodes: entry.job.nodes } : {}), ...(solvable ? { solvable } : {}) };
}

/** 503 where no job may take it up: the request's budget was spent. */
export function requestOverBudget(facts: UnknownFacts, cached: boolean): ApiError {
  return unknownFields(facts, `${unknownSentence(facts)} This layout needs more search than one request may spend.`, cached);
}

/** 503 of a job that gave up (it spent its steps): what it proved, and when it is searched again. */
export function jobGaveUp(facts: UnknownFacts & { steps: number }, retryAt: number, cached: boolean): ApiError {
  const steps = facts.steps.toLocaleString('en-US');
  const again = new Date(retryAt).toISOString().replace(/\.\d+Z$/, 'Z');
  return unknownFields(
    { ...facts, stoppedBy: 'steps' },
    `${unknownSentence({ ...facts, stoppedBy: 'steps' })} A solve job searched it for ${steps} step${facts.steps === 1 ? '' : 's'}; it is searched again from ${again}, or sooner when the solver changes.`,
    cached,
  );
}

/** The 202's body fields (no `error`: a job going on is no error): the unknown answer and where to follow the job. */
export function jobGoesOn(facts: UnknownFacts, url: string, cached: boolean): ApiError {
  return unknownFields(facts, `${unknownSentence(facts)} A solve job goes on with it: see ${url}`, cached);
}

/** The 202's body fields of a job waiting for a free slot: the unknown answer, its place in line and where to follow it. */
export function jobWaits(facts: UnknownFacts, url: string, ahead: number, cached: boolean): ApiError {
  const line = ahead === 0 ? 'it is next in line' : `${ahead} job${ahead === 1 ? ' is' : 's are'} ahead of it`;
  return unknownFields(facts, `${unknownSentence(facts)} A solve job will go on with it once a slot is free (${line}): see ${url}`, cached);
}
