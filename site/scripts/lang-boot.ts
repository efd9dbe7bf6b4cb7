/**
 * Runs in <head> as a classic blocking script (bundled to /lang.js), before anything is drawn:
 * - puts the visitor's language on <html> (`data-ui-lang`, `lang`), so CSS shows the right half of each bilingual
 *   ([data-lang]) block from the first paint;
 * - translates each [data-i18n] element as the parser adds it (a MutationObserver's callbacks run at the end of each
 *   parsing task, before the browser can render), so text written in English in the markup never swaps, and never
 *   moves the page, when the page's own script runs.
 * It stops at DOMContentLoaded; from then on applyLang (i18n.ts) handles switches.
 */
import { currentLang, t, type Key } from './i18n.ts';

const lang = currentLang();
document.documentElement.dataset.uiLang = lang;
document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';

function translate(root: Element): void {
  const elements = root.matches('[data-i18n], [data-i18n-label], [data-i18n-title]') ? [root] : [];
  elements.push(...root.querySelectorAll<Element>('[data-i18n], [data-i18n-label], [data-i18n-title]'));
  for (const el of elements as HTMLElement[]) {
    if (el.dataset.i18n) el.textContent = t(el.dataset.i18n as Key, lang);
    if (el.dataset.i18nLabel) el.setAttribute('aria-label', t(el.dataset.i18nLabel as Key, lang));
    if (el.dataset.i18nTitle) el.title = t(el.dataset.i18nTitle as Key, lang);
  }
}

if (lang !== 'en') {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) translate(node);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
}
