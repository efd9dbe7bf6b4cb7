/**
 * The editor's pieces of any shape, holes and goals of several pieces (issue 35), in the browser: an L painted by a
 * drag and a click, cells cut out of the board and put back, two pieces given places → a goal drawing in the Solve
 * link, which the solution page solves and plays to the end; the same from the keyboard; a link's layout and drawing
 * read back into the editor on a phone, painted there by touch; presets and the classic goal still as before.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseLayoutOrThrow, solve } from '../../solver/index.ts';
import { browserSuite, openPage } from './browser.ts';

const CODE = 'A.V_-A.V_-AAS.-SSHH-S...';
const DRAWING = '..._-..._-..A.-V.A.-V.AA';
const PHONE = { width: 390, height: 844 };
const ARTIFACTS = new URL('../artifacts/', import.meta.url);
mkdirSync(ARTIFACTS, { recursive: true });
const artifact = (name: string) => new URL(name, ARTIFACTS).pathname;

const suite = browserSuite();

type Cell = readonly [number, number];

/** The centre of a cell of the editor's board, in page coordinates (the cells fill the board's content box). */
async function cellPoint(page: Page, [r, c]: Cell): Promise<[number, number]> {
  return page.$eval(
    '#editor-board',
    (b, [r, c]) => {
      const rect = b.getBoundingClientRect();
      const w = Number((b as HTMLElement).style.getPropertyValue('--w'));
      const h = Number((b as HTMLElement).style.getPropertyValue('--h'));
      return [rect.left + b.clientLeft + ((c! + 0.5) * b.clientWidth) / w, rect.top + b.clientTop + ((r! + 0.5) * b.clientHeight) / h] as [number, number];
    },
    [r, c],
  );
}

async function clickCell(page: Page, cell: Cell): Promise<void> {
  await page.mouse.click(...(await cellPoint(page, cell)));
}

/** A press on `from`, the pointer dragged to `to` through the cells between, and released there. */
async function drag(page: Page, from: Cell, to: Cell): Promise<void> {
  await page.mouse.move(...(await cellPoint(page, from)));
  await page.mouse.down();
  await page.mouse.move(...(await cellPoint(page, to)), { steps: 8 });
  await page.mouse.up();
}

const code = (page: Page) => page.inputValue('#code');
const choice = (row: number, col: number) => `#editor-board .cell-mark.goal-choice[data-row="${row}"][data-col="${col}"]`;

/** The goal's ghosts on a board: each one's letter-less cell box "row,col", from its place. */
function ghosts(page: Page, board: string): Promise<string[]> {
  return page.$$eval(`${board} .goal-ghost:not(.preview)`, (els) => els.map((g) => `${(g as HTMLElement).dataset.row},${(g as HTMLElement).dataset.col}`).sort());
}

const goalList = (page: Page) => page.$$eval('#goal-list li span', (els) => els.map((e) => e.textContent));

describe('the editor: pieces of any shape, holes, goals of several pieces', () => {
  it('paints an L and cuts a hole, gives two pieces their places, and Solve plays the drawn goal to the end', async () => {
    const expected = solve(parseLayoutOrThrow(CODE), { goal: { drawing: DRAWING } });
    expect(expected.length).toBe(13);
    const page = await openPage(suite, '/');
    await page.click('#clear');
    expect(await code(page)).toBe('....-....-....-....-....');

    // Hole: one stroke cuts two cells out; a click puts one back, another cuts it again.
    await page.check('input[name=tool][value=hole]');
    await drag(page, [0, 3], [1, 3]);
    expect(await code(page)).toBe('..._-..._-....-....-....');
    expect(await page.textContent('#validation')).toContain('Cut out of the board 2 cells.');
    await clickCell(page, [1, 3]);
    expect(await code(page)).toBe('..._-....-....-....-....');
    await clickCell(page, [1, 3]);
    expect(await code(page)).toBe('..._-..._-....-....-....');
    // Cut cells are marked, so they can be found again.
    expect(await page.$$eval('#editor-board .cell-mark.off-board', (els) => els.map((e) => `${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`))).toEqual(['0,3', '1,3']);

    // Any shape: New piece offers a free letter; a drag paints, a click adds a cell, a click on its cell takes it off.
    await page.click('#new-piece');
    expect(await page.inputValue('#shape-letter')).toBe('A');
    expect(await page.isChecked('input[name=tool][value=shape]')).toBe(true);
    await drag(page, [0, 0], [2, 0]);
    expect(await code(page)).toBe('A.._-A.._-A...-....-....');
    await clickCell(page, [2, 1]);
    expect(await code(page)).toBe('A.._-A.._-AA..-....-....');
    await clickCell(page, [2, 1]);
    expect(await code(page)).toBe('A.._-A.._-A...-....-....');
    await clickCell(page, [2, 1]);
    expect(await code(page)).toBe('A.._-A.._-AA..-....-....');
    // Painting on a cut cell is refused with a reason; the L is one outlined piece.
    await clickCell(page, [0, 3]);
    expect(await page.textContent('#validation')).toBe('That cell is cut out of the board: put it back with the Hole tool first.');
    expect(await page.$$eval('#editor-board .piece.shaped', (els) => els.map((e) => (e as HTMLElement).dataset.letter))).toEqual(['A']);
    // One stroke is one step of Undo.
    await page.click('#editor-undo');
    expect(await code(page)).toBe('A.._-A.._-A...-....-....');
    await page.click('#editor-redo');
    expect(await code(page)).toBe('A.._-A.._-AA..-....-....');

    // Rectangles around it; no B, so no goal yet and no Solve.
    for (const [tool, cells] of [['V', [[0, 2]]], ['S', [[2, 2], [3, 0], [3, 1], [4, 0]]], ['H', [[3, 2]]]] as const) {
      await page.check(`input[name=tool][value=${tool}]`);
      for (const cell of cells) await clickCell(page, cell);
    }
    expect(await code(page)).toBe(CODE);
    expect(await page.textContent('#validation')).toContain('No B (2×2 block)');
    expect(await page.getAttribute('#solve', 'aria-disabled')).toBe('true');

    // Goal: the L to (3, 3), then the V to (4, 1): one target is written as the piece's cell, two as a drawing.
    await page.check('input[name=tool][value=goal]');
    await page.waitForSelector('#editor-board .cell-mark.goal-choice');
    await page.locator('#editor-board').screenshot({ path: artifact('editor-shapes-goal-pieces.png') });
    await clickCell(page, [1, 0]); // a cell of the L (its mark is its outline)
    await page.waitForSelector(choice(2, 2));
    // Only places on the board: none with a cell cut out, none off its edge.
    expect(await page.locator(choice(0, 3)).count()).toBe(0);
    expect(await page.locator(choice(3, 3)).count()).toBe(0);
    expect(await page.locator(choice(0, 2)).count()).toBe(1);
    await page.click(choice(2, 2));
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${CODE}?goal=0,0@2,2`);
    await clickCell(page, [0, 2]);
    await page.waitForSelector(choice(3, 0));
    expect(await page.locator(choice(2, 2)).count()).toBe(0); // the L's place is taken
    await page.hover(choice(3, 0));
    expect(await page.$$eval('#editor-board .goal-ghost.preview', (els) => els.map((g) => `${(g as HTMLElement).dataset.row},${(g as HTMLElement).dataset.col}`))).toEqual(['3,0']);
    await page.locator('#editor-board').screenshot({ path: artifact('editor-shapes-goal-step.png') });
    await page.click(choice(3, 0));
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${CODE}?goal=${DRAWING}`);
    expect(await page.getAttribute('#solve', 'aria-disabled')).toBe('false');
    expect(await page.textContent('#validation')).toContain('Goal set for 2 pieces');
    expect(await ghosts(page, '#editor-board')).toEqual(['2,2', '3,0']);
    expect(await goalList(page)).toEqual(['A (1, 1) → (3, 3)', 'V (1, 3) → (4, 1)']);
    // A place is removed from the list; Undo brings it back.
    await page.click('#goal-list li:nth-child(2) .goal-remove');
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${CODE}?goal=0,0@2,2`);
    expect(await goalList(page)).toEqual(['A (1, 1) → (3, 3)']);
    await page.click('#editor-undo');
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${CODE}?goal=${DRAWING}`);
    // Another tool ends the goal step; the goal stays.
    await page.check('input[name=tool][value=S]');
    expect(await page.locator('#editor-board .cell-mark.goal-choice').count()).toBe(0);
    expect(await ghosts(page, '#editor-board')).toEqual(['2,2', '3,0']);
    await page.screenshot({ path: artifact('editor-shapes.png'), fullPage: true });

    // Solve: the solution page solves the drawn goal optimally, shows both ghosts and plays to "every piece in place".
    await page.click('#solve');
    await page.waitForURL((url) => url.pathname === `/s/${CODE}`);
    expect(new URL(page.url()).searchParams.get('goal')).toBe(DRAWING);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    expect(await page.getAttribute('#move-count', 'data-length')).toBe(String(expected.length));
    expect(await ghosts(page, '#player .board')).toEqual(['2,2', '3,0']);
    const speeds = await page.$$eval('#player .speed option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    await page.selectOption('#player .speed', speeds[speeds.length - 1]!);
    await page.click('#player .ctl-play');
    await page.waitForSelector('#player .done-badge', { state: 'visible', timeout: 60_000 });
    expect(await page.textContent('#player .done-badge')).toContain('Every piece in place');
    const end = await page.$$eval('#player .piece', (els) => els.filter((e) => ['A', 'V'].includes((e as HTMLElement).dataset.letter!)).map((e) => `${(e as HTMLElement).dataset.letter}@${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`).sort());
    expect(end).toEqual(['A@2,2', 'V@3,0']);
    await page.close();
  });

  it('does it all from the keyboard: N paints a new piece, O cuts, G picks pieces and places (in Chinese)', async () => {
    const page = await openPage(suite, '/?layout=....-....-....', { lang: 'zh' });
    await page.locator('#editor-board').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('o');
    await page.keyboard.press('Enter');
    expect(await code(page)).toBe('_...-....-....');
    expect(await page.textContent('#validation')).toContain('已挖空 (1, 1)');
    await page.keyboard.press('n');
    expect(await page.inputValue('#shape-letter')).toBe('A');
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowRight']) {
      await page.keyboard.press(key);
      await page.keyboard.press('Enter');
    }
    expect(await code(page)).toBe('_A..-.AA.-....');
    await page.keyboard.press('s');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    expect(await code(page)).toBe('_A..-.AA.-...S');

    // G: the pieces' marks take the focus (the L's first); Enter picks, the arrows go between places, Enter sets.
    await page.keyboard.press('g');
    await page.waitForSelector('#editor-board .cell-mark.goal-choice:focus');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('目标棋子 A (1, 2)');
    await page.keyboard.press('Enter');
    expect(await page.textContent('#validation')).toContain('它第一格');
    expect(await page.evaluate(() => [document.activeElement?.getAttribute('data-row'), document.activeElement?.getAttribute('data-col')])).toEqual(['0', '1']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('#solve', 'href')).toBe('/s/_A..-.AA.-...S?goal=0,1@1,0');
    expect(await page.textContent('#validation')).toContain('目标已设定');
    // The soldier: the arrows reach its mark; its first free place is (1, 2) — the L's place is taken.
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('目标棋子 S (3, 4)');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('#solve', 'href')).toBe('/s/_A..-.AA.-...S?goal=_S..-A...-AA..');
    expect(await page.textContent('#validation')).toContain('已为 2 个棋子设定目标');
    // Escape ends the goal step: back to the soldier tool, the focus on the board.
    await page.keyboard.press('Escape');
    expect(await page.isChecked('input[name=tool][value=S]')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor-board');
    expect(await page.textContent('#goal-list')).toContain('目标位置');
    await page.close();
  });

  it('the validation line: a step under way reads as progress, a problem as an error, a valid layout as valid', async () => {
    const page = await openPage(suite, '/?layout=....-....-....-....-....');
    await page.waitForSelector('#editor-board');
    const tones = () => page.$$eval('#validation > span', (spans) => spans.map((s) => ({ tone: s.className, color: getComputedStyle(s).color, weight: getComputedStyle(s).fontWeight })));
    await page.check('input[name=tool][value=S]');
    await clickCell(page, [4, 0]);
    // "Placed … at (5, 1)." is progress, in the text's colour and weight; "No B (2×2 block) …" is the layout's problem.
    const [step, problem] = await tones();
    expect(step!.tone).toBe('say-progress');
    expect(problem!.tone).toBe('say-error');
    expect(step!.weight).toBe('400');
    expect(step!.color).toBe(await page.evaluate(() => getComputedStyle(document.body).color));
    expect(problem!.color).not.toBe(step!.color);
    expect(Number(problem!.weight)).toBeGreaterThanOrEqual(600);
    expect(await page.getAttribute('#validation', 'class')).not.toContain('invalid');
    // A code that cannot be read is an error, the whole line.
    await page.fill('#code', 'VBBV-VBBQQ');
    await page.waitForFunction(() => document.querySelector('#validation')!.classList.contains('invalid'));
    expect((await tones()).map((t) => t.tone)).toEqual(['say-error']);
    await page.close();
  });

  it('names a goal piece as the board labels it: the list and the picker say S2 where the board says S2', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const page = await openPage(suite, `/?layout=${CODE}&goal=3,0@4,1`, { lang });
      await page.waitForSelector('#goal-list:not([hidden]) li');
      const label = await page.$eval('#editor-board .piece[data-letter="S"][style*="top: 60%"][style*="left: 0%"] .piece-label', (el) => el.textContent);
      expect(label).toBe('S2');
      expect(await goalList(page)).toEqual(['S2 (4, 1) → (5, 2)']);
      await page.check('input[name=tool][value=goal]');
      await page.waitForSelector('#editor-board .cell-mark.goal-choice');
      const labels = await page.$$eval('#editor-board .cell-mark.goal-choice', (els) => els.map((e) => e.getAttribute('aria-label')));
      expect(labels).toContain(`${lang === 'zh' ? '目标棋子' : 'goal piece'} S2 (4, 1)`);
      expect(labels.filter((l) => / S \(/.test(l!))).toEqual([]);
      await page.close();
    }
  });

  it('reads a link\'s layout and drawn goal back on a phone, and paints there by touch; presets still load', async () => {
    const context = await suite.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await context.addInitScript(() => localStorage.setItem('lang', 'en'));
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/?layout=${CODE}&goal=${DRAWING}`);
    expect(await code(page)).toBe(CODE);
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${CODE}?goal=${DRAWING}`);
    expect(await ghosts(page, '#editor-board')).toEqual(['2,2', '3,0']);
    expect(await goalList(page)).toEqual(['V (1, 3) → (4, 1)', 'A (1, 1) → (3, 3)']);
    // Nothing wider than the phone; the whole board on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const board = (await page.locator('#editor-board').boundingBox())!;
    expect(board.x).toBeGreaterThanOrEqual(0);
    expect(board.x + board.width).toBeLessThanOrEqual(PHONE.width);
    // A tap with the hole tool cuts a cell out, another puts it back.
    await page.locator('input[name=tool][value=hole]').tap();
    await page.locator('#editor-board').scrollIntoViewIfNeeded();
    await page.touchscreen.tap(...(await cellPoint(page, [4, 1])));
    expect(await code(page)).toBe('A.V_-A.V_-AAS.-SSHH-S_..');
    expect(await page.getAttribute('#solve', 'href')).toBe('/s/A.V_-A.V_-AAS.-SSHH-S_..?goal=..._-..._-..A.-V.A.-V_AA');
    await page.touchscreen.tap(...(await cellPoint(page, [4, 1])));
    expect(await code(page)).toBe(CODE);
    await page.screenshot({ path: artifact('editor-shapes-phone.png'), fullPage: true });
    // A preset: its layout, no goal left over.
    await page.selectOption('#preset', 'VBBV-VBBV-VHHV-VSSV-S..S');
    expect(await code(page)).toBe('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(await page.getAttribute('#solve', 'href')).toBe('/s/VBBV-VBBV-VHHV-VSSV-S..S');
    expect(await page.isHidden('#goal-list')).toBe(true);
    await context.close();
  });

  it('keeps the classic goal: B@3,0 read back as the block\'s cell, the default goal left out of the link', async () => {
    const page = await openPage(suite, '/?layout=VBBV-VBBV-VHHV-VSSV-S..S&goal=B@3,0');
    expect(await page.getAttribute('#solve', 'href')).toBe('/s/VBBV-VBBV-VHHV-VSSV-S..S?goal=0,1@3,0');
    expect(await ghosts(page, '#editor-board')).toEqual(['3,0']);
    await page.click('#editor-goal');
    await page.click(choice(0, 1));
    await page.click(choice(3, 1));
    expect(await page.getAttribute('#solve', 'href')).toBe('/s/VBBV-VBBV-VHHV-VSSV-S..S');
    expect(await ghosts(page, '#editor-board')).toEqual(['3,1']);
    // A board 16 wide is allowed; 16 × 16 would be more cells than the codec takes: the side changed stops at 128.
    await page.check('input[name=tool][value=S]');
    await page.fill('#width', '16');
    await page.dispatchEvent('#width', 'change');
    expect(await code(page)).toBe('VBBV............-VBBV............-VHHV............-VSSV............-S..S............');
    await page.fill('#height', '16');
    await page.dispatchEvent('#height', 'change');
    expect(await page.inputValue('#height')).toBe('8');
    expect(await code(page)).toBe(['VBBV', 'VBBV', 'VHHV', 'VSSV', 'S..S', '....', '....', '....'].map((row) => row.padEnd(16, '.')).join('-'));
    expect(await page.textContent('#validation')).toBe('A board has at most 128 cells: this one is 16 wide × 8 tall. Valid layout. Goal set: the dashed outline shows where the piece must go.');
    expect(await page.getAttribute('#solve', 'href')).toBe(`/s/${await code(page)}?goal=0,1@3,1`);
    await page.close();
  });
});
