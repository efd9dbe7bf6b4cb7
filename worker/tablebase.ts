/**
 * The classic tablebase in the Worker: a mix's table is fetched from the static assets (/tablebase/) on first use,
 * checked, and kept in the isolate, least recently used first out when the kept tables pass 8 MB. A table that cannot
 * be had is logged and remembered for a minute, during which requests are answered by search.
 */
import {
  TABLEBASE_PATH,
  deserializeTable,
  mixTag,
  resolveGoal,
  solve,
  tableFileName,
  toClassicPosition,
  type GoalInput,
  type Layout,
  type Metric,
  type Mix,
  type SolveResult,
} from '../solver/index.ts';
import { SharedLoad } from './shared-load.ts';
import type { Env } from './env.ts';

export const MAX_TABLE_BYTES = 8 * 1024 * 1024;

/** Loaded tables by metric and mix; one request loads a table, others arriving meanwhile poll for it. */
const tables = new SharedLoad<Uint8Array | null>({
  staleMs: 5000,
  retryMs: 60_000,
  fallback: null,
  maxSize: MAX_TABLE_BYTES,
  sizeOf: (table) => table?.length ?? 0,
  onError: (key, e) => console.warn(`tablebase ${key} unavailable; solving by search:`, (e as Error).message),
});

/** The mix's table in the metric, or null (no assets binding, missing or damaged file). */
export async function loadTable(env: Env, mix: Mix, metric: Metric): Promise<Uint8Array | null> {
  const assets = env.ASSETS;
  if (!assets) return null;
  return tables.get(`${metric}-${mixTag(mix)}`, () => fetchTable(assets, mix, metric));
}

/**
 * The tablebase's answer for a layout (its mix's table loaded on first use), or null when the tablebase does not cover
 * the layout or its table cannot be had. `loadMs`: time spent getting the table.
 */
export async function tableSolve(env: Env, layout: Layout, goal: GoalInput | null | undefined, metric: Metric): Promise<{ result: SolveResult; loadMs: number } | null> {
  const classic = toClassicPosition(layout, resolveGoal(layout, goal));
  if (!('position' in classic)) return null;
  const started = performance.now();
  const table = await loadTable(env, classic.position.mix, metric);
  const loadMs = performance.now() - started;
  if (!table) return null;
  const result = solve(layout, { metric, goal, tablebase: () => table });
  // A table that contradicts itself makes solve() search instead: that is not a table answer.
  return result.stats.algorithm === 'table' ? { result, loadMs } : null;
}

async function fetchTable(assets: Fetcher, mix: Mix, metric: Metric): Promise<Uint8Array> {
  const res = await assets.fetch(new Request(`https://assets.local${TABLEBASE_PATH}${tableFileName(mix, metric)}`));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return deserializeTable(new Uint8Array(await res.arrayBuffer()), mix, metric);
}

/** Bytes of tables kept in this isolate (for tests and diagnostics). */
export function keptTableBytes(): number {
  return tables.size;
}

/** Forgets every kept table and failure (tests). */
export function forgetTables(): void {
  tables.clear();
}
