/** solve() for 数字华容道: parity first (no search for unsolvable inputs), then the strategy the size allows. */
import { BudgetClock, type Budget } from '../shared/budget.ts';
import { fail } from '../shared/errors.ts';
import type { Proof, StopReason } from '../shared/outcome.ts';
import type { Cell, Move } from '../klotski/model/moves.ts';
import { formatTiles, parityInvariant, parseTilesOrThrow, solvedTiles, type TilesBoard } from './codec.ts';
import { geometry, manhattan } from './heuristic.ts';
import { affordableTables, fifteenIda } from './fifteen.ts';
import type { PatternDatabase } from './pdb.ts';
import { tilesIda, type TilesMetric } from './search.ts';
import { weightedSearch } from './weighted.ts';
import { EIGHT_CELLS, eightPath } from './eight-table.ts';

export interface TilesSolveOptions extends Budget {
  metric?: TilesMetric;
  /** Goal as a tiles code; default: tiles in order, blank last. */
  goal?: string | null;
  /** Force an optimal search on big boards (under the budget). */
  optimal?: boolean;
  /**
   * The 4×4 databases (PDB_GROUPS, see pdb.ts); without them, or when the budget cannot pay for expanding them
   * (FIFTEEN_SETUP_WORK), the 4×4 uses Manhattan + linear conflicts.
   */
  databases?: PatternDatabase[] | null;
  ttBytes?: number;
  /**
   * 3×3 boards: the 8-puzzle table (eight-table.ts) for the metric and the goal's kind (`eightGoalKind`); the answer
   * is then read from it instead of searched.
   */
  eightTable?: Uint8Array | null;
}

export interface TilesResult {
  kind: 'tiles';
  layout: string;
  canonical: string;
  goal: { code: string };
  status: 'solved' | 'unsolvable' | 'budget-exceeded';
  solvable: boolean | null;
  optimal: boolean;
  metric: TilesMetric;
  length: number | null;
  reason?: string;
  /** With unsolvable: how it was proven (always the parity here). */
  proof?: Proof;
  lowerBound?: number;
  /** With budget-exceeded: what stopped the search (shared/outcome.ts). */
  stoppedBy?: StopReason;
  /**
   * `from`: the moving tile's cell, `to`: the blank's cell it slides into. A straight move slides a run: `from` is the
   * far end of the run (where the blank ends up) and `path` lists every cell from `from` to `to`.
   */
  moves: Move[];
  stats: { algorithm: 'ida' | 'ida-pdb' | 'weighted' | 'parity' | 'table'; nodes: number; ms: number; work: number; ttBytes: number };
}

const DEFAULT_MAX_MS = 60_000;
/**
 * Transposition table of the plain tiles search (any size, goal or metric; the 4×4 with its databases needs none):
 * 16 MB was measured fastest on Korf's instances when they still went this way (1–8 MB lost more nodes than they saved).
 */
export const TILES_TT_BYTES = 16 * 1024 * 1024;
/** Boards up to this many cells are solved optimally by default. */
export const OPTIMAL_CELLS = 16;

/** The goal board for a tiles board (default: in order, blank last); throws `bad-goal` when it does not fit the board. */
export function tilesGoal(board: TilesBoard, goalCode?: string | null): TilesBoard {
  const goal = goalCode ? parseTilesOrThrow(goalCode) : solvedTiles(board.width, board.height);
  if (goal.width !== board.width || goal.height !== board.height) {
    fail('bad-goal', `the goal is ${goal.width}×${goal.height} but the board is ${board.width}×${board.height}`);
  }
  return goal;
}

/**
 * A proven lower bound without search: the Manhattan distance (each move carries one tile one cell); a straight move
 * carries at most max(width, height) − 1 tiles one cell each.
 */
function startBound(board: TilesBoard, goal: TilesBoard, metric: TilesMetric): number {
  const md = manhattan(geometry(goal), board.cells);
  return metric === 'move' ? md : Math.ceil(md / (Math.max(board.width, board.height) - 1));
}

export function solveTiles(board: TilesBoard, options: TilesSolveOptions = {}): TilesResult {
  const metric = options.metric ?? 'move';
  if (metric !== 'move' && metric !== 'straight') fail('bad-metric', `metric ${JSON.stringify(metric)} is not one of move, straight for tiles puzzles`);
  const goal = tilesGoal(board, options.goal);
  const clock = new BudgetClock({ maxNodes: options.maxNodes, maxWork: options.maxWork, maxMs: options.maxMs ?? DEFAULT_MAX_MS, onProgress: options.onProgress });
  const base = { kind: 'tiles' as const, layout: formatTiles(board), canonical: `${formatTiles(board)}${options.goal ? `~${formatTiles(goal)}` : ''}`, goal: { code: formatTiles(goal) }, metric };
  if (parityInvariant(board) !== parityInvariant(goal)) {
    const rule = board.width % 2 === 0 ? 'inversions plus the blank row' : 'inversions';
    return {
      ...base, status: 'unsolvable', solvable: false, optimal: true, length: null, moves: [],
      reason: `the parity of ${rule} differs from the goal's: no sequence of moves can reach it`,
      proof: { by: 'parity', rule },
      stats: { algorithm: 'parity', nodes: 0, ms: round(clock.elapsed()), work: clock.work, ttBytes: 0 },
    };
  }
  const n = board.width * board.height;
  // The parity test above sent every unreachable board away: a table with no path is wrong, and the search answers.
  const tablePath = options.eightTable && n === EIGHT_CELLS && board.width === 3 ? eightPath(board, goal, metric, options.eightTable) : null;
  if (tablePath) {
    const moves = tilesMovesFromBlankPath(board, tablePath);
    const stats = { algorithm: 'table' as const, nodes: moves.length, ms: round(clock.elapsed()), work: clock.work, ttBytes: 0 };
    return { ...base, status: 'solved', solvable: true, optimal: true, length: moves.length, moves, stats };
  }
  clock.phase = 'ida';
  if (n > OPTIMAL_CELLS && !options.optimal) {
    clock.phase = 'weighted';
    const run = weightedSearch(board, goal, clock);
    const stats = { algorithm: 'weighted' as const, nodes: run.nodes, ms: round(clock.elapsed()), work: clock.work, ttBytes: 0 };
    if (!run.blankPath) return { ...base, status: 'budget-exceeded', solvable: true, optimal: false, length: null, lowerBound: startBound(board, goal, metric), stoppedBy: clock.stopReason(run.nodes, 'depth'), moves: [], stats };
    const moves = tilesMovesFromBlankPath(board, run.blankPath);
    return { ...base, status: 'solved', solvable: true, optimal: false, length: moves.length, moves, stats };
  }
  const standardGoal = !options.goal || formatTiles(goal) === formatTiles(solvedTiles(board.width, board.height));
  const databases = n === 16 && board.width === 4 && standardGoal && metric === 'move' ? (options.databases ?? null) : null;
  const tables = databases ? affordableTables(databases, clock) : null;
  const run = tables ? fifteenIda(board.cells, tables, clock) : tilesIda(board, goal, metric, clock, options.ttBytes ?? TILES_TT_BYTES);
  const stats = { algorithm: tables ? ('ida-pdb' as const) : ('ida' as const), nodes: run.nodes, ms: round(clock.elapsed()), work: clock.work, ttBytes: run.ttBytes };
  if (run.status === 'budget-exceeded') return { ...base, status: 'budget-exceeded', solvable: true, optimal: false, length: null, lowerBound: run.lowerBound, stoppedBy: clock.stopReason(run.nodes, 'depth'), moves: [], stats };
  const moves = tilesMovesFromBlankPath(board, run.blankPath);
  return { ...base, status: 'solved', solvable: true, optimal: true, length: moves.length, moves, stats };
}

/** Blank positions → moves: the tile at the blank's next cell slides to the blank's current cell (runs for straight). */
export function tilesMovesFromBlankPath(board: TilesBoard, blankPath: number[]): Move[] {
  const w = board.width;
  const cell = (p: number): Cell => [Math.floor(p / w), p % w];
  let blank = board.cells.indexOf(0);
  return blankPath.map((next) => {
    const from = cell(next);
    const to = cell(blank);
    const path: Cell[] = [];
    const step = Math.abs(next - blank) >= w ? w : 1;
    const dir = next > blank ? step : -step;
    for (let p = next; p !== blank; p -= dir) path.push(cell(p));
    path.push(to);
    blank = next;
    return { from, to, path };
  });
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
