/** Against a running `wrangler dev`: hits stay fast under a burst of over-budget misses; malformed addresses explain themselves. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { groupAlive, startDevServer, type DevServer } from '../../scripts/dev-server.ts';
import { seededRandom } from '../helpers/random-layouts.ts';
import { launch } from './browser.ts';

let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  server = await startDevServer();
  browser = await launch();
}, 120_000);

afterAll(async () => {
  try {
    await browser?.close();
  } finally {
    await server?.stop();
  }
  if (server) expect(groupAlive(server.group), 'wrangler dev left running').toBe(false);
});

/** A scrambled 6×6 tiles code (the blank walked at random from the solved board): far beyond the edge budget. */
function scrambled6x6(seed: number): string {
  const rand = seededRandom(seed);
  const cells = [...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.'];
  let blank = 35;
  for (let i = 0; i < 300; i++) {
    const r = Math.floor(blank / 6);
    const c = blank % 6;
    const next = [r > 0 ? blank - 6 : -1, r < 5 ? blank + 6 : -1, c > 0 ? blank - 1 : -1, c < 5 ? blank + 1 : -1].filter((x) => x >= 0);
    const to = next[rand(next.length)]!;
    [cells[blank], cells[to]] = [cells[to]!, cells[blank]!];
    blank = to;
  }
  return [0, 1, 2, 3, 4, 5].map((r) => cells.slice(r * 6, r * 6 + 6).join('')).join('-');
}

describe('under load', () => {
  it('a cache hit stays fast while 32 over-budget 6×6 misses arrive at once', async () => {
    const hit = `${server.url}/solve?layout=SSBB-HHBB-HHHH-HHHH-..S.`;
    expect((await fetch(hit)).status).toBe(200);
    const misses = Array.from({ length: 32 }, (_, i) => fetch(`${server.url}/solve?layout=${scrambled6x6(i + 1)}&optimal=true`).then((r) => r.status));
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
