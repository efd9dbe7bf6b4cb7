/**
 * The 15-puzzle's search in slices (as resumable.ts does for Klotski): IDA* with the 4×4 pattern databases
 * (tiles/fifteen.ts), its whole state between slices a small checkpoint (JSON, versioned, checksummed). The expanded
 * databases (32 MiB, about 0.2 s of CPU) are built in parts by the first slices of a process that lacks them, each
 * within the slice's budget, so no slice costs more than its share wherever it runs. The search keeps no table, so a
 * slice goes on exactly as the uninterrupted search would wherever it runs: the same positions, the same answer.
 */
import { BudgetClock } from './shared/budget.ts';
import { fail } from './shared/errors.ts';
import type { Move } from './klotski/model/moves.ts';
import { formatTiles, parseTilesOrThrow, solvedTiles } from './tiles/codec.ts';
import { geometry, manhattan } from './tiles/heuristic.ts';
import { FIFTEEN_SETUP_WORK, fifteenIda, type FifteenCheckpoint, type FifteenExpansion } from './tiles/fifteen.ts';
import { tilesMovesFromBlankPath } from './tiles/solve.ts';
import { textChecksum } from './resumable.ts';

export const TILES_CHECKPOINT_FORMAT = 'huarong-fifteen-ida';
export const TILES_CHECKPOINT_VERSION = 1;

export interface TilesCheckpoint {
  format: typeof TILES_CHECKPOINT_FORMAT;
  version: typeof TILES_CHECKPOINT_VERSION;
  /** The 4×4 tiles code searched (goal: in order, blank last; unit moves). */
  layout: string;
  slices: number;
  /** Positions generated and work spent by all slices so far (expanding the databases included in the work). */
  nodes: number;
  work: number;
  /** Where the search stopped; null before it began. */
  at: FifteenCheckpoint | null;
  check: string;
}

export type TilesSliceResult =
  | { done: false; checkpoint: TilesCheckpoint; lowerBound: number; nodes: number; expanding: { parts: number; of: number } | null }
  | { done: true; status: 'solved'; length: number; moves: Move[]; lowerBound: number; nodes: number; work: number };

/** The checkpoint of a 15-puzzle search not yet begun; throws a LayoutError for what it does not search. */
export function beginTilesSearch(code: string): TilesCheckpoint {
  const board = parseTilesOrThrow(code);
  if (board.width !== 4 || board.height !== 4) fail('not-resumable', `resumable tiles search is for the 4×4 (this board is ${board.width}×${board.height})`);
  return seal({ format: TILES_CHECKPOINT_FORMAT, version: TILES_CHECKPOINT_VERSION, layout: formatTiles(board), slices: 0, nodes: 0, work: 0, at: null });
}

/**
 * One slice of `maxWork` units from `checkpoint` (checked first): expanding parts of the databases while `expansion`
 * is not done, else searching. The caller keeps one expansion per process (of the databases it loaded).
 */
export function tilesSearchSlice(checkpoint: unknown, options: { maxWork: number; expansion: FifteenExpansion }): TilesSliceResult {
  const from = readTilesCheckpoint(checkpoint);
  const board = parseTilesOrThrow(from.layout);
  const clock = new BudgetClock({ maxWork: options.maxWork });
  const { expansion } = options;
  if (!expansion.done) {
    // At least one part per slice, so a slice smaller than a part still gets on.
    do {
      clock.work += Math.ceil(FIFTEEN_SETUP_WORK * expansion.nextShare);
      expansion.expandPart();
    } while (!expansion.done && clock.work + FIFTEEN_SETUP_WORK * expansion.nextShare <= options.maxWork);
    const next = seal({ ...from, slices: from.slices + 1, work: from.work + clock.work });
    // Before the search begins, the Manhattan distance is what is proven.
    const lowerBound = from.at?.bound ?? manhattan(geometry(solvedTiles(4, 4)), board.cells);
    return { done: false, checkpoint: next, lowerBound, nodes: from.nodes, expanding: { parts: expansion.expanded, of: expansion.parts } };
  }
  let run;
  try {
    run = fifteenIda(board.cells, expansion.tables(), clock, from.at);
  } catch (e) {
    if (e instanceof Error && /bad checkpoint/.test(e.message)) fail('bad-checkpoint', `the checkpoint does not belong to this search (${e.message})`);
    throw e;
  }
  const work = from.work + clock.work;
  if (run.status === 'solved') {
    const moves = tilesMovesFromBlankPath(board, run.blankPath);
    return { done: true, status: 'solved', length: moves.length, moves, lowerBound: moves.length, nodes: run.nodes, work };
  }
  if (!run.checkpoint) throw new Error('internal: the 4×4 search ended with no answer and no checkpoint');
  const next = seal({ ...from, slices: from.slices + 1, nodes: run.nodes, work, at: run.checkpoint });
  return { done: false, checkpoint: next, lowerBound: run.checkpoint.bound, nodes: run.nodes, expanding: null };
}

/** Checks a value is a checkpoint made by `beginTilesSearch`/`tilesSearchSlice`, whole and unchanged. */
export function readTilesCheckpoint(value: unknown): TilesCheckpoint {
  const bad = (why: string): never => fail('bad-checkpoint', `not a 15-puzzle search checkpoint: ${why}`);
  if (typeof value !== 'object' || value === null) bad('not an object');
  const cp = value as TilesCheckpoint;
  if (cp.format !== TILES_CHECKPOINT_FORMAT) bad(`format ${JSON.stringify(cp.format)}`);
  if (cp.version !== TILES_CHECKPOINT_VERSION) bad(`version ${JSON.stringify(cp.version)} (this solver reads ${TILES_CHECKPOINT_VERSION})`);
  if (typeof cp.check !== 'string' || checksum(cp) !== cp.check) bad('its checksum does not match (corrupted or altered)');
  if (![cp.slices, cp.nodes, cp.work].every((n) => Number.isFinite(n) && n >= 0)) bad('a negative or missing count');
  return cp;
}

/** Whether a checkpoint is the 15-puzzle's (the job runner keeps both kinds). */
export function isTilesCheckpoint(value: unknown): value is TilesCheckpoint {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === TILES_CHECKPOINT_FORMAT;
}

function seal(fields: Omit<TilesCheckpoint, 'check'>): TilesCheckpoint {
  return { ...fields, check: checksum(fields) };
}

function checksum(cp: Omit<TilesCheckpoint, 'check'>): string {
  return textChecksum(JSON.stringify([cp.format, cp.version, cp.layout, cp.slices, cp.nodes, cp.work, cp.at && [cp.at.bound, cp.at.nodes, cp.at.path, cp.at.dirs, cp.at.best]]));
}
