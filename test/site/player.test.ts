/**
 * The player, the embeds and the pages as a demanding visitor uses them (issue 12), in real Chromium against
 * `wrangler dev`: contrast of both themes, embed sizes, numbered tiles, the move list, language, layout stability and
 * the editor.
 */
import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { startDevServer, type DevServer } from '../../scripts/dev-server.ts';
import { closeSuite, launch, pieceLabels } from './browser.ts';
import { contrastsIn } from './contrast.ts';
import { PDB_GROUPS } from '../../solver/tiles/pdb.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let server: DevServer;
let browser: Browser;
/** A host page on another origin (a blog, say): serves the HTML registered under its path. */
let blog: Server;
let blogUrl: string;
const blogPages = new Map<string, string>();

beforeAll(async () => {
  server = await startDevServer();
  blog = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(blogPages.get(req.url ?? '') ?? '');
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://127.0.0.1:${(blog.address() as { port: number }).port}`;
  browser = await launch();
}, 120_000);

afterAll(() => closeSuite(browser, server, () => new Promise((r) => blog?.close(r))));

async function open(path: string, viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await browser.newPage({ viewport, colorScheme });
  await page.goto(server.url + path);
  return page;
}

async function ready(page: Page | Frame): Promise<void> {
  await page.waitForSelector('#player[data-ready="true"]', { state: 'attached', timeout: 60_000 });
}

describe('themes: every text meets WCAG AA (4.5:1) on what it is drawn on', () => {
  for (const [theme, scheme] of [['dark', 'light'], ['light', 'light'], ['auto', 'dark']] as const) {
    it(`the iframe, theme=${theme} (system ${scheme}), paints its own background`, async () => {
      const page = await open(`/embed/${HENGDAO}?theme=${theme}`, { width: 360, height: 900 }, scheme);
      await ready(page);
      await page.click('.ctl-forward');
      const texts = await page.evaluate(contrastsIn, null);
      expect(texts.length).toBeGreaterThan(20); // counter, link, controls, move list, piece names
      expect(texts.filter((x) => x.ratio < 4.5)).toEqual([]);
      const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(body).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      if (theme !== 'light') expect(body).toBe('rgb(31, 27, 22)');
      if (theme === 'dark') {
        // The check itself can fail: the old move list (white under the dark theme's light text) is caught.
        await page.addStyleTag({ content: '.move-list { background: #fff !important; }' });
        const bad = (await page.evaluate(contrastsIn, null)).filter((x) => x.ratio < 4.5);
        expect(bad.length).toBeGreaterThan(10);
        expect(Math.min(...bad.map((x) => x.ratio))).toBeLessThan(1.5);
      }
      await page.close();
    });
  }

  for (const [theme, scheme, pageBackground] of [['dark', 'light', '#fff'], ['light', 'light', '#000'], ['auto', 'dark', '#fff']] as const) {
    it(`the widget, theme="${theme}" (system ${scheme}), on a ${pageBackground === '#fff' ? 'white' : 'black'} page`, async () => {
      const page = await browser.newPage({ viewport: DESKTOP, colorScheme: scheme });
      await page.setContent(`<body style="background:${pageBackground};color:#888"><script type="module" src="${server.url}/widget.js"></script>
        <huarong-solution id="w" layout="${HENGDAO}" theme="${theme}" controls></huarong-solution></body>`);
      await page.waitForFunction(() => (document.querySelector('#w') as HTMLElement).dataset.length === '81', null, { timeout: 60_000 });
      await page.locator('#w .ctl-forward').click();
      const texts = await page.evaluate(contrastsIn, '#w');
      expect(texts.length).toBeGreaterThan(20);
      expect(texts.filter((x) => x.ratio < 4.5)).toEqual([]);
      await page.close();
    });
  }
});

describe('embed sizes', () => {
  it('the dialog\'s iframe snippet at its default size shows everything with no scrolling', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await ready(page);
    await page.click('#embed');
    const snippet = await page.inputValue('#embed-iframe');
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(snippet)!;
    for (const code of [HENGDAO, '1234-5678-9ABC-DE.F', '867-254-3.1']) {
      const host = await hostPage(`<body style="margin:0">${snippet.replace(/\/embed\/[^?"]+/, `/embed/${code}`)}</body>`);
      const frame = await frameOf(host);
      await ready(frame);
      const sizes = await frame.evaluate(() => ({ w: innerWidth, h: innerHeight, sw: document.documentElement.scrollWidth, sh: document.documentElement.scrollHeight, summary: document.querySelector('.moves-summary')!.getBoundingClientRect().bottom }));
      expect({ w: sizes.w, h: sizes.h }).toEqual({ w: Number(width), h: Number(height) });
      expect(sizes.sw, code).toBeLessThanOrEqual(sizes.w);
      expect(sizes.sh, code).toBeLessThanOrEqual(sizes.h);
      expect(sizes.summary, code).toBeLessThanOrEqual(sizes.h); // the (collapsed) move list is still reachable
      await host.close();
    }
    await page.close();
  });

  it('a tall frame opens the move list in the room left; a small one collapses it', async () => {
    for (const [height, listOpen] of [[900, true], [480, false]] as const) {
      const page = await open(`/embed/${HENGDAO}`, { width: 360, height });
      await ready(page);
      const state = await page.evaluate(() => ({ open: (document.querySelector('.moves-pane') as HTMLDetailsElement).open, sh: document.documentElement.scrollHeight }));
      expect(state.open).toBe(listOpen);
      expect(state.sh).toBeLessThanOrEqual(height);
      await page.close();
    }
  });

  it('the smallest frame oEmbed offers (160 × 240) still shows a usable board with no scrolling', async () => {
    const page = await open(`/embed/${HENGDAO}`, { width: 160, height: 240 });
    await ready(page);
    const sizes = await page.evaluate(() => ({ sh: document.documentElement.scrollHeight, sw: document.documentElement.scrollWidth, board: document.querySelector('.board')!.getBoundingClientRect().height, controls: document.querySelector('.controls')!.getBoundingClientRect().height }));
    expect(sizes.sh).toBeLessThanOrEqual(240);
    expect(sizes.sw).toBeLessThanOrEqual(160);
    expect(sizes.board).toBeGreaterThan(80);
    expect(sizes.controls).toBeLessThan(45); // one row of buttons
    await page.close();
  });

  it('opening the collapsed list in a small frame shrinks the board instead of scrolling', async () => {
    const page = await open(`/embed/${HENGDAO}`, { width: 360, height: 560 });
    await ready(page);
    const before = (await page.locator('.board').boundingBox())!.height;
    await page.click('.moves-summary');
    await page.waitForFunction(() => (document.querySelector('.move-list') as HTMLElement).getBoundingClientRect().height >= 90);
    await page.waitForTimeout(100);
    const after = (await page.locator('.board').boundingBox())!.height;
    expect(after).toBeLessThan(before - 80);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(560);
    await page.click('.moves-summary');
    await page.waitForTimeout(100);
    expect((await page.locator('.board').boundingBox())!.height).toBeCloseTo(before, 0);
    await page.close();
  });

  it('with autosize=1 the iframe tells its parent its height, and the documented snippet sizes it', async () => {
    const docs = await open('/docs/');
    const listener = await docs.textContent('#autosize-snippet');
    await docs.close();
    expect(listener).toContain('huarong:resize');
    const host = await hostPage(`<body style="margin:0">${listener}</body>`);
    await host.evaluate((src) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.width = '360';
      f.height = '300';
      f.style.border = '0';
      document.body.prepend(f);
    }, `${server.url}/embed/${HENGDAO}?autosize=1`);
    const frame = await frameOf(host);
    await ready(frame);
    await host.waitForFunction(() => document.querySelector('iframe')!.getBoundingClientRect().height > 500);
    const frameHeight = await host.evaluate(() => document.querySelector('iframe')!.getBoundingClientRect().height);
    const content = await frame.evaluate(() => document.documentElement.scrollHeight);
    expect(Math.abs(frameHeight - content)).toBeLessThanOrEqual(1);
    expect(await frame.evaluate(() => (document.querySelector('.moves-pane') as HTMLDetailsElement).open)).toBe(true);
    await host.close();
  });

  it('the embed dialog fits an 800 px window, copies each snippet, and closes', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/s/${HENGDAO}`);
    await ready(page);
    await page.click('#embed');
    const box = await page.locator('#embed-dialog').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
    for (const id of ['embed-widget', 'embed-iframe', 'embed-link']) {
      const button = page.locator(`button[data-copy="${id}"]`);
      expect(await button.isVisible()).toBe(true);
      await button.click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.inputValue(`#${id}`));
      expect(await button.textContent()).toBe('Copied');
    }
    expect(await page.locator('#embed-dialog button[type=submit]').last().isVisible()).toBe(true);
    // Every snippet box shows its whole text: nothing clipped behind a scrollbar.
    for (const id of ['embed-widget', 'embed-iframe', 'embed-link']) {
      const fits = await page.locator(`#${id}`).evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
      expect(fits, id).toBe(true);
    }
    await page.click('.dialog-close');
    expect(await page.locator('#embed-dialog').isVisible()).toBe(false);
    await context.close();
  });
});

describe('the widget\'s controls', () => {
  it('keep the speed menu on the ▶ row at the default 360 px width', async () => {
    const page = await open(`/embed/${HENGDAO}`, { width: 360, height: 560 });
    await ready(page);
    const play = (await page.locator('.ctl-play').boundingBox())!;
    const speed = (await page.locator('.speed').boundingBox())!;
    expect(Math.abs(speed.y + speed.height / 2 - (play.y + play.height / 2))).toBeLessThan(play.height / 2);
    await page.close();
  });
});

describe('数字华容道 drawn as numbers', () => {
  it('tile 11 shows "11" in the one tile style on the page, in the gallery and in the SVG preview', async () => {
    const code = '1234-5678-9ABC-DE.F';
    const page = await open(`/s/${code}`);
    await ready(page);
    const tiles = await page.$$eval('#player .piece', (els) => els.map((el) => ({ letter: (el as HTMLElement).dataset.letter, text: el.textContent, cls: el.className, bg: getComputedStyle(el, '::before').backgroundColor })));
    const eleven = tiles.find((x) => x.letter === 'B')!;
    expect(eleven.text).toBe('11');
    expect(eleven.cls).toContain('piece-T');
    expect(new Set(tiles.map((x) => x.bg)).size).toBe(1); // one style: tile 11 is no 曹操
    expect(tiles.map((x) => x.text).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)));
    await page.close();
    const svg = await (await fetch(`${server.url}/img/${code}.svg`)).text();
    expect(svg).toContain('>11</text>');
    expect(svg).not.toMatch(/>[A-F]<\/text>/);
    const gallery = await open('/layouts/');
    const thumb = await gallery.locator('.tiles-item .thumb svg').nth(2).innerHTML();
    expect(thumb).toMatch(/>1[0-5]<\/text>/);
    expect(thumb).not.toMatch(/>[A-F]<\/text>/);
    await gallery.close();
  });

  it('finishing an 8-puzzle by hand says the tiles are in order, not that 曹操 escaped', async () => {
    const page = await open('/s/123-456-7.8');
    await ready(page);
    await page.click('#player .piece[data-letter="8"]'); // one tap slides a tile next to the blank
    await page.waitForFunction(() => /in order/.test(document.querySelector('#status')!.textContent!));
    expect(await page.textContent('#status')).not.toMatch(/曹操|Cao Cao/);
    await page.close();
  });
});

describe('labels on big boards', () => {
  it('every piece\'s label stays inside the piece on a 10×10 board, on a phone and a desktop (S39, V10 in 1/10 of 360 px)', async () => {
    const code = 'HHHHSHHSVS-VVVSHHHHVS-VVVHHSSS.S-HHSHHSSSVS-VVHHSSSVVS-VVSSVVSVSS-HH.SVVSSVS-HHSSHHSSVS-.SVBBVSSVS-HHVBBVSSVS';
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await open(`/s/${code}`, viewport);
      // Measured once the player has its answer (it rebuilds the board with it), as a visitor sees the board.
      await ready(page);
      const overflowing = (await pieceLabels(page)).filter((p) => !p.inside).map((p) => p.shown);
      expect(await page.locator('#player .piece').count()).toBeGreaterThan(60);
      expect(overflowing, `${viewport.width} px`).toEqual([]);
      await page.close();
    }
  });
});

describe('the move list while playing back', () => {
  it('sits beside the board on a wide screen and below it on a phone', async () => {
    for (const [viewport, beside] of [[DESKTOP, true], [PHONE, false]] as const) {
      const page = await open(`/s/${HENGDAO}`, viewport);
      await ready(page);
      const [board, list] = await Promise.all(['#player .board', '#player .move-list'].map((s) => page.locator(s).boundingBox()));
      if (beside) {
        expect(list!.x).toBeGreaterThanOrEqual(board!.x + board!.width);
        expect(list!.y).toBeLessThan(board!.y + board!.height);
        const stage = await page.locator('#player .player-stage').boundingBox();
        expect(list!.y + list!.height).toBeLessThanOrEqual(stage!.y + stage!.height + 1); // no taller than the board's column
      } else {
        expect(list!.y).toBeGreaterThanOrEqual(board!.y + board!.height);
      }
      await page.close();
    }
  });

  it('items are buttons that jump to their move; the current one has aria-current="step" and stays in view', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await ready(page);
    expect(await page.locator('.move-list [aria-current]').count()).toBe(0);
    for (let i = 0; i < 3; i++) await page.click('.ctl-forward');
    await page.waitForFunction(() => document.querySelector('.counter')?.textContent === '3 / 81');
    expect(await page.locator('.move-list button[aria-current="step"]').allTextContents()).toHaveLength(1);
    expect(await page.locator('.move-list li:nth-child(3) button').getAttribute('aria-current')).toBe('step');
    await page.locator('.move-list li:nth-child(70) button').click();
    expect(await page.textContent('.counter')).toBe('70 / 81');
    expect(await page.locator('.move-list li:nth-child(70) button').getAttribute('aria-current')).toBe('step');
    await page.keyboard.press('End');
    const inView = await page.$eval('.move-list', (list) => {
      const item = list.querySelector('[aria-current="step"]')!.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      return item.top >= box.top && item.bottom <= box.bottom;
    });
    expect(inView).toBe(true);
    await page.close();
  });

  it('names every piece on a custom board (S1 … S9), the same on the board, in the list and in hints', async () => {
    const page = await open('/s/VBBVS-VBBVS-HHSS.-VSHHS-V.SSS');
    await ready(page);
    const soldiers = await page.$$eval('#player .piece-S .piece-label', (els) => els.map((el) => el.textContent).sort());
    expect(soldiers).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9']);
    const first = (await page.textContent('#player .move-list li:first-child .move'))!;
    expect(first).toMatch(/^1\. (B|V\d|H\d|S\d) [↑↓←→]+$/);
    await page.close();
  });

  it('numbers the soldiers the same on the board, in the list and in what a screen reader hears, in each language, and marks the piece that moved', async () => {
    const soldiers = { en: ['soldier 1', 'soldier 2', 'soldier 3', 'soldier 4'], zh: ['兵1', '兵2', '兵3', '兵4'] };
    for (const lang of ['en', 'zh'] as const) {
      const page = await open('/');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/s/${HENGDAO}`);
      await ready(page);
      // A label is written a word (en) or a character (zh) per line on a narrow piece.
      const start = await page.$$eval('#player .piece-S .piece-label', (els, l) => els.map((el) => el.textContent!.replace(/\n/g, l === 'zh' ? '' : ' ')).sort(), lang);
      expect(start, lang).toEqual(soldiers[lang]);
      // After each move, the list names the same piece the board marks as moved (identities followed through all 81),
      // and its accessible name says what it shows.
      const mismatches = await page.evaluate(async (l) => {
        const out: string[] = [];
        const items = [...document.querySelectorAll<HTMLButtonElement>('.move-list .move')];
        for (const [i, item] of items.entries()) {
          item.click();
          const moved = [...document.querySelectorAll('#player .piece.moved')];
          const name = item.textContent!.replace(/^\d+\.\s*/, '').replace(/[↑↓←→]+$/, '').trim();
          const label = (el: Element) => el.querySelector('.piece-label')!.textContent!.replace(/\n/g, l === 'zh' ? '' : ' ');
          if (moved.length !== 1 || label(moved[0]!) !== name) out.push(`${i + 1}: ${item.textContent} vs ${moved.map(label)}`);
          if (item.getAttribute('aria-label') !== item.textContent!.replace(/^(\d+\.)\s*/, '$1 ')) out.push(`${i + 1}: spoken ${item.getAttribute('aria-label')}`);
        }
        return out;
      }, lang);
      expect(mismatches, lang).toEqual([]);
      const spoken = await page.$$eval('#player .piece-S', (els) => els.map((el) => el.getAttribute('aria-label')!.split(' (')[0]).sort());
      expect(spoken, lang).toEqual(soldiers[lang]);
      await page.close();
    }
  });

  it('playback that reaches the end shows the solved state', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await ready(page);
    expect(await page.locator('.done-badge').isVisible()).toBe(false);
    await page.locator('.move-list li:nth-child(80) button').click();
    await page.click('.ctl-forward');
    await page.waitForSelector('.done-badge', { state: 'visible' });
    expect(await page.textContent('.done-badge')).toContain('Cao Cao escaped');
    expect(await page.getAttribute('#player .board', 'class')).toContain('solved');
    await page.click('.ctl-back');
    await page.waitForSelector('.done-badge', { state: 'hidden' });
    await page.close();
  });
});

describe('links to a move', () => {
  it('?at=N opens /s/ at move N, ?start=N is its alias, and the address follows the replay', async () => {
    const page = await open(`/s/${HENGDAO}?at=40`);
    await ready(page);
    expect(await page.textContent('#player .counter')).toBe('40 / 81');
    await page.click('#player .ctl-forward');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('at') === '41');
    await page.click('#player .ctl-start');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('at'));
    await page.goto(`${server.url}/s/${HENGDAO}?start=12`);
    await ready(page);
    expect(await page.textContent('#player .counter')).toBe('12 / 81');
    await page.close();
  });

  it('/embed/ takes ?at=N too', async () => {
    const page = await open(`/embed/${HENGDAO}?at=7`);
    await ready(page);
    expect(await page.textContent('#player .counter')).toBe('7 / 81');
    await page.close();
  });
});

describe('a layout with no solution', () => {
  it('keeps its board, drops the empty controls, move list, Hint and Undo, and links to the editor', async () => {
    const code = 'VBBV-VBBV-VVSV-VVSV-S...';
    const page = await open(`/s/${code}`);
    await ready(page);
    expect(await page.getAttribute('#player', 'data-unsolvable')).toBe('true');
    expect(await page.isVisible('#player .board')).toBe(true);
    for (const hidden of ['#player .controls', '#player .moves-pane', '#hint', '#undo', '#play-help']) expect(await page.isHidden(hidden), hidden).toBe(true);
    expect(await page.isVisible('#unsolvable-edit-link')).toBe(true);
    expect(await page.getAttribute('#unsolvable-edit-link', 'href')).toBe(`/?layout=${encodeURIComponent(code)}`);
    await page.close();
  });
});

describe('language', () => {
  it('switching keeps the status and relabels the move list, the pieces and the controls, live', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    await ready(page);
    await page.click('#hint');
    const hint = await page.textContent('#status');
    expect(hint).toMatch(/^Hint: .* 80 moves to go$/);
    // Piece names in the page's language everywhere: the hint, the list, its accessible names, the board.
    const englishName = /^(Zhao Yun|Zhang Fei|Ma Chao|Huang Zhong|Guan Yu|Cao Cao|soldier \d) [↑↓←→]+$/;
    expect(hint).toMatch(/^Hint: (Zhao Yun|Zhang Fei|Ma Chao|Huang Zhong|Guan Yu|Cao Cao|soldier \d) [↑↓←→]+ · /);
    expect((await page.textContent('.move-list li:nth-child(1)'))!.replace(/^1\.\s*/, '')).toMatch(englishName);
    expect(await page.getAttribute('.move-list li:nth-child(1) .move', 'aria-label')).toMatch(/^1\. (Zhao Yun|Zhang Fei|Ma Chao|Huang Zhong|Guan Yu|Cao Cao|soldier \d) /);
    expect(await page.textContent('#player .piece-B .piece-label')).toBe('Cao Cao');
    await page.click('[data-set-lang="zh"]');
    expect(await page.textContent('#status')).toMatch(/^提示: (赵云|张飞|马超|黄忠|关羽|曹操|兵\d) [↑↓←→]+ · 最少还需 80 步$/);
    expect((await page.textContent('.move-list li:nth-child(1)'))!.replace(/^1\.\s*/, '')).toMatch(/^(赵云|张飞|马超|黄忠|关羽|曹操|兵\d) [↑↓←→]+$/);
    const first = await page.getAttribute('.move-list li:nth-child(1) .move', 'aria-label');
    expect(first).toMatch(/^1\. (赵云|张飞|马超|黄忠|关羽|曹操|兵\d) /);
    expect(await page.textContent('#player .piece-B .piece-label')).toBe('曹操');
    expect(await page.getAttribute('#player .piece-B', 'aria-label')).toMatch(/^曹操 /);
    expect(await page.getAttribute('.ctl-play', 'aria-label')).toBe('播放');
    expect(await page.textContent('.moves-summary')).toBe('走法 (81)');
    expect(await page.textContent('label:has(input[value=step]) span')).toBe('格步');
    await page.click('[data-set-lang="en"]');
    expect(await page.textContent('#status')).toBe(hint);
    expect(await page.getAttribute('#player .piece-B', 'aria-label')).toMatch(/^Cao Cao /);
    await page.close();
  });

  it('titles and descriptions follow the language on every page, before and after a switch', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/layouts/', /^华容道经典布局/],
      ['/docs/', /^华容道 API 与嵌入/],
      ['/no-such-page', /^找不到页面/],
      ['/s/hello%20world', /^布局无效/],
      ['/hardest/', /^最难的华容道局面/],
      ['/puzzles/', /^经典滑块谜题/],
    ];
    for (const [path, title] of cases) {
      const page = await browser.newPage({ viewport: DESKTOP, locale: 'zh-CN' });
      await page.goto(server.url + path);
      expect(await page.title(), path).toMatch(title);
      const description = await page.getAttribute('meta[name="description"]', 'content');
      expect(description, path).toMatch(/[\u4e00-\u9fff]/);
      await page.click('[data-set-lang="en"]');
      expect(await page.title(), path).not.toMatch(title);
      await page.close();
    }
  });

  it('the editor, the embed dialog and the layout pages switch too', async () => {
    const page = await open('/');
    await page.click('[data-set-lang="zh"]');
    expect(await page.textContent('[data-i18n="toolB"]')).toContain('大块');
    expect(await page.textContent('#editor-undo')).toBe('撤销');
    await page.goto(`${server.url}/s/${HENGDAO}`);
    await ready(page);
    await page.click('#embed');
    expect(await page.textContent('button[data-copy="embed-widget"]')).toBe('复制');
    expect(await page.textContent('#embed-title')).toBe('嵌入');
    await page.goto(`${server.url}/layouts/`);
    expect(await page.textContent('.gallery th[data-i18n="metric.step"]')).toBe('格步');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.close();
  });

  it('the widget and the iframe speak the language they are given', async () => {
    const frame = await open(`/embed/${HENGDAO}?lang=zh`, { width: 360, height: 560 });
    await ready(frame);
    expect(await frame.textContent('#count')).toBe('81 步');
    expect(await frame.getAttribute('.ctl-play', 'aria-label')).toBe('播放');
    await frame.close();
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.setContent(`<script type="module" src="${server.url}/widget.js"></script><huarong-solution id="w" layout="${HENGDAO}" metric="step" lang="zh" controls></huarong-solution>`);
    await page.waitForFunction(() => (document.querySelector('#w') as HTMLElement).dataset.length === '116', null, { timeout: 60_000 });
    expect(await page.locator('#w .count').textContent()).toBe('116 格步');
    await page.close();
  });
});

describe('layout stability (CLS ≤ 0.05, PerformanceObserver layout-shift)', () => {
  for (const path of [`/s/${HENGDAO}`, `/embed/${HENGDAO}`, '/', '/s/1234-5678-9ABC-DE.F', '/layouts/<first>/', '/docs/', '/hardest/', '/puzzles/']) {
    for (const [name, viewport, locale] of [['desktop', DESKTOP, 'en-US'], ['phone', PHONE, 'en-US'], ['desktop', DESKTOP, 'zh-CN'], ['phone', PHONE, 'zh-CN']] as const) {
      it(`${path} on a ${name}, ${locale}`, async () => {
        let target = path;
        if (path.includes('<first>')) {
          const gallery = await (await fetch(`${server.url}/layouts/`)).text();
          target = /href="(\/layouts\/[^"/]+\/)"/.exec(gallery)![1]!;
        }
        const page = await browser.newPage({ viewport, locale });
        await page.addInitScript(() => {
          (window as unknown as { cls: number }).cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) (window as unknown as { cls: number }).cls += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(server.url + target);
        if (target.startsWith('/layouts/')) await page.waitForSelector('#player .player:not(.skeleton)');
        else if (target.startsWith('/docs/')) await page.waitForFunction(() => customElements.get('huarong-solution') !== undefined);
        else if (target.startsWith('/s/') || target.startsWith('/embed/')) await ready(page);
        await page.waitForTimeout(800);
        const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
        expect(cls).toBeLessThanOrEqual(0.05);
        await page.close();
      });
    }
  }
});

describe('layout stability while the browser solves (the Worker answering 503)', () => {
  for (const path of ['/s/VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', '/s/D68C-FE.A-B745-9132']) {
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      it(`${path} on a ${name}: progress and Cancel never push the board (CLS ≤ 0.05)`, async () => {
        const page = await browser.newPage({ viewport, locale: 'en-US' });
        await page.route('**/solve?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' } }) }));
        await page.addInitScript(() => {
          (window as unknown as { cls: number }).cls = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) (window as unknown as { cls: number }).cls += e.value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(server.url + path);
        await ready(page);
        expect(await page.evaluate(() => document.body.dataset.solvedBy)).toBe('browser');
        await page.waitForTimeout(500);
        expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThanOrEqual(0.05);
        await page.close();
      }, 60_000);
    }
  }
});

describe('the first screen', () => {
  it('holds the board with its ▶ row, scrubber and speed at 1280×800, and the ▶ row on a phone', async () => {
    for (const [viewport, selectors] of [[DESKTOP, ['.ctl-play', '.scrubber', '.speed']], [PHONE, ['.ctl-play']]] as const) {
      const page = await open(`/s/${HENGDAO}`, viewport);
      await ready(page);
      for (const selector of selectors) {
        const box = (await page.locator(`#player ${selector}`).boundingBox())!;
        expect(box.y + box.height, `${selector} at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(viewport.height);
      }
      await page.close();
    }
  });

  it('the editor\'s Solve is on the first screen at 1280×800', async () => {
    const page = await open('/');
    const box = (await page.locator('#solve').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    await page.close();
  });

  it('a long layout code wraps between rows, never inside one', async () => {
    const code = 'SSSSSSSSSS-SSSSSSSSSS-SSSSSSSSSS-SSSSBBSSSS-SSSSBBSSSS-SSSSSSSSSS-SSSSSSSSSS-S..SSSSSSS';
    const page = await open(`/s/${code}`, PHONE);
    const rows = await page.evaluate(() => {
      const text = document.querySelector('#layout-code')!.firstChild!;
      const range = document.createRange();
      const tops: number[] = [];
      for (let i = 0; i < text.textContent!.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        tops.push(Math.round(range.getBoundingClientRect().top));
      }
      return { tops, chars: text.textContent! };
    });
    expect(new Set(rows.tops).size).toBeGreaterThan(1); // it does wrap on a phone
    let at = 0;
    for (const row of rows.chars.split('-')) {
      expect(new Set(rows.tops.slice(at, at + row.length)).size, row).toBe(1);
      at += row.length + 1;
    }
    await page.close();
  });
});

describe('the editor', () => {
  it('places pieces from the keyboard, and undoes and redoes every change', async () => {
    const page = await open('/');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    const start = await page.inputValue('#code');
    expect(start).toBe(HENGDAO);
    // A click on a piece with a placement tool puts the chosen shape in its place (never just deletes it); Erase
    // removes; Undo and Redo step through both.
    await page.check('input[name=tool][value=S]', { force: true });
    await page.locator('#editor-board .piece-B').click({ position: { x: 5, y: 5 } });
    expect(await page.inputValue('#code')).toBe('VS.V-V..V-VHHV-VSSV-S..S');
    expect(await page.textContent('#validation')).toContain('Replaced (1, 2)');
    await page.click('#editor-undo');
    expect(await page.inputValue('#code')).toBe(HENGDAO);
    await page.check('input[name=tool][value=erase]', { force: true });
    await page.locator('#editor-board .piece-B').click();
    expect(await page.inputValue('#code')).not.toContain('B');
    await page.click('#editor-undo');
    expect(await page.inputValue('#code')).toBe(HENGDAO);
    await page.click('#editor-redo');
    expect(await page.inputValue('#code')).not.toContain('B');
    // A typed code that does not parse: the board is dimmed and the named cell marked.
    await page.fill('#code', 'VBBV-VBBV-VH#V-VSSV-S..S');
    expect(await page.getAttribute('#editor-board', 'class')).toContain('stale');
    expect(await page.locator('#editor-board .cell-mark.problem[data-row="2"][data-col="2"]').count()).toBe(1);
    expect(await page.textContent('#validation')).toContain('row 3 col 3');
    await page.fill('#code', HENGDAO);
    expect(await page.getAttribute('#editor-board', 'class')).not.toContain('stale');
    // Keyboard: the board takes focus, arrows move a cursor, a letter picks the tool, Enter places.
    await page.click('#clear');
    await page.locator('#editor-board').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('b');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await page.inputValue('#code')).toBe('.BB.-.BB.-....-....-....');
    expect(await page.textContent('#validation')).toContain('Placed (1, 2)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('s');
    await page.keyboard.press('Enter');
    expect(await page.inputValue('#code')).toBe('.BB.-.BB.-.S..-....-....');
    await page.keyboard.press('Delete');
    expect(await page.inputValue('#code')).toBe('.BB.-.BB.-....-....-....');
    await page.keyboard.press('Control+z');
    expect(await page.inputValue('#code')).toBe('.BB.-.BB.-.S..-....-....');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    expect(await page.inputValue('#code')).toBe('....-....-....-....-....');
    await page.keyboard.press('Control+y');
    expect(await page.inputValue('#code')).toBe('.BB.-.BB.-....-....-....');
    expect(await page.locator('.palette .swatch-B').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(179, 38, 30)');
    await page.close();
  });

  it('shows a 15-puzzle preset as numbered tiles', async () => {
    const page = await open('/');
    await page.selectOption('#preset', 'D68C-FE.A-B745-9132');
    expect(await page.textContent('#editor-board .piece[data-letter="D"]')).toBe('13');
    await page.click('#editor-undo');
    expect(await page.inputValue('#code')).toBe(HENGDAO);
    await page.close();
  });
});

describe('binary tables: compressed, versioned, with download progress', () => {
  it('/tables.json maps every table to an immutable gzip copy that unpacks to the plain file', async () => {
    const res = await fetch(`${server.url}/tables.json`, { headers: { Origin: 'https://blog.example' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const { files } = (await res.json()) as { files: Record<string, { url: string; bytes: number; gzipBytes: number }> };
    const names = Object.keys(files);
    expect(names.filter((n) => n.startsWith('pdb/'))).toHaveLength(PDB_GROUPS.length);
    // 36 mixes with two empty cells and 28 with three, in three metrics.
    expect(names.filter((n) => n.startsWith('tablebase/'))).toHaveLength((36 + 28) * 3);
    let raw = 0;
    let packed = 0;
    for (const name of names.filter((n) => n.startsWith('pdb/'))) {
      const copy = files[name]!;
      expect(copy.url).toMatch(new RegExp(`^/${name.replace(/[.]/g, '\\.')}\\.[0-9a-f]{12}\\.gz$`));
      const got = await fetch(server.url + copy.url, { headers: { Origin: 'https://blog.example' } });
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(got.headers.get('content-type')).toBe('application/octet-stream');
      expect(got.headers.get('content-encoding')).toBeNull();
      expect(got.headers.get('access-control-allow-origin')).toBe('*');
      const gz = new Uint8Array(await got.arrayBuffer());
      const plain = new Uint8Array(await (await fetch(`${server.url}/${name}`)).arrayBuffer());
      expect(gz.length).toBe(copy.gzipBytes);
      expect(Buffer.from(gunzipSync(gz)).equals(Buffer.from(plain))).toBe(true);
      raw += plain.length;
      packed += gz.length;
    }
    expect(packed / raw).toBeLessThan(0.3); // 11.5 MB of pattern databases travel as about 2.5 MB
    expect(packed).toBeLessThan(4e6);
  });

  it('a 15-puzzle solved in the browser fetches the copies and shows the download as it goes', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { statuses: string[] }).statuses = seen;
      new MutationObserver(() => seen.push(document.getElementById('status')?.textContent ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.route('**/solve?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget', lowerBound: 1 } }) }));
    await page.goto(`${server.url}/s/1234-5678-9ABC-DE.F`);
    await ready(page);
    expect(await page.textContent('#move-count')).toBe('1 move');
    // Each versioned copy once: the tile marks' own worker (board/tile-marks.ts) asks for them again only after the page's
    // worker has them, and reads them from the HTTP cache (immutable for a year).
    expect(new Set(requests.filter((p) => p.startsWith('/pdb/'))).size).toBe(PDB_GROUPS.length);
    expect(requests.filter((p) => p.startsWith('/pdb/')).every((p) => /\.[0-9a-f]{12}\.gz$/.test(p))).toBe(true);
    const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
    expect(statuses.some((s) => /Downloading the solver's tables: [\d.]+ of [\d.]+ MB \(\d+%\)/.test(s))).toBe(true);
    await page.close();
  });
});

describe('/docs/', () => {
  it('shows the real origin, a live demo, a Copy button per sample, every attribute and event, in both languages', async () => {
    const page = await open('/docs/');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.reload();
    const samples = await page.locator('.docs pre code').allTextContents();
    expect(samples.length).toBeGreaterThanOrEqual(6);
    expect(samples.join('\n')).not.toContain('huarong.example');
    expect(samples.join('\n')).not.toContain('<host>');
    expect(await page.textContent('#iframe-snippet')).toContain(`${server.url}/embed/`);
    expect(await page.locator('.snippet-block .copy-code').count()).toBe(samples.length);
    const attributes = await page.locator('#widget-attributes th').allTextContents();
    expect(attributes.sort()).toEqual(['autoplay', 'controls', 'goal', 'lang', 'layout', 'metric', 'speed', 'start', 'theme']);
    // A drawn goal's snippets: the widget's attribute and the iframe's parameter.
    expect(await page.textContent('#goal-widget-snippet')).toContain('goal="...LL-...ML-...MM-.....-....."');
    expect(await page.textContent('#goal-iframe-snippet')).toContain(`${server.url}/embed/IIILL-HHHHL-MHHHH-MMJJJ-..S..?goal=...LL-...ML-...MM-.....-.....`);
    expect(await page.locator('#widget-events th').allTextContents()).toEqual(['huarong-ready', 'huarong-step', 'huarong-error']);
    expect(await page.locator('#iframe-parameters th').allTextContents()).toEqual(expect.arrayContaining(['autosize', 'goal']));
    await page.locator('#docs-demo').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#docs-demo') as HTMLElement).dataset.length === '81', null, { timeout: 60_000 });
    const english = await page.locator('.docs p:visible').first().textContent();
    await page.click('[data-set-lang="zh"]');
    const chinese = await page.locator('.docs p:visible').first().textContent();
    expect(chinese).not.toBe(english);
    expect(chinese).toMatch(/本站/);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.close();
  });
});

/** A page on another origin (a blog, say) with this HTML. */
async function hostPage(html: string): Promise<Page> {
  const path = `/post-${blogPages.size}`;
  blogPages.set(path, html);
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(blogUrl + path);
  return page;
}

/** The first iframe's frame once it has loaded. */
async function frameOf(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe');
  for (let i = 0; i < 100; i++) {
    const frame = await handle.contentFrame();
    if (frame && frame.url().startsWith(server.url)) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error('the iframe did not load');
}
