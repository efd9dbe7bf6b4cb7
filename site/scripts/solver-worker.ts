/// <reference lib="webworker" />
/** Web Worker: runs the solver core off the main thread, posting progress every ~100 ms. */
import {
  PARTITION_663,
  TABLEBASE_PATH,
  classicMix,
  databaseFileName,
  deserializeDatabase,
  deserializeTable,
  isTilesCode,
  parseLayout,
  solveCode,
  tableFileName,
  type GoalSpec,
  type Metric,
  type PatternDatabase,
} from '../../solver/index.ts';

/**
 * Where the site's files are: '' on the site itself; the widget's origin when the widget started this worker from a
 * blob URL on another site (relative URLs would then point nowhere).
 */
let base = '';

/** The 4×4 databases from the site's /pdb/ files (checked on load); null when they cannot be had. */
async function databases(): Promise<PatternDatabase[] | null> {
  try {
    return await Promise.all(
      PARTITION_663.map(async (tiles) => deserializeDatabase(new Uint8Array(await (await fetch(`${base}/pdb/${databaseFileName(tiles)}`)).arrayBuffer()), tiles)),
    );
  } catch {
    return null;
  }
}

/** The classic tablebase file for this layout's piece mix (the same file the Worker uses), or null. */
async function classicTable(code: string, metric: Metric, goal: GoalSpec | null | undefined): Promise<Uint8Array | null> {
  const parsed = parseLayout(code);
  if (!parsed.ok) return null;
  try {
    const mix = classicMix(parsed.value, goal);
    if (!mix) return null;
    const res = await fetch(`${base}${TABLEBASE_PATH}${tableFileName(mix, metric)}`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return deserializeTable(new Uint8Array(await res.arrayBuffer()), mix, metric);
  } catch (e) {
    console.warn('tablebase unavailable; solving by search:', (e as Error).message);
    return null;
  }
}

self.onmessage = async (e: MessageEvent) => {
  const { layout, metric, goal } = e.data;
  base = typeof e.data.base === 'string' ? e.data.base : '';
  const fourByFour = isTilesCode(layout) && /^[^-]{4}(-[^-]{4}){3}$/.test(layout.trim());
  const table = isTilesCode(layout) ? null : await classicTable(layout, metric ?? 'move', goal);
  const outcome = solveCode(layout, {
    metric,
    goal,
    databases: fourByFour ? await databases() : null,
    tablebase: table ? () => table : null,
    maxMs: 10 * 60_000,
    onProgress: (progress) => self.postMessage({ type: 'progress', progress }),
  });
  if (outcome.ok) self.postMessage({ type: 'done', result: outcome.value });
  else self.postMessage({ type: 'error', message: outcome.error.message });
};
