/** Against a running `wrangler dev`: hits under load, malformed addresses, named layouts on /s/ pages, and /hardest/. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDevServer, type DevServer } from '../../scripts/dev-server.ts';
import { scrambledTiles } from '../helpers/random-layouts.ts';
import { closeSuite, launch } from './browser.ts';

let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  server = await startDevServer();
  browser = await launch();
}, 120_000);

afterAll(() => closeSuite(browser, server));

describe('under load', () => {
  it('a cache hit stays fast while 32 over-budget 6×6 misses arrive at once', async () => {
    const hit = `${server.url}/solve?layout=SSBB-HHBB-HHHH-HHHH-..S.`;
    expect((await fetch(hit)).status).toBe(200);
    const misses = Array.from({ length: 32 }, (_, i) => fetch(`${server.url}/solve?layout=${scrambledTiles(i + 1, 6, 6, 300)}&optimal=true`).then((r) => r.status));
    const started = performance.now();
    const res = await fetch(hit);
    const hitMs = performance.now() - started;
    expect(res.status).toBe(200);
    const statuses = await Promise.all(misses);
    expect(statuses.every((s) => s === 503 || s === 429)).toBe(true);
    // Each miss stops at the edge budget (a few ms), so a hit never queues behind seconds of search.
    expect(hitMs).toBeLessThan(1000);
  });
});

describe('malformed addresses', () => {
  for (const [path, selector] of [['/embed/%E0', '#message'], ['/s/%E0', '#error-message']] as const) {
    it(`${path} renders the page with a message saying what is wrong, not a blank page`, async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const res = await page.goto(server.url + path);
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
      const page = await browser.newPage();
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/s/VSSS-VVBB-VVBB-VHH.-HHS.`);
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
    const gallery = await browser.newPage();
    await gallery.goto(`${server.url}/layouts/`);
    expect(await gallery.locator('#hardest-link').getAttribute('href')).toBe('/hardest/');
    await gallery.close();
    const page = await browser.newPage();
    await page.goto(`${server.url}/hardest/`);
    const links = await page.locator('a.hardest-link').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, length: a.getAttribute('data-length')!, metric: a.getAttribute('data-metric')! })));
    expect(links.length).toBeGreaterThan(90);
    expect(links.slice(0, 3).map((l) => l.length)).toEqual(['138', '150', '179']);
    // The three overall records and a sample of the per-mix rows.
    for (const link of [...links.slice(0, 3), ...links.filter((_, i) => i % 17 === 5)]) {
      const solution = await browser.newPage();
      await solution.goto(server.url + link.href);
      await solution.waitForFunction(() => document.querySelector<HTMLElement>('#move-count')?.dataset.length !== undefined, null, { timeout: 30_000 });
      expect(await solution.locator('#move-count').getAttribute('data-length'), `${link.href}`).toBe(link.length);
      await solution.close();
    }
    await page.close();
  });
});
