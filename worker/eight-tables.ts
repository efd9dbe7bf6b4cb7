/**
 * The 8-puzzle tables in the Worker (solver/tiles/eight-table.ts): the one a 3×3 request needs — by metric and the
 * goal's kind — is fetched from the static assets (/eight/) on first use, checked and kept in the isolate (six at most,
 * 90 KB each). One that cannot be had is logged and remembered for a minute, during which 3×3 boards are searched.
 */
import { deserializeEightTable, eightTableFileName, type EightGoalKind } from '../solver/index.ts';
import { SharedLoad } from './shared-load.ts';
import type { Env } from './env.ts';

const tables = new SharedLoad<Uint8Array | null>({
  staleMs: 5000,
  retryMs: 60_000,
  fallback: null,
  onError: (key, e) => console.warn(`8-puzzle table ${key} unavailable; 3×3 boards are searched:`, (e as Error).message),
});

export function loadEightTable(env: Env, kind: EightGoalKind, metric: 'move' | 'straight'): Promise<Uint8Array | null> {
  const assets = env.ASSETS;
  if (!assets) return Promise.resolve(null);
  const name = eightTableFileName(kind, metric);
  return tables.get(name, async () => {
    const res = await assets.fetch(new Request(`https://assets.local/eight/${name}`));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return deserializeEightTable(new Uint8Array(await res.arrayBuffer()), kind, metric);
  });
}

/** Forgets every kept table and failure (tests). */
export function forgetEightTables(): void {
  tables.clear();
}
