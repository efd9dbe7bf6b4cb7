/** What the solution page says about lengths: the solution's move count, "N moves to go", "Solved in N moves". */
import type { Metric } from '../../solver/index.ts';
import { countText, currentLang } from '../shared/i18n.ts';
import { answerHeadline, answerNote, answerState, playedLineText, type Answer } from './outcome-text.ts';

/**
 * Writes the answer into #move-count in its three states (the length; no solution, proven; unknown, with the bound
 * proven) and, where the count alone does not say it, the whole sentence into #verdict: how it was proven
 * unsolvable, or why the search stopped. Nothing while there is no result.
 */
export function showCount(result: Answer | null): void {
  const el = document.getElementById('move-count')!;
  const note = document.getElementById('verdict')!;
  delete el.dataset.length;
  delete el.dataset.state;
  const sentence = result && answerNote(result, currentLang());
  note.textContent = sentence ?? '';
  note.hidden = !sentence;
  if (!result) {
    el.textContent = '';
    return;
  }
  el.dataset.state = answerState(result);
  el.textContent = answerHeadline(result, currentLang());
  if (result.status === 'solved') el.dataset.length = String(result.length);
}

/** "最少还需 N 步" / "N moves to go", in the metric's unit. */
export function toGo(n: number, metric: Metric): string {
  return currentLang() === 'zh' ? `最少还需 ${countText(n, metric, 'zh')}` : `${countText(n, metric, 'en')} to go`;
}

/**
 * "Solved in N moves — optimal is M" (for tiles: "The tiles are in order in N moves — …") where the answer proved M;
 * else what the line proves beside the answer's bound, never calling anything optimal that is not proven.
 */
export function solvedIn(n: number, result: Answer | null, metric: Metric, tiles: boolean): string {
  return playedLineText(n, metric, result, tiles, currentLang());
}

/** "至少还需 N 步" / "at least N moves to go": the proven bound where no line is known. */
export function atLeastToGo(n: number, metric: Metric): string {
  return currentLang() === 'zh' ? `至少还需 ${countText(n, metric, 'zh')}` : `at least ${countText(n, metric, 'en')} to go`;
}
