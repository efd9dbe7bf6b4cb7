/**
 * A search that outlives its caller: IDA* on the engine in slices, each under its own budget, from a checkpoint that is
 * a small plain object (JSON-safe: a few hundred bytes, versioned, checksummed) to the next. `beginSearch` makes the
 * first checkpoint, `searchSlice` runs one slice from any checkpoint and returns the next one or the answer.
 *
 * A slice that finds the table the previous slice left in this process (wasm/engine-ida.ts) goes on exactly as the
 * uninterrupted search would. Anywhere else, given a copy of the table (`copyTable`, kept by the caller), it goes on from
 * its checkpoint with that copy: exactly as uninterrupted when the copy is of the last slice's table, else having lost
 * only what the slices since the copy added to the table (searched again where the search meets it: about as much work
 * as those slices did; the answer still optimal, unsolvability still proved). Without a copy the search starts again
 * from the start (deterministic: the same positions in the same order, the same answer and proof).
 */
import { BudgetClock } from './shared/budget.ts';
import { fail } from './shared/errors.ts';
import { METRICS, type Metric } from './shared/metric.ts';
import { parseLayoutOrThrow, formatLayout } from './klotski/model/codec.ts';
import { resolveGoal, type GoalInput } from './klotski/model/goal.ts';
import type { Layout } from './klotski/model/layout.ts';
import { stepsFromPairs, type Move } from './klotski/model/moves.ts';
import { compilePuzzle, estimateStates } from './klotski/model/puzzle.ts';
import { pieceCosts } from './klotski/search/heuristic.ts';
import { copyIdaTable, engineIdaSlice, engineTakesBoard, holdsIdaTable, idaTableEntries, MAX_CHECKPOINT_DEPTH, type IdaCheckpoint } from './klotski/wasm/engine-ida.ts';
import { bitboardEngineLoaded } from './klotski/wasm/engine.ts';
import { DEFAULT_TT_BYTES } from './shared/transposition.ts';

export const CHECKPOINT_FORMAT = 'huarong-ida';
export const CHECKPOINT_VERSION = 1;

/** Everything a slice needs to go on with a search. */
export interface SearchCheckpoint {
  format: typeof CHECKPOINT_FORMAT;
  version: typeof CHECKPOINT_VERSION;
  /** The layout searched, its goal (null: the default) and metric. */
  layout: string;
  goal: GoalInput | null;
  metric: Metric;
  /** The transposition table's entries (the same in every slice). */
  entries: number;
  /** Names this search's table where a slice leaves it (engine-ida.ts), with `slices`. */
  owner: string;
  slices: number;
  /** Positions expanded and work spent by all slices so far (what a restart expands again counted again). */
  nodes: number;
  work: number;
  /** Slices that found the table gone and started the search again, and those that took up a copy of it instead. */
  restarts: number;
  adoptions: number;
  /** Where the search stopped; null before the first slice. */
  at: IdaCheckpoint | null;
  /** A checksum of everything above. */
  check: string;
}

export type SliceResult =
  | { done: false; checkpoint: SearchCheckpoint; lowerBound: number; nodes: number; warm: boolean; restarted: boolean }
  | {
      done: true;
      status: 'solved' | 'unsolvable' | 'budget-exceeded';
      length: number | null;
      moves: Move[];
      /** With budget-exceeded (a bound past what IDA* searches): no solution is shorter. */
      lowerBound: number;
      nodes: number;
      work: number;
      ttBytes: number;
      warm: boolean;
      restarted: boolean;
    };

export interface BeginOptions {
  metric?: Metric;
  goal?: GoalInput | null;
  /** The table's size cap in bytes (default 16 MB). */
  ttBytes?: number;
  /** The work all slices together may spend: no table larger than it can fill. */
  maxWork?: number;
  /** Names the search's table (default: a random name). */
  owner?: string;
}

/** Whether resumable search takes the puzzle: the engine's boards (up to 128 cells, shapes it can mask). */
export function resumableTakes(layout: Layout, goal: GoalInput | null): boolean {
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal));
  return engineTakesBoard(puzzle, grid);
}

/** The checkpoint of a search not yet begun: the layout checked, the goal resolved, the table sized. */
export function beginSearch(layout: Layout | string, options: BeginOptions = {}): SearchCheckpoint {
  const parsed = typeof layout === 'string' ? parseLayoutOrThrow(layout) : layout;
  const metric = options.metric ?? 'move';
  if (!METRICS.includes(metric)) fail('bad-metric', `metric ${JSON.stringify(metric)} is not one of ${METRICS.join(', ')}`);
  const goal = options.goal ?? null;
  const { puzzle, grid } = compilePuzzle(parsed, resolveGoal(parsed, goal));
  requireEngine();
  const budget = new BudgetClock({ maxWork: options.maxWork ?? Number.MAX_SAFE_INTEGER });
  const entries = idaTableEntries(puzzle, grid, budget, options.ttBytes ?? DEFAULT_TT_BYTES, 2 * estimateStates(puzzle));
  if (entries === null) fail('too-large', `a board of ${parsed.width}×${parsed.height} is larger than resumable search takes (128 cells)`);
  const owner = options.owner ?? Math.random().toString(36).slice(2, 12);
  return seal({ format: CHECKPOINT_FORMAT, version: CHECKPOINT_VERSION, layout: formatLayout(parsed), goal, metric, entries, owner, slices: 0, nodes: 0, work: 0, restarts: 0, adoptions: 0, at: null });
}

/**
 * Runs one slice of the search from `checkpoint` (checked first: a corrupted or foreign one throws a LayoutError
 * 'bad-checkpoint') until `maxWork` units are spent.
 */
export function searchSlice(checkpoint: unknown, options: { maxWork: number; table?: TableCopy | null }): SliceResult {
  const from = readCheckpoint(checkpoint);
  // A copy of this search's table from this checkpoint or an earlier one (another search's, or a later one, is ignored).
  const copy = options.table && options.table.owner === from.owner && options.table.entries === from.entries && options.table.slices <= from.slices ? options.table : null;
  const layout = parseLayoutOrThrow(from.layout);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, from.goal));
  requireEngine();
  const budget = new BudgetClock({ maxWork: options.maxWork });
  let slice;
  try {
    slice = engineIdaSlice(puzzle, grid, pieceCosts(puzzle, from.metric), from.metric, budget, from.entries, from.at, { owner: from.owner, slices: from.slices }, copy);
  } catch (e) {
    if (e instanceof Error && /checkpoint/.test(e.message)) fail('bad-checkpoint', `the checkpoint does not belong to this search (${e.message})`);
    throw e;
  }
  if (!slice) fail('too-large', 'the board is larger than resumable search takes');
  const nodes = from.nodes + slice.nodes;
  const work = from.work + budget.work;
  if (slice.checkpoint) {
    const next = seal({
      ...from, slices: from.slices + 1, nodes, work, restarts: from.restarts + (slice.restarted ? 1 : 0), adoptions: from.adoptions + (slice.adopted ? 1 : 0), at: slice.checkpoint,
    });
    return { done: false, checkpoint: next, lowerBound: slice.checkpoint.bound, nodes, warm: slice.warm, restarted: slice.restarted };
  }
  const moves = slice.status === 'solved' ? stepsFromPairs(puzzle, grid, from.metric, slice.steps) : [];
  return {
    done: true, status: slice.status, length: slice.status === 'solved' ? moves.length : null, moves, lowerBound: slice.lowerBound, nodes, work,
    ttBytes: slice.ttBytes, warm: slice.warm, restarted: slice.restarted,
  };
}

/**
 * A copy of a search's transposition table, taken where a slice stopped: kept somewhere durable, it lets a slice in
 * another process go on from that slice's checkpoint instead of starting the search again (`searchSlice`'s `table`).
 */
export interface TableCopy {
  /** The checkpoint of the slice that left the table so: where a search taken up from the copy goes on. */
  checkpoint: SearchCheckpoint;
  owner: string;
  entries: number;
  /** Slices run when it was taken. */
  slices: number;
  at: IdaCheckpoint;
  open: number;
  lostOpen: number;
  bytes: Uint8Array;
}

/** Whether this process holds the search's table as the slice that made `checkpoint` left it. */
export function holdsTable(checkpoint: SearchCheckpoint): boolean {
  return holdsIdaTable({ owner: checkpoint.owner, slices: checkpoint.slices });
}

/** A copy of the search's table as the slice that made `checkpoint` left it; null when this process does not hold it. */
export function copyTable(checkpoint: SearchCheckpoint): TableCopy | null {
  const copy = copyIdaTable({ owner: checkpoint.owner, slices: checkpoint.slices });
  return copy && { checkpoint, owner: checkpoint.owner, entries: checkpoint.entries, ...copy };
}

const COPY_MAGIC = 'huarong-ida-table-1';

/** A table copy as bytes (for a store of bytes): a length-prefixed JSON head, then the table. */
export function encodeTableCopy(copy: TableCopy): Uint8Array {
  const { bytes, ...head } = copy;
  const text = new TextEncoder().encode(JSON.stringify({ magic: COPY_MAGIC, ...head, length: bytes.length }));
  const out = new Uint8Array(4 + text.length + bytes.length);
  new DataView(out.buffer).setUint32(0, text.length);
  out.set(text, 4);
  out.set(bytes, 4 + text.length);
  return out;
}

/** Reads `encodeTableCopy`'s bytes; null when they are not a whole table copy. */
export function decodeTableCopy(data: Uint8Array): TableCopy | null {
  try {
    const size = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0);
    const head = JSON.parse(new TextDecoder().decode(data.subarray(4, 4 + size)));
    const bytes = data.subarray(4 + size);
    if (head.magic !== COPY_MAGIC || head.length !== bytes.length || typeof head.owner !== 'string') return null;
    const { magic: _magic, length: _length, ...copy } = head;
    readCheckpoint(copy.checkpoint);
    return { ...copy, bytes };
  } catch {
    return null;
  }
}

function requireEngine(): void {
  if (!bitboardEngineLoaded()) throw new Error('internal: resumable search runs on the WebAssembly engine; load it first');
}

/** Checks a value is a checkpoint made by `beginSearch`/`searchSlice`, whole and unchanged. */
export function readCheckpoint(value: unknown): SearchCheckpoint {
  const bad = (why: string): never => fail('bad-checkpoint', `not a search checkpoint: ${why}`);
  if (typeof value !== 'object' || value === null) bad('not an object');
  const cp = value as SearchCheckpoint;
  if (cp.format !== CHECKPOINT_FORMAT) bad(`format ${JSON.stringify(cp.format)}`);
  if (cp.version !== CHECKPOINT_VERSION) bad(`version ${JSON.stringify(cp.version)} (this solver reads ${CHECKPOINT_VERSION})`);
  if (typeof cp.check !== 'string' || checksum(cp) !== cp.check) bad('its checksum does not match (corrupted or altered)');
  if (!METRICS.includes(cp.metric)) bad('unknown metric');
  const counts = [cp.entries, cp.slices, cp.nodes, cp.work, cp.restarts, cp.adoptions];
  if (!counts.every((n) => Number.isFinite(n) && n >= 0)) bad('a negative or missing count');
  if (cp.entries < 4 || (cp.entries & (cp.entries - 1)) !== 0) bad('a table size that is not a power of two');
  const at = cp.at;
  if (at !== null) {
    const ints = [at.depth, at.bound, at.iteration, at.open, at.lostOpen, at.trace];
    if (!ints.every(Number.isInteger) || at.depth < 0 || at.depth > MAX_CHECKPOINT_DEPTH || at.bound < 0 || at.iteration < 1 || at.iteration > 0xffff) {
      bad('a position out of range');
    }
    if (!Array.isArray(at.moves) || !Array.isArray(at.best) || at.moves.length !== at.depth || at.best.length !== at.depth) bad('a path of the wrong length');
    if (!at.moves.every((m) => Number.isInteger(m) && m >= 0) || !at.best.every((b) => Number.isInteger(b) && b >= 0)) bad('a path out of range');
  }
  return cp;
}

function seal(fields: Omit<SearchCheckpoint, 'check'>): SearchCheckpoint {
  const cp = fields as SearchCheckpoint;
  return { ...cp, check: checksum(cp) };
}

/** FNV-1a (32-bit, hex) of the checkpoint's fields in a fixed order. */
function checksum(cp: SearchCheckpoint): string {
  return textChecksum(JSON.stringify([cp.format, cp.version, cp.layout, cp.goal, cp.metric, cp.entries, cp.owner, cp.slices, cp.nodes, cp.work, cp.restarts, cp.adoptions, cp.at && [
    cp.at.depth, cp.at.bound, cp.at.iteration, cp.at.open, cp.at.lostOpen, cp.at.trace, cp.at.moves, cp.at.best,
  ]]));
}

/** FNV-1a (32-bit, hex) of a text: the checkpoints' seal. */
export function textChecksum(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
