/**
 * The classic tablebase in the browser: a mix's table is fetched once (the gzip copy of the /tablebase/ file the
 * Worker uses), checked, and kept for the page's life, so hints and move evaluation then work offline.
 */
import { classicMix, deserializeTable, mixTag, tableFileName, type GoalSpec, type Layout, type Metric, type Mix, type TableSource } from '../../solver/index.ts';
import { fetchTable } from './table-files.ts';

export class ClassicTables {
  private readonly tables = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, Promise<boolean>>();
  /** Origin of the site's files: '' on the site itself, the widget's origin in a worker started from a blob URL. */
  private readonly base: string;

  constructor(base = '') {
    this.base = base;
  }

  /** Synchronous lookups for the solver: a table already fetched, or null. */
  readonly source: TableSource = (mix: Mix, metric: Metric) => this.tables.get(`${metric}-${mixTag(mix)}`) ?? null;

  /** Fetches the table this layout needs in this metric; false when the tablebase does not cover it or it cannot be had. */
  ensure(layout: Layout, metric: Metric, goal?: GoalSpec | null): Promise<boolean> {
    const mix = classicMix(layout, goal);
    if (!mix) return Promise.resolve(false);
    const key = `${metric}-${mixTag(mix)}`;
    if (this.tables.has(key)) return Promise.resolve(true);
    let pending = this.pending.get(key);
    if (!pending) {
      const wanted = mix;
      pending = (async () => {
        try {
          const bytes = await fetchTable(this.base, `tablebase/${tableFileName(wanted, metric)}`);
          this.tables.set(key, deserializeTable(bytes, wanted, metric));
          return true;
        } catch (e) {
          console.warn('tablebase unavailable; answering by search:', (e as Error).message);
          return false;
        } finally {
          this.pending.delete(key);
        }
      })();
      this.pending.set(key, pending);
    }
    return pending;
  }
}
