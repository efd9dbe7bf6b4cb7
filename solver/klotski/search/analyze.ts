/** The old solvers' "enumerate every layer" mode: the whole space reachable from a layout, by distance. */
import { explore, positionWords } from './explore.ts';
import { BudgetClock, type Budget } from '../../shared/budget.ts';
import { formatLayout } from '../model/codec.ts';
import type { GoalInput } from '../model/goal.ts';
import { resolveGoal } from '../model/goal.ts';
import type { Layout } from '../model/layout.ts';
import { compilePuzzle, estimateStates, gridToLayout } from '../model/puzzle.ts';
import { denseSearch } from '../dense/search.ts';
import type { Metric } from '../../shared/metric.ts';
import { checkSlide, type Slide } from '../model/slide.ts';

export interface Analysis {
  layout: string;
  metric: Metric;
  /** `layers[d]` = how many positions are exactly d moves from the layout. */
  layers: number[];
  total: number;
  /** How many of those positions are solved. */
  solved: number;
  /** One position at the greatest distance, and that distance. */
  farthest: { layout: string; distance: number };
  complete: boolean;
  stats: { nodes: number; ms: number; bytes: number };
}

export interface AnalyzeOptions extends Budget {
  metric?: Metric;
  goal?: GoalInput | null;
  maxStates?: number;
  /** Store positions as ranks (explore.ts `storeRanks`); by default where masks would pass half a gigabyte. */
  storeRanks?: boolean;
  /** How pieces slide (default `free`; slide.ts). */
  slide?: Slide;
  /**
   * Search at two bits a position (klotski/dense/): by default where the space may outgrow the positions stored (its
   * estimate does; the caller set no `maxStates` or `storeRanks`) and its codes fit `memoryBytes`.
   */
  dense?: boolean;
  /** Room for the two-bit search's codes and tables (default 700 MB). */
  memoryBytes?: number;
}

export function analyze(layout: Layout, options: AnalyzeOptions = {}): Analysis {
  const metric = options.metric ?? 'move';
  const slide = checkSlide(options.slide);
  const goal = resolveGoal(layout, options.goal, slide);
  const { puzzle, grid } = compilePuzzle(layout, goal, slide);
  const clock = new BudgetClock(options);
  // Positions are counted as they are, not folded with their mirror images.
  const maxStates = options.maxStates ?? 20_000_000;
  // Where masks for every position allowed would pass half a gigabyte, positions are stored as ranks (explore.ts).
  const storeRanks = options.storeRanks ?? maxStates * positionWords(puzzle) * 4 > 512 * 1024 * 1024;
  // Not where the caller capped the positions stored or chose how to store them (as solve()'s auto): its codes cover
  // every placement, and a search meant to be cut short would run the whole space.
  const denseByDefault = options.maxStates === undefined && options.storeRanks === undefined && estimateStates(puzzle) > maxStates;
  if (options.dense ?? denseByDefault) {
    const run = denseSearch(puzzle, grid, { metric, stopAtGoal: false, clock, memoryBytes: options.memoryBytes ?? 700 * 2 ** 20 });
    if (run) {
      const cellGrid = new Uint8Array(puzzle.cells);
      run.gridOf(run.lastRank, cellGrid);
      const total = run.layers.reduce((s, n) => s + n, 0);
      return {
        layout: formatLayout(layout),
        metric,
        layers: run.layers,
        total,
        solved: run.solvedCount,
        farthest: { layout: formatLayout(gridToLayout(puzzle, cellGrid)), distance: run.layers.length - 1 },
        complete: run.status !== 'budget-exceeded',
        stats: { nodes: run.nodes, ms: Math.round(clock.elapsed() * 1000) / 1000, bytes: run.bytes },
      };
    }
  }
  const run = explore(puzzle, grid, { metric, fold: false, stopAtGoal: false, clock, maxStates, storeRanks });
  const starts = run.layerStarts;
  const layers = starts.slice(1).map((end, d) => end - starts[d]!);
  const last = run.table.size - 1;
  const cellGrid = new Uint8Array(puzzle.cells);
  run.gridOf(last, cellGrid);
  return {
    layout: formatLayout(layout),
    metric,
    layers,
    total: run.table.size,
    solved: run.solvedCount,
    farthest: { layout: formatLayout(gridToLayout(puzzle, cellGrid)), distance: layers.length - 1 },
    complete: run.status !== 'budget-exceeded',
    stats: { nodes: run.nodes, ms: Math.round(clock.elapsed() * 1000) / 1000, bytes: run.table.bytes },
  };
}
