/** Against a running `wrangler dev`: malformed addresses, named layouts, /hardest/, and play mode. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { evaluateMoves, parseLayoutOrThrow } from '../../solver/index.ts';
import { fileTables, TABLEBASE_DIR } from '../../solver/node/tablebase-files.ts';
import { readFileSync } from 'node:fs';
import { browserSuite, openPage } from './browser.ts';
import { gifFrameCount } from '../helpers/gif.ts';
import { readFile } from 'node:fs/promises';

const suite = browserSuite();

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';

/** A page in English at `path` (on this server), once its player has a solution. */
async function openPlayer(path: string): Promise<Page> {
  const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto(suite.server.url + path);
  await page.waitForSelector('#player[data-ready="true"]');
  return page;
}

describe('malformed addresses', () => {
  for (const [path, selector] of [['/embed/%E0', '#message'], ['/s/%E0', '#error-message']] as const) {
    it(`${path} renders the page with a message saying what is wrong, not a blank page`, async () => {
      const page = await suite.browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const res = await page.goto(suite.server.url + path);
      expect(res!.status()).toBe(404);
      await page.locator(selector).waitFor({ state: 'visible', timeout: 15_000 });
      expect((await page.locator(selector).textContent())!.length).toBeGreaterThan(10);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('named layouts on the /s/ page', () => {
  for (const [lang, glossVisible] of [['en', true], ['zh', false]] as const) {
    it(`the mirror of 峰回路转 is titled 峰回路转 (${lang}: pinyin and gloss ${glossVisible ? 'shown' : 'hidden'})`, async () => {
      const page = await suite.browser.newPage();
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${suite.server.url}/s/VSSS-VVBB-VVBB-VHH.-HHS.`);
      expect(await page.title()).toContain('峰回路转');
      expect(await page.locator('h1 #layout-name').textContent()).toBe('峰回路转');
      await page.waitForFunction(() => document.documentElement.lang !== '');
      expect(await page.locator('h1 .layout-gloss').isVisible()).toBe(glossVisible);
      if (glossVisible) expect(await page.locator('h1 .layout-gloss').textContent()).toContain('fēng huí lù zhuǎn');
      await page.close();
    });
  }
});

describe('/hardest/', () => {
  it('is linked from the gallery and lists positions whose /s/ pages show the stated lengths, in every metric', async () => {
    const gallery = await suite.browser.newPage();
    await gallery.goto(`${suite.server.url}/layouts/`);
    expect(await gallery.locator('#hardest-link').getAttribute('href')).toBe('/hardest/');
    await gallery.close();
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/hardest/`);
    const links = await page.locator('a.hardest-link').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, length: a.getAttribute('data-length')!, metric: a.getAttribute('data-metric')! })));
    expect(links.length).toBeGreaterThan(90);
    expect(links.slice(0, 3).map((l) => l.length)).toEqual(['138', '150', '179']);
    // Three empty cells: their own records (as build:tables found them), then a row per mix with a link per metric.
    const three = await page.locator('#hardest-three-empty a.hardest-link').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, length: a.getAttribute('data-length')!, metric: a.getAttribute('data-metric')! })));
    const stats = JSON.parse(readFileSync(new URL('stats.json', TABLEBASE_DIR), 'utf8')).threeEmpty;
    expect(three.slice(0, 3).map((l) => Number(l.length))).toEqual(['move', 'straight', 'step'].map((m) => stats.farthest[m].distance));
    expect(three.length).toBeGreaterThan(3 + 3 * 20);
    // The three overall records and a sample of the per-mix rows.
    for (const link of [...links.slice(0, 3), ...links.filter((_, i) => i % 17 === 5)]) {
      const solution = await suite.browser.newPage();
      await solution.goto(suite.server.url + link.href);
      await solution.waitForFunction(() => document.querySelector<HTMLElement>('#move-count')?.dataset.length !== undefined, null, { timeout: 30_000 });
      expect(await solution.locator('#move-count').getAttribute('data-length'), `${link.href}`).toBe(link.length);
      await solution.close();
    }
    await page.close();
  });
});

describe('play mode on the classic board', () => {
  const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';

  it('marks each target with the distance it leads to (as the solver says), follows the position in the address, undoes and redoes', async () => {
    const expected = evaluateMoves(parseLayoutOrThrow(HENGDAO), 'move', fileTables())!;
    const page = await openPlayer(`/s/${HENGDAO}`);
    expect(await page.locator('#distance').getAttribute('data-distance')).toBe('81');
    expect(await page.locator('#distance').textContent()).toBe('81 moves to go');
    const rect = (await page.locator('#player .board').boundingBox())!;
    await page.mouse.click(rect.x + (0.5 / 4) * rect.width, rect.y + (4.5 / 5) * rect.height); // the soldier at row 4, col 0
    await page.waitForSelector('.cell-mark.target[data-distance]');
    const marks = await page.locator('.cell-mark.target').evaluateAll((ms) =>
      ms.map((m) => ({ to: `${(m as HTMLElement).dataset.row},${(m as HTMLElement).dataset.col}`, distance: (m as HTMLElement).dataset.distance, label: m.getAttribute('aria-label') ?? '' })),
    );
    const want = expected.moves.filter((m) => m.from[0] === 4 && m.from[1] === 0).map((m) => ({ to: `${m.to}`, distance: String(m.distance) }));
    expect(marks.map(({ to, distance }) => ({ to, distance })).sort((a, b) => a.to.localeCompare(b.to))).toEqual(want.sort((a, b) => a.to.localeCompare(b.to)));
    for (const mark of marks) expect(mark.label).toContain(`${mark.distance} moves to go`);
    await page.locator('#player').screenshot({ path: new URL('../artifacts/play-marks.png', import.meta.url).pathname });
    // A detour (the solution's own next move would just step along it): your line branches from the solution.
    const first = want.find((w) => w.to === '4,2')!;
    expect(first.distance).toBe('81');
    await page.locator('.cell-mark.target[data-row="4"][data-col="2"]').click();
    await page.waitForURL((url) => url.pathname === '/s/VBBV-VBBV-VHHV-VSSV-..SS');
    await page.waitForFunction((d) => document.querySelector<HTMLElement>('#distance')?.dataset.distance === d, first.distance);
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '1 / 82');
    await page.click('#undo');
    await page.waitForURL((url) => url.pathname === `/s/${HENGDAO}`);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#distance')?.dataset.distance === '81');
    await page.click('#redo');
    await page.waitForURL((url) => url.pathname === '/s/VBBV-VBBV-VHHV-VSSV-..SS');
    await page.close();
  });

  it('finishing says how many moves it took and what the optimum is', async () => {
    const page = await openPlayer(`/s/VSSV-VSSV-VBBV-VBBV-S..S`); // one move from the goal
    // The board is measured before each click: the status line above it may change height as play goes on.
    const click = async (r: number, c: number) => {
      const rect = (await page.locator('#player .board').boundingBox())!;
      await page.mouse.click(rect.x + ((c + 0.5) / 4) * rect.width, rect.y + ((r + 0.5) / 5) * rect.height);
    };
    await click(4, 0); // a detour first: the soldier right, and back
    await page.locator('.cell-mark.target[data-row="4"][data-col="1"]').click();
    await page.waitForURL((url) => url.pathname === '/s/VSSV-VSSV-VBBV-VBBV-.S.S');
    await click(4, 1);
    await page.locator('.cell-mark.target[data-row="4"][data-col="0"]').click();
    await page.waitForURL((url) => url.pathname === '/s/VSSV-VSSV-VBBV-VBBV-S..S');
    await click(2, 1);
    await page.locator('.cell-mark.target[data-row="3"][data-col="1"]').click();
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.startsWith('Solved'));
    expect(await page.textContent('#status')).toBe('Solved in 3 moves — optimal is 1.');
    // The same solved state as the replay's, and a link that replays the line.
    await page.waitForSelector('#player .done-badge:not([hidden])');
    expect(await page.locator('#player .board').getAttribute('class')).toContain('solved');
    const replay = (await page.getAttribute('#replay-line-link', 'href'))!;
    expect(replay).toMatch(/^\/s\/VSSV-VSSV-VBBV-VBBV-S\.\.S\?line=/);
    await page.goto(suite.server.url + replay);
    await page.waitForSelector('#player[data-ready="true"]');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '3 / 3');
    expect(await page.locator('#player .move-list li[data-kind="own"]').count()).toBe(3);
    await page.screenshot({ path: new URL('../artifacts/play-solved.png', import.meta.url).pathname });
    await page.close();
  });

  it('a hint outlines the whole piece, where it is and where it goes (a general, not its top-left cell)', async () => {
    let checked = 0;
    for (let at = 0; at < 20 && checked === 0; at++) {
      const page = await openPlayer(`/s/${HENGDAO}?at=${at}`);
      await page.click('#hint');
      await page.waitForSelector('.cell-mark.hint');
      const marks = await page.evaluate(() => {
        const box = (el: Element) => { const r = el.getBoundingClientRect(); return { w: r.width, h: r.height }; };
        const selected = document.querySelector<HTMLElement>('.cell-mark.selected')!;
        const piece = document.querySelector(`#player .piece[data-row="${selected.dataset.row}"][data-col="${selected.dataset.col}"]`)!;
        return { selected: box(selected), hint: box(document.querySelector('.cell-mark.hint')!), piece: box(piece), cell: document.querySelector('#player .board')!.clientWidth / 4 };
      });
      await page.close();
      if (marks.piece.w < marks.cell * 1.5 && marks.piece.h < marks.cell * 1.5) continue; // a soldier: one cell either way
      for (const mark of [marks.selected, marks.hint]) {
        expect(mark.w, `at ${at}`).toBeGreaterThanOrEqual(marks.piece.w - 2);
        expect(mark.h, `at ${at}`).toBeGreaterThanOrEqual(marks.piece.h - 2);
        expect(mark.w).toBeLessThanOrEqual(marks.piece.w + 12);
        expect(mark.h).toBeLessThanOrEqual(marks.piece.h + 12);
      }
      checked++;
    }
    expect(checked, 'a hint that moves a piece larger than one cell within the first 20 positions').toBe(1);
  });

  it('one position, one truth: mid-replay the distance, the hint and the target marks describe the board shown', async () => {
    const page = await openPlayer(`/s/${HENGDAO}?at=40`);
    expect(await page.textContent('#player .counter')).toBe('40 / 81');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#distance')?.dataset.distance === '41');
    expect(await page.textContent('#distance')).toBe('41 moves to go');
    await page.click('#hint');
    await page.waitForSelector('.cell-mark.hint');
    expect(await page.textContent('#status')).toMatch(/^Hint: .+ [↑↓←→]+ · 40 moves to go$/);
    // The hinted piece is a piece of the board shown: its top-left is marked, and a piece's top-left is there.
    const marked = await page.locator('.cell-mark.selected').evaluate((m) => [Number((m as HTMLElement).dataset.row), Number((m as HTMLElement).dataset.col)]);
    const layoutAt40 = await page.evaluate(() => location.pathname);
    expect(layoutAt40).toBe(`/s/${HENGDAO}`);
    const tops = await page.locator('#player .piece').evaluateAll((ps) => ps.map((p) => `${(p as HTMLElement).dataset.row},${(p as HTMLElement).dataset.col}`));
    expect(tops).toContain(`${marked[0]},${marked[1]}`);
    // Any piece chosen there shows its targets with their distances.
    const rect = (await page.locator('#player .board').boundingBox())!;
    await page.mouse.click(rect.x + ((marked[1]! + 0.5) / 4) * rect.width, rect.y + ((marked[0]! + 0.5) / 5) * rect.height);
    await page.waitForSelector('.cell-mark.target[data-distance]');
    expect(await page.locator('.cell-mark.target[data-distance="40"]').count()).toBeGreaterThan(0);
    // The end of the replay: solved, not "81 moves to go".
    await page.locator('#player .ctl-end').click();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#distance')?.dataset.distance === '0');
    expect(await page.textContent('#distance')).toBe('Solved! Cao Cao escaped.');
    expect(await page.isVisible('#player .done-badge')).toBe(true);
    await page.close();
  });

  it('your own moves branch from the solution: the list shows them and the best line on, and you can go back', async () => {
    const page = await openPlayer(`/s/${HENGDAO}`);
    const rect = (await page.locator('#player .board').boundingBox())!;
    await page.mouse.click(rect.x + (0.5 / 4) * rect.width, rect.y + (4.5 / 5) * rect.height);
    await page.locator('.cell-mark.target[data-row="4"][data-col="2"]').click(); // a detour: 81 to go still
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '1 / 82');
    expect(await page.textContent('#player .moves-summary')).toBe('Moves (82)');
    expect(await page.locator('#player .move-list li[data-kind="own"]').count()).toBe(1);
    expect(await page.locator('#player .move-list li[data-kind="continuation"]').count()).toBe(81);
    expect(await page.textContent('#move-count')).toBe('81 moves'); // the heading is the layout's, and stays
    expect(await page.textContent('#distance')).toBe('81 moves to go');
    // Stepping along the best line keeps every line true: two moves on, 79 to go.
    await page.locator('#player .ctl-forward').click();
    await page.locator('#player .ctl-forward').click();
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#distance')?.dataset.distance === '79');
    await page.screenshot({ path: new URL('../artifacts/own-line.png', import.meta.url).pathname });
    expect(await page.isVisible('#back-to-solution')).toBe(true);
    await page.click('#back-to-solution');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '0 / 81');
    expect(await page.locator('#player .move-list li[data-kind]').count()).toBe(0);
    await page.waitForURL((url) => url.pathname === `/s/${HENGDAO}` && url.search === '');
    expect(await page.isVisible('#back-to-solution')).toBe(false);
    await page.close();
  });

  it('off the line on a board with no tablebase, the best line on is searched in place (no reload)', async () => {
    const page = await openPlayer(`/s/867-254-3.1`); // an 8-puzzle, 31 moves
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const first = await page.textContent('#player .move-list li:first-child .move');
    // Move the other tile next to the blank (3,. at the bottom row: tiles 3 and 1 flank it).
    const tile = first!.includes(' 3 ') ? [2, 2] : [2, 0];
    const rect = (await page.locator('#player .board').boundingBox())!;
    await page.mouse.click(rect.x + ((tile[1]! + 0.5) / 3) * rect.width, rect.y + ((tile[0]! + 0.5) / 3) * rect.height); // one tap slides it
    await page.waitForFunction(() => document.querySelector('#player .move-list li[data-kind="continuation"]') !== null, undefined, { timeout: 30_000 });
    const counter = (await page.textContent('#player .counter'))!;
    const total = Number(counter.split(' / ')[1]);
    expect(counter).toBe(`1 / ${total}`);
    expect(await page.locator('#distance').getAttribute('data-distance')).toBe(String(total - 1));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // same page
    await page.close();
  });

  it('plays from the keyboard: arrows go from piece to piece, Shift+arrow slides one, Enter marks its targets and plays one', async () => {
    const page = await openPlayer(`/s/${HENGDAO}`);
    const focused = () => page.evaluate(() => [document.activeElement?.getAttribute('data-row'), document.activeElement?.getAttribute('data-col')]);
    await page.focus('#player .piece[data-row="4"][data-col="3"]');
    expect(await page.getAttribute('#player .piece[data-row="4"][data-col="3"]', 'role')).toBe('button');
    // Arrows move the focus, never a piece or the replay: left from the soldier at (4,3) there is an empty cell, then
    // the soldier at (4,0).
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toEqual(['4', '0']);
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toEqual(['2', '0']); // the general standing at (2,0)–(3,0)
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toEqual(['4', '0']);
    expect(await page.textContent('#player .counter')).toMatch(/^0 \/ /);
    // Shift+arrow slides the focused piece, which keeps the focus at its new place; the move is said.
    await page.keyboard.press('Shift+ArrowRight');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent?.startsWith('1 / '));
    expect(await focused()).toEqual(['4', '1']);
    await page.waitForFunction(() => /→/.test(document.querySelector('#status')?.textContent ?? ''));
    // A blocked way says so and the counter stays.
    await page.keyboard.press('Shift+ArrowUp');
    await page.waitForFunction(() => /cannot move that way/.test(document.querySelector('#status')?.textContent ?? ''));
    expect(await page.textContent('#player .counter')).toMatch(/^1 \/ /);
    // Only one piece is a Tab stop: the one focused last.
    expect(await page.$$eval('#player .piece', (els) => els.filter((e) => (e as HTMLElement).tabIndex === 0).map((e) => [e.getAttribute('data-row'), e.getAttribute('data-col')]))).toEqual([['4', '1']]);
    await page.focus('#player .piece[data-row="3"][data-col="2"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.cell-mark.target');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('target'))).toBe(true);
    const target = await page.evaluate(() => [document.activeElement!.getAttribute('data-row'), document.activeElement!.getAttribute('data-col')]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent?.startsWith('2 / '));
    // The focus goes on with the piece played, at its new place, with its ring showing (not dropped to <body>).
    expect(await focused()).toEqual(target);
    expect(await page.evaluate(() => document.activeElement!.matches('#player .piece:focus-visible'))).toBe(true);
    await page.close();
  });

  it('the board is one Tab stop between the page\'s links and the player\'s controls', async () => {
    const page = await openPlayer(`/s/${HENGDAO}`);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const path: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (el.closest('#player .board')) return 'board';
        if (el.classList.contains('ctl-play')) return 'play';
        return el.id || el.className || el.tagName;
      });
      path.push(where);
      if (where === 'play') break;
    }
    expect(path.at(-1)).toBe('play');
    expect(path.filter((w) => w === 'board')).toHaveLength(1);
    // From the board, the next stops are the player's controls.
    const board = path.indexOf('board');
    expect(path.length - board, path.join(' → ')).toBeLessThanOrEqual(4);
    console.log(`Tab presses from the top of the page to ▶: ${path.length} (${path.join(' → ')})`);
    await page.close();
  });

  it('plays by dragging a piece to its place', async () => {
    const page = await openPlayer(`/s/${HENGDAO}`);
    const rect = (await page.locator('#player .board').boundingBox())!;
    const at = (r: number, c: number) => [rect.x + ((c + 0.5) / 4) * rect.width, rect.y + ((r + 0.5) / 5) * rect.height] as const;
    await page.mouse.move(...at(4, 3));
    await page.mouse.down();
    await page.mouse.move(...at(4, 2), { steps: 5 });
    await page.mouse.move(...at(4, 1), { steps: 5 });
    await page.mouse.up();
    // Dropped two cells left: the soldier's move to (4, 1) around nothing, one move.
    await page.waitForURL((url) => url.pathname === '/s/VBBV-VBBV-VHHV-VSSV-SS..');
    expect(await page.textContent('#player .counter')).toMatch(/^1 \/ /);
    expect(await page.locator('.cell-mark.target').count()).toBe(0); // no click-selection after the drag
    await page.close();
  });

  for (const [name, code, moves] of [['横刀立马', HENGDAO, 81], ['峰回路转', 'SSSV-BBVV-BBVV-.HHV-.SHH', 138]] as const) {
    it(`downloads the replay of ${name} as a GIF: one frame per position (moves + 1)`, async () => {
      const page = await openPlayer(`/s/${code}`);
      const download = page.waitForEvent('download');
      await page.click('#download-gif');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^huarong-.*\.gif$/);
      const bytes = new Uint8Array(await readFile((await file.path())!));
      const gif = gifFrameCount(bytes);
      expect(gif.frames).toBe(moves + 1);
      expect(gif.width).toBeGreaterThan(150);
      await page.waitForFunction(() => document.body.dataset.gifMs !== undefined);
      const ms = Number(await page.evaluate(() => document.body.dataset.gifMs));
      console.log(`GIF ${name}: ${moves + 1} frames, ${(bytes.length / 1024).toFixed(0)} KB, ${ms} ms`);
      await page.screenshot({ path: new URL(`../artifacts/gif-${moves}.png`, import.meta.url).pathname });
      await page.close();
    });
  }

  it('the GIF is drawn at 100 px a cell (twice the old 48) with the pieces named in the page\'s language', async () => {
    const gifs: Record<string, Uint8Array> = {};
    for (const lang of ['en', 'zh'] as const) {
      const page = await openPage(suite, `/s/${HENGDAO}`, { lang });
      await page.waitForSelector('#player[data-ready="true"]');
      const download = page.waitForEvent('download');
      await page.click('#download-gif');
      const bytes = new Uint8Array(await readFile((await (await download).path())!));
      const { width, height } = gifFrameCount(bytes);
      expect([width, height]).toEqual([440, 555]);
      gifs[lang] = bytes;
      // Its first frame on screen, to look at (test/artifacts/).
      await page.setContent(`<img src="data:image/gif;base64,${Buffer.from(bytes).toString('base64')}">`);
      await page.locator('img').screenshot({ path: new URL(`../artifacts/gif-first-frame-${lang}.png`, import.meta.url).pathname });
      await page.close();
    }
    // The same board, the same frames: only the names differ.
    expect(Buffer.from(gifs.en!).equals(Buffer.from(gifs.zh!))).toBe(false);
  });

  it('tiles: every tile that can slide is marked with its distance, and play off the line asks no server', async () => {
    const page = await openPlayer(`/s/142-7.3-865`); // an 8-puzzle, 10 moves, the blank in the middle
    await page.waitForSelector('.cell-mark.worth');
    const marks = async () => page.locator('.cell-mark.worth').evaluateAll((ms) => ms.map((m) => [(m as HTMLElement).dataset.distance, (m as HTMLElement).dataset.worth]));
    await page.waitForFunction(() => document.querySelectorAll('.cell-mark.worth').length === 4);
    for (const [d, worth] of await marks()) expect([['9', 'closer'], ['11', 'farther']]).toContainEqual([d, worth]);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // Tap a tile that leads away: the best line on comes from the page's worker.
    const away = await page.locator('.cell-mark.worth[data-worth="farther"]').first().evaluate((m) => [Number((m as HTMLElement).dataset.row), Number((m as HTMLElement).dataset.col)]);
    const rect = (await page.locator('#player .board').boundingBox())!;
    await page.mouse.click(rect.x + ((away[1]! + 0.5) / 3) * rect.width, rect.y + ((away[0]! + 0.5) / 3) * rect.height);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('#distance')?.dataset.distance === '11');
    await page.waitForFunction(() => document.querySelectorAll('.cell-mark.worth').length >= 2);
    for (const [d] of await marks()) expect(['10', '12']).toContain(d);
    await page.click('#hint');
    await page.waitForSelector('.cell-mark.hint');
    expect(await page.textContent('#status')).toMatch(/^Hint: \d+ [↑↓←→] · 10 moves to go$/);
    expect(requests.filter((u) => u.includes('/solve'))).toEqual([]);
    await page.close();
  });

  it('15-puzzle: after a move off the line the best line on is searched in the page\'s worker, databases already loaded', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await page.route('**/solve?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'this layout needs more search than one request may spend' } }) }));
    await page.goto(`${suite.server.url}/s/D68C-FE.A-B745-9132`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    // The marks' own worker (board/tile-marks.ts) reads the databases too: counted from once it has, as the page's worker has.
    await page.waitForFunction(() => document.querySelectorAll('.cell-mark.worth').length >= 2, undefined, { timeout: 60_000 });
    const total = Number((await page.textContent('#player .counter'))!.split(' / ')[1]);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // A tile next to the blank that the solution does not move first: one tap, a move off the line.
    const first = (await page.textContent('#player .move-list li:first-child .move'))!;
    const movable = await page.locator('#player .piece').evaluateAll((ps) => ps.map((p) => [(p as HTMLElement).dataset.tile, Number((p as HTMLElement).dataset.row), Number((p as HTMLElement).dataset.col)] as const));
    const blank = [0, 1, 2, 3].flatMap((r) => [0, 1, 2, 3].map((c) => [r, c])).find(([r, c]) => !movable.some(([, pr, pc]) => pr === r && pc === c))!;
    const off = movable.find(([tile, r, c]) => Math.abs(r - blank[0]!) + Math.abs(c - blank[1]!) === 1 && !first.includes(` ${tile} `))!;
    const rect = (await page.locator('#player .board').boundingBox())!;
    const started = performance.now();
    await page.mouse.click(rect.x + ((off[2] + 0.5) / 4) * rect.width, rect.y + ((off[1] + 0.5) / 4) * rect.height);
    await page.waitForFunction(() => document.querySelector('#player .move-list li[data-kind="continuation"]') !== null, undefined, { timeout: 60_000 });
    const ms = performance.now() - started;
    expect(await page.textContent('#player .counter')).toBe(`1 / ${total + 2}`); // off the line: two moves longer
    expect(await page.locator('#distance').getAttribute('data-distance')).toBe(String(total + 1));
    expect(requests.filter((u) => u.includes('/solve') || u.includes('/pdb/'))).toEqual([]);
    expect(await page.textContent('#status')).not.toMatch(/budget|needs more search/);
    console.log(`15-puzzle: best line after a move off it in ${ms.toFixed(0)} ms (databases kept in the worker)`);
    await page.close();
  });

  it('hints instantly with the network blocked after load', async () => {
    const page = await openPlayer(`/s/SSSV-BBVV-BBVV-.HHV-.SHH`);
    await page.context().setOffline(true);
    try {
      await page.click('#hint');
      await page.waitForSelector('.cell-mark.hint');
      expect(await page.textContent('#status')).toMatch(/^Hint: .+ [↑↓←→]+ · 137 moves to go$/);
    } finally {
      await page.context().setOffline(false);
    }
    await page.close();
  });
});

describe('link previews through wrangler dev', () => {
  it('serves a 1200×630 PNG for an arbitrary layout (resvg bundled as WebAssembly) and the pre-rendered named ones', async () => {
    for (const code of ['VBBV-VBBV-VHHV-VS.V-SS.S', 'VBBV-VBBV-VHHV-VSSV-S..S']) {
      const res = await fetch(`${suite.server.url}/img/${code}.png`);
      expect(res.status, code).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(1, 4)]).toEqual([80, 78, 71]);
      const view = new DataView(bytes.buffer);
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    }
  });
});

describe('static files and unknown paths', () => {
  it('hashed bundles are immutable for a year, the widget is revalidated, tables are octet streams', async () => {
    const html = await (await fetch(`${suite.server.url}/`)).text();
    const bundle = /\/_astro\/[^"]+\.js/.exec(html)![0];
    expect((await fetch(suite.server.url + bundle)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const widget = await fetch(`${suite.server.url}/widget.js`);
    expect(widget.headers.get('cache-control')).toBe('public, max-age=300');
    expect(widget.headers.get('etag')).toBeTruthy();
    // Its 304 carries the same caching as its 200, not the assets' max-age=0.
    const revalidated = await fetch(`${suite.server.url}/widget.js`, { headers: { 'If-None-Match': widget.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=300');
    for (const path of ['/pdb/15-2_3_4.pdb', '/tablebase/move-v4h1.bin']) {
      const res = await fetch(suite.server.url + path);
      expect(res.headers.get('content-type'), path).toBe('application/octet-stream');
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=86400');
    }
  });

  it('the widget\'s frame loads every file of its own straight away (no redirect: its stylesheet is a 200)', async () => {
    const page = await suite.browser.newPage();
    const answers: Array<[number, string]> = [];
    page.on('response', (r) => answers.push([r.status(), new URL(r.url()).pathname]));
    await page.goto(`${suite.server.url}/embed/${HENGDAO}`);
    await page.waitForSelector('#player[data-ready="true"]');
    const own = answers.filter(([, path]) => !path.startsWith('/solve'));
    expect(own.filter(([status]) => status >= 300 && status !== 304)).toEqual([]);
    expect(own.some(([status, path]) => status === 200 && path.endsWith('.css'))).toBe(true);
    await page.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`/embed/'s pages are titled in the frame's language (${lang}), its error and usage pages too`, async () => {
      const page = await suite.browser.newPage({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      for (const [path, en, zh] of [
        ['/embed/XYZ', 'Invalid layout — Huarong', '布局无效 — 华容道 Huarong'],
        ['/embed/', 'Embed a 华容道 solution: /embed/<code> — Huarong', '嵌入华容道解答：/embed/<布局代码> — Huarong'],
      ] as const) {
        // Chosen by ?lang=, or else by the browser's language.
        for (const query of [`?lang=${lang}`, '']) {
          await page.goto(`${suite.server.url}${path}${query}`);
          await page.waitForSelector('#message:not([hidden])');
          expect(await page.title(), path + query).toBe(lang === 'zh' ? zh : en);
        }
      }
      await page.close();
    });
  }

  it("an unknown path is a 404 with the site's frame and a way back; /embed/ names its icon", async () => {
    const page = await suite.browser.newPage();
    const res = await page.goto(`${suite.server.url}/no/such/page`);
    expect(res!.status()).toBe(404);
    expect(await page.locator('.site-header').count()).toBe(1);
    expect(await page.locator('#home-link').getAttribute('href')).toBe('/');
    const icons: string[] = [];
    page.on('request', (r) => icons.push(r.url()));
    await page.goto(`${suite.server.url}/embed/VBBV-VBBV-VHHV-VSSV-S..S`);
    await page.waitForTimeout(300);
    expect(icons.some((u) => u.endsWith('/favicon.ico'))).toBe(false);
    await page.close();
  });
});

describe('the player', () => {
  it('steps forward and back faster than it animates without a single error, ending on the right position', async () => {
    const page = await suite.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${suite.server.url}/s/VBBV-VBBV-VHHV-VSSV-S..S`);
    await page.waitForSelector('#player[data-ready="true"]');
    await page.locator('#player').click({ position: { x: 5, y: 5 } });
    for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(1500);
    expect(errors).toEqual([]);
    expect(await page.textContent('#player .counter')).toBe('20 / 81');
    // The board shows position 20 exactly: the same as jumping there.
    const drawn = () => page.locator('#player .piece').evaluateAll((els) => els.map((el) => `${(el as HTMLElement).style.top},${(el as HTMLElement).style.left}`).sort().join(' '));
    const afterSteps = await drawn();
    await page.locator('#player .ctl-start').click();
    for (let i = 0; i < 20; i++) {
      await page.locator('#player .ctl-forward').click();
      await page.waitForTimeout(5);
    }
    await page.waitForTimeout(1500);
    expect(await drawn()).toBe(afterSteps);
    await page.close();
  });
});

describe('language switching on a solved page', () => {
  it('keeps the status line\'s meaning and rewrites it in the new language', async () => {
    const page = await openPlayer(`/s/VBBV-VBBV-VHHV-VSSV-S..S`);
    expect(await page.textContent('#status')).toBe('');
    await page.click('[data-set-lang="zh"]');
    expect(await page.textContent('#status')).toBe('');
    await page.click('[data-set-lang="en"]');
    await page.click('#hint');
    expect(await page.textContent('#status')).toMatch(/^Hint: .* 80 moves to go$/);
    await page.click('[data-set-lang="zh"]');
    expect(await page.textContent('#status')).toMatch(/^提示: .* 最少还需 80 步$/);
    await page.close();
  });
});

describe('hints on any board', () => {
  it('a position on the optimal line shown takes its next move from that line, with no request', async () => {
    const page = await openPlayer(`/s/867-254-3.1`); // an 8-puzzle: no tablebase
    await page.locator('#player .ctl-forward').click();
    await page.waitForTimeout(400);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.click('#hint');
    await page.waitForSelector('.cell-mark.hint');
    expect(await page.textContent('#status')).toMatch(/^Hint: \d+ [↑↓←→] · 29 moves to go$/);
    expect(requests.filter((u) => u.includes('/solve'))).toEqual([]);
    await page.close();
  });
});

describe('keyboard', () => {
  it('the move list is one Tab stop (the current move); its arrows go from move to move and play the line there', async () => {
    const page = await openPlayer(`/s/${HENGDAO}`);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const stops: string[] = [];
    for (let i = 0; i < 80 && !stops.includes('hint'); i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => (document.activeElement!.closest('.move-list') ? 'move' : document.activeElement!.id || document.activeElement!.tagName)));
    }
    expect(stops.filter((s) => s === 'move'), stops.join(' → ')).toHaveLength(1);
    expect(stops.at(-1)).toBe('hint');
    console.log(`Tab stops from the top of the page to Hint on 横刀立马: ${stops.length}`);
    expect(stops.length).toBeLessThan(40);

    // At the start the first move is the stop; → goes to the second and plays the line to it.
    await page.focus('#player .move-list li:first-child .move');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '2 / 81');
    const current = () => page.evaluate(() => [document.activeElement!.getAttribute('aria-current'), document.activeElement!.querySelector('.move-n')?.textContent]);
    expect(await current()).toEqual(['step', '2.']);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '1 / 81');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '81 / 81');
    expect(await current()).toEqual(['step', '81.']);
    // Still one stop, at the move on screen.
    expect(await page.$$eval('#player .move-list .move', (els) => els.filter((e) => (e as HTMLElement).tabIndex === 0).map((e) => e.querySelector('.move-n')!.textContent))).toEqual(['81.']);
    await page.close();
  });

  it('a focused button gets its own Space; the player\'s shortcuts act when it (or the page) has focus', async () => {
    const page = await openPlayer(`/s/VBBV-VBBV-VHHV-VSSV-S..S`);
    await page.focus('#hint');
    await page.keyboard.press(' ');
    await page.waitForSelector('.cell-mark.hint');
    await page.waitForTimeout(400);
    expect(await page.textContent('#player .counter')).toBe('0 / 81'); // the hint, not playback
    await page.focus('#player .player, .player');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#player .counter')?.textContent === '1 / 81');
    expect(await page.getAttribute('[data-set-lang="en"]', 'aria-pressed')).toBe('true');
    expect(await page.getAttribute('[data-set-lang="zh"]', 'aria-pressed')).toBe('false');
    await page.close();
  });
});
