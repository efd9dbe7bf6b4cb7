/**
 * Additive pattern databases for the 4×4 (goal: tiles in order, blank last): two 6-6-3 partitions, each looked up for
 * the position and for its reflection about the main diagonal (the search takes the largest of the four sums).
 *
 * A database for a tile group counts only moves of that group's tiles, with the blank's position respected; built by
 * a retrograde breadth-first search from the goal over (group placement, blank region) — all blank cells reachable
 * without moving a group tile are one state. Stored at 4 bits per placement: the value minus the group's Manhattan
 * distance is always even, so (value − md) / 2 is stored, capped at 15 (a cap only weakens the bound).
 */
import { fnv1a } from '../shared/checksum.ts';

export const PDB_WIDTH = 4;
export const PDB_CELLS = 16;
/**
 * The partitions, chosen by measurement on Korf's 100 (bench/tiles.ts): the first puts the 3-tile group in the
 * blank's goal row and splits the rest into left and right halves; the second, the original one, cuts the board the
 * other way, so the two (and their reflections) are weak in different places.
 */
export const PARTITIONS: number[][][] = [
  [
    [1, 2, 5, 6, 9, 10],
    [3, 4, 7, 8, 11, 12],
    [13, 14, 15],
  ],
  [
    [1, 5, 6, 9, 10, 13],
    [7, 8, 11, 12, 14, 15],
    [2, 3, 4],
  ],
];
/** Every group of every partition, in order: the database files, one per group. */
export const PDB_GROUPS: number[][] = PARTITIONS.flat();
const MAGIC = 'HRPDB1';

export interface PatternDatabase {
  tiles: number[];
  /** Packed 4-bit entries, two per byte, indexed by `rank`. */
  data: Uint8Array;
  entries: number;
}

export function entryCount(k: number, n = PDB_CELLS): number {
  let size = 1;
  for (let i = 0; i < k; i++) size *= n - i;
  return size;
}

const POPCOUNT16 = (() => {
  const table = new Uint8Array(1 << 16);
  for (let i = 1; i < table.length; i++) table[i] = (i & 1) + table[i >> 1]!;
  return table;
})();

/** Rank of k distinct cells (in group order) among n cells: mixed radix n, n−1, …; perfect and dense. */
export function rank(positions: ArrayLike<number>, k: number, n = PDB_CELLS): number {
  let used = 0;
  let index = 0;
  for (let i = 0; i < k; i++) {
    const p = positions[i]!;
    const r = p - POPCOUNT16[used & ((1 << p) - 1)]!;
    index = index * (n - i) + r;
    used |= 1 << p;
  }
  return index;
}

const unrankDigits = new Int32Array(PDB_CELLS);

export function unrank(index: number, k: number, out: Int8Array, n = PDB_CELLS): void {
  const digits = unrankDigits;
  for (let i = k - 1; i >= 0; i--) {
    const radix = n - i;
    const q = Math.floor(index / radix);
    digits[i] = index - q * radix;
    index = q;
  }
  let used = 0;
  for (let i = 0; i < k; i++) {
    // The digit-th free cell: skip used cells below it.
    let r = digits[i]!;
    let p = 0;
    for (;; p++) {
      if (used & (1 << p)) continue;
      if (r === 0) break;
      r--;
    }
    out[i] = p;
    used |= 1 << p;
  }
}

/** Blank region: the cells reachable from `start` through `free` cells (4×4 masks). */
function region(start: number, free: number): number {
  const NOT_LEFT = 0xeeee; // cells not in column 0
  const NOT_RIGHT = 0x7777; // cells not in column 3
  let r = 1 << start;
  for (;;) {
    const next = (r | ((r << 1) & NOT_LEFT) | ((r >> 1) & NOT_RIGHT) | (r << 4) | (r >> 4)) & free & 0xffff;
    if (next === r) return r;
    r = next;
  }
}

const lowestCell = (mask: number) => 31 - Math.clz32(mask & -mask);

/** Builds one database; `onLevel` reports progress per BFS depth. */
export function buildDatabase(tiles: number[], onLevel?: (depth: number, states: number) => void): PatternDatabase {
  const k = tiles.length;
  const n = PDB_CELLS;
  const entries = entryCount(k);
  const goalCells = tiles.map((t) => t - 1);
  // dist[(index << 4) | regionRep]: BFS depth, 255 = unseen.
  const dist = new Uint8Array(entries * n).fill(255);
  let frontier = new Uint32Array(1 << 16);
  let frontierSize = 0;
  let next = new Uint32Array(1 << 16);
  let nextSize = 0;
  const push = (state: number) => {
    if (nextSize === next.length) {
      const grown = new Uint32Array(next.length * 2);
      grown.set(next);
      next = grown;
    }
    next[nextSize++] = state;
  };
  // Goal: group tiles home, blank in any region of the other cells.
  const goalIndex = rank(goalCells, k);
  let occupied = 0;
  for (const p of goalCells) occupied |= 1 << p;
  let free = ~occupied & 0xffff;
  while (free) {
    const reg = region(lowestCell(free), ~occupied & 0xffff);
    const state = goalIndex * n + lowestCell(reg);
    dist[state] = 0;
    push(state);
    free &= ~reg;
  }
  const pos = new Int8Array(k);
  const moved = new Int8Array(k);
  for (let depth = 0; nextSize > 0; depth++) {
    [frontier, next] = [next, frontier];
    frontierSize = nextSize;
    nextSize = 0;
    onLevel?.(depth, frontierSize);
    for (let q = 0; q < frontierSize; q++) {
      const state = frontier[q]!;
      const index = Math.floor(state / n);
      const rep = state % n;
      unrank(index, k, pos);
      let occ = 0;
      for (let i = 0; i < k; i++) occ |= 1 << pos[i]!;
      const blankRegion = region(rep, ~occ & 0xffff);
      // A group tile next to the blank region slides into it: cost 1.
      for (let i = 0; i < k; i++) {
        const p = pos[i]!;
        const col = p & 3;
        const neighbours = ((col > 0 ? 1 << (p - 1) : 0) | (col < 3 ? 1 << (p + 1) : 0) | (p >= 4 ? 1 << (p - 4) : 0) | (p < 12 ? 1 << (p + 4) : 0)) & blankRegion;
        let targets = neighbours;
        while (targets) {
          const to = lowestCell(targets);
          targets &= targets - 1;
          moved.set(pos);
          moved[i] = to;
          const newIndex = rank(moved, k);
          const newOcc = (occ & ~(1 << p)) | (1 << to);
          const newRep = lowestCell(region(p, ~newOcc & 0xffff));
          const newState = newIndex * n + newRep;
          if (dist[newState] !== 255) continue;
          dist[newState] = depth + 1;
          push(newState);
        }
      }
    }
  }
  // Minimum over blank regions, stored as (value − md) / 2 in 4 bits.
  const data = new Uint8Array(Math.ceil(entries / 2));
  for (let index = 0; index < entries; index++) {
    let best = 255;
    const base = index * n;
    for (let b = 0; b < n; b++) if (dist[base + b]! < best) best = dist[base + b]!;
    unrank(index, k, pos);
    let md = 0;
    for (let i = 0; i < k; i++) md += Math.abs((pos[i]! >> 2) - (goalCells[i]! >> 2)) + Math.abs((pos[i]! & 3) - (goalCells[i]! & 3));
    const extra = Math.min(15, Math.max(0, (best - md) >> 1));
    data[index >> 1] = data[index >> 1]! | (index & 1 ? extra << 4 : extra);
  }
  return { tiles, data, entries };
}

/** File form: `HRPDB1 <json header>\n` then the packed entries; the header carries a checksum of the data. */
export function serialize(db: PatternDatabase): Uint8Array {
  const header = new TextEncoder().encode(`${MAGIC} ${JSON.stringify({ width: PDB_WIDTH, tiles: db.tiles, entries: db.entries, bits: 4, fnv1a: fnv1a(db.data) })}\n`);
  const out = new Uint8Array(header.length + db.data.length);
  out.set(header);
  out.set(db.data, header.length);
  return out;
}

/** Parses and checks a database file; throws with a clear message when it is damaged or not what was expected. */
export function deserialize(bytes: Uint8Array, expectedTiles: number[]): PatternDatabase {
  const newline = bytes.indexOf(10);
  const head = new TextDecoder().decode(bytes.subarray(0, newline));
  if (newline < 0 || !head.startsWith(`${MAGIC} `)) throw new Error('pattern database: not a Huarong pattern database file');
  const meta = JSON.parse(head.slice(MAGIC.length + 1)) as { tiles: number[]; entries: number; fnv1a: number };
  const data = bytes.slice(newline + 1);
  if (String(meta.tiles) !== String(expectedTiles)) throw new Error(`pattern database: tiles ${meta.tiles}, expected ${expectedTiles}`);
  if (meta.entries !== entryCount(expectedTiles.length) || data.length !== Math.ceil(meta.entries / 2)) throw new Error('pattern database: wrong size (truncated file?)');
  if (fnv1a(data) !== meta.fnv1a) throw new Error('pattern database: checksum mismatch (damaged file); rebuild with npm run build:pdb');
  return { tiles: meta.tiles, data, entries: meta.entries };
}

export function databaseFileName(tiles: number[]): string {
  return `15-${tiles.join('_')}.pdb`;
}
