/**
 * The search engine's adapter: breadth-first and best-first (A*) search of boards of up to 64 cells (assembly/search.ts,
 * 64-bit masks) and of 65 to 128 cells (search128.ts, 128-bit masks), compiled to WebAssembly (assembly/, built by
 * `npm run build:wasm` into bitboard-search.wasm). It writes a board's tables (board64.ts, board128.ts) into the
 * engine's memory, runs the search under the caller's budget clock and reads the result back.
 *
 * The solver core reads no files, so each shell hands it the compiled module its own way (`loadBitboardEngine`): Node
 * from disk (solver/node/bitboard-engine.ts), the Worker as an imported module (Workers compile no code at run time),
 * the browser's solver worker by fetching it. Until then (or where WebAssembly is refused) the TypeScript search runs
 * (search/part-grid.ts).
 */
import type { BudgetClock } from '../../shared/budget.ts';
import type { Metric } from '../../shared/metric.ts';
import { layersAlternate, type Exploration, type ExploreOptions } from '../search/exploration.ts';
import { metricCode, STEP, stepKeys } from '../search/move-tags.ts';
import { rankLayout, unrankPosition } from './rank-set.ts';
import { StateTable } from '../search/state-table.ts';
import { storedFormWide, toWideBitboard, wideWords, type WideBitboard } from './board64.ts';
import { boardHeader, boardHeader128, engineWork128, engineWork64, putter, shapeKinds, type Put } from './headers.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { ENGINE_WORDS, multiwordWords, storedFormMultiword, toMultiwordBitboard, type MultiwordBitboard } from './board128.ts';

export { ENGINE_WORDS };

/** The largest board the engine searches. */
export const MAX_ENGINE_CELLS = 32 * ENGINE_WORDS;

/** The module's exports (assembly/index.ts). */
export interface EngineExports {
  memory: WebAssembly.Memory;
  reset(): void;
  reserve(bytes: number): number;
  search(header: number, startWork: number): void;
  search128(header: number, startWork: number): void;
  resultStatus(): number;
  resultGoalIndex(): number;
  resultSolvedCount(): number;
  resultNodes(): number;
  resultWork(): number;
  resultSize(): number;
  resultRecords(): number;
  resultParents(): number;
  resultTags(): number;
  resultLayerStarts(): number;
  resultLayerCount(): number;
  resultBound(): number;
  ida(header: number, startWork: number): void;
  ida128(header: number, startWork: number): void;
  idaContinue(startWork: number, checkpoint: number): void;
  idaContinueLate(startWork: number, checkpoint: number): void;
  setTargets(at: number, count: number): void;
  idaCheckpoint(): number;
  idaCheckpointed(): number;
  idaTrace(): number;
  idaPrepare(header: number, wide: number): void;
  ttRegion(): number;
  ttRegionEnd(): number;
  ttOpen(): number;
  ttLostOpen(): number;
  ttAdoptCounts(open: number, lostOpen: number): void;
  idaStatus(): number;
  idaSteps(): number;
  idaPath(): number;
  idaNodes(): number;
  idaLowerBound(): number;
  idaWork(): number;
}

let engine: EngineExports | null = null;
/** The compiled module, for instances of the engine's own (engine-ida.ts: a resumable search keeps its table in one). */
let compiled: WebAssembly.Module | null = null;
/** Off: the TypeScript search runs though the engine is loaded (benchmarks and tests compare the two). */
let enabled = true;
/** The clock of the search running now (the module's `spent` import asks it). */
let clock: BudgetClock | null = null;

const imports: WebAssembly.Imports = {
  env: {
    spent(nodes: number, depth: number, work: number): boolean {
      clock!.work = work;
      clock!.depth = depth;
      return clock!.spent(nodes);
    },
    abort(): void {
      throw new Error('internal: the WebAssembly search engine aborted');
    },
  },
};

/**
 * Instantiates the engine from its compiled module for every later search. (The shell compiles it: the
 * Worker may not compile code itself, it imports the module.)
 */
export async function loadBitboardEngine(module: WebAssembly.Module): Promise<void> {
  const instance = await WebAssembly.instantiate(module, imports);
  engine = instance.exports as unknown as EngineExports;
  compiled = module;
}

/**
 * The same, synchronously: for the Worker, where a lazily loaded engine must not be a promise shared between requests
 * (one that a cancelled request created never settles in another). Instantiating a compiled module this way is allowed
 * there and takes well under a millisecond.
 */
export function instantiateBitboardEngine(module: WebAssembly.Module): void {
  engine = new WebAssembly.Instance(module, imports).exports as unknown as EngineExports;
  compiled = module;
}

/** The engine searches run on, or null when it is not loaded or switched off. */
export function loadedEngine(): EngineExports | null {
  return enabled ? engine : null;
}

/** A new instance of the loaded engine, with memory of its own; null when it is not loaded or switched off. */
export function newEngineInstance(): EngineExports | null {
  return compiled && enabled ? (new WebAssembly.Instance(compiled, imports).exports as unknown as EngineExports) : null;
}

/**
 * Runs `search` on an engine under `budget` (the module's `spent` asks it); false when the engine trapped (out of
 * memory). The instance's memory is overwritten: a table an earlier search left in it can no longer be read.
 */
export function runEngine(wasm: EngineExports, budget: BudgetClock, search: () => void): boolean {
  if (wasm === engine) searches++;
  clock = budget;
  try {
    search();
    return true;
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    return false;
  } finally {
    clock = null;
  }
}

/** Whether the engine has been instantiated (whether or not it is switched off). */
export function bitboardEngineInstantiated(): boolean {
  return engine !== null;
}

/** Whether searches run on the WebAssembly engine. */
export function bitboardEngineLoaded(): boolean {
  return engine !== null && enabled;
}

/** Turns the loaded engine off (the TypeScript search runs) or on again, for comparing the two. */
export function enableBitboardEngine(on: boolean): void {
  enabled = on;
}

/**
 * Breadth-first search, or best-first given `costs` (with `stopAtGoal`), of a board of up to 64 cells on the engine, as
 * `wideExplore` runs it; null when the engine is not loaded.
 */
export function engineExplore(board: WideBitboard, options: ExploreOptions): Exploration | null {
  if (!engine || !enabled) return null;
  const wasm = engine;
  const { metric } = options;
  const fold = options.fold && board.mirrorable;
  const K = board.classes;
  const { cells, offsets, offsetStart } = board;
  const costs = classCosts(options, cells);
  // Ranks stored in place of masks carry no mirror image: folding keeps the masks.
  const layout = costs ? null : rankLayout(cells, board.start, K, board.filler, board.emptyCells);
  const ranks = layout && (layout.kind === 'bitmap' || (!fold && options.storeRanks)) ? layout : null;
  const byRank = ranks?.kind === 'stored';
  const words = byRank ? 2 : wideWords(board);
  const { nodeWork, successorWork, insertWork } = engineWork64(board);
  const limit = Math.min(options.maxStates, options.clock.entriesWithin(successorWork + insertWork), addressable(words));
  const start = new Uint32Array(wideWords(board));
  storedFormWide(board, board.start, fold && !ranks, start);
  const code = metricCode(metric);
  const commuteKeys = code === STEP && !costs ? stepKeys(board.width, cells, K, offsets, offsetStart) : null;

  wasm.reset();
  const put = putter(wasm);
  // The header, in the order board.ts `readBoard` and search.ts `search` read it (64-bit masks as lo, hi).
  const boardFields = boardHeader(board, code, put);
  putTargets(wasm, put, board.targets);
  const { kinds, quads } = shapeKinds(board);
  const searchFields = [
    fold ? 1 : 0, board.goalCell, options.stopAtGoal ? 1 : 0, ranks ? (byRank ? 2 : 1) : 0, nodeWork, successorWork, insertWork, limit,
    indexBits(limit), initialCapacity(options, limit),
    layersAlternate(metric, fold, board) ? 1 : 0, commuteKeys ? put(commuteKeys) : 0, put(kinds), put(quads),
    ranks ? put(new Int32Array(ranks.strides64.buffer)) : 0, ranks ? put(new Int32Array(ranks.binomial64.buffer)) : 0, ranks ? ranks.maxK + 1 : 0,
    ranks ? ranks.emptyStride : 0, ranks ? ranks.bitmapWords : 0, put(start), costs ? put(costs) : 0, board.emptyCells,
    byRank ? rankIndexSlots(limit) : 0,
  ];
  const header = put(Int32Array.from([...boardFields, ...searchFields]));
  const run = runSearch(wasm, options.clock, words, () => wasm.search(header, options.clock.work));
  if (!ranks) return run;
  const keys = run.table.keys;
  const masksOf = (index: number) => unrankPosition(ranks, board, BigInt(keys[2 * index]!) | (BigInt(keys[2 * index + 1]!) << 32n));
  return { ...run, storedAsFound: true, ...(byRank ? { masksOf } : {}) };
}

/**
 * Breadth-first search, or best-first given `costs` (with `stopAtGoal`), of a board of 65 to 128 cells on the engine
 * (search128.ts), as `multiwordExplore` runs it on the same board with four words per mask
 * (`toMultiwordBitboard(…, 4)`); null when the engine is not loaded or the masks are not four words.
 */
export function engineExploreMultiword(board: MultiwordBitboard, options: ExploreOptions): Exploration | null {
  if (!engine || !enabled) return null;
  const wasm = engine;
  const { metric } = options;
  const fold = options.fold && board.mirrorable;
  const K = board.classes;
  const { cells, width, offsets, offsetStart } = board;
  const words = multiwordWords(board);
  const { nodeWork, successorWork, insertWork } = engineWork128(board);
  const limit = Math.min(options.maxStates, options.clock.entriesWithin(successorWork + insertWork), addressable(words));
  const start = new Uint32Array(words);
  storedFormMultiword(board, board.start, fold, start);
  const code = metricCode(metric);
  const costs = classCosts(options, cells);
  const commuteKeys = code === STEP && !costs ? stepKeys(width, cells, K, offsets, offsetStart) : null;
  wasm.reset();
  const put = putter(wasm);
  // The header, in the order board128.ts `readBoard128` and search128.ts `search128` read it.
  const boardFields = boardHeader128(board, code, put);
  putTargets(wasm, put, board.targets);
  const searchFields = [
    fold ? 1 : 0, board.goalCell, options.stopAtGoal ? 1 : 0, nodeWork, successorWork, insertWork, limit, indexBits(limit),
    initialCapacity(options, limit), layersAlternate(metric, fold, board) ? 1 : 0, commuteKeys ? put(commuteKeys) : 0, put(start),
    costs ? put(costs) : 0,
  ];
  const header = put(Int32Array.from([...boardFields, ...searchFields]));
  return runSearch(wasm, options.clock, words, () => wasm.search128(header, options.clock.work));
}

/** Hands the engine a goal of several pieces (geometry.ts `engineTargets`), or none: the single goal piece. */
export function putTargets(wasm: EngineExports, put: Put, targets: Int32Array | null): void {
  wasm.setTargets(targets ? put(targets) : 0, targets ? targets.length / 2 : 0);
}

/**
 * Best-first search's per-piece costs by bitboard class (the puzzle's class c + 1 is the bitboard's class c) and cell,
 * or null for breadth-first search.
 */
function classCosts(options: ExploreOptions, cells: number): Int32Array | null {
  return options.stopAtGoal && options.costs ? Int32Array.from(options.costs.subarray(cells)) : null;
}

/** The index's tag bits, as state-table.ts sizes them for `limit` states. */
function indexBits(limit: number): number {
  return Math.max(16, 32 - Math.clz32(Math.min(limit, 1 << 30) + 1));
}

/**
 * The engine's memory is 32-bit: at most 4 GiB, of which its tables get ENGINE_TABLE_BYTES (the rest: the board, the
 * code, the stack). A search allowed more positions than fit there (`--memory-mb 6000`) would take room for them up
 * front and trap, so it is allowed those that fit: its record (`words` words), parent (4 bytes), tag (2) and up to 16
 * bytes of index (A* indexes every position; the set of newest ranks takes 6).
 */
export const ENGINE_TABLE_BYTES = 3.5 * 2 ** 30;
export function addressable(words: number): number {
  return Math.min(2 ** 31 - 1, Math.floor(ENGINE_TABLE_BYTES / (4 * words + 4 + 2 + 16)));
}

/**
 * Searches allowed this many positions or more (the CLI's, not the edge's) take room for all of them at once: the
 * process's memory grows only as it is written, where a table that doubled would leave its old copies written and
 * behind (the engine's allocator frees nothing), near twice the memory at the end.
 */
const BIG_SEARCH = 1 << 20;

/**
 * Most slots of the set of the newest layers' ranks (assembly/rank-index.ts) in a search storing up to `limit` ranks:
 * the power of two within 6 bytes a position (explore.ts RANK_POSITION_BYTES counts 14 for the record and these 6). At
 * most 0.7 full, it holds the newest three layers while they are at most about a quarter of the positions allowed;
 * past that the search stops as with a full table (wide spaces: Lodzianka's layers grow by half each move). The room
 * is taken up front but written only as the set grows into it.
 */
function rankIndexSlots(limit: number): number {
  return 2 ** Math.max(12, Math.floor(Math.log2(Math.max(1, (limit * 6) / 8))));
}

/** The table's first capacity: as the TypeScript searches size it, or every position allowed for large searches. */
function initialCapacity(options: ExploreOptions, limit: number): number {
  if (limit >= BIG_SEARCH) return limit;
  return Math.min(options.expectedStates ?? 1024, 1 << 10, limit);
}

/** Searches run on the engine so far: a result's table is readable until the next one starts. */
let searches = 0;

/**
 * Runs a search on the engine under `budget` and reports it (records of `words` words). The table is a view of the
 * engine's memory, not a copy, valid until the engine's next search (`current`): its callers read what they need at
 * once, and copying costs more than many searches (fresh memory is slow to touch: 2 ms for the 0.6 MB of an edge
 * search's table on the bench's machine, as long as the search itself).
 */
function runSearch(wasm: EngineExports, budget: BudgetClock, words: number, search: () => void): Exploration {
  const run = ++searches;
  clock = budget;
  let trapped = false;
  try {
    search();
  } catch (error) {
    // Out of memory (the engine cannot grow it further): the table is as full as it gets.
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    trapped = true;
  } finally {
    clock = null;
  }
  const memory = wasm.memory.buffer;
  const size = wasm.resultSize();
  // Addresses past 2 GiB come back as negative i32s: read them unsigned.
  const table = StateTable.fromArrays(
    words, size,
    new Uint32Array(memory, wasm.resultRecords() >>> 0, size * words),
    new Int32Array(memory, wasm.resultParents() >>> 0, size),
    new Uint16Array(memory, wasm.resultTags() >>> 0, size),
  );
  const layerStarts = Array.from(new Int32Array(memory, wasm.resultLayerStarts() >>> 0, wasm.resultLayerCount()));
  const bound = wasm.resultBound();
  budget.work = trapped ? budget.work : wasm.resultWork();
  const status = trapped ? 'budget-exceeded' : (['solved', 'exhausted', 'budget-exceeded'] as const)[wasm.resultStatus()]!;
  return {
    status, table, layerStarts, goalIndex: wasm.resultGoalIndex(), solvedCount: wasm.resultSolvedCount(), nodes: wasm.resultNodes(),
    lowerBound: bound >= 0 ? bound : layerStarts.length, current: () => searches === run,
  };
}

