/**
 * Rush Hour (挪车华容道) on the site: a `rush:` code (Fogleman's notation) or ?slide=line opens its solution page, the
 * line plays to the red car at the exit, cars move by hand only along their length, the share link keeps the rule;
 * the widget and /embed/ take it too.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { legalMoves, parseRushOrThrow } from '../../solver/index.ts';
import { goalForMoves } from '../../site/shared/page-goal.ts';
import { browserSuite, openPage } from './browser.ts';

const RUSH = 'rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo'; // Fogleman's hardest without walls: 51 moves
const suite = browserSuite();

/** The centre of cell (r, c) of the 6×6 board on the page. */
async function cell(page: Page, r: number, c: number, root = '#player .board'): Promise<[number, number]> {
  const box = (await page.locator(root).boundingBox())!;
  // The board's frame is 10 px (14 px at the bottom): the cells fill the box inside it.
  const x = box.x + 10 + ((c + 0.5) / 6) * (box.width - 20);
  const y = box.y + 10 + ((r + 0.5) / 6) * (box.height - 24);
  return [x, y];
}

async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  await page.mouse.move(...(await cell(page, ...from)));
  await page.mouse.down();
  await page.mouse.move(...(await cell(page, ...to)), { steps: 8 });
  await page.mouse.up();
}

/** The top-left cell of the piece lettered `letter` on the page's board. */
const pieceCell = (page: Page, letter: string) =>
  page.$eval(`#player .piece[data-letter="${letter}"]`, (el) => [Math.round((parseFloat((el as HTMLElement).style.top) / 100) * 6), Math.round((parseFloat((el as HTMLElement).style.left) / 100) * 6)]);

describe('Rush Hour on the site', () => {
  it('a rush: page solves in 51 moves, plays to the exit, keeps slide=line, and moves cars only along their length', async () => {
    // The car E (row 5, cols 0–1) could go up a row under the free rule: the drag below tests the line rule, not a wall.
    const layout = parseRushOrThrow(RUSH);
    const eUp = (slide: 'free' | 'line') => legalMoves(layout, 'move', goalForMoves(layout), slide).some((m) => m.from[0] === 5 && m.from[1] === 0 && m.to[0] === 4);
    expect(eUp('free')).toBe(true);
    expect(eUp('line')).toBe(false);

    const page = await openPage(suite, `/s/${encodeURIComponent(RUSH)}`); // the ':' URL-encoded
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    expect(await page.getAttribute('#move-count', 'data-length')).toBe('51');
    expect(await page.textContent('#move-count')).toContain('51');
    const url = new URL(page.url());
    expect(url.searchParams.get('slide')).toBe('line');
    expect(url.pathname).not.toContain('rush');
    const share = url;
    // The exit: a gap in the right wall at the red car's row (row 2); the car drawn red.
    expect(await page.$eval('#player .board-exit', (el) => el.classList.contains('board-exit-right') && Math.round((parseFloat((el as HTMLElement).style.top) / 100) * 6))).toBe(2);
    expect(await page.$eval('#player .piece[data-letter="A"]', (el) => getComputedStyle(el, '::before').backgroundColor)).toBe('rgb(198, 40, 40)');
    mkdirSync('test/artifacts', { recursive: true });
    await page.screenshot({ path: 'test/artifacts/rush-page.png', fullPage: true });

    // The line plays to the red car at the exit (its right end in the last column).
    await page.click('#player .ctl-end');
    await page.waitForFunction(() => !document.querySelector<HTMLElement>('#player .done-badge')!.hidden);
    expect(await pieceCell(page, 'A')).toEqual([2, 4]);
    await page.click('#player .ctl-start');
    await page.waitForFunction(() => /^0 \//.test(document.querySelector('#player .counter')!.textContent!));

    // A horizontal car dragged up does not move; a vertical one dragged along its column does.
    await drag(page, [5, 0], [4, 0]);
    await page.waitForTimeout(400);
    expect(await pieceCell(page, 'E')).toEqual([5, 0]);
    expect(await page.textContent('#player .counter')).toMatch(/^0 \//);
    // The server's answers come late, each later than the one before: the best line on from your move (asked first)
    // arrives while the hint's own search is still out, and reloads the player — the hint must still be said.
    let asked = 0;
    await page.route('**/solve?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600 * ++asked));
      await route.continue().catch(() => undefined);
    });
    await drag(page, [2, 5], [1, 5]); // M: rows 1–3 of the last column, up one
    await page.waitForFunction(() => /^1 \//.test(document.querySelector('#player .counter')!.textContent!));
    expect(await pieceCell(page, 'M')).toEqual([0, 5]);
    expect(new URL(page.url()).searchParams.get('slide')).toBe('line');
    // A hint from your own position: solved under the line rule.
    await page.click('#hint');
    await page.waitForFunction(() => /^Hint: .*moves? to go/.test(document.querySelector('#status')!.textContent!), null, { timeout: 30_000 });
    expect(asked).toBe(2); // the line on and the hint's own search, both asked of the server
    await page.unroute('**/solve?**');

    // The share link (the address, as Copy link gives it) reopens the same puzzle under the same rule.
    const again = await openPage(suite, share.pathname + share.search);
    await again.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    expect(await again.getAttribute('#move-count', 'data-length')).toBe('51');
    expect(await pieceCell(again, 'A')).toEqual([2, 3]);
    // The metric switch keeps the rule.
    await again.click('input[name=metric][value=step]');
    await again.waitForFunction(() => new URL(location.href).searchParams.get('metric') === 'step');
    expect(new URL(again.url()).searchParams.get('slide')).toBe('line');
    await again.close();
    await page.close();
  }, 120_000);

  it('says the count in Chinese', async () => {
    const page = await openPage(suite, `/s/${RUSH}`, { lang: 'zh' });
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    expect(await page.textContent('#move-count')).toMatch(/51\s*步/);
    await page.close();
  });

  it('the editor\'s code field takes a rush: code and opens its page under slide=line', async () => {
    const page = await openPage(suite, '/');
    await page.fill('#code', RUSH);
    await page.waitForURL((url) => url.pathname.startsWith('/s/') && url.searchParams.get('slide') === 'line');
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    expect(await page.getAttribute('#move-count', 'data-length')).toBe('51');
    await page.close();
  });

  it('/embed/rush:… and <huarong-solution layout="rush:…"> show 51 moves', async () => {
    const page = await openPage(suite, `/embed/${RUSH}`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    expect(await page.textContent('#count')).toContain('51');
    expect(new URL(page.url()).searchParams.get('slide')).toBe('line');
    expect(await page.getAttribute('#open', 'href')).toContain('slide=line');
    // The widget, on a page of the site's origin; and slide="line" with the project's code.
    const code = new URL(page.url()).pathname.slice('/embed/'.length);
    await page.setContent(`<script type="module" src="${suite.server.url}/widget.js"></script>
<huarong-solution id="w1" layout="${RUSH}" controls></huarong-solution>
<huarong-solution id="w2" layout="${decodeURIComponent(code)}" slide="line"></huarong-solution>`);
    await page.waitForFunction(() => ['w1', 'w2'].every((id) => (document.getElementById(id) as HTMLElement).dataset.length === '51'), null, { timeout: 30_000 });
    expect(await page.locator('#w1 .board-exit-right').count()).toBe(1);
    await page.close();
  });

  it('the in-browser solver takes the rule too (the edge refusing)', async () => {
    const page = await suite.browser.newPage();
    await page.route('**/solve?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' } }) }));
    await page.goto(`${suite.server.url}/embed/${RUSH}`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 30_000 });
    expect(await page.textContent('#count')).toContain('51');
    await page.close();
  });
});
