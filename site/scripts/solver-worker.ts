/// <reference lib="webworker" />
/** Web Worker: runs the solver core off the main thread, posting progress every ~100 ms. */
import { PARTITION_663, databaseFileName, deserializeDatabase, isTilesCode, solveCode, type PatternDatabase } from '../../solver/index.ts';

/** The 4×4 databases from the site's /pdb/ files (checked on load); null when they cannot be had. */
async function databases(): Promise<PatternDatabase[] | null> {
  try {
    return await Promise.all(
      PARTITION_663.map(async (tiles) => deserializeDatabase(new Uint8Array(await (await fetch(`/pdb/${databaseFileName(tiles)}`)).arrayBuffer()), tiles)),
    );
  } catch {
    return null;
  }
}

self.onmessage = async (e: MessageEvent) => {
  const { layout, metric, goal } = e.data;
  const fourByFour = isTilesCode(layout) && /^[^-]{4}(-[^-]{4}){3}$/.test(layout.trim());
  const outcome = solveCode(layout, {
    metric,
    goal,
    databases: fourByFour ? await databases() : null,
    maxMs: 10 * 60_000,
    onProgress: (progress) => self.postMessage({ type: 'progress', progress }),
  });
  if (outcome.ok) self.postMessage({ type: 'done', result: outcome.value });
  else self.postMessage({ type: 'error', message: outcome.error.message });
};
