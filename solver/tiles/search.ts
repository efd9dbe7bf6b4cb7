/**
 * IDA* for sliding tiles of any size and goal, unit or straight moves (the 4×4 with its databases has its own search,
 * fifteen.ts): the blank moves (never straight back), Manhattan + linear conflicts bound it, and a
 * bounded transposition table (the same as Klotski's) prunes repeats within an iteration and keeps learned bounds.
 */
import type { BudgetClock } from '../shared/budget.ts';
import { TranspositionTable } from '../shared/transposition.ts';
import type { TilesBoard } from './codec.ts';
import { geometry, linearConflicts, manhattan, type TilesGeometry } from './heuristic.ts';

export type TilesMetric = 'move' | 'straight';

export interface TilesOutcome {
  status: 'solved' | 'budget-exceeded';
  /** Cells the blank moves to, one per move (straight moves: the blank's cell after the slide). */
  blankPath: number[];
  nodes: number;
  lowerBound: number;
  ttBytes: number;
}

const FOUND = -1;
const MAX_DEPTH = 1000;

export function tilesIda(
  start: TilesBoard,
  goal: TilesBoard,
  metric: TilesMetric,
  clock: BudgetClock,
  ttBytes: number,
): TilesOutcome {
  const geo = geometry(goal);
  const { width, n } = geo;
  const cells = Uint8Array.from(start.cells);
  let blank = cells.indexOf(0);
  const goalBlank = goal.cells.indexOf(0);
  const maxRun = Math.max(geo.width, geo.height) - 1;
  // Unit moves: Manhattan + linear conflicts. Straight moves shift up to maxRun tiles one cell each.
  const evaluate = (): number => {
    const h = manhattan(geo, cells) + linearConflicts(geo, cells);
    return metric === 'move' ? h : Math.ceil(h / maxRun);
  };
  const bits = Math.ceil(Math.log2(n));
  const perWord = Math.floor(32 / bits);
  const words = Math.ceil(n / perWord);
  const key = new Uint32Array(words);
  for (let p = 0; p < n; p++) key[Math.floor(p / perWord)] = key[Math.floor(p / perWord)]! | (cells[p]! << ((p % perWord) * bits));
  let states = 1;
  for (let i = 2; i <= n && states < 1 << 22; i++) states *= i;
  // Work per position, in the budget's units (≈ 10 ns each, measured with npm run bench:edge): the heuristic and key
  // cost about nine units per cell. No table bigger than the budget can fill (clearing memory costs CPU too).
  const nodeWork = 9 * n;
  const tt = new TranspositionTable(words, ttBytes, Math.min(1 << 22, states, clock.entriesWithin(nodeWork)));
  const keyStack = new Uint32Array(words * (MAX_DEPTH + 2));
  const path: number[] = [];
  const deltas = [-width, 1, width, -1];
  let nodes = 0;
  let iteration = 0;
  let bound = 0;
  let aborted = false;

  /** Moves the blank to `to` (tile slides the other way), updating cells and key. */
  const slide = (to: number): void => {
    const t = cells[to]!;
    cells[blank] = t;
    cells[to] = 0;
    const wa = Math.floor(blank / perWord);
    const wb = Math.floor(to / perWord);
    key[wa] = key[wa]! ^ (t << ((blank % perWord) * bits));
    key[wb] = key[wb]! ^ (t << ((to % perWord) * bits));
    blank = to;
  };

  const canStep = (p: number, d: number): boolean => {
    if (d === 0) return p >= width;
    if (d === 2) return p + width < n;
    if (d === 1) return p % width !== width - 1;
    return p % width !== 0;
  };

  /**
   * `parentH`: the parent's lower bound. Moves back toward the parent (and, in the straight metric, further along the
   * last direction) are not searched, but the states they reach are the parent or its neighbours, so they still
   * bound this state's learned value from below by g + parentH — without that the learned bounds could overestimate.
   */
  const search = (g: number, h: number, lastDir: number, parentH: number): number => {
    if (clock.charge(nodeWork, ++nodes)) aborted = true;
    if (aborted) return Number.POSITIVE_INFINITY;
    if (h === 0 && blank === goalBlank && isGoal()) return FOUND;
    // Most nodes are leaves cut off by the heuristic alone: test that before touching the table.
    if (g + h > bound) return g + h;
    const at = g * words;
    for (let w = 0; w < words; w++) keyStack[at + w] = key[w]!;
    let slot = tt.find(keyStack, at);
    if (slot >= 0) {
      h = Math.max(h, tt.bound[slot]!);
      if (tt.iteration[slot] === iteration && tt.depth[slot]! <= g) return Math.max(g + h, bound + 1);
    }
    if (g + h > bound) return g + h;
    if (g >= MAX_DEPTH) return Number.POSITIVE_INFINITY;
    if (slot < 0) slot = tt.claim(keyStack, at, iteration);
    tt.iteration[slot] = iteration;
    tt.depth[slot] = g;
    let best = lastDir >= 0 ? g + (metric === "move" ? 1 : 0) + parentH : Number.POSITIVE_INFINITY;
    for (let d = 0; d < 4; d++) {
      if (lastDir >= 0 && d === ((lastDir + 2) & 3)) continue; // never undo the last move
      if (metric === 'straight' && d === lastDir) continue; // two slides one way are one straight move
      const origin = blank;
      let steps = 0;
      while (canStep(blank, d) && (steps === 0 || metric === 'straight')) {
        slide(blank + deltas[d]!);
        steps++;
        const childH = evaluate();
        path.push(blank);
        const f = search(g + 1, childH, d, h);
        if (f === FOUND) return FOUND;
        path.pop();
        if (f < best) best = f;
        if (aborted) break;
      }
      // Slide everything back.
      while (blank !== origin) slide(blank - deltas[d]!);
      if (aborted) return Number.POSITIVE_INFINITY;
    }
    const still = tt.find(keyStack, at);
    if (still >= 0 && best !== Number.POSITIVE_INFINITY) tt.bound[still] = Math.min(0xfffe, Math.max(tt.bound[still]!, best - g));
    return best;
  };

  const isGoal = (): boolean => {
    for (let p = 0; p < n; p++) if (cells[p] !== goal.cells[p]) return false;
    return true;
  };

  const h0 = evaluate();
  bound = h0;
  for (;;) {
    iteration = iteration === 0xffff ? 1 : iteration + 1;
    clock.depth = bound;
    path.length = 0;
    const result = search(0, h0, -1, 0);
    if (result === FOUND) return { status: 'solved', blankPath: path.slice(), nodes, lowerBound: path.length, ttBytes: tt.bytes };
    if (aborted || result === Number.POSITIVE_INFINITY) return { status: 'budget-exceeded', blankPath: [], nodes, lowerBound: bound, ttBytes: tt.bytes };
    bound = Math.max(result, bound + 1);
  }
}
