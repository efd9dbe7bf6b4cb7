/**
 * Embeds in real Chromium: a blog page on another origin (a tiny local server) with the widget script and its widgets
 * (among them a puzzle of shaped pieces with a drawn goal, and a goal that does not fit), iframes of /embed/ (one with
 * a drawn goal) and of /, and the iframe player's options.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDevServer, type DevServer } from '../../scripts/dev-server.ts';
import { closeSuite, launch } from './browser.ts';
import { polyDistance } from '../helpers/poly-reference.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
/** 5×5, 29 moves: more search than the edge's default budget allows (202: a solve job goes on with it). */
const OVER_EDGE_BUDGET = 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS';
/** Ma's Puzzle: two L-trominoes (L, M) to be brought together in the top-right corner (a goal drawing). */
const MAS = 'IIILL-HHHHL-MHHHH-MMJJJ-..S..';
const MAS_GOAL = '...LL-...ML-...MM-.....-.....';
/** Where the drawing puts each goal piece's anchor (its first cell in reading order). */
const MAS_PLACES = ['L@0,3', 'M@1,3'];
let server: DevServer;
let blog: Server;
let blogUrl: string;
let browser: Browser;

function blogPage(api: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>A blog</title>
<style>
  /* A hostile host stylesheet: none of it may reach inside the widget. */
  div { color: red !important; font-size: 40px !important; }
  button { display: none !important; }
  .piece { background: lime !important; }
</style></head><body>
<h1>My post about 华容道</h1>
<div style="height: 3000px">spacer</div>
<script type="module" src="${api}/widget.js"></script>
<huarong-solution id="w1" layout="${HENGDAO}" controls><a href="${api}/s/${HENGDAO}">solution</a></huarong-solution>
<div style="height: 1500px">more text</div>
<huarong-solution id="w2" layout="SBBS-SBBS-.HH.-VVVV-VVVV" metric="step" theme="dark" controls></huarong-solution>
<div style="height: 1500px">more text</div>
<huarong-solution id="w3" layout="VBBV-VBBV-VHHV-VSSVV-S..S"><a href="#">fallback</a></huarong-solution>
<iframe id="f-embed" src="${api}/embed/${HENGDAO}?controls=0" width="360" height="560"></iframe>
<iframe id="f-home" src="${api}/" width="360" height="300"></iframe>
<div style="height: 1500px">the end of the post</div>
<huarong-solution id="w4" layout="${OVER_EDGE_BUDGET}"></huarong-solution>
<div style="height: 1500px">a puzzle with a goal of its own</div>
<huarong-solution id="w5" layout="${MAS}" goal="${MAS_GOAL}" controls></huarong-solution>
<huarong-solution id="w6" layout="${MAS}" goal="...LL-...ML-...MM"></huarong-solution>
<iframe id="f-goal" src="${api}/embed/${MAS}?goal=${encodeURIComponent(MAS_GOAL)}" width="360" height="560"></iframe>
</body></html>`;
}

beforeAll(async () => {
  server = await startDevServer();
  blog = createServer((req, res) => {
    // /strict: a host whose Content-Security-Policy allows the widget (our origin's scripts, blob workers) but not
    // WebAssembly (no 'wasm-unsafe-eval').
    const api = server.url;
    const strict = req.url?.startsWith('/strict') ?? false;
    const policy = `default-src 'self'; script-src 'self' ${api}; worker-src blob:; connect-src ${api}; style-src 'unsafe-inline' ${api}; img-src ${api} data:; frame-src ${api}`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...(strict ? { 'Content-Security-Policy': policy } : {}) });
    res.end(blogPage(api));
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogUrl = `http://127.0.0.1:${(blog.address() as { port: number }).port}/post`;
  browser = await launch();
}, 120_000);

afterAll(() => closeSuite(browser, server, () => new Promise((r) => blog?.close(r))));

/**
 * The edge refuses OVER_EDGE_BUDGET as a deployment without solve jobs does (503): so the widget solves it in the
 * browser even once this server's job for it has ended (tested in test/worker/jobs and the solution page's tests).
 */
async function refuseAtTheEdge(page: Page): Promise<void> {
  await page.route(`**/solve?layout=${OVER_EDGE_BUDGET}*`, (route) => route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' } }) }));
}

async function openBlog(): Promise<{ page: Page; solveRequests: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  const solveRequests: string[] = [];
  page.on('request', (r) => {
    // Widgets live in the main frame (the iframes on the page fetch for themselves).
    if (r.url().includes('/solve') && r.frame() === page.mainFrame()) solveRequests.push(r.url());
  });
  await page.goto(blogUrl);
  return { page, solveRequests };
}

describe('<huarong-solution> on another site', () => {
  it('fetches nothing until a widget scrolls into view, then renders it', async () => {
    const { page, solveRequests } = await openBlog();
    await page.waitForFunction(() => customElements.get('huarong-solution') !== undefined);
    await page.waitForTimeout(800);
    expect(solveRequests).toHaveLength(0);
    await page.locator('#w1').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w1') as HTMLElement).dataset.length === '81', null, { timeout: 30_000 });
    expect(solveRequests.length).toBe(1);
    expect(solveRequests[0]).toContain(HENGDAO);
    await page.close();
  });

  it('plays to the end and shows the solved board; host CSS does not leak in', async () => {
    const { page } = await openBlog();
    await page.locator('#w1').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w1') as HTMLElement).dataset.length === '81');
    expect(await page.locator('#w1 .ctl-end').isVisible()).toBe(true);
    await page.locator('#w1 .ctl-end').click();
    expect(await page.locator('#w1 .counter').textContent()).toBe('81 / 81');
    const style = await page.locator('#w1 .piece-B').evaluate((el) => ({ top: (el as HTMLElement).style.top, left: (el as HTMLElement).style.left }));
    expect(style).toEqual({ top: '60%', left: '25%' });
    const color = await page.locator('#w1 .counter').evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toBe('rgb(255, 0, 0)');
    await page.locator('#w1').screenshot({ path: new URL('../artifacts/widget.png', import.meta.url).pathname });
    await page.close();
  });

  it('renders the second valid widget and explains the invalid one inside itself', async () => {
    const { page } = await openBlog();
    await page.locator('#w2').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w2') as HTMLElement).dataset.length === '47');
    await page.locator('#w3').scrollIntoViewIfNeeded();
    await page.locator('#w3 .message').waitFor();
    expect(await page.locator('#w3 .message').textContent()).toContain('row 4 has 5 cells, expected 4');
    await page.close();
  });
});

/** The goal pieces' anchors on a widget's or frame's board, as `letter@row,col`. */
const goalPieces = (root: Page | ReturnType<Page['frameLocator']>, scope: string) =>
  root.locator(`${scope} .piece:is([data-letter="L"], [data-letter="M"])`).evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.letter}@${(e as HTMLElement).dataset.row},${(e as HTMLElement).dataset.col}`).sort());

describe('goals in embeds', () => {
  const expected = polyDistance(MAS, MAS_GOAL, 'move');

  it('the widget solves a puzzle of shaped pieces toward its drawn goal, draws the goal, and plays to it', async () => {
    const { page } = await openBlog();
    const bodies: string[] = [];
    page.on('request', (r) => r.url().endsWith('/solve') && r.method() === 'POST' && r.frame() === page.mainFrame() && bodies.push(r.postData() ?? ''));
    await page.locator('#w5').scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => (document.querySelector('#w5') as HTMLElement).dataset.length === String(n), expected, { timeout: 60_000 });
    expect(bodies.map((b) => JSON.parse(b))).toEqual([{ layout: MAS, metric: 'move', goal: MAS_GOAL }]);
    expect(await page.locator('#w5 .count').textContent()).toBe(`${expected} moves`);
    // One ghost per drawn piece, where the drawing puts it; a drawing's goal has no exit.
    expect(await page.locator('#w5 .goal-ghost').evaluateAll((gs) => gs.map((g) => `${(g as HTMLElement).dataset.row},${(g as HTMLElement).dataset.col}`).sort())).toEqual(['0,3', '1,3']);
    expect(await page.locator('#w5 .board-exit').count()).toBe(0);
    expect(await page.getAttribute('#w5 .title a', 'href')).toBe(`${server.url}/s/${MAS}?goal=${MAS_GOAL}`);
    await page.locator('#w5 .ctl-end').click();
    expect(await page.locator('#w5 .counter').textContent()).toBe(`${expected} / ${expected}`);
    expect(await goalPieces(page, '#w5')).toEqual(MAS_PLACES);
    expect(await page.locator('#w5 .done-badge').textContent()).toContain('Every piece in place');
    await page.locator('#w5').screenshot({ path: new URL('../artifacts/widget-goal.png', import.meta.url).pathname });
    // A goal that does not fit the board is explained inside the widget, before anything is fetched.
    await page.locator('#w6').scrollIntoViewIfNeeded();
    expect(await page.locator('#w6 .message').textContent()).toBe('Huarong: Invalid goal "...LL-...ML-...MM": the goal drawing is 5 wide × 3 tall; the board is 5 wide × 5 tall');
    expect(bodies).toHaveLength(1);
    await page.close();
  });

  it('the widget solves toward the drawn goal in the visitor\'s browser when the edge refuses it', async () => {
    const { page } = await openBlog();
    await page.route('**/solve', (route) => route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' } }) }));
    await page.locator('#w5').scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => (document.querySelector('#w5') as HTMLElement).dataset.length === String(n), expected, { timeout: 60_000 });
    expect(await page.locator('#w5 .message').count()).toBe(0);
    await page.locator('#w5 .ctl-end').click();
    expect(await goalPieces(page, '#w5')).toEqual(MAS_PLACES);
    await page.close();
  });

  it('/embed/?goal= plays the drawn goal too, and links to the puzzle with it', async () => {
    const { page } = await openBlog();
    await page.locator('#f-goal').scrollIntoViewIfNeeded();
    const frame = page.frameLocator('#f-goal');
    await frame.locator('#player[data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await frame.locator('.counter').textContent()).toBe(`0 / ${expected}`);
    expect(await frame.locator('.goal-ghost').count()).toBe(2);
    expect(await frame.locator('#open').getAttribute('href')).toBe(`/s/${MAS}?goal=${MAS_GOAL}`);
    await frame.locator('.ctl-end').click();
    expect(await goalPieces(frame, '#player')).toEqual(MAS_PLACES);
    expect(await frame.locator('.done-badge').textContent()).toContain('Every piece in place');
    await page.close();
    // A goal that does not fit: said in place of the player.
    const bad = await browser.newPage();
    await bad.goto(`${server.url}/embed/${MAS}?goal=Q@0,0&lang=zh`);
    await bad.locator('#message').waitFor();
    expect(await bad.textContent('#message')).toBe('目标无效 "Q@0,0"：棋盘上没有棋子 Q');
    expect(await bad.locator('#player').isHidden()).toBe(true);
    await bad.close();
  });
});

describe('framing', () => {
  it('solves in the visitor\'s browser what the edge refuses, from another origin (a blob-URL worker)', async () => {
    const edge = await fetch(`${server.url}/solve?layout=${OVER_EDGE_BUDGET}`);
    expect([202, 200]).toContain(edge.status);
    const { page } = await openBlog();
    await refuseAtTheEdge(page);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    // The search engine's WebAssembly, fetched from the widget's origin (with CORS) by the worker.
    const engine: Array<string | null> = [];
    page.on('response', (r) => r.url().endsWith('/engine/bitboard-search.wasm') && engine.push(r.headers()['access-control-allow-origin'] ?? null));
    await page.locator('#w4').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w4') as HTMLElement).dataset.length === '29', null, { timeout: 60_000 });
    expect(await page.locator('#w4 .count').textContent()).toBe('29 moves');
    expect(workers.some((u) => u.startsWith('blob:'))).toBe(true);
    expect(engine).toEqual(['*']);
    expect(await page.locator('#w4 .message').count()).toBe(0);
    await page.close();
  });

  it('with a solve job (202): the widget shows the job\'s answer when it comes first', async () => {
    // The job this server runs for the layout (started by the test above, or now) ends within seconds.
    let answer: unknown = null;
    for (let i = 0; i < 120 && !answer; i++) {
      const res = await fetch(`${server.url}/solve?layout=${OVER_EDGE_BUDGET}`);
      if (res.status === 200) answer = await res.json();
      else await new Promise((r) => setTimeout(r, 500));
    }
    expect(answer).not.toBeNull();
    const { page } = await openBlog();
    const jobUrl = `${server.url}/solve/jobs/solve-${'c'.repeat(32)}`;
    const cors = { 'Access-Control-Allow-Origin': '*' };
    await page.route(`**/solve?layout=${OVER_EDGE_BUDGET}*`, (route) => route.fulfill({ status: 202, contentType: 'application/json', headers: cors, body: JSON.stringify({ error: { code: 'budget-exceeded', message: 'over budget' }, status: 'searching', job: { id: 'c', url: jobUrl, steps: 0, nodes: 0, lowerBound: 20 } }) }));
    await page.route('**/solve/jobs/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', headers: cors, body: JSON.stringify({ id: 'c', status: 'solved', progress: { steps: 5, nodes: 100, lowerBound: 29, elapsedMs: 50 }, result: answer }) }));
    // The visitor's browser never gets its solver: only the job can answer.
    await page.context().route('**/widget-solver.js', () => undefined);
    await page.locator('#w4').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w4') as HTMLElement).dataset.length === '29', null, { timeout: 30_000 });
    expect(await page.locator('#w4').getAttribute('data-solved-by')).toBe('server-job');
    expect(await page.locator('#w4 .count').textContent()).toBe('29 moves');
    await page.close();
  });

  it('solves what the edge refuses with the WebAssembly engine unavailable (its file refused): the TypeScript search in the blob worker', async () => {
    const { page } = await openBlog();
    await refuseAtTheEdge(page);
    const wasm: string[] = [];
    await page.context().route('**/engine/bitboard-search.wasm', (route) => (wasm.push(route.request().url()), route.abort()));
    await page.locator('#w4').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w4') as HTMLElement).dataset.length === '29', null, { timeout: 60_000 });
    expect(await page.locator('#w4 .count').textContent()).toBe('29 moves');
    expect(await page.locator('#w4 .message').count()).toBe(0);
    expect(wasm.length).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it('solves what the edge refuses on a host whose CSP allows blob workers but forbids WebAssembly', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await refuseAtTheEdge(page);
    await page.goto(blogUrl.replace('/post', '/strict'));
    // The host really forbids it (a blob worker inherits its creator's policy).
    expect(await page.evaluate(() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => 'allowed', () => 'refused'))).toBe('refused');
    await page.locator('#w4').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => (document.querySelector('#w4') as HTMLElement).dataset.length === '29', null, { timeout: 60_000 });
    expect(await page.locator('#w4 .count').textContent()).toBe('29 moves');
    expect(await page.locator('#w4 .message').count()).toBe(0);
    await page.close();
  });

  it('says so, rather than "cancelled", when the in-browser solver cannot load', async () => {
    const { page } = await openBlog();
    await refuseAtTheEdge(page);
    await page.context().route('**/widget-solver.js', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.locator('#w4').scrollIntoViewIfNeeded();
    await page.locator('#w4 .message').waitFor({ timeout: 30_000 });
    expect(await page.locator('#w4 .message').textContent()).toMatch(/^Huarong: This browser could not solve it \(the in-browser solver could not be loaded: .+\)\.$/);
    await page.close();
  });

  it('another origin can frame /embed/… (controls=0 shows only board and counter) but not /', async () => {
    const { page } = await openBlog();
    await page.locator('#f-embed').scrollIntoViewIfNeeded();
    const embed = page.frameLocator('#f-embed');
    await embed.locator('#player[data-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await embed.locator('.counter').textContent()).toBe('0 / 81');
    expect(await embed.locator('.controls').isHidden()).toBe(true);
    expect(await embed.locator('.site-header').count()).toBe(0);
    await page.waitForTimeout(500);
    const home = page.frames().find((f) => f.url().startsWith(`${server.url}/`) && !f.url().includes('/embed/'));
    const framedHeader = home ? await home.locator('.site-header').count().catch(() => 0) : 0;
    expect(framedHeader).toBe(0);
    await page.close();
  });

  it('sends frame-ancestors * only for /embed/ and /widget.js', async () => {
    const embed = await fetch(`${server.url}/embed/${HENGDAO}`);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const widget = await fetch(`${server.url}/widget.js`);
    expect(widget.headers.get('content-type')).toContain('javascript');
    expect(widget.headers.get('access-control-allow-origin')).toBe('*');
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'; script-src 'self'");
    const svg = await fetch(`${server.url}/img/${HENGDAO}.svg`);
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *");
    expect(home.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('the /s/ page offers oEmbed discovery and an embed dialog with a live preview', async () => {
    const html = await (await fetch(`${server.url}/s/${HENGDAO}`)).text();
    expect(html).toMatch(/<link rel="alternate" type="application\/json\+oembed" href="[^"]+\/oembed\?url=/);
    const page = await browser.newPage();
    await page.goto(`${server.url}/s/${HENGDAO}`);
    await page.waitForSelector('#player[data-ready="true"]');
    await page.click('#embed');
    expect(await page.inputValue('#embed-widget')).toContain(`<huarong-solution layout="${HENGDAO}"`);
    expect(await page.inputValue('#embed-iframe')).toContain(`/embed/${HENGDAO}`);
    await page.check('#opt-autoplay');
    expect(await page.inputValue('#embed-iframe')).toContain('autoplay=1');
    await page.frameLocator('#embed-preview').locator('#player[data-ready="true"] .player:not(.skeleton) .board').waitFor();
    await page.close();
  });

  it('the embed dialog of a puzzle with a drawn goal carries the goal in every snippet, and its preview plays it', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/s/${MAS}?goal=${MAS_GOAL}&metric=straight`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    await page.click('#embed');
    expect(await page.inputValue('#embed-widget')).toContain(`<huarong-solution layout="${MAS}" metric="straight" goal="${MAS_GOAL}"`);
    expect(await page.inputValue('#embed-iframe')).toContain(`/embed/${MAS}?metric=straight&amp;goal=${MAS_GOAL}"`);
    expect(await page.inputValue('#embed-link')).toBe(`${server.url}/s/${MAS}?goal=${MAS_GOAL}&metric=straight`);
    const preview = page.frameLocator('#embed-preview');
    await preview.locator('#player[data-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await preview.locator('.counter').textContent()).toBe(`0 / ${polyDistance(MAS, MAS_GOAL, 'straight')}`);
    expect(await preview.locator('.goal-ghost').count()).toBe(2);
    await page.close();
  });
});
