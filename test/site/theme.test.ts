/**
 * The site's dark theme (issue 37): it follows prefers-color-scheme, the header's switch overrides it (remembered,
 * and applied before the first paint), and in both themes every text, each piece against the board and each mark's
 * number against its badge measure at least 4.5:1 from the rendered colours (contrast.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './browser.ts';
import { contrasts, contrastsIn, type Measured, type Pair } from './contrast.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
const TILES = '142-7.3-865'; // an 8-puzzle: its tiles carry their distances in corner badges
const PHONE = { width: 390, height: 844 };
const LIGHT_BG = 'rgb(251, 247, 239)';
const DARK_BG = 'rgb(31, 27, 22)';

const suite = browserSuite();

type Mode = { name: string; scheme: 'light' | 'dark'; choice: 'auto' | 'light' | 'dark'; background: string };
const MODES: Mode[] = [
  { name: 'light (system)', scheme: 'light', choice: 'auto', background: LIGHT_BG },
  { name: 'dark (system)', scheme: 'dark', choice: 'auto', background: DARK_BG },
  { name: 'dark (switch, system light)', scheme: 'light', choice: 'dark', background: DARK_BG },
  { name: 'light (switch, system dark)', scheme: 'dark', choice: 'light', background: LIGHT_BG },
];

/** A page in `mode`: the choice is stored as the switch stores it, before the page loads. */
async function openIn(mode: Mode, path: string, viewport = { width: 1200, height: 900 }): Promise<Page> {
  const page = await suite.browser.newPage({ viewport, colorScheme: mode.scheme, locale: 'en-US' });
  if (mode.choice !== 'auto') await page.addInitScript((choice) => localStorage.setItem('theme', choice), mode.choice);
  await page.goto(suite.server.url + path);
  return page;
}

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
}

function expectAll(measured: Measured[], min = 4.5): void {
  expect(measured.filter((m) => m.ratio < min)).toEqual([]);
}

/** Each kind of piece against the board's tray. */
const PIECES: Pair[] = ['B', 'V', 'H', 'S'].map((letter) => ({
  name: `piece ${letter} on the board`,
  kind: 'fill',
  fore: { selector: `#player .piece-${letter}`, pseudo: '::before' },
  back: { selector: '#player .board' },
}));

describe('the dark theme and its switch', () => {
  for (const mode of MODES) {
    it(`${mode.name}: /s/ — every text, the pieces on the board, and the distances on the targets`, async () => {
      const page = await openIn(mode, `/s/${HENGDAO}`);
      await ready(page);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(mode.background);
      // A piece picked in play mode: its targets, each with the distance it leads to.
      const rect = (await page.locator('#player .board').boundingBox())!;
      await page.mouse.click(rect.x + (0.5 / 4) * rect.width, rect.y + (4.5 / 5) * rect.height);
      await page.waitForSelector('.cell-mark.target[data-distance]');
      const texts = await page.evaluate(contrastsIn, null);
      expect(texts.some((t) => /^\d+$/.test(t.text))).toBe(true); // the targets' numbers were measured
      // Then a current move in the list, and a hint in the status line.
      await page.keyboard.press('Escape');
      await page.click('.ctl-forward');
      await page.click('#hint');
      await page.waitForFunction(() => document.querySelector('#status')!.textContent!.length > 0);
      texts.push(...(await page.evaluate(contrastsIn, null)));
      expect(texts.length).toBeGreaterThan(40);
      expectAll(texts.map((t) => ({ name: t.text, ratio: t.ratio, fore: t.color, back: t.background })));
      const pieces = await contrasts(page, PIECES);
      expectAll(pieces);
      // The marks on the tray: a picked piece's targets (each kind of worth), a hint's target, the goal's ghost.
      await page.keyboard.press('Escape');
      await page.evaluate(() => {
        const board = document.querySelector('#player .board')!;
        for (const [cls, worth] of [['target', ''], ['target', 'closer'], ['target', 'same'], ['target', 'farther'], ['hint', ''], ['problem', '']]) {
          const mark = document.createElement('div');
          mark.className = `cell-mark ${cls} probe-${cls}-${worth || 'plain'}`;
          if (worth) mark.dataset.worth = worth;
          board.append(mark);
        }
        const ghost = document.createElement('div');
        ghost.className = 'goal-ghost probe-ghost';
        board.append(ghost);
      });
      const marks = await contrasts(page, ['target-plain', 'target-closer', 'target-same', 'target-farther', 'hint-plain', 'problem-plain', 'ghost'].map((probe) => ({
        name: probe, kind: 'border' as const, fore: { selector: `#player .board .probe-${probe}` }, back: { selector: '#player .board' },
      })));
      expectAll(marks);
      pieces.push(...marks);
      if (mode.name.startsWith('dark (system)')) await page.screenshot({ path: new URL('../artifacts/theme-dark-desktop.png', import.meta.url).pathname });
      console.log(`${mode.name} /s/: min text ${Math.min(...texts.map((t) => t.ratio)).toFixed(2)} (${texts.reduce((a, b) => (a.ratio < b.ratio ? a : b)).text}), min piece/board ${Math.min(...pieces.map((p) => p.ratio)).toFixed(2)}`);
      await page.close();
    });

    it(`${mode.name}: the tiles' distance badges, the editor, the gallery, the docs and the hardest positions`, async () => {
      const tiles = await openIn(mode, `/s/${TILES}`);
      await ready(tiles);
      await tiles.waitForFunction(() => document.querySelectorAll('.cell-mark.worth').length === 4);
      const badges = await contrasts(tiles, [
        { name: 'closer badge', kind: 'text', fore: { selector: '.cell-mark.worth[data-worth="closer"]', pseudo: '::after' } },
        { name: 'farther badge', kind: 'text', fore: { selector: '.cell-mark.worth[data-worth="farther"]', pseudo: '::after' } },
        { name: 'tile on the board', kind: 'fill', fore: { selector: '#player .piece-T', pseudo: '::before' }, back: { selector: '#player .board' } },
      ]);
      expectAll(badges);
      expectAll((await tiles.evaluate(contrastsIn, null)).map((t) => ({ name: t.text, ratio: t.ratio, fore: t.color, back: t.background })));
      await tiles.close();
      const mins: string[] = [`badges ${Math.min(...badges.map((b) => b.ratio)).toFixed(2)}`];
      for (const path of ['/', '/layouts/', '/docs/', '/hardest/', '/puzzles/']) {
        const page = await openIn(mode, path);
        await page.waitForLoadState('load');
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), path).toBe(mode.background);
        const texts = await page.evaluate(contrastsIn, null);
        expect(texts.length, path).toBeGreaterThan(10);
        expect(texts.filter((t) => t.ratio < 4.5), path).toEqual([]);
        mins.push(`${path} ${Math.min(...texts.map((t) => t.ratio)).toFixed(2)}`);
        await page.close();
      }
      console.log(`${mode.name}: min ${mins.join(', ')}`);
    });
  }

  it('the check can fail: a white button under the dark theme is caught', async () => {
    const page = await openIn(MODES[1]!, `/s/${HENGDAO}`);
    await ready(page);
    await page.addStyleTag({ content: '#hint { background: #fff !important; }' });
    const bad = (await page.evaluate(contrastsIn, null)).filter((t) => t.ratio < 4.5);
    expect(bad.map((t) => t.text)).toContain('Hint');
    await page.close();
  });

  it('the switch cycles auto → light → dark, says which, and is remembered from the first paint', async () => {
    const page = await suite.browser.newPage({ viewport: PHONE, colorScheme: 'light', locale: 'en-US' });
    // The theme as the page's first element is parsed: set then, or the page would flash in the other theme.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string }).themeAtBody = document.documentElement.dataset.theme ?? 'auto';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${suite.server.url}/s/${HENGDAO}`);
    await ready(page);
    const state = () => page.evaluate(() => ({ theme: document.documentElement.dataset.theme ?? 'auto', label: document.querySelector('#theme-switch')!.getAttribute('aria-label'), background: getComputedStyle(document.documentElement).backgroundColor }));
    expect(await state()).toEqual({ theme: 'auto', label: 'Theme: auto (follows the system)', background: LIGHT_BG });
    await page.screenshot({ path: new URL('../artifacts/phone-light.png', import.meta.url).pathname });
    await page.click('#theme-switch');
    expect(await state()).toEqual({ theme: 'light', label: 'Theme: light', background: LIGHT_BG });
    await page.click('#theme-switch');
    expect(await state()).toEqual({ theme: 'dark', label: 'Theme: dark', background: DARK_BG });
    // On a phone the switch is on the header's one row.
    const [header, button] = await Promise.all(['.site-header', '#theme-switch'].map((s) => page.locator(s).boundingBox()));
    expect(button!.x + button!.width).toBeLessThanOrEqual(PHONE.width);
    expect(header!.height).toBeLessThan(60);
    await page.screenshot({ path: new URL('../artifacts/phone-dark.png', import.meta.url).pathname });
    await page.reload();
    await ready(page);
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe('dark');
    expect((await state()).background).toBe(DARK_BG);
    // Chinese: the label follows the language.
    await page.click('[data-set-lang="zh"]');
    expect((await state()).label).toBe('主题：深色');
    await page.click('#theme-switch');
    expect(await state()).toMatchObject({ theme: 'auto', background: LIGHT_BG });
    await page.close();
  });
});
