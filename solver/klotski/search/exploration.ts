/**
 * What every breadth-first (and best-first) search of a Klotski puzzle takes and gives — its options, its result, the
 * frontier that orders its expansions — so the searches (part grid, bitboards, the WebAssembly engine) depend on this
 * contract and not on `bfs.ts`, which picks one of them.
 */
import type { BudgetClock } from '../../shared/budget.ts';
import type { Metric } from '../../shared/metric.ts';
import { OpenList } from './open-list.ts';
import type { StateTable } from './state-table.ts';

export interface ExploreOptions {
  metric: Metric;
  /** Fold mirror images into one state (only where the puzzle is mirrorable). */
  fold: boolean;
  /** Stop as soon as a solved position is reached. */
  stopAtGoal: boolean;
  clock: BudgetClock;
  maxStates: number;
  /** Sizes the table up front so small spaces never rehash. */
  expectedStates?: number;
  /**
   * Search best-first (A*) instead of breadth-first, by moves so far plus the sum of these per-piece costs
   * (`pieceCosts`, a consistent lower bound on the moves left). Only with `stopAtGoal`; a search that finds no goal
   * has expanded the whole space all the same.
   */
  costs?: Int16Array | null;
  /**
   * Breadth-first search on the engine, not folded: store each position as its 64-bit rank where the board's ranks fit
   * one (`rankStorable`), about RANK_POSITION_BYTES a position where masks take 8 bytes a class and more. Slower per
   * position on some boards (a rank is read back into masks to expand it): for spaces that masks would not fit.
   */
  storeRanks?: boolean;
}

export interface Exploration {
  status: 'solved' | 'exhausted' | 'budget-exceeded';
  table: StateTable;
  /**
   * `layerStarts[d]` is the index of the first state at distance d. When the space was exhausted the last entry is
   * the end; otherwise the last entry starts the layer that was being expanded.
   */
  layerStarts: number[];
  /** Index of the first solved state found, or -1. */
  goalIndex: number;
  /** Number of solved states seen (all of them when the space was exhausted). */
  solvedCount: number;
  nodes: number;
  /** With budget-exceeded: no solution is shorter than this. */
  lowerBound: number;
  /**
   * Positions are stored as found, never as their mirror images (a search by rank marks a position's mirror image
   * seen instead of folding it): rebuilding a solution compares them unfolded.
   */
  storedAsFound?: boolean;
  /**
   * Positions stored as their ranks (the engine's search by rank): the class masks (top-left cells, lo/hi pairs) of
   * state `index`, where the table's keys hold only its rank.
   */
  masksOf?: (index: number) => Int32Array;
  /**
   * The WebAssembly engine's searches: whether `table` can still be read. It is a view of the engine's memory, which
   * its next search overwrites.
   */
  current?: () => boolean;
}

/**
 * Which stored position a search expands next, and what its stop proves. Breadth-first: table order, which is distance
 * order; at the first position of each layer it records where the layer starts, tells the clock the depth, and drops
 * the layer two back from the index (successors of this layer lie in the layer before it, itself or the next).
 * Best-first (given the start's cost): the open list's order, over an index sized up front, since it holds every
 * position.
 */
export class Frontier {
  /** Best-first only: the open list (the search queues each new position on it). */
  readonly open: OpenList | null;
  /** Breadth-first: `layerStarts[d]` is the index of the first position at distance d (see Exploration). */
  readonly layerStarts = [0];
  private readonly table: StateTable;
  private readonly clock: BudgetClock;
  private order = 0;
  private layerEnd = 1;
  /** Breadth-first: no successor lies in its own layer (see `layersAlternate`). */
  private readonly alternating: boolean;

  /**
   * `startCost`: the start's bound for a best-first search, or null for breadth-first. `alternating`: see
   * `layersAlternate`.
   */
  constructor(table: StateTable, clock: BudgetClock, maxStates: number, startCost: number | null, alternating = false) {
    this.table = table;
    this.clock = clock;
    this.alternating = alternating;
    this.open = startCost === null ? null : new OpenList();
    if (this.open) {
      table.reserveIndex(Math.min(maxStates, 1 << 16));
      this.open.add(0, 0, startCost!);
    }
  }

  /** The next position to expand, or -1 when none is left. */
  next(): number {
    const open = this.open;
    if (open) {
      const idx = open.pop();
      if (idx >= 0) this.clock.depth = open.f;
      return idx;
    }
    if (this.order >= this.table.size) return -1;
    const idx = this.order++;
    if (idx === this.layerEnd) {
      const { table, layerStarts } = this;
      // The layer about to be expanded finds its successors in the layers before and after it; its own is left out
      // of the index when no successor can be in it.
      table.forgetBefore(layerStarts[layerStarts.length - 1]!, this.alternating ? idx : table.size);
      layerStarts.push(idx);
      this.clock.depth = layerStarts.length - 1;
      this.layerEnd = table.size;
    }
    return idx;
  }

  /** Stopped short: no solution is shorter than this (the f being expanded, or the next layer's distance). */
  lowerBound(): number {
    return this.open ? this.open.f : this.layerStarts.length;
  }
}

/**
 * Whether every successor of a position lies in the layer before or after the position's, never in its own. True in
 * the step metric: a step shifts one piece by one cell, which changes the parity of the sum of the pieces' rows and
 * columns. With mirror images folded, only where mirroring keeps that parity: where the sum over the pieces of (board
 * width - piece width) is even.
 */
export function layersAlternate(metric: Metric, fold: boolean, board: { cells: number; mirror: Int8Array; counts: number[] }): boolean {
  if (metric !== 'step') return false;
  if (!fold) return true;
  let sum = 0;
  // A piece with its top-left in the first cell has it, mirrored, at (board width - piece width).
  for (let c = 0; c < board.counts.length; c++) sum += board.counts[c]! * board.mirror[c * board.cells]!;
  return sum % 2 === 0;
}
