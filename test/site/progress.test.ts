/**
 * A long search in the browser you can follow: the line never goes backwards (not even when the search changes
 * strategy), the proven lower bound only rises, and nothing offers to play a line that is not there yet.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite, openPage } from './browser.ts';

// A 6×5 board the edge refuses, and that the browser searches for minutes (best-first, then IDA* when memory fills).
const LONG = 'VBBVVS-VBBVVS-HHSSHH-VSSVVS-VHHVV.-SS..SS';

const suite = browserSuite();

/** The status line every 250 ms for `ms`, with the numbers read out of it. */
async function sample(page: Page, ms: number): Promise<Array<{ text: string; positions: number; bound: number | null }>> {
  const out: Array<{ text: string; positions: number; bound: number | null }> = [];
  for (const end = Date.now() + ms; Date.now() < end; ) {
    const text = (await page.textContent('#status')) ?? '';
    const positions = text.match(/([\d,]+) (?:positions searched|个局面)/)?.[1] ?? text.match(/已搜索 ([\d,]+) 个局面/)?.[1];
    const bound = text.match(/(?:at least|至少) (\d+)/)?.[1];
    if (positions) out.push({ text, positions: Number(positions.replaceAll(',', '')), bound: bound ? Number(bound) : null });
    await page.waitForTimeout(250);
  }
  return out;
}

describe('a long search in the browser', () => {
  for (const lang of ['en', 'zh'] as const) {
    it(`says which search runs, counts on, shows the rising bound and disables what has no line (${lang})`, async () => {
      const page = await openPage(suite, `/s/${LONG}`, { lang });
      await page.waitForFunction(() => /\d/.test(document.querySelector('#status')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const seen = await sample(page, 6000);
      expect(seen.length).toBeGreaterThan(10);
      for (let i = 1; i < seen.length; i++) {
        expect(seen[i]!.positions, seen[i]!.text).toBeGreaterThanOrEqual(seen[i - 1]!.positions);
        if (seen[i - 1]!.bound !== null) expect(seen[i]!.bound ?? 0, seen[i]!.text).toBeGreaterThanOrEqual(seen[i - 1]!.bound!);
      }
      const last = seen.at(-1)!;
      expect(last.bound).toBeGreaterThan(0);
      expect(last.text).toMatch(lang === 'en' ? /^Solving in your browser:|^The server keeps searching/ : /^正在你的浏览器中求解|^服务器在继续求解/);
      expect(last.text).toMatch(lang === 'en' ? /(best-first|depth-first)/ : /(最佳优先|深度优先)/);
      expect(last.text).not.toMatch(/Too much|failed|error|超出服务器/i);
      // Nothing to act on yet: controls disabled, the empty counter and list not shown.
      const state = await page.evaluate(() => ({
        play: (document.querySelector('#player .ctl-play') as HTMLButtonElement).disabled,
        scrubber: (document.querySelector('#player .scrubber') as HTMLInputElement).disabled,
        hint: (document.querySelector('#hint') as HTMLButtonElement).disabled,
        gif: (document.querySelector('#download-gif') as HTMLButtonElement).disabled,
        counter: getComputedStyle(document.querySelector('#player .counter')!).visibility,
        list: getComputedStyle(document.querySelector('#player .moves-pane')!).visibility,
      }));
      expect(state).toEqual({ play: true, scrubber: true, hint: true, gif: true, counter: 'hidden', list: 'hidden' });
      await page.click('#cancel');
      await page.close();
    });
  }

  it('enables the controls once there is a line', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/s/VBBV-VBBV-VHHV-VSSV-S..S`);
    await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
    const state = await page.evaluate(() => ({
      play: (document.querySelector('#player .ctl-play') as HTMLButtonElement).disabled,
      hint: (document.querySelector('#hint') as HTMLButtonElement).disabled,
      counter: getComputedStyle(document.querySelector('#player .counter')!).visibility,
    }));
    expect(state).toEqual({ play: false, hint: false, counter: 'visible' });
    await page.close();
  });
});
