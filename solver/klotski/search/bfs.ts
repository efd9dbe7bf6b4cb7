/**
 * Exhaustive breadth-first search over packed states. The table is the queue: states are expanded in insertion
 * order, which is distance order. Used to solve spaces that fit in memory and to analyse whole spaces. Boards of up to
 * 32 cells search bitboards (bitboard-bfs.ts), boards of up to 64 two-word bitboards (wide-bitboard-bfs.ts), larger
 * ones bitboards of as many words as they need (multiword-bitboard-bfs.ts). The part-grid search below is the
 * reference the bitboard searches are tested against, and the fallback for a shape no bitboard search takes.
 */
import { SearchBoard } from '../model/board.ts';
import { bitboardExplore, bitboardPairs } from './typescript/bitboard-bfs.ts';
import { toBitboard } from './typescript/bitboard.ts';
import { MAX_WIDE_CELLS, toWideBitboard } from './typescript/wide-bitboard.ts';
import { MAX_MASK_CELLS } from '../model/tables.ts';
import { wideExplore, widePairs } from './typescript/wide-bitboard-bfs.ts';
import { toMultiwordBitboard } from './typescript/multiword-bitboard.ts';
import { multiwordExplore, multiwordPairs } from './typescript/multiword-bitboard-bfs.ts';
import { stepsFromKeys, stepsFromPairs, type Move } from '../model/moves.ts';
import { decodeKey, type Puzzle } from '../model/puzzle.ts';
import type { Metric } from '../../shared/metric.ts';
import { knownFromParent, metricCode, MOVE, moveTag, taggedCell } from './move-tags.ts';
import { bitboardEngineLoaded, ENGINE_WORDS, engineExplore, engineExploreMultiword, MAX_ENGINE_CELLS } from '../wasm/engine.ts';
import { hashKey } from '../../shared/keys.ts';
import { StateTable } from './state-table.ts';
import { Frontier, layersAlternate, type Exploration, type ExploreOptions } from './exploration.ts';

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
 * Words per stored position of the search `explore` runs on this puzzle, best-first or not (what its memory use is
 * counted in). A wide board with a shape taller than a word falls back to the part grid, whose positions are smaller:
 * the count errs high.
 */
export function positionWords(puzzle: Puzzle, bestFirst: boolean): number {
  const K = puzzle.classes.length - 1;
  // The WebAssembly engine (breadth-first only) stores every board of up to 64 cells as the wide search does, and
  // larger ones in masks of four words.
  const engine = !bestFirst && bitboardEngineLoaded();
  if (puzzle.cells <= MAX_MASK_CELLS && !engine) return K + 3;
  if (puzzle.cells <= MAX_WIDE_CELLS) return 2 * K + 4;
  const wordsPerMask = Math.ceil(puzzle.cells / 32);
  return (K + 1) * (engine && puzzle.cells <= MAX_ENGINE_CELLS ? ENGINE_WORDS : wordsPerMask) + 2;
}

export function explore(puzzle: Puzzle, startGrid: Uint8Array, options: ExploreOptions): Explored {
  // Breadth-first search runs on the WebAssembly engine once a shell has loaded it (boards of up to 128 cells).
  const board64 = bitboardEngineLoaded() && !(options.stopAtGoal && options.costs) ? toWideBitboard(puzzle, startGrid, 1) : null;
  const fast = board64 ? engineExplore(board64, options) : null;
  if (fast) return maskExplored(puzzle, startGrid, options, fast, 2, (fold, path) => widePairs(board64!, options.metric, fold, path));
  // Past 64 cells, on its 128-bit search: masks of four words.
  const board128 = bitboardEngineLoaded() && !(options.stopAtGoal && options.costs) ? toMultiwordBitboard(puzzle, startGrid, ENGINE_WORDS) : null;
  const fast128 = board128 ? engineExploreMultiword(board128, options) : null;
  if (fast128) {
    return maskExplored(puzzle, startGrid, options, fast128, ENGINE_WORDS, (fold, path) => multiwordPairs(board128!, options.metric, fold, path));
  }
  const board = toBitboard(puzzle, startGrid);
  if (board) {
    const run = bitboardExplore(board, options);
    return maskExplored(puzzle, startGrid, options, run, 1, (fold, path) => bitboardPairs(board, options.metric, fold, path));
  }
  const wide = toWideBitboard(puzzle, startGrid);
  if (wide) {
    const run = wideExplore(wide, options);
    return maskExplored(puzzle, startGrid, options, run, 2, (fold, path) => widePairs(wide, options.metric, fold, path));
  }
  const multiword = toMultiwordBitboard(puzzle, startGrid);
  if (multiword) {
    const run = multiwordExplore(multiword, options);
    return maskExplored(puzzle, startGrid, options, run, multiword.W, (fold, path) => multiwordPairs(multiword, options.metric, fold, path));
  }
  const run = exploreGrid(puzzle, startGrid, options);
  return {
    ...run,
    bestFirst: !!(options.costs && options.stopAtGoal),
    movesTo: (index) => stepsFromKeys(puzzle, startGrid, options.metric, pathKeys(run.table, index)),
    gridOf: (index, out) => decodeKey(puzzle, run.table.keys, index * puzzle.words, out),
  };
}

/**
 * A bitboard search's result with its readers: moves by `pairs` (the moves along a path of stored positions), grids from
 * `wordsPerMask` words (1, 2 on wide boards, more past 64 cells) per class.
 */
function maskExplored(
  puzzle: Puzzle, startGrid: Uint8Array, options: ExploreOptions, run: Exploration, wordsPerMask: number,
  pairs: (fold: boolean, path: Uint32Array[]) => Array<[number, number]>,
): Explored {
  const fold = options.fold && puzzle.mirrorable && !run.storedAsFound;
  const classes = puzzle.classes.length - 1;
  return {
    ...run,
    bestFirst: !!(options.costs && options.stopAtGoal),
    movesTo: (index) => stepsFromPairs(puzzle, startGrid, options.metric, pairs(fold, pathKeys(run.table, index))),
    gridOf: (index, out) => maskGrid(puzzle, classes, wordsPerMask, run.table.keys, index * run.table.words, out),
  };
}

/** The part grid of a bitboard position: `wordsPerMask` words per class, low cells first. */
function maskGrid(puzzle: Puzzle, classes: number, wordsPerMask: number, keys: Uint32Array, at: number, out: Uint8Array): void {
  out.fill(0);
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

/**
 * Work per expanded position (decoding its key touches every cell, plus the fixed cost of finding movable pieces and
 * their reach) and per successor (its key; on boards past 32 cells the slow path touches every cell of it), in the
 * budget's units (≈ 10 ns each), calibrated with npm run bench:edge.
 */
export function gridWork(puzzle: Puzzle): { nodeWork: number; successorWork: number } {
  return { nodeWork: Math.ceil(0.6 * (puzzle.cells + 32)), successorWork: puzzle.cells > 32 ? Math.ceil(0.6 * puzzle.cells) : 2 * puzzle.words };
}

/** Breadth-first search over part-grid keys, for boards of more than 64 cells; best-first given `costs` (see bitboard-bfs.ts). */
export function exploreGrid(puzzle: Puzzle, startGrid: Uint8Array, options: ExploreOptions): Exploration {
  const { metric, clock } = options;
  const fold = options.fold && puzzle.mirrorable;
  const board = new SearchBoard(puzzle);
  const words = puzzle.words;
  const { nodeWork, successorWork } = gridWork(puzzle);
  const code = metricCode(metric);
  const width = puzzle.width;
  // Tables no bigger than the budget can fill: allocating and clearing memory is CPU time too.
  const maxStates = Math.min(options.maxStates, clock.entriesWithin(successorWork));
  const table = new StateTable(words, maxStates, Math.min(options.expectedStates ?? 1024, 1 << 10, maxStates));
  const scratch = new Uint32Array(words);
  const maxTargets = puzzle.cells;
  const targets = new Int16Array(maxTargets);
  const via = new Int16Array(maxTargets);
  const goalCell = puzzle.goalCell;
  const candidates = new Int16Array(puzzle.cells);

  board.loadGrid(startGrid);
  if (fold) board.canonicalInto(scratch, 0);
  else scratch.set(board.key);
  table.add(scratch, 0, -1);
  let solvedCount = 0;
  if (board.isSolved()) {
    solvedCount = 1;
    if (options.stopAtGoal) return { status: 'solved', table, layerStarts: [0, 1], goalIndex: 0, solvedCount, nodes: 0, lowerBound: 0 };
  }
  let goalIndex = board.isSolved() ? 0 : -1;
  const costs = options.stopAtGoal && options.costs ? options.costs : null;
  const frontier = new Frontier(table, clock, maxStates, costs ? gridCost(puzzle, costs, startGrid) : null);
  const { open, layerStarts } = frontier;
  let nodes = 0;
  let successors = 0;
  for (let idx = frontier.next(); idx >= 0; idx = frontier.next()) {
    if (clock.charge(nodeWork + successors * successorWork, nodes)) {
      return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
    }
    successors = 0;
    nodes++;
    board.loadKey(table.keys, idx * words);
    // Best-first: a goal queued rather than taken at once is taken when it comes up (see bitboard-bfs.ts).
    if (open && board.isSolved()) return { status: 'solved', table, layerStarts, goalIndex: idx, solvedCount: 1, nodes, lowerBound: open.f };
    const g = open ? open.g(idx) + 1 : 0;
    const hHere = open ? open.f - g + 1 : 0;
    const movable = board.movablePieces(candidates);
    const goalPos = board.goalPos;
    const tag = table.tags[idx]!;
    const movedCell = taggedCell(tag);
    for (let i = 0; i < movable; i++) {
      const from = candidates[i]!;
      if (from === movedCell && code === MOVE) continue;
      const end = board.reach(from, metric, targets, via, 0);
      if (end === 0) continue;
      const isGoalPiece = from === goalPos;
      const pieceClass = puzzle.partClass[board.grid[from]!]!;
      const pieceWidth = puzzle.classes[pieceClass]!.width;
      const at = pieceClass * puzzle.cells;
      for (let m = 0; m < end; m++) {
        const to = targets[m]!;
        if (from === movedCell && knownFromParent(code, width, from, tag, to)) continue;
        successors++;
        const mirrored = board.keyAfterMove(from, to, fold, scratch);
        // The move's cells in the stored orientation, for its tag.
        const storedCell = mirrored ? mirroredTopLeft(to, width, pieceWidth) : to;
        const storedFrom = mirrored ? mirroredTopLeft(from, width, pieceWidth) : from;
        const hash = hashKey(scratch, 0, words);
        const slot = table.probe(scratch, 0, hash);
        if (slot < 0) {
          // Best-first: a position found again by a shorter way takes this one as its parent.
          if (open && g < open.g(-slot - 1) && open.improve(-slot - 1, g, hHere - costs![at + from]! + costs![at + to]!)) {
            table.parents[-slot - 1] = idx;
            table.tags[-slot - 1] = moveTag(storedCell, storedFrom);
          }
          continue;
        }
        const added = table.insertAt(slot, scratch, 0, hash, idx, moveTag(storedCell, storedFrom));
        if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
        if (open) open.add(added, g, hHere - costs![at + from]! + costs![at + to]!);
        if ((isGoalPiece ? to : goalPos) === goalCell) {
          solvedCount++;
          if (goalIndex < 0) goalIndex = added;
          if (options.stopAtGoal && (!open || g <= open.f)) {
            return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: open ? g : layerStarts.length };
          }
        }
      }
    }
  }
  layerStarts.push(table.size);
  return { status: goalIndex >= 0 ? 'solved' : 'exhausted', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: layerStarts.length };
}

/** The sum of the per-piece costs (by class, then top-left cell) over the pieces of a part grid. */
function gridCost(puzzle: Puzzle, costs: Int16Array, grid: Uint8Array): number {
  let sum = 0;
  for (let cell = 0; cell < puzzle.cells; cell++) {
    const part = grid[cell]!;
    if (part !== 0 && puzzle.partOffset[part] === 0) sum += costs[puzzle.partClass[part]! * puzzle.cells + cell]!;
  }
  return sum;
}

/** Canonical keys from the start to state `index`, following parent links. */
export function pathKeys(table: StateTable, index: number): Uint32Array[] {
  const out: Uint32Array[] = [];
  for (let i = index; i >= 0; i = table.parents[i]!) out.push(table.keys.slice(i * table.words, (i + 1) * table.words));
  return out.reverse();
}

/** The top-left cell, in the mirror image, of a piece `pieceWidth` wide whose top-left is `cell`. */
function mirroredTopLeft(cell: number, width: number, pieceWidth: number): number {
  const col = cell % width;
  return cell - col + (width - pieceWidth - col);
}
