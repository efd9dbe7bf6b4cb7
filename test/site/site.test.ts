/**
 * End to end: `wrangler dev` serving the built site and the API, real headless Chromium clicking through it.
 * Screenshots go to test/artifacts/ (ignored by git).
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLASSIC } from '../helpers/fixtures.ts';
import { browserSuite } from './browser.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
const ARTIFACTS = new URL('../artifacts/', import.meta.url);

mkdirSync(ARTIFACTS, { recursive: true });
const suite = browserSuite();

async function open(path: string, viewport = { width: 1200, height: 900 }): Promise<Page> {
  const page = await suite.browser.newPage({ viewport });
  await page.goto(suite.server.url + path);
  return page;
}

async function waitReady(page: Page): Promise<void> {
  await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
}

/** Top-left (row, col) of the 2×2 piece as drawn. */
async function blockCell(page: Page): Promise<[number, number]> {
  return page.$eval('#player .piece-B', (el) => {
    const board = el.parentElement!;
    const w = Number(board.style.getPropertyValue('--w'));
    const h = Number(board.style.getPropertyValue('--h'));
    return [Math.round((parseFloat((el as HTMLElement).style.top) / 100) * h), Math.round((parseFloat((el as HTMLElement).style.left) / 100) * w)];
  });
}

describe('the shareable solution page', () => {
  it('shows 81 moves, plays to the exit, steps back, and switches metric', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await waitReady(page);
    expect(await page.textContent('#move-count')).toMatch(/81/);
    expect(await blockCell(page)).toEqual([0, 1]);
    await page.click('.ctl-end');
    expect(await page.textContent('.counter')).toBe('81 / 81');
    expect(await blockCell(page)).toEqual([3, 1]);
    await page.click('.ctl-back');
    await page.waitForFunction(() => document.querySelector('.counter')?.textContent === '80 / 81');
    expect(await page.$$eval('.move-list li.current', (els) => els.length)).toBe(1);
    await page.keyboard.press('Home');
    expect(await page.textContent('.counter')).toBe('0 / 81');
    await page.click('input[name=metric][value=step]');
    await page.waitForFunction(() => /116/.test(document.querySelector('#move-count')?.textContent ?? ''));
    expect(page.url()).toContain('metric=step');
    await page.screenshot({ path: new URL('solution-desktop.png', ARTIFACTS).pathname, fullPage: true });
    await page.close();
  });

  it('switching the count keeps the replay where it was: the same position where the new line has it, else as far along', async () => {
    const page = await open(`/s/${HENGDAO}?at=30`);
    await waitReady(page);
    const boardCode = () => page.$$eval('#player .piece', (els) => els.map((e) => `${(e as HTMLElement).dataset.letter}@${e.getAttribute('style')}`).sort().join(' '));
    const before = await boardCode();
    await page.click('input[name=metric][value=step]');
    await page.waitForFunction(() => /116/.test(document.querySelector('#move-count')?.textContent ?? ''));
    await page.waitForFunction(() => !document.querySelector('.counter')!.textContent!.startsWith('0 /'));
    const [at, total] = (await page.textContent('.counter'))!.split(' / ').map(Number);
    expect(total).toBe(116);
    // The step line passes through the board shown (it is on an optimal path) or the replay is as far along it.
    if ((await boardCode()) !== before) expect(Math.abs(at! - Math.round((30 / 81) * 116))).toBeLessThanOrEqual(1);
    expect(at).toBeGreaterThan(30);
    expect(new URL(page.url()).searchParams.get('at')).toBe(String(at));
    // From the end, the end.
    await page.click('.ctl-end');
    await page.click('input[name=metric][value=straight]');
    await page.waitForFunction(() => document.querySelector('.counter')?.textContent === '90 / 90');
    await page.close();
  });

  it('lays out on a phone', async () => {
    const page = await open(`/s/${HENGDAO}`, { width: 390, height: 844 });
    await waitReady(page);
    await page.click('.ctl-forward');
    await page.waitForFunction(() => document.querySelector('.counter')?.textContent === '1 / 81');
    const width = await page.$eval('#player .board', (el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(250);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: new URL('solution-phone.png', ARTIFACTS).pathname, fullPage: true });
    await page.close();
  });

  it('redirects CommonCodes to the readable form', async () => {
    const page = await open('/s/1A9BF0C');
    expect(new URL(page.url()).pathname).toBe(`/s/${HENGDAO}`);
    await page.close();
  });

  it("shows the codec's message for a malformed link, with a way to the editor", async () => {
    const page = await open('/s/VBBV-VBBV-VHHV-VSSVV-S..S');
    await page.waitForSelector('#error:not([hidden])');
    expect(await page.textContent('#error-message')).toContain('row 4 has 5 cells, expected 4');
    expect(await page.getAttribute('#fix-link', 'href')).toContain('/?layout=');
    await page.close();
  });

  it('carries layout-specific link-preview tags in the HTML', async () => {
    const html = await (await fetch(`${suite.server.url}/s/${HENGDAO}`)).text();
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="[^"]*${HENGDAO.replace(/\./g, '\\.')}`));
    expect(html).toContain(`og:image" content="${suite.server.url}/img/${HENGDAO}.png"`);
    expect(html).toContain('<meta property="og:image:type" content="image/png">');
    const img = await fetch(`${suite.server.url}/img/${HENGDAO}.svg`);
    expect(img.headers.get('content-type')).toContain('image/svg+xml');
    expect(await img.text()).toContain('曹操');
  });

  it('solves in the browser when /solve fails', async () => {
    const page = await suite.browser.newPage();
    await page.route('**/solve?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget', lowerBound: 1 } }) }));
    await page.goto(`${suite.server.url}/s/SBBS-SBBS-.HH.-VVVV-VVVV`);
    await waitReady(page);
    expect(await page.getAttribute('body', 'data-solved-by')).toBe('browser');
    expect(await page.textContent('#move-count')).toMatch(/32/);
    await page.close();
  });

  it('with a solve job (202): the answer of the server is shown when it comes first, and the page says so', async () => {
    const code = 'SBBS-SBBS-.HH.-VVVV-VVVV';
    const answer = await (await fetch(`${suite.server.url}/solve?layout=${code}`)).json();
    const page = await suite.browser.newPage();
    const jobUrl = `${suite.server.url}/solve/jobs/solve-${'a'.repeat(32)}`;
    let looks = 0;
    await page.route('**/solve?**', (route) => route.fulfill({ status: 202, contentType: 'application/json', headers: { Location: jobUrl }, body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget', lowerBound: 1 }, status: 'searching', job: { id: 'x', url: jobUrl, steps: 0, nodes: 0, lowerBound: 1 } }) }));
    await page.route('**/solve/jobs/**', (route) => {
      looks++;
      const body = looks < 2 ? { id: 'x', status: 'searching', progress: { steps: 3, nodes: 1000, lowerBound: 20, elapsedMs: 30 } } : { id: 'x', status: 'solved', progress: { steps: 9, nodes: 9000, lowerBound: 32, elapsedMs: 90 }, result: answer };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    // This browser's solver never starts: the job's answer must come through.
    await page.route('**/solver-worker*', () => undefined);
    await page.goto(`${suite.server.url}/s/${code}`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent?.includes('server keeps searching'), undefined, { timeout: 20_000 });
    await waitReady(page);
    expect(await page.getAttribute('body', 'data-solved-by')).toBe('server-job');
    expect(await page.textContent('#move-count')).toMatch(/32/);
    expect(await page.textContent('#status')).toContain('The server found the answer first');
    expect(looks).toBe(2);
    await page.close();
  });

  it('with a solve job (202): when this browser finishes first, the page says when the server has it too', async () => {
    const code = 'SBBS-SBBS-.HH.-VVVV-VVVV';
    const answer = await (await fetch(`${suite.server.url}/solve?layout=${code}`)).json();
    const page = await suite.browser.newPage();
    const jobUrl = `${suite.server.url}/solve/jobs/solve-${'b'.repeat(32)}`;
    let ended = false;
    await page.route('**/solve?**', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: JSON.stringify({ state: 'unknown', status: 'searching', code: 'budget-exceeded', message: 'over budget', lowerBound: 1, stoppedBy: 'work', job: { id: 'y', url: jobUrl, steps: 0, nodes: 0, lowerBound: 1 } }) }));
    // The answer this browser found goes to the server (fire-and-forget), which had none.
    const posted: Array<{ layout: string; metric: string; moves: unknown[] }> = [];
    await page.route('**/solve/answers', (route) => {
      posted.push(route.request().postDataJSON());
      return route.fulfill({ status: 201, contentType: 'application/json', body: '{"stored":true}' });
    });
    await page.route('**/solve/jobs/**', (route) => {
      const body = ended ? { id: 'y', status: 'solved', progress: { steps: 9, nodes: 9000, lowerBound: 32, elapsedMs: 90 }, result: answer } : { id: 'y', status: 'searching', progress: { steps: 3, nodes: 1000, lowerBound: 20, elapsedMs: 30 } };
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    });
    await page.goto(`${suite.server.url}/s/${code}`);
    await waitReady(page);
    expect(await page.getAttribute('body', 'data-solved-by')).toBe('browser');
    await expect.poll(() => posted.length, { timeout: 5000 }).toBe(1);
    expect(posted[0]).toMatchObject({ layout: code, metric: 'move' });
    expect(posted[0]!.moves).toHaveLength(32);
    ended = true;
    await page.waitForSelector('body[data-server-job="solved"]', { timeout: 20_000 });
    expect(await page.textContent('#status')).toContain('The server has finished too');
    await page.close();
  });

  it('searches custom boards in the browser on the WebAssembly engine the edge runs: a 5×5 of 29 moves after the 503', async () => {
    const page = await suite.browser.newPage();
    const wasm: number[] = [];
    page.on('response', (r) => r.url().endsWith('/engine/bitboard-search.wasm') && wasm.push(r.status()));
    let refused = 0;
    await page.route('**/solve?**', async (route) => {
      refused = performance.now();
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' } }) });
    });
    await page.goto(`${suite.server.url}/s/VBBVS-VBBVS-HHSS.-VSHHS-V.SSS`);
    await waitReady(page);
    const ms = performance.now() - refused;
    expect(await page.textContent('#move-count')).toMatch(/29/);
    expect(await page.getAttribute('body', 'data-solved-by')).toBe('browser');
    // A* on the engine, as at the edge.
    expect(await page.getAttribute('body', 'data-algorithm')).toBe('astar');
    expect(await page.getAttribute('body', 'data-engine')).toBe('webassembly');
    expect(wasm).toEqual([200]);
    // What the widget's worker on another origin fetches too: with CORS, as WebAssembly, revalidated like widget.js.
    const file = await fetch(`${suite.server.url}/engine/bitboard-search.wasm`, { headers: { Origin: 'https://blog.example' } });
    expect([file.headers.get('content-type'), file.headers.get('cache-control'), file.headers.get('access-control-allow-origin')]).toEqual(['application/wasm', 'public, max-age=300', '*']);
    expect(WebAssembly.validate(new Uint8Array(await file.arrayBuffer()))).toBe(true);
    console.log(`custom 5×5 (29 moves) on screen ${ms.toFixed(0)} ms after the 503, searched on the WebAssembly engine`);
    await page.close();
  });

  it('solves the same 5×5 with the WebAssembly engine unavailable (its file refused): A* in TypeScript, the same answer', async () => {
    const page = await suite.browser.newPage();
    const wasm: string[] = [];
    await page.route('**/engine/bitboard-search.wasm', (route) => (wasm.push(route.request().url()), route.abort()));
    await page.route('**/solve?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' } }) }));
    await page.goto(`${suite.server.url}/s/VBBVS-VBBVS-HHSS.-VSHHS-V.SSS`);
    await waitReady(page);
    expect(await page.textContent('#move-count')).toMatch(/29/);
    expect(await page.getAttribute('body', 'data-solved-by')).toBe('browser');
    // Without the engine, A* in TypeScript (the part grid).
    expect(await page.getAttribute('body', 'data-algorithm')).toBe('astar');
    expect(await page.getAttribute('body', 'data-engine')).toBe('typescript');
    expect(wasm.length).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it('plays 峰回路转 (138 moves) even beyond the edge budget, via the browser fallback', async () => {
    const page = await open('/s/SSSV-BBVV-BBVV-.HHV-.SHH');
    await waitReady(page);
    expect(await page.textContent('#move-count')).toMatch(/138/);
    await page.click('.ctl-end');
    expect(await blockCell(page)).toEqual([3, 1]);
    await page.close();
  });

  it('lets a person play a move and ask for a hint', async () => {
    const page = await open(`/s/${HENGDAO}`);
    await waitReady(page);
    // The soldier at row 4 col 0 can slide right into the empty cell.
    const box = (await page.$('#player .board'))!;
    const rect = (await box.boundingBox())!;
    const cell = (r: number, c: number) => ({ x: rect.x + ((c + 0.5) / 4) * rect.width, y: rect.y + ((r + 0.5) / 5) * rect.height });
    await page.mouse.click(cell(4, 0).x, cell(4, 0).y);
    await page.waitForSelector('.cell-mark.target');
    await page.mouse.click(cell(4, 1).x, cell(4, 1).y);
    // Your move, and the best line on from it (here the solution's own first move: 80 to go).
    await page.waitForFunction(() => document.querySelector('.counter')?.textContent === '1 / 81');
    expect(await page.locator('#player .move-list li[data-kind="own"]').count()).toBe(1);
    await page.click('#hint');
    await page.waitForSelector('.cell-mark.hint');
    expect(await page.textContent('#status')).toMatch(/\d+/);
    await page.close();
  });
});

describe('数字华容道 pages', () => {
  it('plays the hardest 8-puzzle (31 moves) to the solved board', async () => {
    const page = await open('/s/867-254-3.1');
    await waitReady(page);
    expect(await page.textContent('#move-count')).toMatch(/31/);
    await page.click('.ctl-end');
    const tiles = await page.$$eval('#player .piece', (els) => els.map((el) => `${(el as HTMLElement).dataset.letter}@${(el as HTMLElement).style.top},${(el as HTMLElement).style.left}`));
    expect(tiles).toContain('1@0%,0%');
    expect(await page.isHidden('input[name=metric][value=step]')).toBe(true);
    await page.close();
  });

  it('at the edge budget a 15-puzzle is answered by the plain search when short, and goes on as a solve job when not', async () => {
    // The databases cost more to expand than the free plan's budget (FIFTEEN_SETUP_WORK); the browser has them, and a
    // solve job builds them a step at a time.
    const short = (await (await fetch(`${suite.server.url}/solve?layout=${encodeURIComponent('1234-5678-9A.B-DEFC')}`)).json()) as { length: number; stats: { algorithm: string } };
    expect([short.stats.algorithm, short.length]).toEqual(['ida', 2]);
    const far = await fetch(`${suite.server.url}/solve?layout=${encodeURIComponent('164B-9.2C-D378-5EFA')}`);
    expect(far.status).toBe(202);
    const body = (await far.json()) as { state: string; status: string; code: string; error?: unknown; job: { id: string; url: string } };
    expect([body.state, body.status, body.code]).toEqual(['unknown', 'searching', 'budget-exceeded']);
    expect(body.error).toBeUndefined();
    expect(body.job.url).toBe(`${suite.server.url}/solve/jobs/${body.job.id}`);
  });
});

describe('editor, gallery, docs', () => {
  it('the editor builds a layout and reaches its /s/ page', async () => {
    const page = await open('/');
    await page.click('#clear');
    const rect = (await (await page.$('#editor-board'))!.boundingBox())!;
    const at = (r: number, c: number) => [rect.x + ((c + 0.5) / 4) * rect.width, rect.y + ((r + 0.5) / 5) * rect.height] as const;
    await page.check('input[name=tool][value=B]');
    await page.mouse.click(...at(0, 1));
    await page.check('input[name=tool][value=S]');
    for (const [r, c] of [[2, 1], [2, 2], [0, 0], [1, 0]] as const) await page.mouse.click(...at(r, c));
    expect(await page.inputValue('#code')).toBe('SBB.-SBB.-.SS.-....-....');
    expect(await page.textContent('#validation')).toMatch(/valid|有效/i);
    await page.click('#solve');
    await page.waitForURL(/\/s\/SBB\.-SBB\.-\.SS\.-\.\.\.\.-\.\.\.\./);
    await waitReady(page);
    expect(await page.textContent('#move-count')).toMatch(/\d+/);
    await page.close();
  });

  it('the editor explains an invalid layout live', async () => {
    const page = await open('/');
    await page.fill('#code', 'VBBV-VBBV-VHHV-VSSVV-S..S');
    expect(await page.textContent('#validation')).toContain('row 4 has 5 cells, expected 4');
    await page.close();
  });

  it(`the gallery lists all ${CLASSIC.length} named layouts with pages of their own`, async () => {
    const page = await open('/layouts/');
    expect(await page.$$eval('.gallery-item', (rows) => rows.length)).toBe(CLASSIC.length);
    expect(await page.textContent('.gallery')).toContain('横刀立马');
    await page.click('a[href="/layouts/heng-dao-li-ma/"] >> nth=1');
    await page.waitForSelector('#player .player:not(.skeleton)'); // the served stand-in has a board too
    expect(await page.textContent('.move-count')).toContain('81 moves');
    expect(await page.textContent('.counter')).toBe('0 / 81');
    await page.screenshot({ path: new URL('gallery-page.png', ARTIFACTS).pathname, fullPage: true });
    await page.close();
  });

  it('switches language', async () => {
    const page = await open('/');
    await page.click('[data-set-lang=zh]');
    expect(await page.textContent('#editor-title')).toBe('编辑器');
    await page.click('[data-set-lang=en]');
    expect(await page.textContent('#editor-title')).toBe('Editor');
    await page.close();
  });
});
