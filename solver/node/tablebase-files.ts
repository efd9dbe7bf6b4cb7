/** Node side of the tablebase: where the files live, and reading them (checked, lazily, once each) for the CLI and benches. */
import { existsSync, readFileSync } from 'node:fs';
import { METRICS, type Metric } from '../shared/metric.ts';
import { deserializeTable, tableFileName } from '../tablebase/file.ts';
import { MIXES, mixTag, type Mix } from '../tablebase/mixes.ts';
import type { TableSource } from '../tablebase/walk.ts';

/** Built by `npm run build:tables`; served to the Worker and browsers as static assets from /tablebase/. */
export const TABLEBASE_DIR = new URL('../../site/public/tablebase/', import.meta.url);
export const STATS_FILE = 'stats.json';

export function tablebasePresent(dir: URL = TABLEBASE_DIR): boolean {
  return existsSync(new URL(STATS_FILE, dir)) && MIXES.every((mix) => METRICS.every((metric) => existsSync(new URL(tableFileName(mix, metric), dir))));
}

/**
 * Tables read from `dir` on first use. A missing or damaged file gives null (the solver then searches) and one
 * warning on stderr.
 */
export function fileTables(dir: URL = TABLEBASE_DIR, warn: (message: string) => void = (m) => console.warn(m)): TableSource {
  const loaded = new Map<string, Uint8Array | null>();
  let warnedMissing = false;
  return (mix: Mix, metric: Metric) => {
    const key = `${metric}-${mixTag(mix)}`;
    let table = loaded.get(key);
    if (table !== undefined) return table;
    const file = new URL(tableFileName(mix, metric), dir);
    table = null;
    if (!existsSync(file)) {
      if (!warnedMissing) warn(`note: tablebase not found in ${dir.pathname}; solving by search (build it with npm run build:tables)`);
      warnedMissing = true;
    } else {
      try {
        table = deserializeTable(new Uint8Array(readFileSync(file)), mix, metric);
      } catch (e) {
        warn(`warning: ${(e as Error).message}; solving by search instead`);
      }
    }
    loaded.set(key, table);
    return table;
  };
}
