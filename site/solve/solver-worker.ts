/// <reference lib="webworker" />
/** Web Worker: runs the solver core off the main thread, posting progress every ~100 ms. */
import {
  PDB_GROUPS,
  databaseFileName,
  deserializeDatabase,
  isTilesCode,
  isRushCode,
  parseLayout,
  solveCode,
  isGoalDrawing,
  type GoalInput,
  type Metric,
  type PatternDatabase,
  type TableSource,
} from '../../solver/index.ts';
import { BFS_MEMORY_BYTES } from '../../solver/solve.ts';
import { loadBitboardEngine } from '../../solver/klotski/wasm/engine.ts';
import { ClassicTables } from './classic-tables.ts';
import { lowerLimits, parseSearchLimits } from './search-limits.ts';
import { fetchTables } from './table-files.ts';

/** How long a search in this browser may run, and the memory it may fill (a test may lower them: solve/search-limits.ts). */
const BROWSER_LIMITS = { memoryBytes: BFS_MEMORY_BYTES, maxMs: 10 * 60_000 };

/**
 * Where the site's files are: '' on the site itself; the widget's origin when the widget started this worker from a
 * blob URL on another site (relative URLs would then point nowhere).
 */
let base = '';
/** The request the databases are being fetched for (download progress goes to it). */
let downloadFor: number | undefined;

/**
 * The 4×4 databases from the site's /pdb/ files (their gzip copies, checked on load), posting download progress;
 * null when they cannot be had.
 */
let loadedDatabases: Promise<PatternDatabase[] | null> | undefined;
function databases(): Promise<PatternDatabase[] | null> {
  // Once per worker: the search expands them (about 0.2 s), and it keeps that per database object.
  loadedDatabases ??= fetchDatabases().then((dbs) => {
    if (!dbs) loadedDatabases = undefined; // try again next time
    return dbs;
  });
  return loadedDatabases;
}

async function fetchDatabases(): Promise<PatternDatabase[] | null> {
  try {
    let last = 0;
    const files = await fetchTables(base, PDB_GROUPS.map((tiles) => `pdb/${databaseFileName(tiles)}`), (loaded, total) => {
      if (loaded < total && performance.now() - last < 100) return;
      last = performance.now();
      self.postMessage({ type: 'download', loaded, total, id: downloadFor });
    });
    return files.map((bytes, i) => deserializeDatabase(bytes, PDB_GROUPS[i]!));
  } catch {
    return null;
  }
}

/**
 * The WebAssembly search engine (the one the edge runs), fetched from the site's files once per worker. Without it (a
 * host page whose CSP forbids WebAssembly, an old browser, no network) the TypeScript engines give the same answers,
 * slower.
 */
let engineLoading: Promise<boolean> | undefined;
function loadEngine(): Promise<boolean> {
  engineLoading ??= fetch(`${base}/engine/bitboard-search.wasm`)
    .then(async (res) => {
      if (!res.ok) return false;
      await loadBitboardEngine(await WebAssembly.compile(await res.arrayBuffer()));
      return true;
    })
    .catch(() => false);
  return engineLoading;
}

/** The classic tablebase for this layout (the same files the Worker uses), or null when it does not cover it. */
async function classicTables(code: string, metric: Metric, goal: GoalInput | null | undefined): Promise<TableSource | null> {
  const parsed = parseLayout(code);
  // The tablebase has one goal piece: a goal drawing is searched.
  if (!parsed.ok || isGoalDrawing(goal)) return null;
  const tables = new ClassicTables(base);
  return (await tables.ensure(parsed.value, metric, goal)) ? tables.source : null;
}

// The page keeps one worker for many solves (the 4×4 databases stay loaded between them): each request carries an id,
// and every message about it says that id.
self.onmessage = async (e: MessageEvent) => {
  const { layout, metric, goal, id } = e.data;
  // Rush Hour's rule (bars along their length only) when asked for; a `rush:` code says it by itself.
  const slide = e.data.slide === 'line' ? 'line' : undefined;
  const limits = lowerLimits(BROWSER_LIMITS, parseSearchLimits(typeof e.data.limits === 'string' ? e.data.limits : null));
  base = typeof e.data.base === 'string' ? e.data.base : '';
  const fourByFour = isTilesCode(layout) && /^[^-]{4}(-[^-]{4}){3}$/.test(layout.trim());
  // The engine is fetched while the tablebase is looked up (a search needs it; a table answer does not wait for it).
  const engineReady = isTilesCode(layout) ? null : loadEngine();
  const tablebase = isTilesCode(layout) || slide || isRushCode(layout) ? null : await classicTables(layout, metric ?? 'move', goal);
  if (!tablebase) await engineReady;
  const outcome = solveCode(layout, {
    metric,
    goal,
    slide,
    databases: fourByFour ? await ((downloadFor = id), databases()) : null,
    tablebase,
    ...limits,
    onProgress: (progress) => self.postMessage({ type: 'progress', progress, id }),
  });
  if (outcome.ok) self.postMessage({ type: 'done', result: outcome.value, id });
  else self.postMessage({ type: 'error', message: outcome.error.message, id });
};
