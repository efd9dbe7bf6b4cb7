/** What the solution page says about lengths: the solution's move count, "N moves to go", "Solved in N moves". */
import type { Metric, SolveResult, TilesResult } from '../../solver/index.ts';
import { countText, currentLang, t } from './i18n.ts';

/** Writes the solution's length (or that there is none) into #move-count; nothing while there is no result. */
export function showCount(result: SolveResult | TilesResult | null, metric: Metric): void {
  const el = document.getElementById('move-count')!;
  if (!result) {
    el.textContent = '';
    return;
  }
  if (!result.solvable) {
    el.textContent = t('unsolvable');
    return;
  }
  const n = result.length!;
  el.textContent = countText(n, metric);
  el.dataset.length = String(n);
}

/** "最少还需 N 步" / "N moves to go", in the metric's unit. */
export function toGo(n: number, metric: Metric): string {
  return currentLang() === 'zh' ? `最少还需 ${countText(n, metric, 'zh')}` : `${countText(n, metric, 'en')} to go`;
}

/** "Solved in N moves — optimal is M" (for tiles: "The tiles are in order in N moves — …"). */
export function solvedIn(n: number, optimal: number, metric: Metric, tiles: boolean): string {
  if (currentLang() === 'zh') return `${tiles ? '成功！数字已排好：' : '成功！'}用了 ${countText(n, metric, 'zh')}，最优解是 ${countText(optimal, metric, 'zh')}。`;
  return `${tiles ? 'The tiles are in order' : 'Solved'} in ${countText(n, metric, 'en')} — optimal is ${optimal}.`;
}
