/**
 * A visited set by perfect rank, for breadth-first search on boards whose positions rank into a small range: boards of
 * soldiers and a few other pieces. A position is its empty cells and the top-left cells of every class but the
 * filler (the soldiers: their cells are what is left); each of those sets ranks by the combinatorial number system,
 * and the ranks combine by strides. A bit per rank replaces the hash index: a probe is a rank and one bit, in a bitmap
 * small enough for the processor's cache (265 KB on a 6×6 board of soldiers and a 2×2 block), with no key to compare.
 *
 * Breadth-first search only: A* must find a stored position again to shorten its path, which needs the index.
 */
import { bitCount } from './geometry.ts';

/** Most ranks a set may cover (bits of its bitmap, 1 MiB): beyond it, the hash index costs less to clear and holds. */
export const MAX_RANKS = 1 << 23;

/** How a board's positions rank (`rankLayout`): everything of a rank set but its bitmap. */
export interface RankLayout {
  /** Per class: its stride (0 for the filler, which is not ranked). */
  strides: Int32Array;
  /** The empty cells' stride (0 when there is no filler: the classes decide them). */
  emptyStride: number;
  /** `binomial[n * (maxK + 1) + k]` = C(n, k), for n up to cells. */
  binomial: Int32Array;
  maxK: number;
  /** 32-bit words of the bitmap: one bit per rank. */
  bitmapWords: number;
}

export interface RankSet extends RankLayout {
  /** One bit per rank: set when a position of that rank has been seen. */
  seen: Int32Array;
}

/**
 * The rank set of a board (its layout and a cleared bitmap), or null when its positions do not rank into MAX_RANKS.
 */
export function rankSetFor(cells: number, start: Int32Array, classes: number, filler: number, emptyCount: number): RankSet | null {
  const layout = rankLayout(cells, start, classes, filler, emptyCount);
  return layout ? { ...layout, seen: new Int32Array(layout.bitmapWords) } : null;
}

/**
 * How a board's positions rank, or null when they do not rank into MAX_RANKS. `start` holds each class's top-left mask
 * as lo/hi pairs; `filler` is the class left out (see `fillerClass`), or -1. (The WebAssembly engine keeps its bitmap
 * in its own memory: it takes the layout alone.)
 */
export function rankLayout(cells: number, start: Int32Array, classes: number, filler: number, emptyCount: number): RankLayout | null {
  if (cells > 64) return null;
  const counts = new Int8Array(classes);
  let maxK = emptyCount;
  for (let c = 0; c < classes; c++) {
    counts[c] = bitCount(start[2 * c]!) + bitCount(start[2 * c + 1]!);
    if (c !== filler) maxK = Math.max(maxK, counts[c]!);
  }
  const binomial = new Int32Array((cells + 1) * (maxK + 1));
  // Values beyond MAX_RANKS saturate: such a board is refused below before any of them is used.
  for (let n = 0; n <= cells; n++) {
    for (let k = 0; k <= maxK; k++) {
      const v = k === 0 ? 1 : n === 0 ? 0 : binomial[(n - 1) * (maxK + 1) + k - 1]! + binomial[(n - 1) * (maxK + 1) + k]!;
      binomial[n * (maxK + 1) + k] = Math.min(v, MAX_RANKS + 1);
    }
  }
  const choose = (k: number) => binomial[cells * (maxK + 1) + k]!;
  const strides = new Int32Array(classes);
  // Without a filler the classes decide the empty cells: they are not ranked (stride 0).
  const emptyStride = filler >= 0 ? 1 : 0;
  let size = filler >= 0 ? choose(emptyCount) : 1;
  for (let c = 0; c < classes; c++) {
    if (c === filler) continue;
    strides[c] = size;
    size *= choose(counts[c]!);
    if (size > MAX_RANKS) return null;
  }
  if (size > MAX_RANKS) return null;
  return { strides, emptyStride, binomial, maxK, bitmapWords: Math.ceil(size / 32) };
}

/** The combinatorial rank of a set of cells (lo, hi) of `k` cells: the sum of C(cell, i) over its cells in order. */
export function rankOfCells(set: RankSet, lo: number, hi: number): number {
  const { binomial, maxK } = set;
  const row = maxK + 1;
  let rank = 0;
  let i = 1;
  for (; lo !== 0; lo &= lo - 1, i++) rank += binomial[(31 - Math.clz32(lo & -lo)) * row + i]!;
  for (; hi !== 0; hi &= hi - 1, i++) rank += binomial[(63 - Math.clz32(hi & -hi)) * row + i]!;
  return rank;
}

/** The rank of a position: class masks as lo/hi pairs, then its empty cells (lo, hi). */
export function rankOfPosition(set: RankSet, masks: Int32Array, emptyLo: number, emptyHi: number): number {
  let rank = rankOfCells(set, emptyLo, emptyHi) * set.emptyStride;
  for (let c = 0; c < set.strides.length; c++) {
    if (set.strides[c] !== 0) rank += rankOfCells(set, masks[2 * c]!, masks[2 * c + 1]!) * set.strides[c]!;
  }
  return rank;
}

/** Marks a rank seen; returns whether it was seen before. */
export function markRank(set: RankSet, rank: number): boolean {
  const word = rank >>> 5;
  const bit = 1 << (rank & 31);
  const before = set.seen[word]!;
  set.seen[word] = before | bit;
  return (before & bit) !== 0;
}
