/**
 * The two-bit search on the WebAssembly engine (wasm/assembly/dense.ts), boards of up to 64 cells: writes the board
 * and the rank's layout into the engine's memory, has the engine list the big placements, then runs the search a layer
 * at a time, a range of big placements per call, checking the budget between calls. `runLayers` drives any set of
 * instances sharing the memory (one here; Node's threads in solver/node/dense-threads.ts).
 */
import type { BudgetClock } from '../../shared/budget.ts';
import type { Metric } from '../../shared/metric.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { toWideBitboard } from '../wasm/board64.ts';
import { loadedEngine, type EngineExports } from '../wasm/engine.ts';
import { boardHeader, engineWork64, putter, shapeKinds } from '../wasm/headers.ts';
import { metricCode } from '../search/move-tags.ts';
import { bucketBitsFor, denseLayout, MULTIPLIER, rankOfGrid, withPlacements, type DenseRank } from './rank.ts';
import { codeOfDistance, codeWords, frontierWords, type TwoBitResult } from './two-bit.ts';

/** The dense search's exports of the engine (assembly/dense.ts, memory.ts). */
export interface DenseExports {
  memory: WebAssembly.Memory;
  reset(): void;
  reserve(bytes: number): number;
  release(at: number): void;
  denseScratch(): number;
  denseUse(header: number, scratch: number): void;
  denseCount(freeCells: number, limit: number): number;
  denseList(freeCells: number, bucketBits: number, lowBits: number, buckets: number, lows: number, temp: number): void;
  denseTables(buckets: number, lows: number, bucketCount: number, lowBits: number, codes: number, frontier: number): void;
  denseLayer(fromBig: number, toBig: number, d: number, stop: number): number;
  denseNeighbours(r: number, out: number): number;
  denseExpanded(): number;
  denseGenerated(): number;
  denseGoal(): number;
  denseSolved(): number;
  denseLastNew(): number;
  setTargets(at: number, count: number): void;
}

/** The engine's 32-bit memory, less room for the board and the code. */
const ENGINE_BYTES = 3.75 * 2 ** 30;

/** A prepared search: the rank (its tables views of the engine's memory), the codes, and where things are. */
export interface DenseSetup {
  rank: DenseRank;
  codes: Uint32Array;
  frontier: Uint32Array | null;
  /** The header and tables' addresses, for other instances sharing the memory. */
  header: number;
  tables: [buckets: number, lows: number, bucketCount: number, lowBits: number, codes: number, frontier: number];
  /** The goal's targets (address, count) as `setTargets` takes them. */
  targets: [number, number];
  /** Bytes the search holds: codes, frontier, the rank's tables. */
  bytes: number;
  work: { nodeWork: number; successorWork: number };
}

/** Bytes of a dense search of `count` positions: two bits each, and the frontier's one where `frontier`. */
export function codeBytes(count: number, frontier: boolean): number {
  return 4 * codeWords(count) + (frontier ? 4 * frontierWords(count) : 0);
}

/**
 * Prepares the two-bit search of a puzzle on an engine whose memory it resets: null where it does not apply (more
 * than 64 cells, a key past 2^52) or does not fit `memoryBytes` even without the frontier.
 */
export function prepareDense(wasm: DenseExports, puzzle: Puzzle, startGrid: Uint8Array, metric: Metric, memoryBytes: number): DenseSetup | null {
  const board = toWideBitboard(puzzle, startGrid);
  const layout = denseLayout(puzzle);
  if (!board || !layout) return null;
  wasm.reset();
  const put = putter(wasm);
  const boardFields = boardHeader(board, metricCode(metric), put);
  const targets: [number, number] = board.targets ? [put(board.targets), board.targets.length / 2] : [0, 0];
  wasm.setTargets(...targets);
  const { kinds, quads } = shapeKinds(board);
  const u64 = (values: ArrayLike<number>) => new Int32Array(BigUint64Array.from(Array.from(values, (v) => BigInt(v))).buffer);
  const dense = new Int32Array(25);
  const view = new DataView(dense.buffer);
  view.setInt32(0, layout.small, true);
  view.setInt32(4, layout.smallCount, true);
  view.setFloat64(8, layout.perBig, true);
  const fields: Array<[number, number]> = [
    [16, put(Int32Array.from(layout.isBig))], [20, put(layout.counts)], [24, put(layout.fitIndex)], [28, put(layout.fitCells)],
    [32, put(layout.fitStart)], [36, put(u64(layout.strides))], [40, put(u64(layout.binomial))], [44, layout.keyBits],
    [88, puzzle.goalCell], [92, put(kinds)], [96, put(quads)],
  ];
  for (const [at, v] of fields) view.setInt32(at, v, true);
  view.setFloat64(48, MULTIPLIER, true);
  view.setFloat64(56, layout.inverse, true);
  const header = put(Int32Array.from([...boardFields, ...dense]));
  const scratch = wasm.denseScratch();
  const neighbours = wasm.reserve(8 * puzzle.cells * puzzle.cells);
  wasm.denseUse(header, scratch);
  // Placements the room could hold at the least it takes: four bytes each for their low bits and their codes (the
  // listing stops past that; the exact room is checked below).
  const perPlacement = 4 + (layout.perBig * 2) / 8;
  const budget = Math.min(memoryBytes, ENGINE_BYTES);
  const bigCount = wasm.denseCount(layout.freeCells, Math.floor(budget / perPlacement));
  if (bigCount <= 0 || bigCount * layout.perBig > 2 ** 52) return null;
  const bucketBits = bucketBitsFor(layout.keyBits, bigCount);
  const lowBits = layout.keyBits - bucketBits;
  const listBytes = 4 * (2 ** bucketBits + 1) + 4 * bigCount;
  const count = bigCount * layout.perBig;
  const withFrontier = listBytes + codeBytes(count, true) <= budget;
  if (!withFrontier && listBytes + codeBytes(count, false) > budget) return null;
  if (listBytes + Math.max(8 * bigCount, codeBytes(count, withFrontier)) > ENGINE_BYTES) return null;
  const buckets = wasm.reserve(4 * (2 ** bucketBits + 1));
  const lows = wasm.reserve(4 * bigCount);
  const temp = wasm.reserve(8 * bigCount);
  wasm.denseList(layout.freeCells, bucketBits, lowBits, buckets, lows, temp);
  wasm.release(temp);
  const codesAt = wasm.reserve(4 * codeWords(count));
  const frontierAt = withFrontier ? wasm.reserve(4 * frontierWords(count)) : 0;
  const tables: DenseSetup['tables'] = [buckets, lows, 2 ** bucketBits, lowBits, codesAt, frontierAt];
  wasm.denseTables(...tables);
  const memory = wasm.memory.buffer;
  const codes = new Uint32Array(memory, codesAt, codeWords(count));
  codes.fill(0);
  const frontier = withFrontier ? new Uint32Array(memory, frontierAt, frontierWords(count)).fill(0) : null;
  const rank = withPlacements(layout, bigCount, new Uint32Array(memory, buckets, 2 ** bucketBits + 1), new Uint32Array(memory, lows, bigCount))!;
  const { nodeWork, successorWork } = engineWork64(board);
  neighbourRoom.set(wasm, neighbours);
  return { rank, codes, frontier, header, tables, targets, bytes: listBytes + codeBytes(count, withFrontier), work: { nodeWork, successorWork } };
}

const neighbourRoom = new WeakMap<object, number>();

export interface PartResult {
  found: number;
  expanded: number;
  generated: number;
  goal: number;
  solved: number;
  lastNew: number;
}

/** Runs `denseLayer` on an instance and reads what it did. */
export function layerPart(wasm: DenseExports, from: number, to: number, d: number, stop: boolean): PartResult {
  const found = wasm.denseLayer(from, to, d, stop ? 1 : 0);
  return { found, expanded: wasm.denseExpanded(), generated: wasm.denseGenerated(), goal: wasm.denseGoal(), solved: wasm.denseSolved(), lastNew: wasm.denseLastNew() };
}

/**
 * A round of work: big placements [from, to) of layer d in chunks of `chunk`, which threads take one at a time (one
 * thread: in order). `stop`: stop at the first solved position.
 */
export interface Round {
  from: number;
  to: number;
  chunk: number;
  d: number;
  stop: boolean;
}

/**
 * The search, layer by layer, as a generator of rounds: each layer's big placements in rounds of `parallel` × 8 chunks
 * (one chunk with one thread), so the budget is checked every few chunks a thread; the caller runs a round (on
 * threads, or one chunk after another) and sends back what its parts did. The start is marked first. Returns the result.
 */
export function* layerRounds(setup: DenseSetup, puzzle: Puzzle, startGrid: Uint8Array, stopAtGoal: boolean, clock: BudgetClock, parallel = 1): Generator<Round, TwoBitResult, PartResult[]> {
  const { rank, codes, frontier } = setup;
  const start = rankOfGrid(rank, puzzle, startGrid);
  codes[Math.floor(start / 16)] = codes[Math.floor(start / 16)]! | (codeOfDistance(0) << ((start % 16) * 2));
  if (frontier) frontier[Math.floor(start / 32)] = frontier[Math.floor(start / 32)]! | (1 << (start % 32));
  const solvedAtStart = startSolved(puzzle, startGrid);
  const layers = [1];
  let goalRank = solvedAtStart ? start : -1;
  let solvedCount = solvedAtStart ? 1 : 0;
  let lastRank = start;
  let nodes = 0;
  const result = (status: TwoBitResult['status'], lowerBound: number): TwoBitResult => ({ status, layers, goalRank, solvedCount, lastRank, nodes, lowerBound, codes });
  if (solvedAtStart && stopAtGoal) return result('solved', 0);
  // Chunks of about 2^18 ranks: short enough to check the budget often, long enough to cost nothing to call.
  const chunk = Math.max(1, Math.ceil(2 ** 18 / rank.perBig));
  const span = chunk * (parallel > 1 ? 8 * parallel : 1);
  for (let d = 0; ; d++) {
    clock.depth = d;
    let found = 0;
    for (let from = 0; from < rank.bigCount; from += span) {
      const done = yield { from, to: Math.min(rank.bigCount, from + span), chunk, d, stop: stopAtGoal };
      for (const p of done) {
        found += p.found;
        nodes += p.expanded;
        clock.work += p.expanded * setup.work.nodeWork + p.generated * setup.work.successorWork;
        solvedCount += p.solved;
        if (p.lastNew >= 0) lastRank = p.lastNew;
        if (p.goal >= 0 && goalRank < 0) goalRank = p.goal;
      }
      if (stopAtGoal && goalRank >= 0) {
        layers.push(found);
        return result('solved', d + 1);
      }
      if (clock.spent(nodes)) return result('budget-exceeded', d + 1);
    }
    // The layer's end is reported as it ends (the clock reports at most every 100 ms).
    clock.spent(nodes);
    if (found === 0) return result(goalRank >= 0 ? 'solved' : 'exhausted', layers.length);
    layers.push(found);
  }
}

/** Runs the rounds one part after another on one instance. */
export function runLayers(wasm: DenseExports, rounds: Generator<Round, TwoBitResult, PartResult[]>): TwoBitResult {
  let step = rounds.next([]);
  while (!step.done) {
    const { from, to, d, stop } = step.value;
    step = rounds.next([layerPart(wasm, from, to, d, stop)]);
  }
  return step.value;
}

function startSolved(puzzle: Puzzle, grid: Uint8Array): boolean {
  const { targets, targetClasses, firstPart } = puzzle;
  for (let i = 0; i < targets.length; i++) if (grid[targets[i]!] !== firstPart[targetClasses[i]!]) return false;
  return true;
}

/** The ranks one move from r, on the engine (for reading a path back). */
export function engineNeighbours(wasm: DenseExports): (r: number) => Float64Array {
  const out = neighbourRoom.get(wasm)!;
  return (r) => {
    const n = wasm.denseNeighbours(r, out);
    return new Float64Array(wasm.memory.buffer, out, n).slice();
  };
}

/** The loaded engine with its dense exports, or null. */
export function denseEngine(): (DenseExports & EngineExports) | null {
  return loadedEngine() as (DenseExports & EngineExports) | null;
}
