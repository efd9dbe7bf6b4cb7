/**
 * What the solution page, the widget and /embed/ say about an answer, in its three states (solver/shared/outcome.ts
 * has the words): solved, proven unsolvable (and by what), unknown (what was proven, and why the search stopped).
 * Pure: no DOM, the language passed in, so the node tests read exactly what the pages show.
 */
import { outcomeHeadline, outcomeSentence, outcomeState, playedLineWords, type Metric, type OutcomeFacts, type OutcomeState, type Proof, type SolveResult, type TilesResult } from '../../solver/index.ts';
import type { Lang } from '../shared/i18n.ts';

export type Answer = SolveResult | TilesResult;

/** Tiles: why there is no solution, in words (the API's `reason`). */
const reasonOf = (result: Answer): string | undefined => ('reason' in result ? result.reason : undefined);

/**
 * How an answer proved it has no solution. The solver's own results say it (`proof`); the API's answers carry
 * `explored` (a search) or, for tiles, the parity `reason` (with `stats.algorithm: 'parity'`), and a tablebase's
 * answer neither (`stats.algorithm: 'table'`): those are read back into the same proof.
 */
function proofOf(result: Answer): Proof | undefined {
  if (result.proof) return result.proof;
  if ('explored' in result && result.explored !== undefined) return { by: 'space', positions: result.explored };
  const algorithm: string = result.stats.algorithm;
  if (algorithm === 'parity') {
    const rule = reasonOf(result)?.match(/^the parity of (.+?) differs/)?.[1];
    if (rule) return { by: 'parity', rule };
  }
  if (algorithm === 'table') return { by: 'table' };
  return undefined;
}

/** The facts the outcome's words need, from a result of the solver or the API. */
export function answerFacts(result: Answer): OutcomeFacts {
  const proof = result.status === 'unsolvable' ? proofOf(result) : undefined;
  return {
    status: result.status,
    metric: result.metric,
    length: result.length,
    optimal: result.optimal,
    ...(proof ? { proof } : {}),
    ...(reasonOf(result) !== undefined ? { reason: reasonOf(result) } : {}),
    ...(result.lowerBound !== undefined ? { lowerBound: result.lowerBound } : {}),
    ...(result.stoppedBy !== undefined ? { stoppedBy: result.stoppedBy } : {}),
    ...(result.status === 'budget-exceeded' && result.stats.nodes > 0 ? { nodes: result.stats.nodes } : {}),
    solvable: result.solvable,
  };
}

export function answerState(result: Answer): OutcomeState {
  return outcomeState(result);
}

/** The count line: "81 moves", "No solution (proven)", "Unknown: at least 17 moves". */
export function answerHeadline(result: Answer, lang: Lang): string {
  return outcomeHeadline(answerFacts(result), lang);
}

/**
 * The whole answer in a sentence where the count alone does not say it — how it was proven unsolvable, or why the
 * search stopped and what it proved; null for a solution (the count and the line say it).
 */
export function answerNote(result: Answer, lang: Lang): string | null {
  return outcomeState(result) === 'solved' ? null : outcomeSentence(answerFacts(result), lang);
}

/**
 * "Solved in N moves — optimal is M" when the answer proved M; otherwise what a line of N to the goal proves beside
 * what the answer had (its lower bound, or a line found that is not proven optimal). `tiles`: "The tiles are in order".
 */
export function playedLineText(n: number, metric: Metric, result: Answer | null, tiles: boolean, lang: Lang): string {
  const solved = result?.status === 'solved';
  const known = {
    optimal: solved && result.optimal ? result.length : null,
    ...(solved && !result.optimal && result.length !== null ? { found: result.length } : {}),
    ...(result?.status === 'budget-exceeded' && result.lowerBound ? { lowerBound: result.lowerBound } : {}),
  };
  return playedLineWords(n, metric, known, lang, tiles ? { en: 'The tiles are in order', zh: '成功！数字已排好：' } : undefined);
}
