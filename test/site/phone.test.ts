/**
 * The first screen of /s/ on a phone (issue 37), measured with a CJK system font as a phone has (cjk-font.ts): at
 * 390×844 and 360×740, in English and in Chinese, the board is centred and the ▶ row, scrubber, speed, Hint and
 * Undo/Redo are on it; the empty status line takes no room; a hint's text shows next to the board. Screenshots go to
 * test/artifacts/ (ignored by git).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browser.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
const LOCALES = [
  ['en-US', 'en'],
  ['zh-CN', 'zh'],
] as const;

const suite = browserSuite();

async function openPhone(viewport: { width: number; height: number }, locale: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport, locale });
  await page.goto(`${suite.server.url}/s/${HENGDAO}`);
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
  return page;
}

/** Top and bottom of the first match, in CSS px from the top of the page (the page is not scrolled). */
async function span(page: Page, selector: string): Promise<{ top: number; bottom: number; left: number; right: number } | null> {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.width === 0 && r.height === 0 ? null : { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
  });
}

describe('the solution page on a phone, with a CJK font', () => {
  for (const viewport of PHONES) {
    for (const [locale, lang] of LOCALES) {
      it(`${viewport.width}×${viewport.height}, ${lang}: board centred; ▶ row, scrubber, Hint, Undo/Redo on the first screen; a hint's text beside the board`, async () => {
        const page = await openPhone(viewport, locale);
        expect(await page.evaluate(() => document.documentElement.dataset.uiLang)).toBe(lang);
        // The font is there: Chinese characters are full-width (the packaged Chromium alone draws 9.6 px boxes).
        const perChar = await page.evaluate(() => {
          const probe = document.createElement('span');
          probe.textContent = '华容道曹操关羽张飞赵云';
          document.body.append(probe);
          const em = probe.getBoundingClientRect().width / 10 / parseFloat(getComputedStyle(probe).fontSize);
          probe.remove();
          return em;
        });
        expect(perChar).toBeGreaterThan(0.95);

        const where: Record<string, { top: number; bottom: number } | null> = {};
        for (const selector of ['#player .ctl-play', '#player .scrubber', '#player .speed', '#hint', '#undo', '#redo']) {
          where[selector] = await span(page, selector);
          expect(where[selector], selector).not.toBeNull();
          expect(where[selector]!.bottom, `${selector} ends within the first screen`).toBeLessThanOrEqual(viewport.height);
        }
        console.log(`${viewport.width}×${viewport.height} ${lang}: ${Object.entries(where).map(([s, b]) => `${s.replace('#player ', '')} ${Math.round(b!.top)}–${Math.round(b!.bottom)}`).join(', ')}`);

        const board = (await span(page, '#player .board'))!;
        expect(board.right - board.left).toBeGreaterThan(250);
        expect(Math.abs(board.left - (viewport.width - board.right)), 'the board is centred').toBeLessThanOrEqual(2);

        // Nothing to say: the status line takes no room.
        expect(await page.textContent('#status')).toBe('');
        expect(await span(page, '.status-line')).toBeNull();

        await page.click('#hint');
        await page.waitForSelector('#player .cell-mark.hint');
        await page.waitForFunction(() => document.querySelector('#status')!.textContent!.length > 0);
        const status = (await span(page, '#status'))!;
        expect(status.bottom, "the hint's text is on the first screen").toBeLessThanOrEqual(viewport.height);
        expect(status.top).toBeGreaterThanOrEqual(board.bottom);
        expect(await page.evaluate(() => scrollY)).toBe(0);
        await page.screenshot({ path: new URL(`../artifacts/phone-${viewport.width}-${lang}-hint.png`, import.meta.url).pathname });
        await page.close();
      });
    }
  }
});

/** Every page of site/pages/ (a pre-rendered gallery page and each route with a sample), as a phone opens it. */
const PAGES = ['/', `/s/${HENGDAO}`, '/layouts/', '/layouts/heng-dao-li-ma/', '/puzzles/', '/hardest/', '/docs/', `/embed/${HENGDAO}`, '/embed/XYZ', '/no-such-page'];

/** The widest elements past the right edge, to name in a failure (the page's own text says what to fix). */
function overflowReport(page: Page): Promise<{ scrollWidth: number; innerWidth: number; widest: string[] }> {
  return page.evaluate(() => {
    const widest = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ el, right }) => right > innerWidth + 0.5 && !el.closest('[hidden]'))
      .sort((a, b) => b.right - a.right)
      .slice(0, 4)
      .map(({ el, right }) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.classList.length ? '.' + [...el.classList].join('.') : ''} → ${Math.round(right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
}

describe('no page scrolls sideways on a phone', () => {
  for (const width of [360, 390]) {
    for (const [locale, lang] of LOCALES) {
      it(`${width} px, ${lang}: every page fits its width`, async () => {
        const context = await suite.browser.newContext({ viewport: { width, height: 800 }, locale });
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        const page = await context.newPage();
        const failures: string[] = [];
        for (const path of PAGES) {
          // The embed takes its language from ?lang= (a host page chooses it), the site's pages from the visitor's choice.
          await page.goto(suite.server.url + path + (path.startsWith('/embed/') ? `?lang=${lang}` : ''));
          if (path.startsWith('/s/')) await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.lang.slice(0, 2)), path).toBe(lang);
          const report = await overflowReport(page);
          if (report.scrollWidth > report.innerWidth) failures.push(`${path}: ${report.scrollWidth} px wide at ${report.innerWidth} (${report.widest.join(', ')})`);
          if (path === '/') {
            // The editor with the preset of the longest name chosen (the menu once took that name's width).
            await page.$eval('#preset', (select) => {
              const s = select as HTMLSelectElement;
              const longest = [...s.options].reduce((a, b) => (b.text.length > a.text.length ? b : a));
              s.value = longest.value;
              s.dispatchEvent(new Event('change', { bubbles: true }));
            });
            const chosen = await overflowReport(page);
            if (chosen.scrollWidth > chosen.innerWidth) failures.push(`/ with the longest preset: ${chosen.scrollWidth} px wide (${chosen.widest.join(', ')})`);
          }
          const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '').slice(0, 30) || 'home';
          await page.screenshot({ path: new URL(`../artifacts/width-${width}-${lang}-${name}.png`, import.meta.url).pathname, fullPage: true });
        }
        await context.close();
        expect(failures).toEqual([]);
      });
    }
  }
});
