/**
 * Lower bounds for the sliding-tile search. Manhattan distance (+ linear conflicts) works for any size and goal;
 * additive pattern databases (pdb.ts) sharpen it on the 4×4.
 */
import type { TilesBoard } from './codec.ts';

export interface TilesGeometry {
  width: number;
  height: number;
  n: number;
  /** Goal cell of each tile (index 0 unused). */
  goalOf: Int8Array;
  /** Manhattan distance of tile t at cell p: `md[t * n + p]`. */
  md: Uint8Array;
}

export function geometry(goal: TilesBoard): TilesGeometry {
  const { width, height } = goal;
  const n = width * height;
  const goalOf = new Int8Array(n);
  goal.cells.forEach((t, p) => {
    if (t) goalOf[t] = p;
  });
  const md = new Uint8Array(n * n);
  for (let t = 1; t < n; t++) {
    for (let p = 0; p < n; p++) {
      const g = goalOf[t]!;
      md[t * n + p] = Math.abs(Math.floor(p / width) - Math.floor(g / width)) + Math.abs((p % width) - (g % width));
    }
  }
  return { width, height, n, goalOf, md };
}

export function manhattan(geo: TilesGeometry, cells: Uint8Array): number {
  let h = 0;
  for (let p = 0; p < geo.n; p++) if (cells[p]) h += geo.md[cells[p]! * geo.n + p]!;
  return h;
}

/**
 * Linear conflicts: two tiles in their goal row (or column) in reversed order must, one of them, leave the line and
 * come back: +2 per tile that has to leave, counted per line as the fewest tiles to remove to leave no conflict.
 */
export function linearConflicts(geo: TilesGeometry, cells: Uint8Array): number {
  const { width, height, goalOf } = geo;
  let extra = 0;
  const line: number[] = [];
  for (let r = 0; r < height; r++) {
    line.length = 0;
    for (let c = 0; c < width; c++) {
      const t = cells[r * width + c]!;
      if (t && Math.floor(goalOf[t]! / width) === r) line.push(goalOf[t]! % width);
    }
    extra += 2 * removalsToSort(line);
  }
  for (let c = 0; c < width; c++) {
    line.length = 0;
    for (let r = 0; r < height; r++) {
      const t = cells[r * width + c]!;
      if (t && goalOf[t]! % width === c) line.push(Math.floor(goalOf[t]! / width));
    }
    extra += 2 * removalsToSort(line);
  }
  return extra;
}

/** Fewest elements to remove so the rest is increasing (length − longest increasing subsequence). */
function removalsToSort(values: number[]): number {
  if (values.length < 2) return 0;
  const tails: number[] = [];
  for (const v of values) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = v;
  }
  return values.length - tails.length;
}
