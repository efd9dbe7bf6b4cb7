/**
 * The one entry point of the searches that store positions — breadth-first, and best-first (A*) given per-piece costs
 * — for `solve` and `analyze`: on the WebAssembly engine (wasm/engine.ts, boards of up to 128 cells) once a shell has
 * loaded it, else on the TypeScript search (part-grid.ts). Either way the result reads the same: moves to a
 * stored position, in the start's orientation, and its part grid.
 */
import { SearchBoard } from '../model/board.ts';
import { stepsFromKeys, type Move } from '../model/moves.ts';
import { decodeKey, offBoardCells, type Puzzle } from '../model/puzzle.ts';
import { engineClasses } from '../wasm/geometry.ts';
import { bitboardEngineLoaded, ENGINE_WORDS, engineExplore, engineExploreMultiword, MAX_ENGINE_CELLS } from '../wasm/engine.ts';
import { MAX_WIDE_CELLS, toWideBitboard } from '../wasm/board64.ts';
import { toMultiwordBitboard } from '../wasm/board128.ts';
import { rankLayout } from '../wasm/rank-set.ts';
import type { Exploration, ExploreOptions } from './exploration.ts';
import { exploreGrid, pathKeys } from './part-grid.ts';

/** A finished search, with what its callers read from it whatever the key format. */
export interface Explored extends Exploration {
  /** Whether it searched best-first (`costs` given, with `stopAtGoal`). */
  bestFirst: boolean;
  /** The moves from the start to state `index`, in the start's orientation. */
  movesTo(index: number): Move[];
  /** Writes the part grid of state `index` (possibly its mirror image, when folded). */
  gridOf(index: number, out: Uint8Array): void;
}

/**
 * Words per stored position of the search `explore` runs on this puzzle (what its memory use is counted in): the
 * engine's masks (two words per class up to 64 cells, four past that) or the part grid's key.
 */
export function positionWords(puzzle: Puzzle): number {
  const K = engineClasses(puzzle);
  if (!bitboardEngineLoaded() || puzzle.cells > MAX_ENGINE_CELLS) return puzzle.words;
  return puzzle.cells <= MAX_WIDE_CELLS ? 2 * K + 4 : (K + 1) * ENGINE_WORDS + 2;
}

/**
 * Memory per position of a search that stores ranks (`storeRanks`): the rank, its parent and its move tag (14 bytes),
 * and the room of the set of the newest three layers' ranks (6: wasm/engine.ts `rankIndexSlots`).
 */
export const RANK_POSITION_BYTES = 20;

/** Whether a breadth-first search of this puzzle can store its positions as ranks (`storeRanks`) on the engine. */
export function rankStorable(puzzle: Puzzle, startGrid: Uint8Array): boolean {
  if (!bitboardEngineLoaded()) return false;
  const board = toWideBitboard(puzzle, startGrid);
  return !!board && rankLayout(board.cells, board.start, board.classes, board.filler, board.emptyCells)?.kind === 'stored';
}

export function explore(puzzle: Puzzle, startGrid: Uint8Array, options: ExploreOptions): Explored {
  const bestFirst = !!(options.costs && options.stopAtGoal);
  if (bitboardEngineLoaded()) {
    // Up to 64 cells the engine's masks are one 64-bit word; past 64, four 32-bit words (two 64-bit lanes).
    const board64 = toWideBitboard(puzzle, startGrid);
    const board128 = board64 ? null : toMultiwordBitboard(puzzle, startGrid);
    const run = board64 ? engineExplore(board64, options) : board128 ? engineExploreMultiword(board128, options) : null;
    if (run) return engineExplored(puzzle, startGrid, options, run, board64 ? 2 : ENGINE_WORDS, bestFirst);
  }
  const run = exploreGrid(puzzle, startGrid, options);
  return {
    ...run,
    bestFirst,
    movesTo: (index) => stepsFromKeys(puzzle, startGrid, options.metric, pathKeys(run.table, index)),
    gridOf: (index, out) => decodeKey(puzzle, run.table.keys, index * puzzle.words, out),
  };
}

/**
 * An engine search's result with its readers. A stored position is `wordsPerMask` words per class, lowest cells first;
 * moves are rebuilt by turning each position on the path into the part grid's key and replaying the moves that lead
 * to it, as for the TypeScript search.
 */
function engineExplored(puzzle: Puzzle, startGrid: Uint8Array, options: ExploreOptions, run: Exploration, wordsPerMask: number, bestFirst: boolean): Explored {
  const classes = engineClasses(puzzle);
  const readable = () => {
    if (run.current && !run.current()) throw new Error('internal: an engine search\'s table was read after the next search');
  };
  const gridOf = (index: number, out: Uint8Array) => {
    readable();
    if (run.masksOf) maskGrid(puzzle, classes, 2, new Uint32Array(run.masksOf(index).buffer), 0, out);
    else maskGrid(puzzle, classes, wordsPerMask, run.table.keys, index * run.table.words, out);
  };
  const movesTo = (index: number): Move[] => {
    const board = new SearchBoard(puzzle);
    const grid = new Uint8Array(puzzle.cells);
    const keys: Uint32Array[] = [];
    for (let i = index; i >= 0; i = run.table.parents[i]!) {
      gridOf(i, grid);
      board.loadGrid(grid);
      const key = new Uint32Array(puzzle.words);
      board.canonicalInto(key, 0);
      keys.push(key);
    }
    return stepsFromKeys(puzzle, startGrid, options.metric, keys.reverse());
  };
  return { ...run, bestFirst, movesTo, gridOf };
}

/** The part grid of a bitboard position: `wordsPerMask` words per class, low cells first (and the cells off the board). */
function maskGrid(puzzle: Puzzle, classes: number, wordsPerMask: number, keys: Uint32Array, at: number, out: Uint8Array): void {
  out.fill(0);
  offBoardCells(puzzle).forEach((cell, j) => (out[cell] = puzzle.fixedPart + j));
  for (let c = 0; c < classes; c++) {
    const cls = puzzle.classes[c + 1]!;
    const first = puzzle.firstPart[c + 1]!;
    for (let half = 0; half < wordsPerMask; half++) {
      for (let tops = keys[at + c * wordsPerMask + half]! | 0; tops; tops &= tops - 1) {
        const p = 32 * half + 31 - Math.clz32(tops & -tops);
        for (let j = 0; j < cls.offsets.length; j++) out[p + cls.offsets[j]!] = first + j;
      }
    }
  }
}
