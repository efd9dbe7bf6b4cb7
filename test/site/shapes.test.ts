/**
 * Pieces of any shape and boards with cells that are not part of them, on the solution page (issue 35): each piece is
 * one element painted on its own cells only (what the browser hits at each cell's centre), labelled inside itself,
 * picked by its real cells; a `?goal=` drawing is solved, drawn as one ghost per goal piece and reached at the end of
 * the replay; cells off the board show the page, not a tray or a frame; a phone keeps the board on screen; and the
 * link preview of such a board is a PNG.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { coveredCells, movePiece, parseLayoutOrThrow, solve, type Layout } from '../../solver/index.ts';
import { gifFrameCount } from '../helpers/gif.ts';
import { decodePng } from '../helpers/png.ts';
import { browserSuite, openPage } from './browser.ts';

const MAS = 'IIILL-HHHHL-MHHHH-MMJJJ-..S..';
const MAS_GOAL = '...LL-...ML-...MM-.....-.....';
const BOX = '__AA___-__AA___-_P..L._-PPP.LL_-.P._HH.-.DDVRR_-_.DVR._-__..___-__..___';
const BOX_GOAL = '__..___-__..___-_....._-......_-..._...-......_-_....._-__AA___-__AA___';
const PHONE = { width: 390, height: 844 };

const suite = browserSuite();
const artifact = (name: string) => new URL(`../artifacts/${name}`, import.meta.url).pathname;

async function ready(page: Page): Promise<void> {
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
}

/** The board's content box and its size in cells. */
function boardBox(page: Page) {
  return page.$eval('#player .board', (b) => {
    const r = b.getBoundingClientRect();
    const s = getComputedStyle(b);
    const left = r.left + parseFloat(s.borderLeftWidth);
    const top = r.top + parseFloat(s.borderTopWidth);
    return { left, top, width: b.clientWidth, height: b.clientHeight, w: Number((b as HTMLElement).style.getPropertyValue('--w')), h: Number((b as HTMLElement).style.getPropertyValue('--h')) };
  });
}

/**
 * What the browser hits at the centre of each cell: the piece element there (`letter@row,col` of its anchor, from its
 * data), `board` for the board itself, or another element's class.
 */
async function hits(page: Page, cells: Array<readonly [number, number]>): Promise<string[]> {
  const box = await boardBox(page);
  const points = cells.map(([r, c]) => [box.left + ((c + 0.5) * box.width) / box.w, box.top + ((r + 0.5) * box.height) / box.h]);
  return page.evaluate((pts) =>
    pts.map(([x, y]) => {
      const el = document.elementFromPoint(x!, y!);
      const piece = el?.closest<HTMLElement>('.piece');
      if (piece) return `${piece.dataset.letter}@${piece.dataset.row},${piece.dataset.col}`;
      if (el?.classList.contains('board')) return 'board';
      return el ? `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}` : 'nothing';
    }),
  points);
}

/** The cells of a piece's bounding rectangle that it leaves out. */
function notches(layout: Layout, letter: string): Array<[number, number]> {
  const piece = layout.pieces.find((p) => p.letter === letter)!;
  const cells = coveredCells(piece);
  const own = new Set(cells.map(([r, c]) => `${r},${c}`));
  const left = Math.min(...cells.map(([, c]) => c));
  const out: Array<[number, number]> = [];
  for (let r = piece.row; r < piece.row + piece.height; r++) for (let c = left; c < left + piece.width; c++) if (!own.has(`${r},${c}`)) out.push([r, c]);
  return out;
}

/** Every shaped piece of `layout` is hit on each of its cells and not on the cells of its rectangle it leaves out. */
async function expectPaintedCells(page: Page, layout: Layout): Promise<number> {
  let checked = 0;
  for (const piece of layout.pieces.filter((p) => p.cells)) {
    const name = `${piece.letter}@${piece.row},${piece.col}`;
    expect(await hits(page, coveredCells(piece)), `cells of ${name}`).toEqual(coveredCells(piece).map(() => name));
    const out = notches(layout, piece.letter);
    expect(out.length).toBeGreaterThan(0);
    for (const hit of await hits(page, out)) expect(hit, `a notch of ${name}`).not.toBe(name);
    checked++;
  }
  return checked;
}

/** The screenshot's colour at a page point (device scale 1), as #rrggbb. */
async function colourAt(page: Page, points: Array<[number, number]>): Promise<string[]> {
  const shot = decodePng(new Uint8Array(await page.screenshot()));
  return points.map(([x, y]) => {
    const i = (Math.floor(y) * shot.width + Math.floor(x)) * 3;
    return `#${[...shot.rgb.subarray(i, i + 3)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  });
}

describe('pieces of any shape on the solution page', () => {
  it(`Ma's Puzzle with its goal drawing: solved in 23, one outlined element per piece, ghosts, played to "solved"`, async () => {
    const start = parseLayoutOrThrow(MAS);
    const expected = solve(start, { goal: { drawing: MAS_GOAL } });
    expect(expected.length).toBe(23);
    const page = await openPage(suite, `/s/${MAS}?goal=${MAS_GOAL}`);
    await ready(page);
    expect(await page.getAttribute('#move-count', 'data-length')).toBe('23');
    // One element per piece; the L and the M are one each, painted on their own cells only.
    expect(await page.$$eval('#player .piece', (els) => els.map((e) => (e as HTMLElement).dataset.letter).join(''))).toBe(start.pieces.map((p) => p.letter).join(''));
    expect(await page.$$eval('#player .piece.shaped', (els) => els.map((e) => (e as HTMLElement).dataset.letter))).toEqual(['L', 'M']);
    expect(await expectPaintedCells(page, start)).toBe(2);
    // Each label sits on a cell of its own piece: the browser hits the piece under the label's middle.
    const labelHits = await page.$$eval('#player .piece.shaped', (els) =>
      els.map((el) => {
        const r = el.querySelector('.piece-label')!.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest('.piece') === el;
      }),
    );
    expect(labelHits).toEqual([true, true]);
    // The goal: one ghost per drawn piece, its bounding rectangle at the drawing's cells, outlined as its shape.
    const ghosts = await page.$$eval('#player .goal-ghost', (els) =>
      els.map((g) => [(g as HTMLElement).dataset.row, (g as HTMLElement).dataset.col, g.classList.contains('shaped'), !!g.querySelector('svg path')].join(' ')),
    );
    expect(ghosts.sort()).toEqual(['0 3 true true', '1 3 true true']);
    // A drawing's goal is no escape: no exit in the bottom wall.
    expect(await page.$$eval('#player .board-exit', (els) => els.length)).toBe(0);
    await page.screenshot({ path: artifact('shapes-mas.png') });

    // Play it with the player's own controls, at the fastest speed.
    const speeds = await page.$$eval('#player .speed option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    await page.selectOption('#player .speed', speeds[speeds.length - 1]!);
    await page.click('#player .ctl-play');
    await page.waitForSelector('#player .done-badge', { state: 'visible', timeout: 60_000 });
    expect(await page.textContent('#player .done-badge')).toContain('Every piece in place');
    expect(await page.textContent('#distance')).toBe('Solved! Every piece is in place.');
    expect(await page.getAttribute('#player .board', 'class')).toContain('solved');
    // The pieces stand where the solution leaves them, still painted on their own cells only.
    let end = start;
    for (const m of expected.moves) end = movePiece(end, m.from, m.to);
    const anchors = await page.$$eval('#player .piece', (els) => els.map((e) => `${(e as HTMLElement).dataset.letter}@${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`).sort());
    expect(anchors).toEqual(end.pieces.map((p) => `${p.letter}@${p.row},${p.col}`).sort());
    expect(await expectPaintedCells(page, end)).toBe(2);
    await page.screenshot({ path: artifact('shapes-mas-solved.png') });
    await page.close();
  });

  it('a click on a cell of the L picks the L, on its notch the piece there, off the board nothing; the keyboard reaches it', async () => {
    const page = await openPage(suite, `/s/${MAS}?goal=${MAS_GOAL}`);
    await ready(page);
    const box = await boardBox(page);
    const clickCell = (r: number, c: number) => page.mouse.click(box.left + ((c + 0.5) * box.width) / box.w, box.top + ((r + 0.5) * box.height) / box.h);
    const selected = () => page.$$eval('#player .cell-mark.selected', (els) => els.map((e) => `${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`));
    await clickCell(1, 4); // the L's lower cell: its anchor is (0, 3)
    expect(await selected()).toEqual(['0,3']);
    await clickCell(1, 3); // the L's notch: the H whose anchor is (1, 2)
    expect(await selected()).toEqual(['1,2']);
    // From the keyboard: the arrows reach the L, its outline (not its rectangle) shows the focus, Enter picks it.
    await page.keyboard.press('Escape');
    await page.focus('#player .piece[data-letter="I"]');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.letter)).toBe('L');
    const ring = await page.$eval('#player .piece[data-letter="L"]', (el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el.querySelector('path')!).stroke]);
    expect(ring[0]).toBe('none');
    expect(ring[1]).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await selected()).toEqual(['0,3']);
    await page.close();

    const boxPage = await openPage(suite, `/s/${BOX}?goal=${BOX_GOAL}`);
    await ready(boxPage);
    const b = await boardBox(boxPage);
    await boxPage.mouse.click(b.left + (3.5 * b.width) / b.w, b.top + (4.5 * b.height) / b.h); // (4, 3): off the board
    expect(await boxPage.$$eval('#player .cell-mark', (els) => els.length)).toBe(0);
    await boxPage.mouse.click(b.left + (5.5 * b.width) / b.w, b.top + (3.5 * b.height) / b.h); // (3, 5): the L's corner
    expect(await boxPage.$$eval('#player .cell-mark.selected', (els) => els.map((e) => `${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`))).toEqual(['2,4']);
    await boxPage.close();
  });

  it(`Layton's Diabolical Box: no board cell drawn where the board has none; its goal solved, ghosted and made a GIF`, async () => {
    const layout = parseLayoutOrThrow(BOX);
    const page = await openPage(suite, `/s/${BOX}?goal=${BOX_GOAL}`);
    await ready(page);
    expect(await page.getAttribute('#move-count', 'data-length')).toBe('78');
    expect(await page.$$eval('#player .goal-ghost', (els) => els.map((g) => `${(g as HTMLElement).dataset.row},${(g as HTMLElement).dataset.col}`))).toEqual(['7,2']);
    expect(await expectPaintedCells(page, layout)).toBe(4);
    const holes = layout.holes!.map((h) => [Math.floor(h / layout.width), h % layout.width] as const);
    // Nothing but the board's own box is hit there (no piece, no mark, no cell)…
    expect(new Set(await hits(page, holes))).toEqual(new Set(['board']));
    // …and it paints nothing there: the page's background shows at every such cell's centre, the tray at empty cells.
    const box = await boardBox(page);
    const centre = ([r, c]: readonly [number, number]): [number, number] => [box.left + ((c + 0.5) * box.width) / box.w, box.top + ((r + 0.5) * box.height) / box.h];
    // What lies behind the board: the nearest ancestor's background that is painted.
    const background = await page.evaluate(() => {
      for (let el = document.querySelector('#player .board')!.parentElement; el; el = el.parentElement) {
        const [r, g, b, a] = getComputedStyle(el).backgroundColor.match(/[\d.]+/g)!.map(Number);
        if (a === undefined || a > 0) return `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
      }
      return '#ffffff';
    });
    const empty: Array<readonly [number, number]> = [[2, 2], [4, 0]];
    const colours = await colourAt(page, [...holes, ...empty].map(centre));
    expect(colours.slice(0, holes.length)).toEqual(holes.map(() => background));
    expect(colours.slice(holes.length)).toEqual(['#f3e9d2', '#f3e9d2']);
    await page.screenshot({ path: artifact('shapes-box.png') });
    // Its replay downloads as a GIF, one frame per position (the board's outline and shapes drawn on a canvas).
    const download = page.waitForEvent('download');
    await page.click('#download-gif');
    const gif = gifFrameCount(new Uint8Array(await readFile((await (await download).path())!)));
    expect(gif.frames).toBe(79);
    expect(gif.width).toBeGreaterThan(150);
    await page.close();
  });

  it('a phone (390×844) keeps the whole board on screen, pieces inside it', async () => {
    for (const [code, goal] of [[MAS, MAS_GOAL], [BOX, BOX_GOAL]] as const) {
      const page = await openPage(suite, `/s/${code}?goal=${goal}`, { viewport: PHONE });
      await ready(page);
      const { board, outside } = await page.evaluate(() => {
        const b = document.querySelector('#player .board')!.getBoundingClientRect();
        const outside = [...document.querySelectorAll('#player .piece')].filter((p) => {
          const r = p.getBoundingClientRect();
          return r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1;
        }).length;
        return { board: { left: b.left, right: b.right, top: b.top, bottom: b.bottom }, outside };
      });
      expect(board.left, code).toBeGreaterThanOrEqual(0);
      expect(board.right, code).toBeLessThanOrEqual(PHONE.width);
      expect(board.top, code).toBeGreaterThanOrEqual(0);
      expect(board.bottom, code).toBeLessThanOrEqual(PHONE.height);
      expect(board.right - board.left, code).toBeGreaterThan(PHONE.width / 2);
      expect(outside, code).toBe(0);
      await page.screenshot({ path: artifact(`shapes-phone-${code === MAS ? 'mas' : 'box'}.png`) });
      await page.close();
    }
  });

  it('the link preview of a shaped board is a PNG', async () => {
    for (const code of [MAS, BOX]) {
      const res = await fetch(`${suite.server.url}/img/${code}.png`);
      expect(res.status, code).toBe(200);
      expect(res.headers.get('content-type'), code).toBe('image/png');
      const png = decodePng(new Uint8Array(await res.arrayBuffer()));
      expect([png.width, png.height]).toEqual([1200, 630]);
    }
  });
});
