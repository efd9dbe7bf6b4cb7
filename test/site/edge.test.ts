/** Against a running `wrangler dev`: hits stay fast under a burst of over-budget misses; malformed addresses explain themselves. */
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
