/**
 * IDA* on the engine (assembly/ida.ts: 64-bit masks up to 64 cells, 128-bit ones up to 128): in one go under a budget
 * (`engineIda`), or in slices that stop after a budget and resume from a checkpoint (`engineIdaSlice`).
 *
 * A resumable search keeps its transposition table between slices in an engine instance of its own (`HELD_TABLES` of
 * them at most): the next slice that finds it there goes on exactly as the uninterrupted search would. Elsewhere (another
 * process, an instance lost or lent to another search) the slice goes on from its checkpoint with a copy of the table
 * taken at an earlier slice, when the caller kept one (`IdaTableCopy`), or else starts the search again from the start: being
 * deterministic, it expands the same positions in the same order, rebuilding the very table that was lost, and passes
 * the checkpoint after as much work as it took the first time. (Going on from the checkpoint with an empty table was
 * tried: correct, but on Klotski the lost table's transpositions made a slice of 1,000–30,000 positions advance the
 * depth-first search so little that a 3×6 board took 480 slices instead of 8, and a 4×5 one did not end in 3,000.)
 */
import type { BudgetClock } from '../../shared/budget.ts';
import type { Metric } from '../../shared/metric.ts';
import type { Puzzle } from '../model/puzzle.ts';
import type { IdaOutcome } from '../search/ida.ts';
import { metricCode } from '../search/move-tags.ts';
import { toWideBitboard } from './board64.ts';
import { toMultiwordBitboard } from './board128.ts';
import { loadedEngine, newEngineInstance, putTargets, runEngine, type EngineExports } from './engine.ts';
import { boardHeader, boardHeader128, putter, shapeKinds } from './headers.ts';

/** Checkpoint fields before the per-depth pairs (assembly/ida.ts CHECKPOINT_FIELDS). */
const CHECKPOINT_FIELDS = 6;
/** Deepest checkpoint the engine makes (assembly/ida.ts MAX_BOUND). */
export const MAX_CHECKPOINT_DEPTH = 3000;

/** Where a stopped search stands (assembly/ida.ts's checkpoint, read out of the engine's memory). */
export interface IdaCheckpoint {
  /** Depth of the position the search stopped at (not yet expanded). */
  depth: number;
  bound: number;
  iteration: number;
  /** The table's counts of entries never expanded, and of such entries lost. */
  open: number;
  lostOpen: number;
  /** A hash of the positions expanded so far, in order. */
  trace: number;
  /** Per depth above `depth`: the index of the move being searched among the position's moves. */
  moves: number[];
  /** Per depth above `depth`: the least bound beyond `bound` that the earlier moves returned (2³¹−1: none). */
  best: number[];
}

/** A slice of a resumable search: where it stopped (null once it ended) and whether it went on or started again. */
export interface IdaSlice extends IdaOutcome {
  checkpoint: IdaCheckpoint | null;
  /** It went on with the table the previous slice left; false: the first slice, or the table was gone (`restarted`). */
  warm: boolean;
  /** The table was gone: the search started again from the start. */
  restarted: boolean;
  /** The table was gone and a copy of it (`IdaTableCopy`) was taken up instead. */
  adopted: boolean;
}

/** What identifies a resumable search's table between slices: its owner and how many slices have run. */
export interface IdaTableTag {
  owner: string;
  slices: number;
}

/**
 * A copy of a held table as a slice left it, with that slice's checkpoint: a slice elsewhere that has it goes on from its
 * own (later) checkpoint with it, searching nothing again; only what the slices since the copy added to the table is lost.
 */
export interface IdaTableCopy {
  /** Slices run when it was taken (the checkpoint `at` is the one they ended with). */
  slices: number;
  at: IdaCheckpoint;
  open: number;
  lostOpen: number;
  bytes: Uint8Array;
}

/**
 * IDA*'s work per position on the engine, in the budget's units: generating its moves, its key (and its mirror image's
 * where mirror images fold) and a table probe; 120–200 ns on the boards measured on 64-bit masks (4×5 to 6×6), about
 * 10 ns a unit, and up to three times that on 128-bit ones.
 */
function idaWork(classes: number, wide: boolean): number {
  return wide ? 3 * (10 + 2 * classes) : 10 + 2 * classes;
}

type Boards = NonNullable<ReturnType<typeof boardsOf>>;

/** The engine's board of the puzzle (one of the two mask widths), or null when it is larger than the engine takes. */
function boardsOf(puzzle: Puzzle, grid: Uint8Array) {
  const board64 = toWideBitboard(puzzle, grid);
  const board128 = board64 ? null : toMultiwordBitboard(puzzle, grid);
  return board64 || board128 ? { board64, board128 } : null;
}

/** Whether the engine's IDA* takes the puzzle (a board of up to 128 cells whose shapes its masks hold). */
export function engineTakesBoard(puzzle: Puzzle, grid: Uint8Array): boolean {
  return boardsOf(puzzle, grid) !== null;
}

/** Bytes of a table entry: the key (a mask per class) and the entry's bound, iteration, depth and mark. */
function entryBytesOf({ board64, board128 }: Boards): number {
  return board64 ? 8 * board64.classes + 7 : 16 * board128!.classes + 7;
}

/**
 * Entries of the table IDA* gets: a power of two within `ttBytes`, no more than `wantedEntries` (at least 4,096) nor
 * than `budget` can fill; null when the engine does not take the board.
 */
export function idaTableEntries(puzzle: Puzzle, grid: Uint8Array, budget: BudgetClock, ttBytes: number, wantedEntries: number): number | null {
  const boards = boardsOf(puzzle, grid);
  if (!boards) return null;
  const wide = !boards.board64;
  const K = (boards.board64 ?? boards.board128)!.classes;
  const entryBytes = entryBytesOf(boards);
  const wanted = Math.max(4096, Math.min(wantedEntries, budget.entriesWithin(idaWork(K, wide))));
  let entries = 4;
  while (entries * 2 * entryBytes <= ttBytes && entries < wanted) entries *= 2;
  return entries;
}

/** Writes the search's header into the engine's (reset) memory; returns it and which mask width it is for. */
function writeHeader(wasm: EngineExports, { board64, board128 }: Boards, costs: Int16Array, metric: Metric, entries: number) {
  const board = (board64 ?? board128)!;
  wasm.reset();
  const put = putter(wasm);
  putTargets(wasm, put, board.targets);
  const classCosts = put(Int32Array.from(costs.subarray(board.cells)));
  const code = metricCode(metric);
  // The header, in the order assembly/ida.ts and ida-masks64.ts or ida-masks128.ts read it.
  const fields = [board.mirrorable ? 1 : 0, board.goalCell, idaWork(board.classes, !board64), classCosts, put(board.start), entries];
  if (board64) {
    const { kinds, quads } = shapeKinds(board64);
    return { header: put(Int32Array.from([...boardHeader(board64, code, put), ...fields, put(kinds), put(quads)])), wide: false };
  }
  return { header: put(Int32Array.from([...boardHeader128(board128!, code, put), ...fields])), wide: true };
}

/**
 * IDA* on the engine in one go, with a transposition table of at most `ttBytes` sized for `wantedEntries` (as
 * search/ida.ts sizes its own); null when the engine is not loaded or the board is larger.
 */
export function engineIda(
  puzzle: Puzzle, grid: Uint8Array, costs: Int16Array, metric: Metric, budget: BudgetClock, ttBytes: number, wantedEntries: number,
): IdaOutcome | null {
  const wasm = loadedEngine();
  const entries = wasm && idaTableEntries(puzzle, grid, budget, ttBytes, wantedEntries);
  const boards = entries ? boardsOf(puzzle, grid) : null;
  if (!wasm || !entries || !boards) return null;
  const { header, wide } = writeHeader(wasm, boards, costs, metric, entries);
  const ok = runEngine(wasm, budget, () => (wide ? wasm.ida128(header, budget.work) : wasm.ida(header, budget.work)));
  return outcome(wasm, ok, budget, entries * entryBytesOf(boards));
}

/** Engine instances holding a resumable search's table (and the checkpoint it stopped at), most recently used first. */
const held: Array<{ wasm: EngineExports; tag: IdaTableTag | null; at: IdaCheckpoint | null }> = [];

function holderOf(tag: IdaTableTag) {
  return held.find((h) => h.tag?.owner === tag.owner && h.tag.slices === tag.slices) ?? null;
}

/** Whether this process holds the search's table as its last slice (`tag.slices`) left it. */
export function holdsIdaTable(tag: IdaTableTag): boolean {
  return holderOf(tag) !== null;
}

/** A copy of the held table as the slice `tag.slices` left it; null when it is not held here. */
export function copyIdaTable(tag: IdaTableTag): IdaTableCopy | null {
  const holder = holderOf(tag);
  if (!holder || !holder.at) return null;
  const { wasm } = holder;
  const bytes = new Uint8Array(wasm.memory.buffer, wasm.ttRegion(), wasm.ttRegionEnd() - wasm.ttRegion()).slice();
  return { slices: tag.slices, at: holder.at, open: wasm.ttOpen(), lostOpen: wasm.ttLostOpen(), bytes };
}
/**
 * Resumable searches whose tables are kept at once (each instance's memory is its table's size and a little more).
 * Searches that take turns in one process beyond this many evict each other's tables and keep starting again: a
 * caller running more at once must hold them elsewhere (the Worker caps its running jobs at this).
 */
export const HELD_TABLES = 4;

/**
 * One slice of a resumable IDA*: from the start (`from` null) or from a checkpoint this search made, until `budget` is
 * spent. `tag` names the search's table as the previous slice left it; the slice goes on with that table when an
 * instance here still holds it, else starts again. `entries`: the table's size (`idaTableEntries`, the same for every
 * slice). Null when the engine is not loaded or the board is larger; status 'budget-exceeded' with a checkpoint when
 * stopped; an Error for a checkpoint the search cannot have made.
 */
export function engineIdaSlice(
  puzzle: Puzzle, grid: Uint8Array, costs: Int16Array, metric: Metric, budget: BudgetClock, entries: number, from: IdaCheckpoint | null, tag: IdaTableTag,
  copy: IdaTableCopy | null = null,
): IdaSlice | null {
  const boards = loadedEngine() ? boardsOf(puzzle, grid) : null;
  if (!boards) return null;
  const at = held.findIndex((h) => h.tag?.owner === tag.owner);
  const warmAt = from && at >= 0 && held[at]!.tag!.slices === tag.slices ? at : -1;
  let holder = warmAt >= 0 ? held[warmAt]! : at >= 0 ? held[at]! : null;
  if (!holder) {
    const wasm = held.length < HELD_TABLES ? newEngineInstance() : held[held.length - 1]!.wasm;
    if (!wasm) return null;
    holder = { wasm, tag: null, at: null };
    if (held.length === HELD_TABLES) held.pop();
  } else {
    held.splice(held.indexOf(holder), 1);
  }
  held.unshift(holder);
  const wasm = holder.wasm;
  holder.tag = null; // until the slice ends with a checkpoint
  holder.at = null;
  let ok: boolean;
  let adopted = false;
  if (warmAt >= 0) {
    const input = putCheckpoint(wasm, from!);
    ok = runEngine(wasm, budget, () => wasm.idaContinue(budget.work, input));
  } else if (from && copy && copy.slices <= tag.slices) {
    // The table as a slice up to this one left it, written over a fresh one: the search goes on from this checkpoint
    // (assembly/ida.ts idaContinueLate; exactly as if kept when the copy is of the last slice's table).
    const { header, wide } = writeHeader(wasm, boards, costs, metric, entries);
    wasm.idaPrepare(header, wide ? 1 : 0);
    const region = wasm.ttRegionEnd() - wasm.ttRegion();
    if (region !== copy.bytes.length) throw new Error(`a table copy of ${copy.bytes.length} bytes is not this search's checkpoint table (${region})`);
    new Uint8Array(wasm.memory.buffer, wasm.ttRegion(), region).set(copy.bytes);
    wasm.ttAdoptCounts(copy.open, copy.lostOpen);
    const input = putCheckpoint(wasm, from);
    ok = runEngine(wasm, budget, () => (copy.slices === tag.slices ? wasm.idaContinue : wasm.idaContinueLate)(budget.work, input));
    adopted = true;
  } else {
    const { header, wide } = writeHeader(wasm, boards, costs, metric, entries);
    ok = runEngine(wasm, budget, () => (wide ? wasm.ida128 : wasm.ida)(header, budget.work));
  }
  if (ok && wasm.idaStatus() === 3) throw new Error('a checkpoint this search did not make');
  const result = outcome(wasm, ok, budget, entries * entryBytesOf(boards));
  const checkpoint = ok && wasm.idaCheckpointed() ? readCheckpoint(wasm) : null;
  if (checkpoint) {
    holder.tag = { owner: tag.owner, slices: tag.slices + 1 };
    holder.at = checkpoint;
  }
  return { ...result, checkpoint, warm: warmAt >= 0, restarted: from !== null && warmAt < 0 && !adopted, adopted };
}

/** Copies a checkpoint into the engine's memory (assembly/ida.ts's layout); returns where. */
function putCheckpoint(wasm: EngineExports, from: IdaCheckpoint): number {
  const words = new Int32Array(CHECKPOINT_FIELDS + 2 * from.depth);
  words.set([from.depth, from.bound, from.iteration, from.open, from.lostOpen, from.trace]);
  for (let g = 0; g < from.depth; g++) {
    words[CHECKPOINT_FIELDS + 2 * g] = from.moves[g]!;
    words[CHECKPOINT_FIELDS + 2 * g + 1] = from.best[g]!;
  }
  return putter(wasm)(words);
}

function readCheckpoint(wasm: EngineExports): IdaCheckpoint {
  const head = new Int32Array(wasm.memory.buffer, wasm.idaCheckpoint(), CHECKPOINT_FIELDS);
  const depth = head[0]!;
  const pairs = new Int32Array(wasm.memory.buffer, wasm.idaCheckpoint() + 4 * CHECKPOINT_FIELDS, 2 * depth);
  const moves: number[] = [];
  const best: number[] = [];
  for (let g = 0; g < depth; g++) {
    moves.push(pairs[2 * g]!);
    best.push(pairs[2 * g + 1]!);
  }
  return { depth, bound: head[1]!, iteration: head[2]!, open: head[3]!, lostOpen: head[4]!, trace: head[5]!, moves, best };
}

/** What a search on `wasm` ended with (a trap: over budget, its memory full). */
function outcome(wasm: EngineExports, ok: boolean, budget: BudgetClock, ttBytes: number): IdaOutcome {
  if (!ok) return { status: 'budget-exceeded', steps: [], nodes: wasm.idaNodes(), lowerBound: wasm.idaLowerBound(), ttBytes };
  budget.work = wasm.idaWork();
  const status = (['solved', 'unsolvable', 'budget-exceeded'] as const)[wasm.idaStatus()]!;
  const steps: Array<[number, number]> = [];
  if (status === 'solved') {
    const path = new Int32Array(wasm.memory.buffer, wasm.idaPath(), 2 * wasm.idaSteps());
    for (let i = 0; i < path.length; i += 2) steps.push([path[i]!, path[i + 1]!]);
  }
  return { status, steps, nodes: wasm.idaNodes(), lowerBound: wasm.idaLowerBound(), ttBytes, trace: wasm.idaTrace() };
}
