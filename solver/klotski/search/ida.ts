/**
 * IDA* with a memory-lean transposition table.
 *
 * The table does two jobs. (1) Within one iteration, a state already expanded at an equal or smaller depth is not
 * expanded again (its subtree was searched with at least as much budget). (2) Across iterations it keeps, per
 * state, a proven lower bound on the moves left, backed up from the children's bounds; later iterations use
 * max(heuristic, stored bound). Both are safe under eviction: a lost entry only costs re-expansion.
 *
 * Unsolvability: states cut off by the bound are stored too (unexpanded). When an iteration ends with every stored
 * state expanded and no unexpanded state ever evicted, every state ever seen was expanded: they are closed under
 * moves — the whole reachable space — and none is solved.
 */
import { SearchBoard } from '../model/board.ts';
import type { BudgetClock } from '../../shared/budget.ts';
import { makeHeuristic } from './heuristic.ts';
import type { Puzzle } from '../model/puzzle.ts';
import type { Metric } from '../../shared/metric.ts';
import { TranspositionTable } from '../../shared/transposition.ts';

export interface IdaOutcome {
  status: 'solved' | 'unsolvable' | 'budget-exceeded';
  /** The solution as (from cell, to cell) pairs of top-left cells, in the caller's orientation. */
  steps: Array<[number, number]>;
  nodes: number;
  /** With budget-exceeded: no solution is shorter than this. */
  lowerBound: number;
  ttBytes: number;
  /** The engine's: a hash of the positions expanded, in order (a resumed search is checked against an uninterrupted one by it). */
  trace?: number;
}

const FOUND = -1;
/** Deeper searches would risk the call stack; report them as over budget. */
const MAX_BOUND = 3000;

export function idaSolve(
  puzzle: Puzzle,
  startGrid: Uint8Array,
  metric: Metric,
  clock: BudgetClock,
  ttBytes: number,
  wantedEntries: number,
): IdaOutcome {
  const board = new SearchBoard(puzzle);
  board.loadGrid(startGrid);
  const heuristic = makeHeuristic(puzzle, metric);
  const words = puzzle.words;
  // Work per position, in the budget's units (≈ 10 ns each, measured): key, empties, moves, heuristic and table
  // probe cost about two units per cell. No table bigger than the budget can fill.
  const nodeWork = 2 * puzzle.cells;
  const tt = new TranspositionTable(words, ttBytes, Math.min(wantedEntries, clock.entriesWithin(nodeWork)));
  const pruneSamePiece = metric === 'move';
  // Per-depth key buffers and one shared move stack (piece, target) addressed by a stack pointer.
  let keyStack = new Uint32Array(words * 256);
  let moveStack = new Int16Array(4096);
  const targets = new Int16Array(puzzle.cells);
  const via = new Int16Array(puzzle.cells);
  const pieces = new Int16Array(puzzle.cells);
  const path: Array<[number, number]> = [];
  let nodes = 0;
  let iteration = 0;
  let bound = 0;
  let aborted = false;

  const childBound = (g: number): number => {
    // Lower bound for a child we do not search (same piece twice in a row in the move metric): its heuristic and
    // stored bound, without expansion.
    if (clock.charge(nodeWork, nodes)) aborted = true;
    board.canonicalInto(keyStack, (g + 1) * words);
    const slot = tt.find(keyStack, (g + 1) * words);
    const h = heuristic(board);
    return g + 1 + (slot >= 0 ? Math.max(h, tt.bound[slot]!) : h);
  };

  /** `lastTo`: where the previous move put its piece (that piece's top-left now), or -1. */
  const search = (g: number, lastTo: number, sp: number): number => {
    if (clock.charge(nodeWork, ++nodes)) aborted = true;
    if (aborted) return Number.POSITIVE_INFINITY;
    if (board.isSolved()) return FOUND;
    if ((g + 2) * words > keyStack.length) {
      const grown = new Uint32Array(keyStack.length * 2);
      grown.set(keyStack);
      keyStack = grown;
    }
    const keyAt = g * words;
    board.canonicalInto(keyStack, keyAt);
    let slot = tt.find(keyStack, keyAt);
    let h = heuristic(board);
    if (slot >= 0) {
      h = Math.max(h, tt.bound[slot]!);
      // Expanded at a depth ≤ g in this iteration and not solved there (or still in progress, i.e. a cycle): no
      // solution within the bound passes through it from here.
      if (tt.iteration[slot] === iteration && tt.depth[slot]! <= g) return Math.max(g + h, bound + 1);
    }
    if (slot < 0) slot = tt.claim(keyStack, keyAt, iteration);
    if (g + h > bound) {
      tt.bound[slot] = Math.max(tt.bound[slot]!, Math.min(MAX_BOUND, h));
      return g + h;
    }
    tt.iteration[slot] = iteration;
    tt.depth[slot] = g;
    tt.markExpanded(slot);
    // Generate all moves onto the stack first: the board changes under recursion.
    let end = sp;
    board.scanEmpties();
    const movable = board.movablePieces(pieces);
    for (let i = 0; i < movable; i++) {
      const k = pieces[i]!;
      const n = board.reach(k, metric, targets, via, 0);
      if (end + 2 * n > moveStack.length) {
        const grown = new Int16Array(moveStack.length * 2 + 2 * n);
        grown.set(moveStack);
        moveStack = grown;
      }
      for (let m = 0; m < n; m++) {
        moveStack[end++] = k;
        moveStack[end++] = targets[m]!;
      }
    }
    let best = Number.POSITIVE_INFINITY;
    for (let m = sp; m < end; m += 2) {
      const from = moveStack[m]!;
      const to = moveStack[m + 1]!;
      board.move(from, to);
      let f: number;
      if (pruneSamePiece && from === lastTo) {
        f = childBound(g);
      } else {
        path.push([from, to]);
        f = search(g + 1, to, end);
        if (f === FOUND) {
          board.move(to, from);
          return FOUND;
        }
        path.pop();
      }
      board.move(to, from);
      if (f < best) best = f;
      if (aborted) return Number.POSITIVE_INFINITY;
    }
    // The stored slot may have been evicted by the subtree; only update it if it still holds this state.
    const still = tt.find(keyStack, keyAt);
    if (still >= 0 && best !== Number.POSITIVE_INFINITY) {
      tt.bound[still] = Math.min(MAX_BOUND, Math.max(tt.bound[still]!, best - g));
    }
    return best;
  };

  bound = heuristic(board);
  for (;;) {
    iteration = iteration === 0xffff ? 1 : iteration + 1;
    clock.depth = bound;
    path.length = 0;
    const result = search(0, -1, 0);
    if (result === FOUND) return { status: 'solved', steps: path.slice(), nodes, lowerBound: path.length, ttBytes: tt.bytes };
    if (aborted) return { status: 'budget-exceeded', steps: [], nodes, lowerBound: bound, ttBytes: tt.bytes };
    if ((tt.open === 0 && tt.lostOpen === 0) || result === Number.POSITIVE_INFINITY) {
      return { status: 'unsolvable', steps: [], nodes, lowerBound: bound, ttBytes: tt.bytes };
    }
    if (result > MAX_BOUND) return { status: 'budget-exceeded', steps: [], nodes, lowerBound: bound, ttBytes: tt.bytes };
    // Nothing within the bound solves it; skipped children may report bounds ≤ the current one, so step past it.
    bound = Math.max(result, bound + 1);
  }
}
