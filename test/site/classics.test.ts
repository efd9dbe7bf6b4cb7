/**
 * /puzzles/: the classic sliding-block puzzles beyond 华容道, each with the minimum the product computed in every metric
 * (or an "open to solve" link where its search did not finish), linking to the puzzle toward its goal drawing. The
 * small ones' numbers are checked against the independent breadth-first search (test/helpers/poly-reference.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { METRICS, type Metric } from '../../solver/index.ts';
import { readClassics } from '../../gallery/classics.ts';
import { polyDistance } from '../helpers/poly-reference.ts';
import { browserSuite, openPage } from './browser.ts';

const suite = browserSuite();
const puzzles = readClassics();
const byId = (id: string) => puzzles.find((p) => p.id === id)!;

/** Per puzzle row: its id, and per metric the number shown (null where it says "open to solve") and the link. */
function rows(page: Page) {
  return page.$$eval('tr.classic-item', (trs) =>
    trs.map((tr) => ({
      id: (tr as HTMLElement).dataset.id!,
      name: (tr.querySelector('.classic-link') as HTMLElement).innerText.trim(), // as shown (the page is in English)
      cells: Object.fromEntries(
        [...tr.querySelectorAll<HTMLElement>('td[data-metric]')].map((td) => {
          const count = td.querySelector<HTMLAnchorElement>('a.classic-count');
          const open = td.querySelector<HTMLAnchorElement>('a.classic-open');
          return [td.dataset.metric!, { shown: count ? Number(count.textContent) : null, open: !!open, href: (count ?? open)?.getAttribute('href') ?? null }];
        }),
      ) as Record<string, { shown: number | null; open: boolean; href: string | null }>,
    })),
  );
}

describe('the classic puzzles\' gallery (/puzzles/)', () => {
  it('lists at least ten classics, each with a number or an "open to solve" link in every metric, each linking to its puzzle and goal', async () => {
    const page = await openPage(suite, '/puzzles/');
    const listed = await rows(page);
    expect(listed.length).toBeGreaterThanOrEqual(10);
    expect(listed.map((r) => r.id)).toEqual(puzzles.map((p) => p.id));
    for (const row of listed) {
      const puzzle = byId(row.id);
      expect(row.name).toBe(puzzle.name);
      for (const metric of METRICS) {
        const cell = row.cells[metric]!;
        expect(cell.shown !== null || cell.open, `${row.id} ${metric}`).toBe(true);
        const url = new URL(cell.href!, suite.server.url);
        expect(decodeURIComponent(url.pathname)).toBe(`/s/${puzzle.code}`);
        expect(url.searchParams.get('goal')).toBe(puzzle.goal);
        expect(url.searchParams.get('metric') ?? 'move').toBe(metric);
      }
    }
    // Most are answered at build time (all but a handful whose searches take longer than the build allows).
    expect(listed.filter((r) => METRICS.every((m) => r.cells[m]!.shown !== null)).length).toBeGreaterThanOrEqual(10);
    // The sources' figures are labelled as theirs, apart from the product's numbers.
    const pennant = page.locator('tr#pennant-puzzle');
    expect(await pennant.locator('td[data-metric] .classic-published').count()).toBe(0);
    await pennant.locator('summary').click();
    expect(await pennant.locator('.classic-published').innerText()).toMatch(/^Published \(the sources' figures, not computed here\): 59 moves/);
    await pennant.locator('summary').click();
    await page.screenshot({ path: new URL('../artifacts/gallery-classics.png', import.meta.url).pathname });
    await page.locator('tr#t-zer').scrollIntoViewIfNeeded();
    await page.screenshot({ path: new URL('../artifacts/gallery-classics-open.png', import.meta.url).pathname });
    await page.screenshot({ path: new URL('../artifacts/gallery-classics-full.png', import.meta.url).pathname, fullPage: true });
    await page.close();
  });

  it('shows the minima of the small ones as the independent breadth-first search finds them, in all three metrics', async () => {
    const page = await openPage(suite, '/puzzles/');
    const listed = await rows(page);
    for (const id of ['hughes-puzzle', 'moving-day', 'gnome-bone', 'pennant-puzzle', 'mas-puzzle']) {
      const puzzle = byId(id);
      const row = listed.find((r) => r.id === id)!;
      for (const metric of METRICS) expect(row.cells[metric]!.shown, `${id} ${metric}`).toBe(polyDistance(puzzle.code, puzzle.goal, metric as Metric));
    }
    await page.close();
  });

  it('its links open the right puzzle toward its goal, in the metric clicked, with the minimum shown', async () => {
    for (const [id, metric] of [['hughes-puzzle', 'move'], ['mas-puzzle', 'straight']] as const) {
      const puzzle = byId(id);
      const page = await openPage(suite, '/puzzles/');
      await page.click(`tr#${id} td[data-metric="${metric}"] a`);
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
      expect(await page.textContent('#layout-code')).toBe(puzzle.code);
      expect(Number(await page.getAttribute('#move-count', 'data-length'))).toBe(polyDistance(puzzle.code, puzzle.goal, metric));
      expect(await page.$eval(`input[name=metric][value=${metric}]`, (i) => (i as HTMLInputElement).checked)).toBe(true);
      // The goal drawing's pieces are drawn as ghosts (Hughes: A; Ma's: L and M).
      expect(await page.$$eval('#player .goal-ghost', (els) => els.length)).toBe(id === 'mas-puzzle' ? 2 : 1);
      await page.close();
    }
  });

  it('names each puzzle in the page\'s language, in the gallery and on the puzzle\'s page (not a layout\'s name for another goal)', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const gallery = await openPage(suite, '/puzzles/', { lang });
      const shown = await gallery.$$eval('tr.classic-item', (trs) => trs.map((tr) => ({ id: (tr as HTMLElement).dataset.id!, name: (tr.querySelector('.classic-link') as HTMLElement).innerText.trim(), origin: (tr.querySelector('.classic-origin') as HTMLElement).innerText })));
      for (const row of shown) {
        const puzzle = byId(row.id);
        expect(row.name, row.id).toBe(lang === 'zh' ? puzzle.nameZh : puzzle.name);
        expect(row.origin, row.id).toContain(lang === 'zh' ? puzzle.originZh : puzzle.origin);
      }
      for (const id of ['layton-trapped-treasure', 'century-and-a-half', 'century']) {
        await gallery.click(`tr#${id} .classic-link`);
        await gallery.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
        const name = lang === 'zh' ? byId(id).nameZh : byId(id).name;
        expect(await gallery.$eval('#layout-name', (el) => (el as HTMLElement).innerText.trim()), id).toBe(name);
        expect(await gallery.title(), id).toContain(name);
        await gallery.goBack();
        await gallery.waitForSelector('tr.classic-item');
      }
      await gallery.close();
    }
    // The same start toward the exit, with no goal in its link, keeps its traditional name.
    const plain = await openPage(suite, `/s/${byId('century').code}`, { lang: 'zh' });
    expect(await plain.textContent('#layout-name')).toBe('守口如瓶II');
    await plain.close();
  });

  it('is reached from the header and from the 华容道 layouts', async () => {
    const page = await openPage(suite, '/layouts/');
    expect(await page.getAttribute('.site-header nav a[href="/puzzles/"]', 'data-i18n')).toBe('puzzles');
    await page.click('#puzzles-link');
    await page.waitForSelector('tr.classic-item');
    expect(new URL(page.url()).pathname).toBe('/puzzles/');
    await page.close();
  });
});
