/**
 * Goals in the interface: a board with no 2×2 block opens the goal step (translated) instead of a dead board; a goal
 * is picked by pointer or keyboard on the page and in the editor, drawn as a ghost outline, and carried by the link;
 * a link's goal is solved optimally (length against the solver run here).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseLayoutOrThrow, solve } from '../../solver/index.ts';
import { browserSuite, openPage } from './browser.ts';

const NO_BLOCK = 'VSSV-VSSV-VHHV-VSSV-S..S';
const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';

const suite = browserSuite();

const open = (path: string, lang: 'en' | 'zh' = 'en') => openPage(suite, path, { lang });

/** The ghost outline's cell box (row, col, width, height in cells). */
async function ghost(page: Page, root = '#player .board'): Promise<number[] | null> {
  return page.evaluate((sel) => {
    const board = document.querySelector<HTMLElement>(sel)!;
    const g = board.querySelector<HTMLElement>('.goal-ghost');
    if (!g) return null;
    const w = Number(board.style.getPropertyValue('--w'));
    const h = Number(board.style.getPropertyValue('--h'));
    const n = (v: string, of: number) => Math.round((parseFloat(v) / 100) * of);
    return [n(g.style.top, h), n(g.style.left, w), n(g.style.width, w), n(g.style.height, h)];
  }, root);
}

const choice = (row: number, col: number) => `.cell-mark.goal-choice[data-row="${row}"][data-col="${col}"]`;

describe('goals in the interface', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`a board with no 2×2 block opens the goal step, not a dead board (${lang})`, async () => {
      const page = await open(`/s/${NO_BLOCK}`, lang);
      await page.waitForSelector('.cell-mark.goal-choice');
      const status = (await page.textContent('#status'))!;
      expect(status).toContain(lang === 'en' ? 'choose which piece must reach which place' : '请选定哪个棋子要到达哪里');
      expect(status).not.toMatch(/no B|explicit goal/); // not the API's English words
      expect(await page.$eval('#player .ctl-play', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
      expect(await page.$eval('#hint', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
      expect(await page.getAttribute('#goal-in-editor', 'href')).toBe(`/?layout=${encodeURIComponent(NO_BLOCK)}&goal=pick`);
      // The soldier at (5,1) to (5,2): one move.
      await page.click(choice(4, 0));
      await page.waitForSelector(choice(4, 1));
      expect(await page.textContent('#status')).toContain(lang === 'en' ? 'top-left corner' : '左上角');
      await page.click(choice(4, 1));
      await page.waitForSelector('#player[data-ready="true"]');
      expect(new URL(page.url()).searchParams.get('goal')).toBe('4,0@4,1');
      expect(await page.getAttribute('#move-count', 'data-length')).toBe('1');
      expect(await ghost(page)).toEqual([4, 1, 1, 1]);
      await page.close();
    });
  }

  it('a link with a goal is solved optimally toward it, shows it, and keeps it when the metric changes', async () => {
    const expected = solve(parseLayoutOrThrow(HENGDAO), { goal: { piece: 'B', at: [3, 0] } });
    const page = await open(`/s/${HENGDAO}?goal=B@3,0`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    expect(Number(await page.getAttribute('#move-count', 'data-length'))).toBe(expected.length);
    expect(await ghost(page)).toEqual([3, 0, 2, 2]);
    await page.click('.ctl-end');
    await page.waitForFunction(() => !document.querySelector<HTMLElement>('#player .done-badge')!.hidden);
    await page.click('input[name=metric][value=step]');
    const step = solve(parseLayoutOrThrow(HENGDAO), { goal: { piece: 'B', at: [3, 0] }, metric: 'step' });
    await page.waitForFunction((n) => document.querySelector('#move-count')?.getAttribute('data-length') === String(n), step.length);
    expect(new URL(page.url()).searchParams.get('goal')).toBe('B@3,0');
    await page.close();
  });

  it('the goal is set from the keyboard too, and a goal that does not fit the board says so', async () => {
    const page = await open(`/s/${HENGDAO}?goal=B@4,3`);
    await page.waitForSelector('.cell-mark.goal-choice');
    expect(await page.textContent('#status')).toContain('does not fit the board');
    // The marks are one Tab stop: the first piece has focus; arrows go between pieces, Enter picks.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('goal-choice'))).toBe(true);
    expect(await page.$$eval('.cell-mark.goal-choice', (els) => els.filter((e) => (e as HTMLElement).tabIndex === 0).length)).toBe(1);
    await page.focus(choice(0, 1)); // 曹操
    await page.keyboard.press('Enter');
    await page.waitForSelector(choice(3, 2));
    await page.focus(choice(0, 0));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => [document.activeElement?.getAttribute('data-row'), document.activeElement?.getAttribute('data-col')])).toEqual(['2', '0']);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('goal')).toBe('0,1@2,0');
    expect(await ghost(page)).toEqual([2, 0, 2, 2]);
    await page.close();
  });

  it('the editor sets a goal, draws it, and puts it in the Solve link', async () => {
    const page = await open(`/?layout=${NO_BLOCK}&goal=pick`);
    await page.waitForSelector('.cell-mark.goal-choice');
    await page.click(choice(4, 0));
    await page.click(choice(4, 1));
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${NO_BLOCK}?goal=4,0@4,1`);
    expect(await page.getAttribute('#solve', 'aria-disabled')).toBe('false');
    expect(await ghost(page, '#editor-board')).toEqual([4, 1, 1, 1]);
    // Moving the goal piece away drops the goal: no B, no goal, no Solve.
    await page.click('input[name=tool][value=erase]');
    await page.click('#editor-board .piece[data-row="4"][data-col="0"]');
    expect(await page.getAttribute('#solve', 'aria-disabled')).toBe('true');
    expect(await ghost(page, '#editor-board')).toBeNull();
    await page.close();
  });
});
