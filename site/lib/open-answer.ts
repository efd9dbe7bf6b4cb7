/**
 * How the gallery (/puzzles/) words a puzzle the build's search did not finish: it is open, with what was proven
 * ("at least 16 moves") and why the search stopped, in both languages (solver/shared/outcome.ts has the words).
 */
import { countWords, stopWords, type Metric, type StopReason } from '../../solver/index.ts';
import type { Lang } from '../../solver/shared/outcome.ts';

export interface OpenAnswer {
  lowerBound?: number;
  /** Absent in answers files written before it was recorded: then only the budget is said. */
  stoppedBy?: StopReason;
}

/**
 * "open: at least 16 moves — the build's search stopped after 8 s (its time ran out)" /
 * "未解决：至少 16 步——构建时的搜索在 8 秒内停止（时间用完）".
 */
export function openAnswerText(answer: OpenAnswer, metric: Metric, budgetMs: number, lang: Lang): string {
  const seconds = Math.round(budgetMs / 100) / 10;
  if (lang === 'zh') {
    const bound = answer.lowerBound ? `至少 ${countWords(metric, answer.lowerBound, 'zh')}` : '尚未证明下界';
    const why = answer.stoppedBy ? `（${stopWords(answer.stoppedBy, 'zh')}）` : '';
    return `未解决：${bound}——构建时的搜索（上限 ${seconds} 秒）停止了${why}`;
  }
  const bound = answer.lowerBound ? `at least ${countWords(metric, answer.lowerBound, 'en')}` : 'no lower bound proven yet';
  const why = answer.stoppedBy ? ` (${stopWords(answer.stoppedBy, 'en')})` : '';
  return `open: ${bound} — the build's search (${seconds} s at most) stopped${why}`;
}
