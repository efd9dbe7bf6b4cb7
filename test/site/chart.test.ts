/**
 * The /s/ page's chart of moves to go along the line shown, and the line as text to copy and paste back: the chart's
 * points are the distances (81 − i along 横刀立马's solution, a bump where your moves detour), it jumps the player
 * and follows it; copied moves pasted on a fresh page give the same line; a wrong move is refused by its number.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from './browser.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
// The soldier at the bottom left goes two cells right (81 moves to go still: optimal is one cell), then back.
const DETOUR = '0gRR 0iLL';
const ARTIFACTS = new URL('../artifacts/', import.meta.url);

mkdirSync(ARTIFACTS, { recursive: true });
const suite = browserSuite();

async function open(path: string, options: Parameters<typeof openPage>[2] = {}): Promise<Page> {
  const page = await openPage(suite, path, options);
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
  return page;
}

/** The chart's points: position, distance, vertical place in the chart, and whether it is one of your moves. */
function points(page: Page) {
  return page.$$eval('#player .distance-chart .chart-point', (els) =>
    els.map((el) => ({ position: Number((el as SVGElement).dataset.position), distance: Number((el as SVGElement).dataset.distance), y: el.getBoundingClientRect().y, own: el.classList.contains('own') })),
  );
}

const counter = (page: Page) => page.textContent('#player .counter');
const moveList = (page: Page) => page.$$eval('#player .move-list li', (els) => els.map((el) => el.textContent));

/** Waits for the line to be drawn in full: `n` points (the best continuation after your moves can come later). */
async function waitForPoints(page: Page, n: number): Promise<void> {
  await page.waitForFunction((count) => document.querySelectorAll('#player .distance-chart .chart-point').length === count, n, { timeout: 30_000 });
}

async function clickPoint(page: Page, position: number): Promise<void> {
  const point = page.locator(`#player .chart-point[data-position="${position}"]`);
  await point.scrollIntoViewIfNeeded();
  const box = (await point.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('the chart of moves to go', () => {
  it('draws 横刀立马 as a descending diagonal (81 − i), small, and jumps the player where it is clicked', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await waitForPoints(page, 82);
    const seen = await points(page);
    expect(seen.map((p) => p.position)).toEqual([...Array(82).keys()]);
    expect(seen.map((p) => p.distance)).toEqual(seen.map((p) => 81 - p.position));
    // Drawn where the distances say: each point lower than the one before, none of them yours.
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.y).toBeGreaterThan(seen[i - 1]!.y);
    expect(seen.some((p) => p.own)).toBe(false);
    const box = (await page.locator('#player .distance-chart').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(40);
    expect(box.height).toBeLessThanOrEqual(70);

    await clickPoint(page, 40);
    expect(await counter(page)).toBe('40 / 81');
    expect(await page.getAttribute('#player .chart-current', 'data-position')).toBe('40');
    // One slider: its arrows move one position (not two: the player's own arrow keys do not act as well).
    await page.keyboard.press('ArrowRight');
    expect(await counter(page)).toBe('41 / 81');
    expect(await page.getAttribute('#player .distance-chart', 'aria-valuetext')).toBe('41 / 81: 40 moves to go');
    await page.keyboard.press('Home');
    expect(await counter(page)).toBe('0 / 81');
    // It follows the player, whatever moves it.
    await page.click('#player .ctl-end');
    expect(await page.getAttribute('#player .chart-current', 'data-position')).toBe('81');
    await page.close();
  });

  it('shows your detour as a bump, your moves in their own colour, with their distances from the tablebase', async () => {
    const page = await open(`/s/${HENGDAO}?line=${encodeURIComponent(DETOUR)}`, { viewport: { width: 390, height: 844 } });
    // Two moves of yours, then the best line on: 83 moves, 84 positions, every one known.
    await waitForPoints(page, 84);
    const seen = await points(page);
    expect(seen.slice(0, 4).map((p) => p.distance)).toEqual([81, 81, 81, 80]);
    expect(seen.map((p) => p.distance).slice(2)).toEqual([...Array(82).keys()].map((i) => 81 - i));
    // Position 1 is the bump (the diagonal would be at 80), known only from the tablebase: it is inside your moves.
    expect(seen[1]!.y).toBeCloseTo(seen[0]!.y, 0);
    expect(seen.filter((p) => p.own).map((p) => p.position)).toEqual([1, 2]);
    expect(await page.locator('#player .chart-segment.own').count()).toBe(2);
    expect(await counter(page)).toBe('2 / 83');
    // On a phone the chart sits under the ▶ row, which stays on the first screen.
    const play = (await page.locator('#player .ctl-play').boundingBox())!;
    expect(play.y + play.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: new URL('chart.png', ARTIFACTS).pathname }); // (on a phone .solution-grid has no box of its own)
    await clickPoint(page, 1);
    expect(await counter(page)).toBe('1 / 83');
    await page.close();
  });

  it('keeps its room but shows nothing while there is no line, and is gone (with the paste field) when there is no solution', async () => {
    const page = await suite.browser.newPage();
    // The server's answer held back: the page is still solving.
    await page.route('**/solve?**', () => undefined);
    await page.goto(`${suite.server.url}/s/${HENGDAO}`);
    await page.waitForSelector('#player .distance-chart', { state: 'attached' });
    expect(await page.locator('#player .distance-chart').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await page.locator('#player .chart-point').count()).toBe(0);
    await page.close();
    const stuck = await open('/s/VBBV-VBBV-VVSV-VVSV-S...');
    expect(await stuck.isHidden('#player .distance-chart')).toBe(true);
    expect(await stuck.isHidden('#moves-text')).toBe(true);
    await stuck.close();
  });
});

describe('the moves as text', () => {
  it('copies the line shown, which pasted on a fresh page gives the same line', async () => {
    const context = await suite.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    const page = await open(`/s/${HENGDAO}?line=${encodeURIComponent(DETOUR)}`, { context });
    await waitForPoints(page, 84);
    await page.click('#copy-moves');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toMatch(/^1\. 0gRR 2\. 0iLL 3\. \w+ /);
    expect(text.match(/\d+\. /g)).toHaveLength(83);
    expect(await page.textContent('#copy-moves')).toBe('Moves copied');
    await page.click('#player .ctl-end');

    const fresh = await open(`/s/${HENGDAO}`, { context });
    expect(await counter(fresh)).toBe('0 / 81');
    await fresh.fill('#paste-moves-text', text);
    await fresh.click('#load-moves');
    await waitForPoints(fresh, 84);
    expect(await counter(fresh)).toBe(await counter(page));
    expect(await moveList(fresh)).toEqual(await moveList(page));
    expect(await fresh.isHidden('#paste-moves-error')).toBe(true);
    // The raw ?line= value (no numbers) is read the same way.
    await fresh.fill('#paste-moves-text', DETOUR);
    await fresh.click('#load-moves');
    await waitForPoints(fresh, 84);
    expect(await moveList(fresh)).toEqual(await moveList(page));
    await context.close();
  });

  const REFUSED = {
    en: { illegal: 'Move 3 (0gR) cannot be played from the position before it. Nothing was loaded.', malformed: 'Move 2 is not written as a move: “x9”. Nothing was loaded.' },
    zh: { illegal: '第 3 步（0gR）在它之前的局面下走不通。没有载入任何走法。', malformed: '第 2 步的写法不对：“x9”。没有载入任何走法。' },
  };
  for (const lang of ['en', 'zh'] as const) {
    it(`refuses a pasted line at its first wrong move, by number (${lang})`, async () => {
      const page = await open(`/s/${HENGDAO}`, { lang });
      const before = await moveList(page);
      // After 0gR the cell 0g (row 4, column 0) is empty: the third move has no piece to move.
      await page.fill('#paste-moves-text', '1. 0gR 2. 0jL 3. 0gR 4. 0dD');
      await page.click('#load-moves');
      expect(await page.textContent('#paste-moves-error')).toBe(REFUSED[lang].illegal);
      expect(await page.getAttribute('#paste-moves-text', 'aria-invalid')).toBe('true');
      expect(await counter(page)).toBe('0 / 81');
      expect(await moveList(page)).toEqual(before);
      await page.fill('#paste-moves-text', '1. 0gR 2. x9');
      await page.press('#paste-moves-text', 'Enter');
      expect(await page.textContent('#paste-moves-error')).toBe(REFUSED[lang].malformed);
      expect(await counter(page)).toBe('0 / 81');
      // Typing again clears the message.
      await page.fill('#paste-moves-text', '');
      expect(await page.isHidden('#paste-moves-error')).toBe(true);
      await page.close();
    });
  }
});
