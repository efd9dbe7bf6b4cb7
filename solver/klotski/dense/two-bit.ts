/**
 * Breadth-first search at two bits a position (Korf's two-bit search) over a dense rank (rank.ts): per rank 0 = unseen,
 * else its distance mod 3, plus 1. No queue and no parents: a path is read back from the goal toward the start, since
 * a neighbour of a position at distance k + 1 lies at k, k + 1 or k + 2 (every move can be undone), three distinct
 * codes, so the neighbour with the code of k is at distance k.
 *
 * A layer's positions are those of the frontier bitmap (one more bit a position) whose code is the layer's: positions
 * found during the layer are set in the same bitmap with the next code, and are left for the next layer. Without the
 * bitmap (where it does not fit) a layer is every rank with the layer's code, which re-expands the positions 3, 6, …
 * moves nearer (they find nothing new: about 40% more work while layers grow by half a move, far more past the widest).
 *
 * This is the TypeScript search (the part grid's moves; the reference and the fallback); the engine's is
 * wasm/assembly/dense.ts, run by dense/engine.ts.
 */
import type { BudgetClock } from '../../shared/budget.ts';
import type { Metric } from '../../shared/metric.ts';
import { SearchBoard } from '../model/board.ts';
import { listMoves, stepsFromKeys, type Move } from '../model/moves.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { gridOfRank, rankOfGrid, type DenseRank } from './rank.ts';

export interface TwoBitOptions {
  metric: Metric;
  stopAtGoal: boolean;
  clock: BudgetClock;
  /** Keep the frontier bitmap (one more bit a position): no position expanded twice. */
  frontier: boolean;
}

export interface TwoBitResult {
  status: 'solved' | 'exhausted' | 'budget-exceeded';
  /** Positions at each distance (the last complete layer last; with `solved`, the goal's layer as far as it went). */
  layers: number[];
  /** A solved position's rank (the first found), or -1. */
  goalRank: number;
  /** Solved positions seen (all of them when exhausted). */
  solvedCount: number;
  /** A position of the last layer (the farthest, when exhausted). */
  lastRank: number;
  nodes: number;
  /** With budget-exceeded: no solution is shorter. */
  lowerBound: number;
  /** Two bits a rank, 16 ranks a word. */
  codes: Uint32Array;
}

/** The code of rank r: 0 unseen, else distance mod 3 + 1. */
export function codeOf(codes: Uint32Array, r: number): number {
  return (codes[Math.floor(r / 16)]! >>> ((r % 16) * 2)) & 3;
}

/** Words of the codes and of the frontier for `count` ranks. */
export function codeWords(count: number): number {
  return Math.ceil(count / 16);
}
export function frontierWords(count: number): number {
  return Math.ceil(count / 32);
}

/** The code of distance d. */
export const codeOfDistance = (d: number) => (d % 3) + 1;

/** The two-bit search on the part grid's moves. */
export function twoBitSearch(puzzle: Puzzle, startGrid: Uint8Array, rank: DenseRank, options: TwoBitOptions): TwoBitResult {
  const { metric, stopAtGoal, clock } = options;
  const codes = new Uint32Array(codeWords(rank.count));
  const frontier = options.frontier ? new Uint32Array(frontierWords(rank.count)) : null;
  const board = new SearchBoard(puzzle);
  const grid = new Uint8Array(puzzle.cells);
  const start = rankOfGrid(rank, puzzle, startGrid);
  const set = (r: number, code: number): boolean => {
    const w = Math.floor(r / 16);
    const shift = (r % 16) * 2;
    if ((codes[w]! >>> shift) & 3) return false;
    codes[w] = codes[w]! | (code << shift);
    if (frontier) frontier[Math.floor(r / 32)] = frontier[Math.floor(r / 32)]! | (1 << (r % 32));
    return true;
  };
  set(start, codeOfDistance(0));
  board.loadGrid(startGrid);
  const layers = [1];
  let solvedCount = board.isSolved() ? 1 : 0;
  let goalRank = solvedCount ? start : -1;
  let lastRank = start;
  let nodes = 0;
  const result = (status: TwoBitResult['status'], lowerBound: number): TwoBitResult => ({ status, layers, goalRank, solvedCount, lastRank, nodes, lowerBound, codes });
  if (goalRank >= 0 && stopAtGoal) return result('solved', 0);
  for (let d = 0; ; d++) {
    const current = codeOfDistance(d);
    const next = codeOfDistance(d + 1);
    clock.depth = d;
    let found = 0;
    const expand = (r: number): TwoBitResult | null => {
      nodes++;
      gridOfRank(rank, puzzle, r, grid);
      board.loadGrid(grid);
      const moves = listMoves(board, metric);
      if (clock.charge(10 + moves.length * 10, nodes)) return result('budget-exceeded', d + 1);
      for (const { from, to } of moves) {
        board.move(from, to);
        const s = rankOfGrid(rank, puzzle, board.grid);
        if (set(s, next)) {
          found++;
          lastRank = s;
          if (board.isSolved()) {
            solvedCount++;
            if (goalRank < 0) goalRank = s;
            if (stopAtGoal) {
              layers.push(found);
              return result('solved', d + 1);
            }
          }
        }
        board.move(to, from);
      }
      return null;
    };
    if (frontier) {
      for (let w = 0; w < frontier.length; w++) {
        for (let bits = frontier[w]!; bits !== 0; bits &= bits - 1) {
          const i = 31 - Math.clz32(bits & -bits);
          const r = w * 32 + i;
          if (codeOf(codes, r) !== current) continue;
          frontier[w] = frontier[w]! & ~(1 << i);
          const stop = expand(r);
          if (stop) return stop;
        }
      }
    } else {
      for (let r = 0; r < rank.count; r++) {
        if (codeOf(codes, r) !== current) continue;
        const stop = expand(r);
        if (stop) return stop;
      }
    }
    if (found === 0) return result(goalRank >= 0 ? 'solved' : 'exhausted', layers.length);
    layers.push(found);
  }
}

/**
 * The ranks of a shortest path from the start to `goal` at distance `distance`, start first: from the goal, a
 * neighbour with the code of each nearer distance in turn. `neighbours(r)` lists the ranks one move from r.
 */
export function pathRanks(codes: Uint32Array, goal: number, distance: number, neighbours: (r: number) => ArrayLike<number>): number[] {
  const path = [goal];
  let at = goal;
  for (let k = distance - 1; k >= 0; k--) {
    const want = codeOfDistance(k);
    const list = neighbours(at);
    let next = -1;
    for (let i = 0; i < list.length && next < 0; i++) if (codeOf(codes, list[i]!) === want) next = list[i]!;
    if (next < 0) throw new Error(`internal: no neighbour at distance ${k} on the way back from the goal`);
    path.push(next);
    at = next;
  }
  return path.reverse();
}

/** The ranks one move from rank r, on the part grid's moves. */
export function gridNeighbours(puzzle: Puzzle, rank: DenseRank, metric: Metric): (r: number) => number[] {
  const board = new SearchBoard(puzzle);
  const grid = new Uint8Array(puzzle.cells);
  return (r) => {
    gridOfRank(rank, puzzle, r, grid);
    board.loadGrid(grid);
    return listMoves(board, metric).map(({ from, to }) => {
      board.move(from, to);
      const s = rankOfGrid(rank, puzzle, board.grid);
      board.move(to, from);
      return s;
    });
  };
}

/** The moves along a path of ranks, in the start's orientation. */
export function movesOfRanks(puzzle: Puzzle, rank: DenseRank, startGrid: Uint8Array, metric: Metric, ranks: number[]): Move[] {
  const board = new SearchBoard(puzzle);
  const grid = new Uint8Array(puzzle.cells);
  const keys = ranks.map((r) => {
    gridOfRank(rank, puzzle, r, grid);
    board.loadGrid(grid);
    const key = new Uint32Array(puzzle.words);
    board.canonicalInto(key, 0);
    return key;
  });
  return stepsFromKeys(puzzle, startGrid, metric, keys);
}
