/**
 * The 8-puzzle answered from tables instead of search: for each metric and each kind of goal, every one of the 9!
 * arrangements of the 3×3 board (its Lehmer rank) holds its distance to the goal mod 3 in two bits (3 = unreachable),
 * built once by breadth-first search from the goal (scripts/build-eight.ts). 90,720 bytes a table.
 *
 * Any goal reduces to one of three: relabelling the tiles commutes with moves, so only where the goal's blank is
 * matters; and a symmetry of the square takes that cell to the bottom-right corner, the bottom middle or the centre.
 *
 * A path is read by walking: a neighbour of a position at distance d is at d − 1, d or d + 1, three different values
 * mod 3, so the neighbour whose value is one less (mod 3) is one move nearer. Length and optimality come with the walk.
 */
import type { TilesBoard } from './codec.ts';
import type { TilesMetric } from './search.ts';

export const EIGHT_CELLS = 9;
export const EIGHT_STATES = 362_880;
const TABLE_BYTES = EIGHT_STATES / 4;
const UNREACHED = 3;

/** Where the goal's blank is, up to the square's symmetries; each kind has its own table. */
export type EightGoalKind = 'corner' | 'edge' | 'centre';
export const EIGHT_GOAL_KINDS: readonly EightGoalKind[] = ['corner', 'edge', 'centre'];
/** The blank's cell in each kind's goal (tiles 1–8 in reading order around it). */
const KIND_BLANK: Record<EightGoalKind, number> = { corner: 8, edge: 7, centre: 4 };

/** The square's eight symmetries as cell permutations: `SYMMETRIES[s][p]` is where cell p goes. */
const SYMMETRIES: readonly Uint8Array[] = (() => {
  const out: Uint8Array[] = [];
  for (let s = 0; s < 8; s++) {
    const map = new Uint8Array(EIGHT_CELLS);
    for (let p = 0; p < EIGHT_CELLS; p++) {
      let r = Math.floor(p / 3);
      let c = p % 3;
      for (let turn = 0; turn < (s & 3); turn++) [r, c] = [c, 2 - r];
      if (s & 4) c = 2 - c;
      map[p] = r * 3 + c;
    }
    out.push(map);
  }
  return out;
})();

/** Blank moves per cell and metric: straight moves may carry two tiles (the blank jumps two cells). */
const NEIGHBOURS: Record<TilesMetric, readonly number[][]> = (() => {
  const build = (maxRun: number) =>
    Array.from({ length: EIGHT_CELLS }, (_, p) => {
      const out: number[] = [];
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]] as const) {
        for (let k = 1; k <= maxRun; k++) {
          const r = Math.floor(p / 3) + dr * k;
          const c = (p % 3) + dc * k;
          if (r < 0 || r > 2 || c < 0 || c > 2) break;
          out.push(r * 3 + c);
        }
      }
      return out;
    });
  return { move: build(1), straight: build(2) };
})();

export function eightGoalKind(goal: TilesBoard): EightGoalKind {
  const blank = goal.cells.indexOf(0);
  return blank === 4 ? 'centre' : blank % 2 === 0 ? 'corner' : 'edge';
}

/** The kind's goal: tiles 1–8 in reading order, the blank at the kind's cell. */
export function eightKindGoal(kind: EightGoalKind): Uint8Array {
  const cells = new Uint8Array(EIGHT_CELLS);
  let tile = 1;
  for (let p = 0; p < EIGHT_CELLS; p++) if (p !== KIND_BLANK[kind]) cells[p] = tile++;
  return cells;
}

/** Lehmer rank of a permutation of 0–8. */
export function rankEight(cells: Uint8Array): number {
  let rank = 0;
  let seen = 0;
  for (let p = 0; p < EIGHT_CELLS; p++) {
    const v = cells[p]!;
    // Values below v not seen yet = v − (seen values below v).
    let below = v;
    for (let m = seen & ((1 << v) - 1); m; m &= m - 1) below--;
    rank = rank * (EIGHT_CELLS - p) + below;
    seen |= 1 << v;
  }
  return rank;
}

function unrankEight(rank: number, out: Uint8Array): void {
  const digits = new Uint8Array(EIGHT_CELLS);
  for (let p = EIGHT_CELLS - 1; p >= 0; p--) {
    const base = EIGHT_CELLS - p;
    digits[p] = rank % base;
    rank = Math.floor(rank / base);
  }
  let free = (1 << EIGHT_CELLS) - 1;
  for (let p = 0; p < EIGHT_CELLS; p++) {
    let m = free;
    for (let k = digits[p]!; k > 0; k--) m &= m - 1;
    const v = 31 - Math.clz32(m & -m);
    out[p] = v;
    free &= ~(1 << v);
  }
}

function valueAt(table: Uint8Array, rank: number): number {
  return (table[rank >> 2]! >> ((rank & 3) * 2)) & 3;
}

/** Every arrangement's distance to the kind's goal mod 3 (3: unreachable), by breadth-first search from the goal. */
export function buildEightTable(kind: EightGoalKind, metric: TilesMetric): { table: Uint8Array; farthest: number; reachable: number } {
  const table = new Uint8Array(TABLE_BYTES).fill(0xff);
  const set = (rank: number, value: number) => {
    table[rank >> 2] = (table[rank >> 2]! & ~(3 << ((rank & 3) * 2))) | (value << ((rank & 3) * 2));
  };
  const queue = new Int32Array(EIGHT_STATES / 2);
  const cells = new Uint8Array(EIGHT_CELLS);
  queue[0] = rankEight(eightKindGoal(kind));
  set(queue[0]!, 0);
  let head = 0;
  let tail = 1;
  let farthest = 0;
  while (head < tail) {
    // One whole level at a time, so the level's distance is known.
    const levelEnd = tail;
    const next = (farthest + 1) % 3;
    for (; head < levelEnd; head++) {
      unrankEight(queue[head]!, cells);
      const blank = cells.indexOf(0);
      for (const to of NEIGHBOURS[metric][blank]!) {
        slideBlank(cells, blank, to);
        const rank = rankEight(cells);
        if (valueAt(table, rank) === UNREACHED) {
          set(rank, next);
          queue[tail++] = rank;
        }
        slideBlank(cells, to, blank);
      }
    }
    if (tail > levelEnd) farthest++;
  }
  return { table, farthest, reachable: tail };
}

/** Moves the blank from `blank` to `to` along its line (a straight move shifts every tile between by one). */
function slideBlank(cells: Uint8Array, blank: number, to: number): void {
  const step = Math.abs(to - blank) >= 3 ? 3 : 1;
  const dir = to > blank ? step : -step;
  for (let p = blank; p !== to; p += dir) {
    cells[p] = cells[p + dir]!;
    cells[p + dir] = 0;
  }
}

/**
 * The cells the blank goes to, one per move (as the searches report a path), from `start` to `goal` on the 3×3, read
 * from the table of the goal's kind and the metric; null when the table has no way there (the parity differs, or the
 * table is wrong: its checksum matched, so it was built wrong — the caller searches instead).
 */
export function eightPath(start: TilesBoard, goal: TilesBoard, metric: TilesMetric, table: Uint8Array): number[] | null {
  if (start.width !== 3 || start.height !== 3 || goal.width !== 3 || goal.height !== 3) throw new Error('the 8-puzzle table is for 3×3 boards');
  const kind = eightGoalKind(goal);
  const symmetry = SYMMETRIES.findIndex((s) => s[goal.cells.indexOf(0)] === KIND_BLANK[kind]);
  const move = SYMMETRIES[symmetry]!;
  // Relabel so that the turned goal reads as the kind's goal: a tile is named by the kind-goal tile on its goal cell.
  const kindGoal = eightKindGoal(kind);
  const label = new Uint8Array(EIGHT_CELLS);
  for (let p = 0; p < EIGHT_CELLS; p++) label[goal.cells[p]!] = kindGoal[move[p]!]!;
  const cells = new Uint8Array(EIGHT_CELLS);
  for (let p = 0; p < EIGHT_CELLS; p++) cells[move[p]!] = label[start.cells[p]!]!;
  const goalRank = rankEight(kindGoal);
  let rank = rankEight(cells);
  let value = valueAt(table, rank);
  if (value === UNREACHED) return null;
  const back = new Uint8Array(EIGHT_CELLS);
  for (let p = 0; p < EIGHT_CELLS; p++) back[move[p]!] = p;
  const path: number[] = [];
  while (rank !== goalRank) {
    const blank = cells.indexOf(0);
    const nearer = (value + 2) % 3;
    let stepped = false;
    for (const to of NEIGHBOURS[metric][blank]!) {
      slideBlank(cells, blank, to);
      const next = rankEight(cells);
      if (valueAt(table, next) === nearer) {
        path.push(back[to]!);
        rank = next;
        value = nearer;
        stepped = true;
        break;
      }
      slideBlank(cells, to, blank);
    }
    // No nearer neighbour, or a walk longer than any 3×3 answer: the table is wrong; never loop.
    if (!stepped || path.length > 40) return null;
  }
  return path;
}

const MAGIC = 0x54_38_52_48; // "HR8T" read little-endian
const VERSION = 1;
const HEADER_BYTES = 16;
const METRIC_CODES: Record<TilesMetric, number> = { move: 0, straight: 1 };

export function eightTableFileName(kind: EightGoalKind, metric: TilesMetric): string {
  return `eight-${metric}-${kind}.bin`;
}

/** Header (magic, version, metric, kind, FNV-1a of the payload) + payload. */
export function serializeEightTable(table: Uint8Array, kind: EightGoalKind, metric: TilesMetric): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + table.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint16(4, VERSION, true);
  view.setUint8(6, METRIC_CODES[metric]);
  view.setUint8(7, EIGHT_GOAL_KINDS.indexOf(kind));
  view.setUint32(8, fnv1a(table), true);
  view.setUint32(12, table.length, true);
  out.set(table, HEADER_BYTES);
  return out;
}

/** The payload of a table file, after checking it is the one asked for and undamaged; throws with what is wrong. */
export function deserializeEightTable(bytes: Uint8Array, kind: EightGoalKind, metric: TilesMetric): Uint8Array {
  const name = eightTableFileName(kind, metric);
  if (bytes.length !== HEADER_BYTES + TABLE_BYTES) throw new Error(`${name}: ${bytes.length} bytes, expected ${HEADER_BYTES + TABLE_BYTES}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint16(4, true) !== VERSION) throw new Error(`${name}: not a version ${VERSION} 8-puzzle table`);
  if (view.getUint8(6) !== METRIC_CODES[metric] || view.getUint8(7) !== EIGHT_GOAL_KINDS.indexOf(kind)) throw new Error(`${name}: the file holds another metric or goal`);
  const table = bytes.subarray(HEADER_BYTES);
  if (fnv1a(table) !== view.getUint32(8, true)) throw new Error(`${name}: checksum mismatch (damaged)`);
  if (valueAt(table, rankEight(eightKindGoal(kind))) !== 0) throw new Error(`${name}: the goal is not at distance 0`);
  return table;
}

function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
