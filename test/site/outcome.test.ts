/**
 * Three states, never two, in real Chromium (issue 45): a puzzle whose search in the browser stops (its limits
 * lowered through the documented test hook, the API refusing it) reads as unknown — "at least N moves" and why —
 * never as "no solution", on the page, in the widget and in /embed/, in English and Chinese; the unsolvable 8-puzzle
 * says parity; an unsolvable 华容道 board says how many positions were explored; a line played to the goal after an
 * unknown answer never says "optimal is 0".
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { parseLayoutOrThrow, solve } from '../../solver/index.ts';
import { formatLine } from '../../site/solution/line-text.ts';
import { SEARCH_LIMITS_KEY } from '../../site/solve/search-limits.ts';
import { browserSuite, openPage } from './browser.ts';

const LODZIANKA = 'AAVBBHH-AAVBBHH-HHSSS..-IIIVV..-IIIVV..';
const LODZIANKA_GOAL = '.......-.......-.......-.....AA-.....AA';
const PELOPONES = 'ACCCUUU-ACCCUSU-ASBBVHH-..BBVDD-....VDD-....VDD';
const PELOPONES_GOAL = '.......-.......-.......-.......-UUU....-U.U....';
const SOLDIERS = 'BBSSSV-BBSS.V-VHHSSV-V.SS.V-SSHHSS-S.SS.S';
/** A 2×2 block that can never go down: the soldiers only go round the right column and the bottom row. */
const STUCK = 'BBS-BBS-SS.';
const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
/** 横刀立马 toward a drawn goal (no tablebase): a search of more positions than the lowered limit allows. */
const HENGDAO_GOAL = '....-....-....-.BB.-.BB.';

/** A claim that there is none ("no solution is shorter than 17 moves" is a bound, not that claim). */
const NO_SOLUTION = /no solution(?! is shorter)|无解|optimal is 0|最优解是 0/i;
const AT_LEAST = { en: /at least \d+ (moves|straight moves|steps)/, zh: /至少 \d+ (步|直线步|格步)/ };

const suite = browserSuite();
const refused = JSON.stringify({ error: { code: 'budget-exceeded', message: 'this layout needs more search than one request may spend' } });

/** The API's /solve and its jobs (not the solver's own files, such as /_astro/solver-worker-….js). */
const isSolveApi = (url: URL) => url.pathname === '/solve' || url.pathname.startsWith('/solve/');

/** The API refuses every solve (as over its budget) and this origin's browser searches stop early (the test hook). */
async function refuseAndLimit(page: Page, limits: Record<string, number> = { memoryMB: 1, maxMs: 1500 }): Promise<void> {
  await page.route(isSolveApi, (route) => route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: refused }));
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [SEARCH_LIMITS_KEY, JSON.stringify(limits)]);
}

async function openRefused(path: string, lang: 'en' | 'zh', limits?: Record<string, number>): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await refuseAndLimit(page, limits);
  await page.goto(suite.server.url + path);
  return page;
}

const pagePath = (code: string, goal?: string) => `/s/${code}${goal ? `?goal=${encodeURIComponent(goal)}` : ''}`;

/** What the solution page says once it has an answer. */
async function pageSays(page: Page | Frame) {
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
  return page.evaluate(() => ({
    text: (document.querySelector('#solution') as HTMLElement).innerText,
    count: document.querySelector('#move-count')!.textContent,
    state: (document.querySelector('#move-count') as HTMLElement).dataset.state,
    verdict: (document.querySelector('#verdict') as HTMLElement).hidden ? null : document.querySelector('#verdict')!.textContent,
    distance: document.querySelector('#distance')!.textContent,
    unsolvable: (document.querySelector('#player') as HTMLElement).dataset.unsolvable ?? null,
    editHidden: (document.querySelector('#unsolvable-edit') as HTMLElement).hidden,
    playHidden: (document.querySelector('#play-actions') as HTMLElement).hidden,
  }));
}

describe('a search that stopped is unknown, never "no solution"', () => {
  for (const [name, code, goal, lang] of [
    ['Lodzianka', LODZIANKA, LODZIANKA_GOAL, 'en'],
    ['Lodzianka', LODZIANKA, LODZIANKA_GOAL, 'zh'],
    ['the 6×6 of soldiers', SOLDIERS, undefined, 'en'],
    ['the 6×6 of soldiers', SOLDIERS, undefined, 'zh'],
  ] as const) {
    it(`on the solution page: ${name} (${lang})`, async () => {
      const page = await openRefused(pagePath(code, goal), lang);
      const says = await pageSays(page);
      expect(says.state).toBe('unknown');
      expect(says.text).not.toMatch(NO_SOLUTION);
      expect(says.count).toMatch(lang === 'en' ? /^Unknown: at least \d+ moves$/ : /^尚无结论：至少 \d+ 步$/);
      expect(says.verdict).toMatch(lang === 'en' ? /^Unknown: the search stopped \(.+\) after [\d,]+ positions; no solution is shorter than \d+ moves/ : /^尚无结论：搜索因.+而停止，已搜索 [\d,]+ 个局面；已证明至少需要 \d+ 步/);
      expect(says.distance).toMatch(lang === 'en' ? /^at least \d+ moves to go$/ : /^至少还需 \d+ 步$/);
      // Not the unsolvable state: no "edit it" way out, the board stays playable by hand.
      expect(says).toMatchObject({ unsolvable: null, editHidden: true, playHidden: false });
      expect(await page.locator('#player .piece[role="button"]').count()).toBeGreaterThan(0);
      await page.close();
    });
  }

  it('a line played to the goal after an unknown answer says it is solved, never "optimal is 0" (en, zh)', async () => {
    const moves = solve(parseLayoutOrThrow(HENGDAO), { goal: { drawing: HENGDAO_GOAL } }).moves;
    const line = formatLine(moves, 4).replace(/\d+\. /g, '');
    for (const lang of ['en', 'zh'] as const) {
      const page = await openRefused(`${pagePath(HENGDAO, HENGDAO_GOAL)}&line=${encodeURIComponent(line)}`, lang, { maxNodes: 1000 });
      const says = await pageSays(page);
      expect(says.state).toBe('unknown');
      await page.waitForFunction(() => /Solved|成功/.test(document.querySelector('#status')!.textContent ?? ''));
      const status = await page.textContent('#status');
      expect(status).not.toMatch(NO_SOLUTION);
      expect(status).toMatch(lang === 'en' ? new RegExp(`^Solved in ${moves.length} moves: so a solution exists, and the shortest is between \\d+ and ${moves.length} moves\\.$`) : new RegExp(`^成功！用了 ${moves.length} 步。可见有解，最短解在 \\d+ 到 ${moves.length} 步之间。$`));
      expect(says.text).not.toMatch(NO_SOLUTION);
      await page.close();
    }
  });
});

/** A page of this origin (so the test hook's storage applies) holding widgets. */
async function widgetPage(lang: 'en' | 'zh', widgets: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await refuseAndLimit(page);
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>widgets</title></head><body>
<script type="module" src="/widget.js"></script>${widgets}</body></html>`;
  await page.route('**/outcome-widgets', (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await page.goto(`${suite.server.url}/outcome-widgets`);
  return page;
}

/** Each widget's outcome and everything it shows, once it has one. */
async function widgetsSay(page: Page, ids: string[]) {
  await page.waitForFunction((ids) => ids.every((id) => (document.getElementById(id) as HTMLElement).dataset.outcome), ids, { timeout: 90_000 });
  return page.evaluate((ids) => ids.map((id) => {
    const el = document.getElementById(id)!;
    return { outcome: el.dataset.outcome, text: (el.shadowRoot!.querySelector('.frame') as HTMLElement).innerText, count: el.shadowRoot!.querySelector('.count')!.textContent };
  }), ids);
}

describe('the widget and /embed/', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`the widget: unknown with the bound for a stopped search, parity for the 8-puzzle (${lang})`, async () => {
      const page = await widgetPage(lang, `
<huarong-solution id="lodz" layout="${LODZIANKA}" goal="${LODZIANKA_GOAL}"></huarong-solution>
<huarong-solution id="soldiers" layout="${SOLDIERS}"></huarong-solution>
${lang === 'en' ? `<huarong-solution id="pelopones" layout="${PELOPONES}" goal="${PELOPONES_GOAL}"></huarong-solution>` : ''}`);
      const ids = lang === 'en' ? ['lodz', 'soldiers', 'pelopones'] : ['lodz', 'soldiers'];
      for (const said of await widgetsSay(page, ids)) {
        expect(said.outcome).toBe('unknown');
        expect(said.text).not.toMatch(NO_SOLUTION);
        expect(said.count).toMatch(AT_LEAST[lang]);
        expect(said.text).toMatch(lang === 'en' ? /the search stopped/ : /搜索因.+而停止/);
      }
      await page.close();
    });
  }

  it('the widget says parity for the unsolvable 8-puzzle (en, zh)', async () => {
    const page = await widgetPage('en', `
<huarong-solution id="tiles-en" layout="123-456-87." lang="en"></huarong-solution>
<huarong-solution id="tiles-zh" layout="123-456-87." lang="zh"></huarong-solution>`);
    await page.unroute(isSolveApi); // the API's own answer: unsolvable by parity
    const [en, zh] = await widgetsSay(page, ['tiles-en', 'tiles-zh']);
    expect(en).toMatchObject({ outcome: 'unsolvable', count: 'No solution (proven)' });
    expect(en!.text).toContain('the parity of inversions differs from the goal\'s');
    expect(en!.text).not.toMatch(/every reachable position/);
    expect(zh).toMatchObject({ outcome: 'unsolvable', count: '无解（已证明）' });
    expect(zh!.text).toContain('逆序数的奇偶性与目标不同');
    await page.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`/embed/ says unknown with the bound for a stopped search (${lang})`, async () => {
      for (const path of [`/embed/${LODZIANKA}?goal=${encodeURIComponent(LODZIANKA_GOAL)}&lang=${lang}`, `/embed/${SOLDIERS}?lang=${lang}`]) {
        const page = await openRefused(path, lang);
        await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
        const said = await page.evaluate(() => ({ text: document.body.innerText, count: document.querySelector('#count')!.textContent, state: (document.querySelector('#count') as HTMLElement).dataset.state }));
        expect(said.state, path).toBe('unknown');
        expect(said.text, path).not.toMatch(NO_SOLUTION);
        expect(said.count, path).toMatch(AT_LEAST[lang]);
        expect(said.text, path).toMatch(lang === 'en' ? /the search stopped/ : /搜索因.+而停止/);
        await page.close();
      }
    });
  }
});

describe('a proof says by what', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`the 8-puzzle: parity, on the page (${lang})`, async () => {
      const page = await openPage(suite, '/s/123-456-87.', { lang });
      const says = await pageSays(page);
      expect(says.state).toBe('unsolvable');
      expect(says.verdict).toContain(lang === 'en' ? 'the parity of inversions differs from the goal\'s' : '逆序数的奇偶性与目标不同');
      expect(says.text).not.toMatch(/every reachable position|所有可达局面/);
      expect(says.unsolvable).toBe('true');
      await page.close();
    });

    it(`a 2×2 block that cannot reach its goal: every reachable position explored, how many (${lang})`, async () => {
      const page = await openPage(suite, `/s/${STUCK}`, { lang });
      const says = await pageSays(page);
      expect(says.state).toBe('unsolvable');
      expect(says.count).toBe(lang === 'en' ? 'No solution (proven)' : '无解（已证明）');
      expect(says.verdict).toBe(lang === 'en'
        ? 'No solution (proven): all 5 positions reachable from the start were explored and none reaches the goal.'
        : '无解（已证明）：从起点能到达的全部 5 个局面都已搜索，没有一个达到目标。');
      expect(says).toMatchObject({ unsolvable: 'true', editHidden: false });
      await page.close();
    });
  }
});
