/**
 * Every visible and spoken word in the page's language (issue 37, item 6) and the smaller items of item 9, in real
 * Chromium against `wrangler dev`: the gallery without the English gloss in Chinese, English names on the board that
 * fit their pieces, /embed/ with no code, and the 15-puzzle's distance marks.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage, pieceLabels } from './browser.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
type Lang = 'en' | 'zh';

const suite = browserSuite();

const open = (path: string, lang: Lang, viewport = DESKTOP) => openPage(suite, path, { lang, viewport });

describe('the gallery', () => {
  it('shows the pinyin and English gloss in English only; the 数字华容道 positions are named in the page\'s language', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const page = await open('/layouts/', lang);
      const text = await page.locator('body').innerText();
      if (lang === 'zh') {
        expect(text).not.toContain('Sword across, horse reared');
        expect(text).not.toContain('héng dāo lì mǎ');
        expect(text).not.toContain('8-puzzle');
        expect(text).toContain('八数码：最难的局面之一');
      } else {
        expect(text).toContain('héng dāo lì mǎ · Sword across, horse reared');
        expect(text).toContain('8-puzzle: a hardest position');
        expect(text).not.toContain('八数码');
      }
      const label = await page.getAttribute('.tiles-item:first-child .thumb a', 'aria-label');
      expect(label).toBe(lang === 'zh' ? '八数码：最难的局面之一' : '8-puzzle: a hardest position');
      await page.close();
    }
  });

  it('a named layout\'s page and the editor\'s presets leave the gloss out in Chinese', async () => {
    const layoutPage = await open('/layouts/heng-dao-li-ma/', 'zh');
    expect((await layoutPage.locator('h1').innerText()).trim()).toBe('横刀立马');
    await layoutPage.close();
    const editor = await open('/', 'zh');
    const presets = await editor.$$eval('#preset option', (os) => os.map((o) => o.textContent));
    expect(presets).toContain('横刀立马');
    expect(presets.join(' ')).not.toMatch(/Sword across|8-puzzle/);
    await editor.close();
  });
});

describe('English names on the board', () => {
  it('fit inside their pieces on a phone and a desktop, and say what a screen reader says', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(`/s/${HENGDAO}`, 'en', viewport);
      await page.waitForSelector('#player[data-ready="true"]', { state: 'attached', timeout: 60_000 });
      const pieces = await pieceLabels(page);
      expect(pieces.map((p) => p.shown).sort()).toEqual(['Cao Cao', 'Guan Yu', 'Huang Zhong', 'Ma Chao', 'Zhang Fei', 'Zhao Yun', 'soldier 1', 'soldier 2', 'soldier 3', 'soldier 4']);
      for (const p of pieces) {
        expect(p.inside, `${p.shown} at ${viewport.width} px`).toBe(true);
        expect(p.spoken).toBe(p.shown);
      }
      // No entry of the move list is cut short of its arrows.
      const cut = await page.$$eval('.move-list .move', (els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
      expect(cut, `${viewport.width} px`).toEqual([]);
      await page.close();
    }
  });
});

describe('/embed/ with no code', () => {
  it('says how to use the address, with a working example, in the reader\'s language', async () => {
    const expected = { en: /^Nothing to show: put a layout code after \/embed\/, for example \/embed\/VBBV-VBBV-VHHV-VSSV-S\.\.S/, zh: /^这里没有可显示的内容：请在 \/embed\/ 后面加上布局代码，例如 \/embed\/VBBV/ };
    for (const lang of ['en', 'zh'] as const) {
      const page = await suite.browser.newPage({ viewport: { width: 360, height: 560 } });
      const res = await page.goto(`${suite.server.url}/embed/?lang=${lang}`);
      expect(res!.status()).toBe(404);
      await page.waitForSelector('#message.usage');
      expect(await page.textContent('#message')).toMatch(expected[lang]);
      expect(await page.isHidden('#player')).toBe(true);
      await page.click('#message a[href^="/embed/"]');
      await page.waitForSelector('#player[data-ready="true"]', { state: 'attached', timeout: 60_000 });
      expect(await page.isHidden('#message')).toBe(true);
      await page.close();
    }
  });
});

describe('15-puzzle distance marks', () => {
  it('every tile next to the blank is marked with the distance it leads to, the line\'s own move closer', async () => {
    const page = await open('/s/1235-6.48-9A7C-DEBF', 'en');
    await page.waitForSelector('#player[data-ready="true"]', { state: 'attached', timeout: 60_000 });
    const marks = () => page.$$eval('.cell-mark.worth', (ms) => ms.map((m) => [(m as HTMLElement).dataset.distance, (m as HTMLElement).dataset.worth]).sort());
    // The blank at row 1, col 1: four tiles can slide; one move of the 24-move line leads closer, the others away.
    await page.waitForFunction(() => document.querySelectorAll('.cell-mark.worth').length === 4, null, { timeout: 60_000 });
    expect(await marks()).toEqual([['23', 'closer'], ['25', 'farther'], ['25', 'farther'], ['25', 'farther']]);
    await page.click('#player .ctl-forward');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#distance')?.dataset.distance === '23');
    await page.waitForFunction(() => document.querySelectorAll('.cell-mark.worth').length === 4, null, { timeout: 60_000 });
    expect(await marks()).toEqual([['22', 'closer'], ['24', 'farther'], ['24', 'farther'], ['24', 'farther']]);
    expect(await page.getAttribute('.cell-mark.worth[data-worth="closer"]', 'title')).toMatch(/^\d+ [↑↓←→]: 22 moves to go$/);
    await page.close();
  });
});
