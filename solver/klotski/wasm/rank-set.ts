/**
 * Positions by perfect rank, for breadth-first search. Where they rank into a small range (boards of soldiers and a
 * few other pieces) a bitmap is the visited set; where the range is larger but a rank fits 64 bits, the engine stores
 * each position as its rank alone (8 bytes where its masks take 8 per class) and finds it again in a set of the newest
 * layers' ranks (assembly/rank-index.ts); `unrankPosition` reads a stored rank back. A position is its empty cells and the top-left cells of every class but the
 * filler (the soldiers: their cells are what is left); each of those sets ranks by the combinatorial number system,
 * and the ranks combine by strides. A bit per rank replaces the hash index: a probe is a rank and one bit, in a bitmap
 * small enough for the processor's cache (265 KB on a 6×6 board of soldiers and a 2×2 block), with no key to compare.
 *
 * Breadth-first search only: A* must find a stored position again to shorten its path, which needs the index.
 */
import { bitCount } from './geometry.ts';

/** Most ranks a set may cover (bits of its bitmap, 1 MiB): beyond it, the hash index costs less to clear and holds. */
export const MAX_RANKS = 1 << 23;

/** Ranks up to which a bitmap is the visited set: MAX_RANKS, or less where tests make searches store ranks. */
let bitmapLimit = MAX_RANKS;

/** Sets the largest rank range kept as a bitmap (tests: 0 makes every rankable board store its ranks); null restores it. */
export function setBitmapLimit(limit: number | null): void {
  bitmapLimit = limit ?? MAX_RANKS;
}

/**
 * Most ranks a search may store positions by (rank-index.ts): ranks are 64-bit words, and a set stores rank + 1. Far
 * below it the ranks of boards of up to 64 cells mostly fall: single pieces take a cell each, larger classes a
 * combination.
 */
export const MAX_STORED_RANK = 2n ** 62n;

/** How a board's positions rank (`rankLayout`): everything of a rank set but its bitmap. */
export interface RankLayout {
  /** `bitmap`: few enough ranks for a bit each; `stored`: positions are stored as their 64-bit ranks. */
  kind: 'bitmap' | 'stored';
  /** Per class: its stride (0 for the filler, which is not ranked); meaningful for the bitmap only. */
  strides: Int32Array;
  /** The same strides as 64-bit numbers (either kind), and the number of ranks. */
  strides64: BigInt64Array;
  ranks: bigint;
  /** The empty cells' stride (0 when there is no filler: the classes decide them). */
  emptyStride: number;
  /** `binomial[n * (maxK + 1) + k]` = C(n, k), for n up to cells (saturated past MAX_RANKS: bitmap only). */
  binomial: Int32Array;
  /** The same, exact (saturated past MAX_STORED_RANK, beyond any value a stored rank uses). */
  binomial64: BigInt64Array;
  maxK: number;
  /** 32-bit words of the bitmap: one bit per rank (0 for `stored`). */
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
  return layout && layout.kind === 'bitmap' ? { ...layout, seen: new Int32Array(layout.bitmapWords) } : null;
}

/**
 * How a board's positions rank, or null when they do not rank below MAX_STORED_RANK (or the board has more than 64
 * cells). `start` holds each class's top-left mask as lo/hi pairs; `filler` is the class left out (see `fillerClass`),
 * or -1. Up to MAX_RANKS ranks the kind is `bitmap`, else `stored`. (The WebAssembly engine keeps its bitmap in its own
 * memory: it takes the layout alone.)
 */
export function rankLayout(cells: number, start: Int32Array, classes: number, filler: number, emptyCount: number): RankLayout | null {
  const bitmap = ranksBy(cells, start, classes, filler, emptyCount);
  if (bitmap && bitmap.kind === 'bitmap') return bitmap;
  // Stored ranks: every class ranked and the empty cells left to them, so that a move changes one class's digit only
  // (the empty cells change with every move, and would be ranked again for every successor).
  return ranksBy(cells, start, classes, -1, emptyCount, false);
}

/** Ranks with `filler` left out (or none) and, with a filler, the empty cells as the lowest digit. */
function ranksBy(cells: number, start: Int32Array, classes: number, filler: number, emptyCount: number, mayBitmap = true): RankLayout | null {
  if (cells > 64) return null;
  const counts = new Int8Array(classes);
  let maxK = emptyCount;
  for (let c = 0; c < classes; c++) {
    counts[c] = bitCount(start[2 * c]!) + bitCount(start[2 * c + 1]!);
    if (c !== filler) maxK = Math.max(maxK, counts[c]!);
  }
  const row = maxK + 1;
  const binomial64 = new BigInt64Array((cells + 1) * row);
  for (let n = 0; n <= cells; n++) {
    for (let k = 0; k <= maxK; k++) {
      const v = k === 0 ? 1n : n === 0 ? 0n : binomial64[(n - 1) * row + k - 1]! + binomial64[(n - 1) * row + k]!;
      binomial64[n * row + k] = v > MAX_STORED_RANK ? MAX_STORED_RANK : v;
    }
  }
  // Values beyond MAX_RANKS saturate: the bitmap is refused before any of them is used.
  const binomial = Int32Array.from(binomial64, (v) => Number(v > BigInt(MAX_RANKS) ? BigInt(MAX_RANKS + 1) : v));
  const choose = (k: number) => binomial64[cells * row + k]!;
  const strides64 = new BigInt64Array(classes);
  // Without a filler the classes decide the empty cells: they are not ranked (stride 0).
  const emptyStride = filler >= 0 ? 1 : 0;
  let size = filler >= 0 ? choose(emptyCount) : 1n;
  for (let c = 0; c < classes; c++) {
    if (c === filler) continue;
    strides64[c] = size;
    size *= choose(counts[c]!);
    if (size >= MAX_STORED_RANK) return null;
  }
  if (!mayBitmap) {
    // Stored ranks are read back digit by digit: with every stride a power of two (when they fit) a digit is a shift
    // and a mask, where mixed strides take a 64-bit division per class.
    let bits = 0n;
    for (let c = 0; c < classes; c++) {
      strides64[c] = 1n << bits;
      bits += BigInt((choose(counts[c]!) - 1n).toString(2).length);
    }
    if (1n << bits < MAX_STORED_RANK) size = 1n << bits;
    else for (let c = 0, stride = 1n; c < classes; stride *= choose(counts[c]!), c++) strides64[c] = stride;
  }
  const bitmap = mayBitmap && size <= BigInt(bitmapLimit);
  return {
    kind: bitmap ? 'bitmap' : 'stored', strides: Int32Array.from(strides64, (v) => (bitmap ? Number(v) : 0)), strides64, ranks: size,
    emptyStride, binomial, binomial64, maxK, bitmapWords: bitmap ? Math.ceil(Number(size) / 32) : 0,
  };
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

/** What `unrankPosition` needs of a board (board64.ts `WideBitboard`). */
export interface RankedBoard {
  cells: number;
  classes: number;
  filler: number;
  offsets: ArrayLike<number>;
  offsetStart: ArrayLike<number>;
  fullLo: number;
  fullHi: number;
  counts: ArrayLike<number>;
  emptyCells: number;
}

/**
 * The class masks (top-left cells, as lo/hi pairs) of the position of rank `rank`, the inverse of the engine's ranks
 * (assembly/rank-set.ts `unrankInto`): classes from the largest stride down, each a combination of its pieces' cells;
 * the filler's cells are what the others and the empty cells leave.
 */
export function unrankPosition(layout: RankLayout, board: RankedBoard, rank: bigint): Int32Array {
  const { binomial64, maxK } = layout;
  const choose = (n: number, k: number) => binomial64[n * (maxK + 1) + k]!;
  const cellsOfRank = (r: bigint, k: number): bigint => {
    let m = 0n;
    let n = board.cells - 1;
    for (let i = k; i > 0; i--) {
      while (choose(n, i) > r) n--;
      m |= 1n << BigInt(n);
      r -= choose(n, i);
      n--;
    }
    return m;
  };
  const masks = new Array<bigint>(board.classes).fill(0n);
  let taken = 0n;
  for (let c = board.classes - 1; c >= 0; c--) {
    const s = layout.strides64[c]!;
    if (s === 0n) continue;
    const digit = rank / s;
    rank -= digit * s;
    masks[c] = cellsOfRank(digit, board.counts[c]!);
    for (let i = board.offsetStart[c]!; i < board.offsetStart[c + 1]!; i++) taken |= masks[c]! << BigInt(board.offsets[i]!);
  }
  const all = BigInt(board.fullLo >>> 0) | (BigInt(board.fullHi >>> 0) << 32n);
  if (layout.emptyStride !== 0) masks[board.filler] = all & ~taken & ~cellsOfRank(rank, board.emptyCells);
  const out = new Int32Array(2 * board.classes);
  masks.forEach((m, c) => {
    out[2 * c] = Number(BigInt.asIntN(32, m));
    out[2 * c + 1] = Number(BigInt.asIntN(32, m >> 32n));
  });
  return out;
}
