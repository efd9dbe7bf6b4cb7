/**
 * /puzzles/'s Rush Hour (挪车华容道) section: every puzzle of data/puzzles/rush.tsv listed with the minimum the product
 * computed when the site was built — in moves and in steps — and its cluster's size, as the independent reference
 * finds them (test/helpers/rush-reference.ts), in English and in Chinese; each link opens its solution page under
 * slide=line showing that many moves.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readRushGallery } from '../../gallery/rush.ts';
import { readRush, rushSearch } from '../helpers/rush-reference.ts';
import { browserSuite, openPage } from './browser.ts';

const suite = browserSuite();
const puzzles = readRushGallery();
/** Clusters of hundreds of thousands of positions: test/gallery/rush.test.ts checks them in the whole sweep. */
const LARGE = new Set(['main-cpp-2', 'main-cpp-3']);

/** Per row: its id, name as shown, the numbers shown and their links. */
function rows(page: Page) {
  return page.$$eval('#rush tr.rush-item', (trs) =>
    trs.map((tr) => {
      const cell = (metric: string) => {
        const count = tr.querySelector<HTMLAnchorElement>(`td[data-metric="${metric}"] a.rush-count`);
        const link = tr.querySelector<HTMLAnchorElement>(`td[data-metric="${metric}"] a`);
        return { shown: count ? Number(count.textContent) : null, href: link?.getAttribute('href') ?? null };
      };
      return {
        id: (tr as HTMLElement).dataset.id!,
        name: (tr.querySelector('.rush-link') as HTMLElement).innerText.trim(),
        move: cell('move'),
        step: cell('step'),
        cluster: Number((tr.querySelector('.rush-cluster') as HTMLElement).dataset.cluster),
        exit: !!tr.querySelector('.thumb svg'),
      };
    }),
  );
}

describe('the Rush Hour section of the gallery (/puzzles/#rush)', () => {
  const reference = new Map(puzzles.filter((p) => !LARGE.has(p.id)).map((p) => [p.id, rushSearch(readRush(p.code), 'straight')]));

  it('lists every puzzle, named in the page\'s language, with the minimum and the cluster the reference finds, linking under slide=line', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const page = await openPage(suite, '/puzzles/', { lang });
      const listed = await rows(page);
      expect(listed.map((r) => r.id)).toEqual(puzzles.map((p) => p.id));
      for (const row of listed) {
        const puzzle = puzzles.find((p) => p.id === row.id)!;
        expect(row.name, row.id).toBe(lang === 'zh' ? puzzle.nameZh : puzzle.name);
        expect(row.exit, row.id).toBe(true);
        const ref = reference.get(row.id);
        if (ref) expect([row.move.shown, row.cluster], row.id).toEqual([ref.distance, ref.cluster]);
        for (const metric of ['move', 'step'] as const) {
          const url = new URL(row[metric].href!, suite.server.url);
          expect(url.searchParams.get('slide'), row.id).toBe('line');
          expect(url.searchParams.get('metric') ?? 'move', row.id).toBe(metric);
        }
      }
      expect(listed.find((r) => r.id === 'static')!.move.shown).toBeNull();
      // "No solution" only with its proof: the whole cluster explored, as many positions as the cluster column says.
      const staticCluster = listed.find((r) => r.id === 'static')!.cluster;
      const proof = await page.$eval('#rush-static td[data-metric="move"] .rush-proof', (el) => (el as HTMLElement).innerText.trim());
      expect(proof).toBe(lang === 'zh' ? `从起点能到达的全部 ${staticCluster} 个局面都已搜索，没有一个达到目标` : `all ${staticCluster} positions reachable from the start were explored and none reaches the goal`);
      if (lang === 'en') {
        await page.$eval('#rush', (el) => el.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: new URL('../artifacts/gallery-rush.png', import.meta.url).pathname });
      }
      await page.close();
    }
  });

  it('its links open the solution page showing the minimum listed, the exit at the car\'s row, in en and zh', async () => {
    const cases = [['en', 'puzzle51', 'move'], ['en', 'web-app', 'move'], ['zh', 'p51-20', 'move'], ['zh', 'forty-01', 'step']] as const;
    for (const [lang, id, metric] of cases) {
      const page = await openPage(suite, '/puzzles/', { lang });
      const row = (await rows(page)).find((r) => r.id === id)!;
      const shown = row[metric].shown!;
      if (metric === 'move') expect(shown, id).toBe(reference.get(id)!.distance);
      await page.click(`tr#rush-${id} td[data-metric="${metric}"] a`);
      await page.waitForSelector('#player[data-ready="true"]', { timeout: 60_000 });
      expect(Number(await page.getAttribute('#move-count', 'data-length')), id).toBe(shown);
      expect(await page.textContent('#move-count'), id).toMatch(new RegExp(lang === 'zh' ? `${shown}\\s*格?步` : `${shown} (moves|steps)`));
      expect(new URL(page.url()).searchParams.get('slide'), id).toBe('line');
      expect(await page.$$eval('#player .board-exit.board-exit-right', (els) => els.length), id).toBe(1);
      await page.close();
    }
  });
});
