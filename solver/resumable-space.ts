/**
 * Breadth-first search in slices, to settle small spaces whole: a solve job's first steps (worker/job-search.ts) run it
 * so that a board with no solution ends with a proof — every position reachable from the start explored — instead of
 * IDA* running every bound to its step limit (IDA* proves unsolvability only by exhausting its bound, which on such
 * boards it rarely does). A slice runs under its own work budget, so a step stays within its CPU.
 *
 * Pure TypeScript (model/board.ts's part-grid keys): the engine's breadth-first search runs to its end in one call,
 * while this one stops where its budget runs out and goes on from there. Its table stays in this process between slices
 * (a few, least recently used out past HELD_SPACES); a slice that finds it gone says so (`lost`) and the caller goes
 * on with another search. The checkpoint is a small plain object.
 */
import { BudgetClock } from './shared/budget.ts';
import type { Metric } from './shared/metric.ts';
import { hashKey } from './shared/keys.ts';
import { parseLayoutOrThrow } from './klotski/model/codec.ts';
import { resolveGoal, type GoalInput } from './klotski/model/goal.ts';
import { SearchBoard } from './klotski/model/board.ts';
import { stepsFromKeys, type Move } from './klotski/model/moves.ts';
import { compilePuzzle, type Puzzle } from './klotski/model/puzzle.ts';
import { gridWork, pathKeys } from './klotski/search/part-grid.ts';
import { StateTable } from './klotski/search/state-table.ts';

export const SPACE_CHECKPOINT_FORMAT = 'huarong-space';

export interface SpaceCheckpoint {
  format: typeof SPACE_CHECKPOINT_FORMAT;
  /** Names the search's table in this process. */
  owner: string;
  slices: number;
  /** Positions stored (every one reached so far) and expanded. */
  positions: number;
  nodes: number;
  /** No solution is shorter (every position nearer than the layer being expanded was stored, none solved). */
  lowerBound: number;
}

export type SpaceSliceResult =
  | { done: false; checkpoint: SpaceCheckpoint }
  /** Every reachable position explored, none solved: proven unsolvable. */
  | { done: true; status: 'unsolvable'; positions: number; nodes: number }
  /** A shortest solution (breadth-first, in the search's metric). */
  | { done: true; status: 'solved'; moves: Move[]; positions: number; nodes: number }
  /** Its table was full (the space is larger than it holds), or gone from this process: another search must go on. */
  | { done: true; status: 'too-large' | 'lost'; positions: number; nodes: number };

interface SpaceState {
  puzzle: Puzzle;
  grid: Uint8Array;
  metric: Metric;
  board: SearchBoard;
  table: StateTable;
  /** The next position to expand (the table is the queue: insertion order is distance order). */
  order: number;
  /** The layer being expanded (its distance from the start) and where it ends in the table. */
  depth: number;
  layerEnd: number;
  nodes: number;
  slices: number;
}

/** Searches whose tables this process keeps (a solve job's at a time each). */
export const HELD_SPACES = 4;
const held = new Map<string, SpaceState>();

/** Starts a search of `layout`'s space holding at most `maxPositions` positions, its table kept under `owner`. */
export function beginSpaceSearch(layout: string, options: { metric: Metric; goal: GoalInput | null; maxPositions: number; owner: string }): SpaceCheckpoint {
  const parsed = parseLayoutOrThrow(layout);
  const { puzzle, grid } = compilePuzzle(parsed, resolveGoal(parsed, options.goal));
  const board = new SearchBoard(puzzle);
  board.loadGrid(grid);
  const table = new StateTable(puzzle.words, options.maxPositions, 1 << 12);
  const key = new Uint32Array(puzzle.words);
  board.canonicalInto(key, 0);
  table.add(key, 0, -1);
  held.delete(options.owner);
  held.set(options.owner, { puzzle, grid, metric: options.metric, board, table, order: 0, depth: 0, layerEnd: 1, nodes: 0, slices: 0 });
  while (held.size > HELD_SPACES) held.delete(held.keys().next().value!);
  return { format: SPACE_CHECKPOINT_FORMAT, owner: options.owner, slices: 0, positions: 1, nodes: 0, lowerBound: 0 };
}

export function isSpaceCheckpoint(value: unknown): value is SpaceCheckpoint {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === SPACE_CHECKPOINT_FORMAT;
}

/** Runs one slice of `maxWork` units from `checkpoint` (the table this process holds for it). */
export function spaceSearchSlice(checkpoint: SpaceCheckpoint, options: { maxWork: number }): SpaceSliceResult {
  const state = held.get(checkpoint.owner);
  if (!state || state.slices !== checkpoint.slices) return { done: true, status: 'lost', positions: checkpoint.positions, nodes: checkpoint.nodes };
  held.delete(checkpoint.owner);
  held.set(checkpoint.owner, state); // the most recently used
  const { puzzle, board, table, metric } = state;
  const clock = new BudgetClock({ maxWork: options.maxWork });
  const { nodeWork, successorWork } = spaceWork(puzzle);
  const fold = puzzle.mirrorable;
  const words = puzzle.words;
  const scratch = new Uint32Array(words);
  const targets = new Int16Array(puzzle.cells);
  const via = new Int16Array(puzzle.cells);
  const candidates = new Int16Array(puzzle.cells);
  const finish = () => ({ positions: table.size, nodes: state.nodes });
  if (state.order === 0 && state.nodes === 0) {
    board.loadKey(table.keys, 0);
    if (board.isSolved()) return { done: true, status: 'solved', moves: [], ...finish() };
  }
  let successors = 0;
  while (state.order < table.size) {
    if (clock.charge(nodeWork + successors * successorWork, state.nodes)) break;
    successors = 0;
    const idx = state.order++;
    if (idx === state.layerEnd) {
      state.depth++;
      state.layerEnd = table.size;
    }
    state.nodes++;
    board.loadKey(table.keys, idx * words);
    const movable = board.movablePieces(candidates);
    const goalPos = board.goalPos;
    for (let i = 0; i < movable; i++) {
      const from = candidates[i]!;
      const end = board.reach(from, metric, targets, via, 0);
      for (let m = 0; m < end; m++) {
        const to = targets[m]!;
        successors++;
        board.keyAfterMove(from, to, fold, scratch);
        const hash = hashKey(scratch, 0, words);
        const slot = table.probe(scratch, 0, hash);
        if (slot < 0) continue;
        const added = table.insertAt(slot, scratch, 0, hash, idx, 0);
        if (added === -2) {
          held.delete(checkpoint.owner);
          return { done: true, status: 'too-large', ...finish() };
        }
        if (from === goalPos && puzzle.goalByPosition ? to === puzzle.goalCell : board.solvedAfterMove(from, to)) {
          held.delete(checkpoint.owner);
          return { done: true, status: 'solved', moves: stepsFromKeys(puzzle, state.grid, metric, pathKeys(table, added)), ...finish() };
        }
      }
    }
  }
  if (state.order >= table.size) {
    held.delete(checkpoint.owner);
    return { done: true, status: 'unsolvable', ...finish() };
  }
  state.slices++;
  return { done: false, checkpoint: { ...checkpoint, slices: state.slices, positions: table.size, nodes: state.nodes, lowerBound: state.depth + 1 } };
}

/**
 * Work per expanded position and per successor: part-grid.ts's units, times SPACE_WORK_FACTOR — this loop reads every
 * successor's key and keeps every position in its index (no layer dropped, no move known from its parent skipped), and
 * measured ≈ 3× the CPU a unit is meant to be (7 µs a position on 6×6 boards, taken on a shared, loaded machine).
 */
export const SPACE_WORK_FACTOR = 3;
function spaceWork(puzzle: Puzzle): { nodeWork: number; successorWork: number } {
  const { nodeWork, successorWork } = gridWork(puzzle);
  return { nodeWork: nodeWork * SPACE_WORK_FACTOR, successorWork: successorWork * SPACE_WORK_FACTOR };
}

/** Bytes a stored position takes: its key, parent, tag and hash, and its index slots (half full at worst). */
const spacePositionBytes = (puzzle: Puzzle) => 4 * puzzle.words + 4 + 2 + 4 + 8;

/** The positions a search of `layout` may store in `bytes` of memory. */
export function spaceCapacity(layout: string, goal: GoalInput | null, bytes: number): number {
  const parsed = parseLayoutOrThrow(layout);
  return Math.floor(bytes / spacePositionBytes(compilePuzzle(parsed, resolveGoal(parsed, goal)).puzzle));
}

/** Drops a search's table (its job ended, or went on with another search). */
export function dropSpaceSearch(owner: string): void {
  held.delete(owner);
}
