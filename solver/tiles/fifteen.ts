/**
 * IDA* for the 4×4 (goal: tiles in order, blank last), built for speed. The bound is the largest of four additive
 * pattern-database sums (two partitions, each for the position and for its reflection about the main diagonal) and
 * the walking distance. The databases are expanded once into tables indexed by the tiles' cells as base-16 digits,
 * so a move changes one digit of one index per view and its new value is an add and a nibble read away. No
 * allocation, hashing or ranking in the search; the blank never moves straight back; children over the bound are cut
 * before they are entered. Measured on Korf's 100 in bench/tiles.ts.
 */
import type { BudgetClock } from '../shared/budget.ts';
import { PARTITIONS, PDB_CELLS, type PatternDatabase } from './pdb.ts';
import type { TilesOutcome } from './search.ts';
import { walkingDistance } from './walking-distance.ts';

const WIDTH = 4;
/** The cell's reflection about the main diagonal. */
const REFLECT_CELL = Int8Array.from({ length: PDB_CELLS }, (_, p) => (p % WIDTH) * WIDTH + Math.floor(p / WIDTH));
/** The tile whose goal cell is the reflection of tile t's goal cell (goal: tile t at cell t − 1). */
const REFLECT_TILE = Int8Array.from({ length: PDB_CELLS }, (_, t) => (t === 0 ? 0 : REFLECT_CELL[t - 1]! + 1));
/** Neighbours of each cell, four slots each (up, right, down, left), −1 where the edge is. */
const NEIGHBOURS = (() => {
  const out = new Int8Array(PDB_CELLS * 4).fill(-1);
  for (let p = 0; p < PDB_CELLS; p++) {
    const r = p >> 2;
    const c = p & 3;
    if (r > 0) out[p * 4] = p - 4;
    if (c < 3) out[p * 4 + 1] = p + 1;
    if (r < 3) out[p * 4 + 2] = p + 4;
    if (c > 0) out[p * 4 + 3] = p - 1;
  }
  return out;
})();

/**
 * The search's view of the databases: two partitions, each looked up for the position and for its reflection — four
 * views, each a sum over its groups, the bound the largest (or the walking distance, if larger). Each group of each
 * view has a running index ("slot") into `values`, and a move changes one digit of one slot per view.
 */
export interface FifteenTables {
  /**
   * Every group's expanded table, one after another, two 4-bit entries a byte: per placement, the database value
   * above the group's Manhattan distance, halved (as in the files). Entry i: `(values[i >> 1] >> ((i & 1) << 2)) & 15`.
   */
  values: Uint8Array;
  /** Per slot: its table's start in `values`, and the view it adds to. */
  slotStart: Int32Array;
  slotView: Int8Array;
  /** Per view v and tile t (`v * 16 + t`): the slot holding t's digit. */
  slotOf: Int8Array;
  /** Per view v, tile t, blank cell b and direction d (`v * 1024 + (t * 16 + b) * 4 + d`): the slot's index change when
   *  t slides from the blank's neighbour in direction d into b. */
  step: Int32Array;
  /** Per view v and tile t at cell p (`(v * 16 + t) * 16 + p`): t's digit at p, shifted into place, for the start. */
  digit: Int32Array;
}

export const VIEWS = 4;
/**
 * What expanding the tables costs, in budget units (≈ 10 ns each): about 0.2 s of CPU (bench/tiles.ts prints it).
 * A budget that cannot pay it searches without the databases; once expanded they are free for the process.
 */
export const FIFTEEN_SETUP_WORK = 20_000_000;
const cache = new WeakMap<PatternDatabase, FifteenTables>();

/** The expanded tables when they are ready or the clock's budget can pay for them (charged), else null. */
export function affordableTables(dbs: PatternDatabase[], clock: BudgetClock): FifteenTables | null {
  const ready = cache.get(dbs[0]!);
  if (ready) return ready;
  if (clock.maxWork - clock.work < 2 * FIFTEEN_SETUP_WORK) return null;
  clock.work += FIFTEEN_SETUP_WORK;
  return fifteenTables(dbs);
}

/**
 * Checks that the databases are PARTITIONS' groups in order and lays out the four views; the expanded tables take
 * 2 × 2 × 8 MiB and some tens of milliseconds to fill, once per process.
 */
export function fifteenTables(dbs: PatternDatabase[]): FifteenTables {
  const cached = cache.get(dbs[0]!);
  if (cached) return cached;
  const expansion = new FifteenExpansion(dbs);
  while (!expansion.done) expansion.expandPart();
  return expansion.tables();
}

/**
 * The expansion in parts (one per group and cell of its first tile, each about 1/64 of the whole), for callers whose
 * CPU comes in small slices: a solve job's steps. `tables()` once `done`; the result is cached like fifteenTables'.
 */
export class FifteenExpansion {
  private readonly dbs: PatternDatabase[];
  private readonly offsets: number[] = [];
  private readonly values: Uint8Array;
  private next = 0;
  readonly parts: number;

  constructor(dbs: PatternDatabase[]) {
    const groups = PARTITIONS.flat();
    if (dbs.length !== groups.length || dbs.some((db, i) => String(db.tiles) !== String(groups[i]))) {
      throw new Error(`internal: expected the pattern databases ${groups.map((g) => g.join(',')).join(' | ')}`);
    }
    this.dbs = dbs;
    let total = 0;
    for (const db of dbs) {
      this.offsets.push(total);
      total += 1 << (4 * db.tiles.length);
    }
    this.values = new Uint8Array(total / 2);
    this.parts = dbs.length * PDB_CELLS;
    if (cache.has(dbs[0]!)) this.next = this.parts;
  }

  get done(): boolean {
    return this.next >= this.parts;
  }

  /** Parts expanded so far. */
  get expanded(): number {
    return this.next;
  }

  /** The next part's share of the whole expansion's work (parts of the 3-tile groups are tiny), 0 when done. */
  get nextShare(): number {
    if (this.done) return 0;
    const group = Math.floor(this.next / PDB_CELLS);
    return 1 / PDB_CELLS * (2 ** (4 * this.dbs[group]!.tiles.length)) / (this.values.length * 2);
  }

  /** Expands the next part: the placements of one group with its first tile on one cell. */
  expandPart(): void {
    if (this.done) return;
    const group = Math.floor(this.next / PDB_CELLS);
    fillGroup(this.dbs[group]!, this.values, this.offsets[group]!, this.next % PDB_CELLS);
    this.next++;
  }

  tables(): FifteenTables {
    const cached = cache.get(this.dbs[0]!);
    if (cached) return cached;
    if (!this.done) throw new Error('internal: the 4×4 tables are not expanded yet');
    const result = layOutViews(this.values, this.offsets);
    cache.set(this.dbs[0]!, result);
    return result;
  }
}

/** The four views over the expanded values: slots, per-move index changes and start digits (small tables). */
function layOutViews(values: Uint8Array, offsets: number[]): FifteenTables {
  const slotStart: number[] = [];
  const slotView: number[] = [];
  const slotOf = new Int8Array(VIEWS * PDB_CELLS);
  const shiftOf = new Int8Array(VIEWS * PDB_CELLS);
  let group = 0;
  PARTITIONS.forEach((partition, i) => {
    for (let reflected = 0; reflected < 2; reflected++) {
      const v = i * 2 + reflected;
      partition.forEach((tiles, j) => {
        slotStart.push(offsets[group + j]!);
        slotView.push(v);
        tiles.forEach((tile, place) => {
          // The reflected view sees tile t as the tile whose goal cell mirrors t's, at the mirrored cell.
          const t = reflected ? REFLECT_TILE[tile]! : tile;
          slotOf[v * PDB_CELLS + t] = slotStart.length - 1;
          shiftOf[v * PDB_CELLS + t] = 4 * (tiles.length - 1 - place); // as fillGroup lays the digits out
        });
      });
    }
    group += partition.length;
  });
  const cellIn = (v: number, p: number) => (v & 1 ? REFLECT_CELL[p]! : p);
  const digit = new Int32Array(VIEWS * PDB_CELLS * PDB_CELLS);
  const step = new Int32Array(VIEWS * PDB_CELLS * PDB_CELLS * 4);
  for (let v = 0; v < VIEWS; v++) {
    for (let t = 1; t < PDB_CELLS; t++) {
      const shift = shiftOf[v * PDB_CELLS + t]!;
      for (let b = 0; b < PDB_CELLS; b++) {
        digit[(v * PDB_CELLS + t) * PDB_CELLS + b] = cellIn(v, b) << shift;
        for (let d = 0; d < 4; d++) {
          const from = NEIGHBOURS[b * 4 + d]!;
          if (from >= 0) step[v * 1024 + (t * PDB_CELLS + b) * 4 + d] = (cellIn(v, b) - cellIn(v, from)) << shift;
        }
      }
    }
  }
  return { values, slotStart: Int32Array.from(slotStart), slotView: Int8Array.from(slotView), slotOf, step, digit };
}

/**
 * Walks the group's placements with its first tile on `firstCell` in rank order (mixed radix 16, 15, …: the first
 * tile's cell, then the second's among the free ones, …) and writes each one's entry at its base-16 index. The last
 * tile's loop is the hot one.
 */
function fillGroup(db: PatternDatabase, values: Uint8Array, offset: number, firstCell: number): void {
  const k = db.tiles.length;
  const data = db.data;
  // Placements before this part's: every one with the first tile on an earlier cell (15 · 14 · … for the others).
  let perFirst = 1;
  for (let i = 1; i < k; i++) perFirst *= PDB_CELLS - i;
  let rank = firstCell * perFirst;
  const place = (slot: number, used: number, digits: number): void => {
    const shift = 4 * (k - 1 - slot); // the last tile is the lowest digit, so the hot loop writes in order
    if (slot === 0) return place(1, 1 << firstCell, firstCell << shift); // groups have two tiles or more
    if (slot < k - 1) {
      for (let p = 0; p < PDB_CELLS; p++) if (!(used & (1 << p))) place(slot + 1, used | (1 << p), digits + (p << shift));
      return;
    }
    for (let p = 0; p < PDB_CELLS; p++) {
      if (used & (1 << p)) continue;
      const value = (data[rank >> 1]! >> ((rank & 1) << 2)) & 15;
      const at = offset + digits + (p << shift);
      values[at >> 1] = values[at >> 1]! | (value << ((at & 1) << 2));
      rank++;
    }
  };
  place(0, 0, 0);
}

/** Refuses a checkpoint whose shape could not come from this search (a path it cannot walk is caught as it walks). */
function checkResumable(from: FifteenCheckpoint, h0: number): void {
  const depth = from.path.length;
  const whole = (n: unknown, lo: number, hi: number) => Number.isInteger(n) && (n as number) >= lo && (n as number) <= hi;
  if (!whole(from.bound, h0, MAX_DEPTH) || !whole(from.nodes, 1, Number.MAX_SAFE_INTEGER) || depth > from.bound) throw new Error('bad checkpoint: bound, nodes or depth out of range');
  if (from.dirs.length !== depth || from.best.length !== depth) throw new Error('bad checkpoint: one direction and one best per depth');
  for (let g = 0; g < depth; g++) {
    if (!whole(from.dirs[g], 0, 3) || !whole(from.path[g], 0, PDB_CELLS - 1)) throw new Error(`bad checkpoint: depth ${g + 1}`);
    const b = from.best[g];
    if (b !== null && !whole(b, from.bound + 1, MAX_DEPTH + 64)) throw new Error(`bad checkpoint: best at depth ${g + 1}`);
  }
}

const entry = (values: Uint8Array, i: number): number => (values[i >> 1]! >> ((i & 1) << 2)) & 15;
/** Manhattan distance of tile t at cell p: `MANHATTAN[t * 16 + p]`. */
const MANHATTAN = Uint8Array.from({ length: PDB_CELLS * PDB_CELLS }, (_, i) => {
  const t = i >> 4;
  const p = i & 15;
  return t === 0 ? 0 : Math.abs((p >> 2) - ((t - 1) >> 2)) + Math.abs((p & 3) - ((t - 1) & 3));
});

const FOUND = -1;
const MAX_DEPTH = 255;
/** Budget units charged per node (≈ 10 ns each, the unit the budget is calibrated in). */
export const FIFTEEN_NODE_WORK = 10;
/** The budget is charged every this many nodes (≈ 50 µs). */
const CHECK_EVERY = 512;

/**
 * Where a search stopped by its budget stands: enough to go on exactly as the uninterrupted search would (the same
 * positions in the same order: the search keeps no table). It stopped at the entry of the position the path leads to,
 * before expanding it. JSON-safe.
 */
export interface FifteenCheckpoint {
  /** The iteration's bound. */
  bound: number;
  /** The blank's cells, one per move, from the start to the position where the search stopped. */
  path: number[];
  /** Per depth along the path: the direction searched (0 up, 1 right, 2 down, 3 left), and the least f over the bound
   *  found before it at that depth (null: none yet). */
  dirs: number[];
  best: Array<number | null>;
  /** Positions generated so far. */
  nodes: number;
}

export type FifteenOutcome = TilesOutcome & { checkpoint?: FifteenCheckpoint };

/**
 * Optimal solution of a 4×4 position (goal: tiles in order, blank last) in unit moves. A search the clock stops
 * returns a checkpoint with its budget-exceeded outcome; `from` goes on from one (the same start and tables).
 */
export function fifteenIda(start: Uint8Array, tables: FifteenTables, clock: BudgetClock, from: FifteenCheckpoint | null = null): FifteenOutcome {
  const { values, slotOf, step } = tables;
  const cells = Uint8Array.from(start);
  const index = Int32Array.from(tables.slotStart);
  let blank = -1;
  let md = 0;
  for (let p = 0; p < PDB_CELLS; p++) {
    const t = cells[p]!;
    if (t === 0) blank = p;
    else {
      md += MANHATTAN[t * PDB_CELLS + p]!;
      for (let v = 0; v < VIEWS; v++) {
        const s = slotOf[v * PDB_CELLS + t]!;
        index[s] = index[s]! + tables.digit[(v * PDB_CELLS + t) * PDB_CELLS + p]!;
      }
    }
  }
  /** Each slot's current entry, so a move reads only the new one. */
  const slotValue = new Int32Array(index.length);
  const extra = new Int32Array(VIEWS);
  for (let s = 0; s < index.length; s++) {
    slotValue[s] = entry(values, index[s]!);
    extra[tables.slotView[s]!] = extra[tables.slotView[s]!]! + slotValue[s]!;
  }
  const wd = walkingDistance();
  const wdNext = wd.next;
  const wdDistance = wd.distance;
  const lineState = (lineOf: (p: number) => number) => {
    const lines: number[] = [];
    const goals: number[] = [];
    for (let p = 0; p < PDB_CELLS; p++) {
      if (!cells[p]) continue;
      lines.push(lineOf(p));
      goals.push(lineOf(cells[p]! - 1));
    }
    return wd.stateOf(lines, goals, lineOf(blank));
  };
  const wdRows = lineState((p) => p >> 2);
  const wdCols = lineState((p) => p & 3);
  const path = new Int8Array(MAX_DEPTH + 1);
  let nodes = 0;
  let nextCheck = CHECK_EVERY;
  let aborted = false;
  let bound = 0;
  let foundDepth = 0;
  // Stopping: the depth of the position whose entry the clock stopped at, and per depth on the way the direction
  // being searched and the best f so far. Resuming: the search walks the same path again down to that depth (its
  // positions were counted already), each depth going on from its direction with its best.
  let stoppedAt = -1;
  const dirs = new Int8Array(MAX_DEPTH + 1);
  const bests = new Float64Array(MAX_DEPTH + 1);
  let replayTo = -1;
  const replayPath = new Int8Array(MAX_DEPTH + 1);

  /**
   * Expands a node whose f is within the bound; returns FOUND, or the smallest f over the bound among its descendants.
   * Children are evaluated here and only those within the bound are entered: most generated nodes are cut off, and
   * they cost no call and no change to the board. A child is cut as soon as one bound puts it over. The four views
   * are written out rather than looped: this is the innermost code of the solver, and the loop cost a fifth of the
   * speed (bench/tiles.ts).
   */
  const search = (blankAt: number, previous: number, g: number, mdNow: number, rowsNow: number, colsNow: number, x0: number, x1: number, x2: number, x3: number): number => {
    const replaying = g < replayTo;
    if (g === replayTo) replayTo = -1; // the position the search stopped at: from here on, as if it never had
    else if (!replaying && nodes >= nextCheck) {
      nextCheck = nodes + CHECK_EVERY;
      if (clock.charge(CHECK_EVERY * FIFTEEN_NODE_WORK, nodes)) aborted = true;
    }
    if (aborted) {
      stoppedAt = g;
      return Infinity;
    }
    let best = replaying ? bests[g]! : Infinity;
    const childG = g + 1;
    const room = bound - childG; // the largest h a child may have
    let counted = replaying; // the path's child was counted before the stop
    const first = replaying ? dirs[g]! : 0;
    for (let d = first; d < 4; d++) {
      const to = NEIGHBOURS[blankAt * 4 + d]!;
      // Resuming goes down the checkpoint's path, and nowhere else, until it is back where it stopped.
      if (replayTo > g && (d !== first || to !== replayPath[g])) throw new Error(`bad checkpoint: this search does not take its path at depth ${g + 1}`);
      if (to < 0 || to === previous) continue;
      if (counted) counted = false;
      else nodes++;
      // Tile t slides from `to` into the blank's cell.
      const t = cells[to]!;
      const childMd = mdNow + MANHATTAN[t * PDB_CELLS + blankAt]! - MANHATTAN[t * PDB_CELLS + to]!;
      let childRows = rowsNow;
      let childCols = colsNow;
      // d: 0 blank up, 1 right, 2 down, 3 left; the tile crosses between the blank's line and the next one.
      if ((d & 1) === 0) childRows = wdNext[(rowsNow * 2 + (d >> 1)) * 4 + ((t - 1) >> 2)]!;
      else childCols = wdNext[(colsNow * 2 + (d === 3 ? 0 : 1)) * 4 + ((t - 1) & 3)]!;
      const walking = wdDistance[childRows]! + wdDistance[childCols]!;
      let h = walking > childMd ? walking : childMd;
      if (h > room) {
        if (childG + h < best) best = childG + h;
        continue;
      }
      // Each view's bound is Manhattan plus twice its extra: compare extras with what the room leaves.
      const extraRoom = (room - childMd) >> 1;
      const at = (t * PDB_CELLS + blankAt) * 4 + d;
      const s0 = slotOf[t]!;
      const i0 = index[s0]! + step[at]!;
      const v0 = entry(values, i0);
      const y0 = x0 - slotValue[s0]! + v0;
      if (y0 > extraRoom) {
        if (childG + childMd + 2 * y0 < best) best = childG + childMd + 2 * y0;
        continue;
      }
      const s1 = slotOf[PDB_CELLS + t]!;
      const i1 = index[s1]! + step[1024 + at]!;
      const v1 = entry(values, i1);
      const y1 = x1 - slotValue[s1]! + v1;
      if (y1 > extraRoom) {
        if (childG + childMd + 2 * y1 < best) best = childG + childMd + 2 * y1;
        continue;
      }
      const s2 = slotOf[2 * PDB_CELLS + t]!;
      const i2 = index[s2]! + step[2048 + at]!;
      const v2 = entry(values, i2);
      const y2 = x2 - slotValue[s2]! + v2;
      if (y2 > extraRoom) {
        if (childG + childMd + 2 * y2 < best) best = childG + childMd + 2 * y2;
        continue;
      }
      const s3 = slotOf[3 * PDB_CELLS + t]!;
      const i3 = index[s3]! + step[3072 + at]!;
      const v3 = entry(values, i3);
      const y3 = x3 - slotValue[s3]! + v3;
      if (y3 > extraRoom) {
        if (childG + childMd + 2 * y3 < best) best = childG + childMd + 2 * y3;
        continue;
      }
      path[g] = to;
      h = Math.max(h, childMd + 2 * Math.max(y0, y1, y2, y3));
      if (h === 0) {
        foundDepth = childG;
        return FOUND;
      }
      const o0 = index[s0]!;
      const o1 = index[s1]!;
      const o2 = index[s2]!;
      const o3 = index[s3]!;
      const w0 = slotValue[s0]!;
      const w1 = slotValue[s1]!;
      const w2 = slotValue[s2]!;
      const w3 = slotValue[s3]!;
      index[s0] = i0;
      index[s1] = i1;
      index[s2] = i2;
      index[s3] = i3;
      slotValue[s0] = v0;
      slotValue[s1] = v1;
      slotValue[s2] = v2;
      slotValue[s3] = v3;
      cells[blankAt] = t;
      cells[to] = 0;
      const result = search(to, blankAt, childG, childMd, childRows, childCols, y0, y1, y2, y3);
      cells[to] = t;
      cells[blankAt] = 0;
      index[s0] = o0;
      index[s1] = o1;
      index[s2] = o2;
      index[s3] = o3;
      slotValue[s0] = w0;
      slotValue[s1] = w1;
      slotValue[s2] = w2;
      slotValue[s3] = w3;
      if (aborted) {
        dirs[g] = d;
        bests[g] = best;
        return Infinity;
      }
      if (result === FOUND) return FOUND;
      if (result < best) best = result;
    }
    return best;
  };

  let h0 = wdDistance[wdRows]! + wdDistance[wdCols]!;
  for (let v = 0; v < VIEWS; v++) h0 = Math.max(h0, md + 2 * extra[v]!);
  if (h0 === 0) return { status: 'solved', blankPath: [], nodes: 1, lowerBound: 0, ttBytes: 0 };
  bound = h0;
  nodes = 1;
  if (from) {
    checkResumable(from, h0);
    bound = from.bound;
    nodes = from.nodes;
    nextCheck = nodes + CHECK_EVERY;
    replayTo = from.path.length;
    from.dirs.forEach((d, g) => {
      dirs[g] = d;
      replayPath[g] = from.path[g]!;
      bests[g] = from.best[g] ?? Infinity;
    });
  }
  for (;;) {
    clock.depth = bound;
    const result = search(blank, -1, 0, md, wdRows, wdCols, extra[0]!, extra[1]!, extra[2]!, extra[3]!);
    if (result === FOUND) {
      const blankPath: number[] = [];
      for (let i = 0; i < foundDepth; i++) blankPath.push(path[i]!);
      return { status: 'solved', blankPath, nodes, lowerBound: foundDepth, ttBytes: 0 };
    }
    if (aborted) {
      const checkpoint: FifteenCheckpoint = {
        bound,
        path: Array.from(path.subarray(0, stoppedAt)),
        dirs: Array.from(dirs.subarray(0, stoppedAt)),
        best: Array.from(bests.subarray(0, stoppedAt), (b) => (b === Infinity ? null : b)),
        nodes,
      };
      return { status: 'budget-exceeded', blankPath: [], nodes, lowerBound: bound, ttBytes: 0, checkpoint };
    }
    if (result === Infinity || result > MAX_DEPTH) return { status: 'budget-exceeded', blankPath: [], nodes, lowerBound: bound, ttBytes: 0 };
    bound = result;
  }
}
