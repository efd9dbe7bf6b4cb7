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
import { rankLayout } from './rank-set.ts';
import { StateTable } from '../search/state-table.ts';
import { storedFormWide, toWideBitboard, wideWords, type WideBitboard } from './board64.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { ENGINE_WORDS, multiwordWords, storedFormMultiword, toMultiwordBitboard, type MultiwordBitboard } from './board128.ts';

export { ENGINE_WORDS };

/** The largest board the engine searches. */
export const MAX_ENGINE_CELLS = 32 * ENGINE_WORDS;

/** The module's exports (assembly/index.ts). */
interface EngineExports {
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
  idaStatus(): number;
  idaSteps(): number;
  idaPath(): number;
  idaNodes(): number;
  idaLowerBound(): number;
  idaWork(): number;
}

/**
 * The engine's work per position expanded, per successor generated and per position stored, in the budget's units
 * (≈ 10 ns each): the formulas first calibrated for the TypeScript searches (on 64-bit masks 11 + 2K, 9 + 2K and
 * 9 + 2K for K piece classes; on 128-bit ones 20 + 8K, 11 + 2K and 6 + 2K), scaled to the engine's speed: ×0.36 and
 * ×0.45, so that the slowest boards found (5×5 and 6×6 in the move metric, 10×10 boards of soldiers) spend a budget of
 * 480,000 in about 4–4.5 ms warm (`npm run bench:edge`). A budget buys the engine the positions it can search in
 * that time, not those the TypeScript search could. (A model fitted per position, successor and stored position on
 * random boards let typical boards search longer but missed the soldier-filled 10×10 boards by half: not taken.)
 */
function engineWork64(board: WideBitboard) {
  const K = board.classes;
  return scaled(11 + 2 * K, 9 + 2 * K, 9 + 2 * K, 0.36);
}

function engineWork128(board: MultiwordBitboard) {
  const K = board.classes;
  return scaled(20 + 8 * K, 11 + 2 * K, 6 + 2 * K, 0.45);
}

function scaled(nodeWork: number, successorWork: number, insertWork: number, scale: number) {
  return { nodeWork: Math.ceil(nodeWork * scale), successorWork: Math.ceil(successorWork * scale), insertWork: Math.ceil(insertWork * scale) };
}

/** The work the engine charges per position expanded, successor and position stored on a board (up to 128 cells). */
export function engineWorkFor(puzzle: Puzzle, grid: Uint8Array): { nodeWork: number; successorWork: number; insertWork: number } | null {
  const board64 = toWideBitboard(puzzle, grid);
  if (board64) return engineWork64(board64);
  const board128 = toMultiwordBitboard(puzzle, grid);
  return board128 ? engineWork128(board128) : null;
}

let engine: EngineExports | null = null;
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
}

/**
 * The same, synchronously: for the Worker, where a lazily loaded engine must not be a promise shared between requests
 * (one that a cancelled request created never settles in another). Instantiating a compiled module this way is allowed
 * there and takes well under a millisecond.
 */
export function instantiateBitboardEngine(module: WebAssembly.Module): void {
  engine = new WebAssembly.Instance(module, imports).exports as unknown as EngineExports;
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
  const ranks = costs ? null : rankLayout(cells, board.start, K, board.filler, board.emptyCells);
  const words = wideWords(board);
  const { nodeWork, successorWork, insertWork } = engineWork64(board);
  const limit = Math.min(options.maxStates, options.clock.entriesWithin(successorWork + insertWork), 2 ** 31 - 1);
  const start = new Uint32Array(words);
  storedFormWide(board, board.start, fold && !ranks, start);
  const code = metricCode(metric);
  const commuteKeys = code === STEP && !costs ? stepKeys(board.width, cells, K, offsets, offsetStart) : null;

  wasm.reset();
  const put = putter(wasm);
  // The header, in the order board.ts `readBoard` and search.ts `search` read it (64-bit masks as lo, hi).
  const boardFields = boardHeader(board, code, put);
  const { kinds, quads } = shapeKinds(board);
  const searchFields = [
    fold ? 1 : 0, board.goalCell, options.stopAtGoal ? 1 : 0, ranks ? 1 : 0, nodeWork, successorWork, insertWork, limit,
    indexBits(limit), initialCapacity(options, limit),
    layersAlternate(metric, fold, board) ? 1 : 0, commuteKeys ? put(commuteKeys) : 0, put(kinds), put(quads),
    ranks ? put(ranks.strides) : 0, ranks ? put(ranks.binomial) : 0, ranks ? ranks.maxK + 1 : 0, ranks ? ranks.emptyStride : 0,
    ranks ? ranks.bitmapWords : 0, put(start), costs ? put(costs) : 0,
  ];
  const header = put(Int32Array.from([...boardFields, ...searchFields]));
  const run = runSearch(wasm, options.clock, words, () => wasm.search(header, options.clock.work));
  return ranks ? { ...run, storedAsFound: true } : run;
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
  const limit = Math.min(options.maxStates, options.clock.entriesWithin(successorWork + insertWork), 2 ** 31 - 1);
  const start = new Uint32Array(words);
  storedFormMultiword(board, board.start, fold, start);
  const code = metricCode(metric);
  const costs = classCosts(options, cells);
  const commuteKeys = code === STEP && !costs ? stepKeys(width, cells, K, offsets, offsetStart) : null;
  wasm.reset();
  const put = putter(wasm);
  // The header, in the order board128.ts `readBoard128` and search128.ts `search128` read it.
  const boardFields = boardHeader128(board, code, put);
  const searchFields = [
    fold ? 1 : 0, board.goalCell, options.stopAtGoal ? 1 : 0, nodeWork, successorWork, insertWork, limit, indexBits(limit),
    initialCapacity(options, limit), layersAlternate(metric, fold, board) ? 1 : 0, commuteKeys ? put(commuteKeys) : 0, put(start),
    costs ? put(costs) : 0,
  ];
  const header = put(Int32Array.from([...boardFields, ...searchFields]));
  return runSearch(wasm, options.clock, words, () => wasm.search128(header, options.clock.work));
}

/** The board's part of a 64-bit search's header, in the order board.ts `readBoard` reads it (masks as lo, hi). */
function boardHeader(board: WideBitboard, code: number, put: (array: Int32Array | Uint32Array) => number): number[] {
  return [
    board.classes, board.cells, board.width, code, board.filler, board.rowSwaps,
    board.sides[0]!, board.sides[1]!, board.sides[2]!, board.sides[3]!, board.fullLo, board.fullHi,
    put(board.inBounds), put(board.cover), put(Int32Array.from(board.mirror)), put(board.zobrist), put(board.zobristMirror),
    put(board.neighbours), put(Int32Array.from(board.offsetStart)), put(Int32Array.from(board.offsets)), put(Int32Array.from(board.cellMirror)),
    put(Int32Array.from(board.mirrorShift)),
  ];
}

/** The board's part of a 128-bit search's header, in the order board128.ts `readBoard128` reads it. */
function boardHeader128(board: MultiwordBitboard, code: number, put: (array: Int32Array | Uint32Array) => number): number[] {
  const { cells, width } = board;
  // Per cell: the cell alone, and its neighbours (a step's targets); the columns' masks.
  const cellBits = new Int32Array(4 * cells);
  const stepTargets = new Int32Array(4 * cells);
  const columnMasks = new Int32Array(12);
  for (let p = 0; p < cells; p++) {
    cellBits[4 * p + (p >>> 5)] = 1 << (p & 31);
    for (let d = 0; d < 4; d++) {
      const n = board.neighbours[4 * p + d]!;
      if (n >= 0) stepTargets[4 * p + (n >>> 5)] = stepTargets[4 * p + (n >>> 5)]! | (1 << (n & 31));
    }
    if (p % width !== 0) columnMasks[p >>> 5] = columnMasks[p >>> 5]! | (1 << (p & 31));
    if (p % width !== width - 1) columnMasks[4 + (p >>> 5)] = columnMasks[4 + (p >>> 5)]! | (1 << (p & 31));
    columnMasks[8 + (p >>> 5)] = columnMasks[8 + (p >>> 5)]! | (1 << (p & 31));
  }
  // Per cell, its rays: the cells to its right, below, left and above it, to the board's edge.
  const rays = new Int32Array(16 * cells);
  for (let p = 0; p < cells; p++) {
    const setRay = (d: number, q: number) => (rays[16 * p + 4 * d + (q >>> 5)] = rays[16 * p + 4 * d + (q >>> 5)]! | (1 << (q & 31)));
    for (let q = p + 1; q % width !== 0; q++) setRay(0, q);
    for (let q = p + width; q < cells; q += width) setRay(1, q);
    for (let q = p - 1; q >= 0 && q % width !== width - 1; q--) setRay(2, q);
    for (let q = p - width; q >= 0; q -= width) setRay(3, q);
  }

  return [
    board.classes, cells, width, code, board.filler, put(board.inBounds), put(board.cover), put(Int32Array.from(board.mirror)),
    put(board.zobrist), put(board.zobristMirror), put(stepTargets), put(Int32Array.from(board.offsetStart)),
    put(Int32Array.from(board.offsets)), put(Int32Array.from(board.cellMirror)), put(cellBits), put(columnMasks), put(rays), put(cellsBelow()),
  ];
}

/**
 * Shape kinds as the 64-bit searches want them: 2 one cell, 1 up to four (`quads`: offsets, missing ones repeat the
 * first), 0 larger.
 */
function shapeKinds(board: WideBitboard): { kinds: Int32Array; quads: Int32Array } {
  const { classes: K, offsets, offsetStart } = board;
  const kinds = new Int32Array(K);
  const quads = new Int32Array(4 * K);
  for (let c = 0; c < K; c++) {
    const n = offsetStart[c + 1]! - offsetStart[c]!;
    kinds[c] = n === 1 ? 2 : n <= 4 ? 1 : 0;
    for (let i = 0; i < 4; i++) quads[4 * c + i] = offsets[offsetStart[c]! + (i < n ? i : 0)]!;
  }
  return { kinds, quads };
}

/** What IDA* on the engine reports (search/ida.ts `IdaOutcome`). */
export interface EngineIdaOutcome {
  status: 'solved' | 'unsolvable' | 'budget-exceeded';
  /** The solution as (from, to) top-left cells, in the start's orientation. */
  steps: Array<[number, number]>;
  nodes: number;
  lowerBound: number;
  ttBytes: number;
}

/**
 * IDA*'s work per position on the engine, in the budget's units: generating its moves, its key (and its mirror image's
 * where mirror images fold) and a table probe; 120–200 ns on the boards measured on 64-bit masks (4×5 to 6×6), about
 * 10 ns a unit, and up to three times that on 128-bit ones.
 */
function idaWork(classes: number, wide: boolean): number {
  return wide ? 3 * (10 + 2 * classes) : 10 + 2 * classes;
}

/**
 * IDA* on the engine (assembly/ida.ts on boards of up to 64 cells, ida128.ts up to 128), with a transposition table of
 * at most `ttBytes` sized for `wantedEntries` (as search/ida.ts sizes its own); null when the engine is not loaded or
 * the board is larger.
 */
export function engineIda(
  puzzle: Puzzle, grid: Uint8Array, costs: Int16Array, metric: Metric, budget: BudgetClock, ttBytes: number, wantedEntries: number,
): EngineIdaOutcome | null {
  if (!engine || !enabled) return null;
  const wasm = engine;
  const board64 = toWideBitboard(puzzle, grid);
  const board128 = board64 ? null : toMultiwordBitboard(puzzle, grid);
  const board = board64 ?? board128;
  if (!board) return null;
  const K = board.classes;
  const nodeWork = idaWork(K, !board64);
  const entryBytes = (board64 ? 8 : 16) * K + 7;
  const wanted = Math.max(4096, Math.min(wantedEntries, budget.entriesWithin(nodeWork)));
  let entries = 4;
  while (entries * 2 * entryBytes <= ttBytes && entries < wanted) entries *= 2;
  wasm.reset();
  const put = putter(wasm);
  const classCosts = put(Int32Array.from(costs.subarray(board.cells)));
  const code = metricCode(metric);
  let header: number;
  if (board64) {
    const { kinds, quads } = shapeKinds(board64);
    const fields = [board.mirrorable ? 1 : 0, board.goalCell, nodeWork, classCosts, put(kinds), put(quads), put(board.start), entries];
    header = put(Int32Array.from([...boardHeader(board64, code, put), ...fields]));
  } else {
    const fields = [board.mirrorable ? 1 : 0, board.goalCell, nodeWork, classCosts, put(board.start), entries];
    header = put(Int32Array.from([...boardHeader128(board128!, code, put), ...fields]));
  }
  // The engine's memory is overwritten: an earlier search's table can no longer be read.
  searches++;
  let trapped = false;
  try {
    clock = budget;
    if (board64) wasm.ida(header, budget.work);
    else wasm.ida128(header, budget.work);
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    trapped = true;
  } finally {
    clock = null;
  }
  const ttBytesUsed = entries * entryBytes;
  if (trapped) return { status: 'budget-exceeded', steps: [], nodes: wasm.idaNodes(), lowerBound: wasm.idaLowerBound(), ttBytes: ttBytesUsed };
  budget.work = wasm.idaWork();
  const status = (['solved', 'unsolvable', 'budget-exceeded'] as const)[wasm.idaStatus()]!;
  const steps: Array<[number, number]> = [];
  if (status === 'solved') {
    const path = new Int32Array(wasm.memory.buffer, wasm.idaPath(), 2 * wasm.idaSteps());
    for (let i = 0; i < path.length; i += 2) steps.push([path[i]!, path[i + 1]!]);
  }
  return { status, steps, nodes: wasm.idaNodes(), lowerBound: wasm.idaLowerBound(), ttBytes: ttBytesUsed };
}

/**
 * Best-first search's per-piece costs by bitboard class (the puzzle's class c + 1 is the bitboard's class c) and cell,
 * or null for breadth-first search.
 */
function classCosts(options: ExploreOptions, cells: number): Int32Array | null {
  return options.stopAtGoal && options.costs ? Int32Array.from(options.costs.subarray(cells)) : null;
}

let below: Int32Array | null = null;
/** Per cell b (0 … 128), the cells below b as a 128-bit mask: the same on every board, built once. */
function cellsBelow(): Int32Array {
  if (!below) {
    below = new Int32Array(4 * 129);
    for (let b = 0; b <= 128; b++) for (let q = 0; q < b; q++) below[4 * b + (q >>> 5)] = below[4 * b + (q >>> 5)]! | (1 << (q & 31));
  }
  return below;
}

/** Writes an array into the engine's memory (16-byte aligned) and returns where. */
function putter(wasm: EngineExports): (array: Int32Array | Uint32Array) => number {
  return (array) => {
    const at = wasm.reserve(array.byteLength);
    new Int32Array(wasm.memory.buffer, at, array.length).set(array);
    return at;
  };
}

/** The index's tag bits, as state-table.ts sizes them for `limit` states. */
function indexBits(limit: number): number {
  return Math.max(16, 32 - Math.clz32(Math.min(limit, 1 << 30) + 1));
}

/** The table's first capacity, as the TypeScript searches size it. */
function initialCapacity(options: ExploreOptions, limit: number): number {
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
  const table = StateTable.fromArrays(
    words, size,
    new Uint32Array(memory, wasm.resultRecords(), size * words),
    new Int32Array(memory, wasm.resultParents(), size),
    new Uint16Array(memory, wasm.resultTags(), size),
  );
  const layerStarts = Array.from(new Int32Array(memory, wasm.resultLayerStarts(), wasm.resultLayerCount()));
  const bound = wasm.resultBound();
  budget.work = trapped ? budget.work : wasm.resultWork();
  const status = trapped ? 'budget-exceeded' : (['solved', 'exhausted', 'budget-exceeded'] as const)[wasm.resultStatus()]!;
  return {
    status, table, layerStarts, goalIndex: wasm.resultGoalIndex(), solvedCount: wasm.resultSolvedCount(), nodes: wasm.resultNodes(),
    lowerBound: bound >= 0 ? bound : layerStarts.length, current: () => searches === run,
  };
}

