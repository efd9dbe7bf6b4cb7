/**
 * IDA* for sliding tiles: the blank moves (never straight back), the heuristic is updated incrementally, and a
 * bounded transposition table (the same as Klotski's) prunes repeats within an iteration and keeps learned bounds.
 */
import type { BudgetClock } from '../budget.ts';
import { TranspositionTable } from '../transposition.ts';
import type { TilesBoard } from './codec.ts';
import { geometry, linearConflicts, manhattan, type TilesGeometry } from './heuristic.ts';
import { PDB_CELLS, lookup, rank, type PatternDatabase } from './pdb.ts';

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

/** Evaluates the additive 6-6-3 databases on a 4×4 position and on its reflection about the main diagonal. */
class PatternHeuristic {
  private readonly dbs: PatternDatabase[];
  /** group of each tile, per view (0 = as is, 1 = transposed labels). */
  private readonly groupOf: Int8Array[];
  private readonly slotOf: Int8Array[];
  private readonly transposeCell = new Int8Array(PDB_CELLS);
  private readonly transposeTile = new Int8Array(PDB_CELLS);
  private readonly positions: Int8Array[][];
  private readonly geo: TilesGeometry;

  constructor(dbs: PatternDatabase[], geo: TilesGeometry) {
    this.dbs = dbs;
    this.geo = geo;
    for (let p = 0; p < PDB_CELLS; p++) this.transposeCell[p] = (p % 4) * 4 + Math.floor(p / 4);
    for (let t = 1; t < PDB_CELLS; t++) this.transposeTile[t] = this.transposeCell[t - 1]! + 1;
    this.groupOf = [new Int8Array(PDB_CELLS).fill(-1), new Int8Array(PDB_CELLS).fill(-1)];
    this.slotOf = [new Int8Array(PDB_CELLS), new Int8Array(PDB_CELLS)];
    dbs.forEach((db, g) =>
      db.tiles.forEach((t, i) => {
        this.groupOf[0]![t] = g;
        this.slotOf[0]![t] = i;
        // The transposed view looks tiles up by their transposed label, in the same groups.
        this.groupOf[1]![t] = g;
        this.slotOf[1]![t] = i;
      }),
    );
    this.positions = [dbs.map((db) => new Int8Array(db.tiles.length)), dbs.map((db) => new Int8Array(db.tiles.length))];
  }

  /** Database value (the part above Manhattan) per view and group, and the Manhattan total, kept incrementally. */
  private readonly extra: Int32Array[] = [new Int32Array(3), new Int32Array(3)];
  private md = 0;

  /** Full evaluation. */
  evaluate(cells: Uint8Array): number {
    for (let p = 0; p < PDB_CELLS; p++) {
      const t = cells[p]!;
      if (!t) continue;
      this.positions[0]![this.groupOf[0]![t]!]![this.slotOf[0]![t]!] = p;
      const tt = this.transposeTile[t]!;
      this.positions[1]![this.groupOf[1]![tt]!]![this.slotOf[1]![tt]!] = this.transposeCell[p]!;
    }
    this.md = manhattan(this.geo, cells);
    for (let v = 0; v < 2; v++) for (let g = 0; g < this.dbs.length; g++) this.refresh(v, g);
    return this.value();
  }

  /** After tile t moved from cell `from` to cell `p`: only its group changes, in each view. */
  move(t: number, from: number, p: number): number {
    const md = this.geo.md;
    this.md += md[t * PDB_CELLS + p]! - md[t * PDB_CELLS + from]!;
    const g0 = this.groupOf[0]![t]!;
    this.positions[0]![g0]![this.slotOf[0]![t]!] = p;
    this.refresh(0, g0);
    const tt = this.transposeTile[t]!;
    const g1 = this.groupOf[1]![tt]!;
    this.positions[1]![g1]![this.slotOf[1]![tt]!] = this.transposeCell[p]!;
    this.refresh(1, g1);
    return this.value();
  }

  private refresh(v: number, g: number): void {
    const db = this.dbs[g]!;
    this.extra[v]![g] = lookup(db, rank(this.positions[v]![g]!, db.tiles.length));
  }

  private value(): number {
    const a = this.extra[0]!;
    const b = this.extra[1]!;
    const ea = a[0]! + a[1]! + a[2]!;
    const eb = b[0]! + b[1]! + b[2]!;
    return this.md + 2 * (ea > eb ? ea : eb);
  }
}

export function tilesIda(
  start: TilesBoard,
  goal: TilesBoard,
  metric: TilesMetric,
  clock: BudgetClock,
  ttBytes: number,
  databases: PatternDatabase[] | null,
): TilesOutcome {
  const geo = geometry(goal);
  const { width, n } = geo;
  const cells = Uint8Array.from(start.cells);
  let blank = cells.indexOf(0);
  const goalBlank = goal.cells.indexOf(0);
  const usePdb = databases !== null && metric === 'move';
  const pdb = usePdb ? new PatternHeuristic(databases!, geo) : null;
  const maxRun = Math.max(geo.width, geo.height) - 1;
  // Unit moves: Manhattan + linear conflicts, or the databases. Straight moves shift up to maxRun tiles one cell each.
  const evaluate = (): number => {
    if (pdb) return pdb.evaluate(cells);
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
  // Work per position, in the budget's units (≈ 10 ns each, measured): the heuristic and key cost about five units per
  // cell. No table bigger than the budget can fill (clearing memory costs CPU too).
  const nodeWork = 5 * n;
  const tt = new TranspositionTable(words, ttBytes, Math.min(1 << 22, states, clock.entriesWithin(nodeWork)));
  const keyStack = new Uint32Array(words * (MAX_DEPTH + 2));
  const path: number[] = [];
  const deltas = [-width, 1, width, -1];
  let nodes = 0;
  let iteration = 0;
  let bound = 0;
  let aborted = false;

  /** Moves the blank to `to` (tile slides the other way), updating cells, key and heuristic. */
  const slide = (to: number): number => {
    const t = cells[to]!;
    cells[blank] = t;
    cells[to] = 0;
    const wa = Math.floor(blank / perWord);
    const wb = Math.floor(to / perWord);
    key[wa] = key[wa]! ^ (t << ((blank % perWord) * bits));
    key[wb] = key[wb]! ^ (t << ((to % perWord) * bits));
    const from = blank;
    blank = to;
    // tile t went from cell `to` to cell `from` (the old blank)
    return pdb ? pdb.move(t, to, from) : -1;
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
        const nh = slide(blank + deltas[d]!);
        steps++;
        const childH = nh >= 0 ? nh : evaluate();
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
