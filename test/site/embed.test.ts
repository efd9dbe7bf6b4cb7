/**
 * Embeds in real Chromium: a blog page on another origin (a tiny local server) with the widget script and three
 * widgets, iframes of /embed/ and of /, and the iframe player's options.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDevServer, type DevServer } from '../../scripts/dev-server.ts';
import { closeSuite, launch } from './browser.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';
/** 5×5, 29 moves: more search than the edge's default budget allows (202: a solve job goes on with it). */
const OVER_EDGE_BUDGET = 'VBBVS-VBBVS-HHSS.-VSHHS-V.SSS';
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
});
