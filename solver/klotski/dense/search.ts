/**
 * The one entry point of the two-bit search for `solve` and `analyze`: on the WebAssembly engine (dense/engine.ts)
 * once a shell has loaded it, else in TypeScript (two-bit.ts, whose placements are listed far slower). Either way the
 * result reads the same: layers, a goal's rank, and readers of moves and positions.
 */
import { now, type BudgetClock } from '../../shared/budget.ts';
import type { Metric } from '../../shared/metric.ts';
import type { Move } from '../model/moves.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { codeBytes, denseEngine, engineNeighbours, layerRounds, prepareDense, runLayers, type DenseExports, type DenseSetup, type PartResult, type Round } from './engine.ts';
import { buildDenseRank, denseRankBytes, gridOfRank, type DenseRank } from './rank.ts';
import { gridNeighbours, movesOfRanks, pathRanks, twoBitSearch, type TwoBitResult } from './two-bit.ts';

export interface DenseOptions {
  metric: Metric;
  stopAtGoal: boolean;
  clock: BudgetClock;
  /** Room for the codes, the frontier (where it fits) and the rank's tables. */
  memoryBytes: number;
}

export interface DenseRun extends TwoBitResult {
  rank: DenseRank;
  /** Bytes held: codes, frontier, the rank's tables. */
  bytes: number;
  engine: 'webassembly' | 'typescript';
  /** Milliseconds spent listing the placements and taking room, before the search. */
  prepareMs: number;
  /** The moves from the start to rank r at `distance` (a goal's: the last layer's index). */
  movesTo(r: number, distance: number): Move[];
  /** Writes the part grid of rank r. */
  gridOf(r: number, out: Uint8Array): void;
}

/**
 * Instances of the search on several threads sharing one memory (Node's solver/node/dense-threads.ts registers them):
 * `wasm` prepares and reads paths back, `configure` hands the other threads a prepared search, `run` runs a round's
 * parts at once.
 */
export interface DensePool {
  wasm: DenseExports;
  parallel: number;
  configure(setup: DenseSetup, targets: [number, number]): void;
  run(round: Round): PartResult[];
}

let pool: DensePool | null = null;

/** The threads the two-bit search runs on, or null. */
export function densePool(): DensePool | null {
  return pool;
}

/** Registers (or, with null, drops) the threads the two-bit search runs on. */
export function setDensePool(next: DensePool | null): void {
  pool = next;
}

/** Most positions the TypeScript search takes on (its placements are listed and expanded slowly). */
const TYPESCRIPT_LIMIT = 2 ** 24;

/** The two-bit search of a puzzle, or null where it does not apply or does not fit `memoryBytes`. */
export function denseSearch(puzzle: Puzzle, startGrid: Uint8Array, options: DenseOptions): DenseRun | null {
  const { metric, stopAtGoal, clock, memoryBytes } = options;
  // Its moves are the free rule's: under `line` (Rush Hour: spaces that the hash tables hold anyway) it is not offered.
  if (puzzle.slide !== 'free') return null;
  const wasm = denseEngine();
  if (wasm && pool && puzzle.cells <= 64) {
    const threads = pool;
    const started = now();
    const setup = prepareDense(threads.wasm, puzzle, startGrid, metric, memoryBytes);
    if (!setup) return null;
    const prepared = now() - started;
    threads.configure(setup, setup.targets);
    const rounds = layerRounds(setup, puzzle, startGrid, stopAtGoal, clock, threads.parallel);
    let step = rounds.next([]);
    while (!step.done) step = rounds.next(threads.run(step.value));
    return withReaders(step.value, setup, puzzle, startGrid, metric, engineNeighbours(threads.wasm), 'webassembly', prepared);
  }
  if (wasm && puzzle.cells <= 64) {
    const started = now();
    const setup = prepareDense(wasm, puzzle, startGrid, metric, memoryBytes);
    if (!setup) return null;
    const prepared = now() - started;
    const result = runLayers(wasm, layerRounds(setup, puzzle, startGrid, stopAtGoal, clock));
    return withReaders(result, setup, puzzle, startGrid, metric, engineNeighbours(wasm), 'webassembly', prepared);
  }
  const started = now();
  const rank = buildDenseRank(puzzle, Math.floor(TYPESCRIPT_LIMIT / 4));
  if (!rank || rank.count > TYPESCRIPT_LIMIT) return null;
  const frontier = denseRankBytes(rank) + codeBytes(rank.count, true) <= memoryBytes;
  if (!frontier && denseRankBytes(rank) + codeBytes(rank.count, false) > memoryBytes) return null;
  const prepared = now() - started;
  const result = twoBitSearch(puzzle, startGrid, rank, { metric, stopAtGoal, clock, frontier });
  const setup = { rank, bytes: denseRankBytes(rank) + codeBytes(rank.count, frontier) };
  return withReaders(result, setup, puzzle, startGrid, metric, gridNeighbours(puzzle, rank, metric), 'typescript', prepared);
}

function withReaders(result: TwoBitResult, setup: Pick<DenseSetup, 'rank' | 'bytes'>, puzzle: Puzzle, startGrid: Uint8Array, metric: Metric, neighbours: (r: number) => ArrayLike<number>, engine: DenseRun['engine'], prepareMs: number): DenseRun {
  const { rank } = setup;
  return {
    ...result,
    rank,
    prepareMs,
    bytes: setup.bytes,
    engine,
    movesTo: (r, distance) => movesOfRanks(puzzle, rank, startGrid, metric, pathRanks(result.codes, r, distance, neighbours)),
    gridOf: (r, out) => gridOfRank(rank, puzzle, r, out),
  };
}
