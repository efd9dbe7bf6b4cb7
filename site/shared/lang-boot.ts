/**
 * Runs in <head> as a classic blocking script (bundled to /lang.js), before anything is drawn:
 * - puts the visitor's language on <html> (`data-ui-lang`, `lang`), so CSS shows the right half of each bilingual
 *   ([data-lang]) block from the first paint;
 * - translates each [data-i18n] element as the parser adds it (a MutationObserver's callbacks run at the end of each
 *   parsing task, before the browser can render), so text written in English in the markup never swaps, and never
 *   moves the page, when the page's own script runs.
 * It stops at DOMContentLoaded; from then on applyLang (shared/i18n.ts) handles switches.
 */
import { currentLang, localizeHead, translateWithin } from './i18n.ts';
import { bootTheme } from './theme.ts';

const lang = currentLang();
document.documentElement.dataset.uiLang = lang;
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
// Light or dark from the first paint too (shared/theme.ts).
bootTheme();
// The title and description come before this script in <head>.
localizeHead(lang);

if (lang !== 'en') {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) translateWithin(node, lang);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}
