/**
 * A dense rank of every placement of a board's pieces: each legal placement — any shapes, an outline with holes, goal
 * pieces distinct, interchangeable pieces merged — is one number 0 … count − 1, and back. Searches that keep two bits a
 * position (dense/two-bit.ts, wasm/assembly/dense.ts) index their codes by it.
 *
 * The classes split into *big* (every class but one of single cells) and *small* (the single-cell class with the most
 * pieces, if any, and the empty cells). The big pieces leave the same number of cells uncovered in every placement
 * (`freeCells`), among which the small pieces take any `smallCount`. Every placement of the big pieces is listed once —
 * at the first undecided cell in reading order either leave it uncovered or anchor there a piece of a class with pieces
 * left (an anchor is a piece's first cell in reading order, so nothing before it is covered) — and numbered; the rank
 * of a position is its big placement's number × C(freeCells, smallCount) + the combinatorial-number-system rank of its
 * small pieces among the uncovered cells in reading order.
 *
 * A big placement is found again by its *key*: per big class the combinatorial rank of its anchors among the cells where
 * the class fits, the classes combined by strides (a mixed radix). Keys are scrambled by a multiplication mod 2^keyBits
 * (a bijection, so high bits depend on every digit) and sorted; a bucket per value of the scrambled key's high bits
 * says where its keys start, and only the low bits are kept (4 bytes a placement, and 4 bytes per bucket, about one per
 * four placements): a lookup is a bucket and a short run of low bits, and a placement's number is its place in that
 * sorted list.
 */
import type { Puzzle } from '../model/puzzle.ts';
import { engineClasses } from '../wasm/geometry.ts';

/** Keys and ranks are kept exact as doubles: at most 2^52. */
const MAX_KEY_BITS = 52;
/** The scrambling multiplier (odd, so invertible mod 2^keyBits). */
export const MULTIPLIER = 0x9e3779b97f4a7;

export interface DenseRank {
  cells: number;
  /** Engine classes (the puzzle's class c + 1 is class c here; the cells off the board are no class). */
  classes: number;
  /** Pieces per class. */
  counts: Int32Array;
  /** 1 where a class is big. */
  isBig: Uint8Array;
  /** The small single-cell class, or -1. */
  small: number;
  smallCount: number;
  /** Cells the big pieces leave uncovered (the small pieces and the empty cells). */
  freeCells: number;
  /** Small placements per big placement: C(freeCells, smallCount). */
  perBig: number;
  bigCount: number;
  /** Positions ranked: bigCount × perBig. */
  count: number;
  /** Cells on the board (lo, hi halves of a 64-cell mask: not used past 64 cells). */
  onBoard: Uint8Array;
  /** Per class, cells covered relative to the anchor (`offsets[offsetStart[c] …]`). */
  offsets: Int16Array;
  offsetStart: Int32Array;
  /** `fitIndex[c * cells + p]`: p's index among the anchors where class c fits, or -1. */
  fitIndex: Int32Array;
  /** Per class, the anchors where it fits (`fitCells[fitStart[c] …]`). */
  fitCells: Int32Array;
  fitStart: Int32Array;
  /** The key's stride of each big class (0 for the small class). */
  strides: Float64Array;
  /** `binomial[n * (cells + 1) + k]` = C(n, k) for n, k ≤ cells. */
  binomial: Float64Array;
  keyBits: number;
  /** The multiplier's inverse mod 2^keyBits. */
  inverse: number;
  lowBits: number;
  /** `buckets[b] … buckets[b + 1]`: the placements whose scrambled key's high bits are b. */
  buckets: Uint32Array;
  /** Per placement, its scrambled key's low bits (sorted within each bucket). */
  lows: Uint32Array;
}

/** Everything of a dense rank but its list of big placements (which `buildDenseRank` or the engine makes). */
export type DenseLayout = Omit<DenseRank, 'bigCount' | 'count' | 'lowBits' | 'buckets' | 'lows'>;

/** How a puzzle's placements rank, or null where the key of a big placement would pass 2^52. */
export function denseLayout(puzzle: Puzzle): DenseLayout | null {
  const { cells } = puzzle;
  const K = engineClasses(puzzle);
  const counts = Int32Array.from({ length: K }, (_, c) => puzzle.classes[c + 1]!.count);
  const onBoard = new Uint8Array(cells).fill(1);
  if (puzzle.fixedPart < 256) {
    const wall = puzzle.classes[K + 1]!;
    const anchor = wall.fits.indexOf(1);
    for (const o of wall.offsets) onBoard[anchor + o] = 0;
  }
  const offsetStart = new Int32Array(K + 1);
  const offsetList: number[] = [];
  for (let c = 0; c < K; c++) {
    offsetStart[c] = offsetList.length;
    offsetList.push(...puzzle.classes[c + 1]!.offsets);
  }
  offsetStart[K] = offsetList.length;
  const area = (c: number) => offsetStart[c + 1]! - offsetStart[c]!;
  let small = -1;
  for (let c = 0; c < K; c++) if (area(c) === 1 && (small < 0 || counts[c]! > counts[small]!)) small = c;
  const isBig = Uint8Array.from({ length: K }, (_, c) => (c === small ? 0 : 1));
  let freeCells = onBoard.reduce((s, x) => s + x, 0);
  for (let c = 0; c < K; c++) if (isBig[c]) freeCells -= counts[c]! * area(c);
  const smallCount = small >= 0 ? counts[small]! : 0;
  const fitIndex = new Int32Array(K * cells).fill(-1);
  const fitStart = new Int32Array(K + 1);
  const fitList: number[] = [];
  for (let c = 0; c < K; c++) {
    fitStart[c] = fitList.length;
    const fits = puzzle.classes[c + 1]!.fits;
    for (let p = 0; p < cells; p++) {
      if (!fits[p]) continue;
      fitIndex[c * cells + p] = fitList.length - fitStart[c]!;
      fitList.push(p);
    }
  }
  fitStart[K] = fitList.length;
  const binomial = binomialTable(cells);
  const C = (n: number, k: number) => (k < 0 || k > n ? 0 : binomial[n * (cells + 1) + k]!);
  const strides = new Float64Array(K);
  let keySpace = 1;
  for (let c = 0; c < K; c++) {
    if (!isBig[c]) continue;
    strides[c] = keySpace;
    keySpace *= C(fitStart[c + 1]! - fitStart[c]!, counts[c]!);
  }
  const keyBits = Math.max(1, Math.ceil(Math.log2(keySpace)));
  if (keyBits > MAX_KEY_BITS) return null;
  return {
    cells, classes: K, counts, isBig, small, smallCount, freeCells, perBig: C(freeCells, smallCount), onBoard, offsets: Int16Array.from(offsetList),
    offsetStart, fitIndex, fitCells: Int32Array.from(fitList), fitStart, strides, binomial, keyBits, inverse: inverseMod(MULTIPLIER, keyBits),
  };
}

/** The high bits of a scrambled key that pick its bucket: about four placements a bucket, at most 32 low bits kept. */
export function bucketBitsFor(keyBits: number, bigCount: number): number {
  return Math.min(keyBits, Math.max(keyBits - 32, Math.round(Math.log2(Math.max(1, bigCount / 4)))));
}

/** A layout with its list of big placements: null when the positions would pass 2^52. */
export function withPlacements(layout: DenseLayout, bigCount: number, buckets: Uint32Array, lows: Uint32Array): DenseRank | null {
  if (bigCount === 0 || bigCount * layout.perBig > 2 ** MAX_KEY_BITS) return null;
  return { ...layout, bigCount, count: bigCount * layout.perBig, lowBits: layout.keyBits - bucketBitsFor(layout.keyBits, bigCount), buckets, lows };
}

/**
 * The dense rank of a puzzle's placements, listed in TypeScript (the engine lists them faster: wasm/dense.ts), or
 * null where it does not apply: a key past 2^52, more than `maxBig` big placements, or more than 2^52 positions.
 */
export function buildDenseRank(puzzle: Puzzle, maxBig = 2 ** 31): DenseRank | null {
  const layout = denseLayout(puzzle);
  if (!layout) return null;
  const { keyBits } = layout;
  // Three walks over the placements: one counts them, one counts each bucket's, one writes their low bits in place.
  let bigCount = 0;
  const complete = walkPlacements(layout, () => ++bigCount <= maxBig);
  if (!complete || bigCount === 0 || bigCount * layout.perBig > 2 ** MAX_KEY_BITS) return null;
  const lowBits = keyBits - bucketBitsFor(keyBits, bigCount);
  const buckets = new Uint32Array(2 ** (keyBits - lowBits) + 1);
  const lowUnit = 2 ** lowBits;
  walkPlacements(layout, (key) => {
    buckets[Math.floor(scramble(key, keyBits) / lowUnit) + 1]!++;
    return true;
  });
  for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1]!;
  const fill = buckets.slice(0, -1);
  const lows = new Uint32Array(bigCount);
  walkPlacements(layout, (key) => {
    const s = scramble(key, keyBits);
    lows[fill[Math.floor(s / lowUnit)]!++] = s % lowUnit;
    return true;
  });
  for (let b = 0; b + 1 < buckets.length; b++) sortRange(lows, buckets[b]!, buckets[b + 1]!);
  return withPlacements(layout, bigCount, buckets, lows);
}

/**
 * Calls `visit(key)` for every placement of the big pieces (false from it stops the walk: returns false). Depth first
 * over cells in reading order: leave the first undecided cell uncovered, or anchor a big piece there.
 */
function walkPlacements(rank: DenseLayout, visit: (key: number) => boolean): boolean {
  const { cells, classes: K, counts, isBig, offsets, offsetStart, fitIndex, strides, binomial, freeCells } = rank;
  const covered = Uint8Array.from(rank.onBoard, (on) => 1 - on);
  const left = Int32Array.from(counts, (n, c) => (isBig[c] ? n : 0));
  let piecesLeft = left.reduce((s, x) => s + x, 0);
  let going = true;
  const step = (from: number, key: number, freeLeft: number): void => {
    let u = from;
    while (u < cells && covered[u]) u++;
    if (piecesLeft === 0) {
      going = visit(key);
      return;
    }
    if (u >= cells) return;
    if (freeLeft > 0) step(u + 1, key, freeLeft - 1);
    for (let c = 0; c < K && going; c++) {
      if (left[c] === 0) continue;
      const fit = fitIndex[c * cells + u]!;
      if (fit < 0) continue;
      let fits = true;
      for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) if (covered[u + offsets[i]!]) fits = false;
      if (!fits) continue;
      for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) covered[u + offsets[i]!] = 1;
      const placed = counts[c]! - left[c]!;
      left[c]!--;
      piecesLeft--;
      step(u + 1, key + binomial[fit * (cells + 1) + placed + 1]! * strides[c]!, freeLeft);
      left[c]!++;
      piecesLeft++;
      for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) covered[u + offsets[i]!] = 0;
    }
  };
  step(0, 0, freeCells);
  return going;
}

/**
 * The rank of a position given as its anchors per class (`anchors[c]`, any order), or -1 when it is not a legal
 * placement of this board's pieces.
 */
export function rankOfAnchors(rank: DenseRank, anchors: ArrayLike<number>[]): number {
  const { cells, classes: K, offsets, offsetStart, fitIndex, strides, binomial, small } = rank;
  const covered = Uint8Array.from(rank.onBoard, (on) => 1 - on);
  let key = 0;
  for (let c = 0; c < K; c++) {
    if (!rank.isBig[c]) continue;
    const sorted = Array.from(anchors[c]!).sort((a, b) => a - b);
    sorted.forEach((p, i) => {
      key += binomial[fitIndex[c * cells + p]! * (cells + 1) + i + 1]! * strides[c]!;
      for (let j = offsetStart[c]!; j < offsetStart[c + 1]!; j++) covered[p + offsets[j]!] = 1;
    });
  }
  const big = bigNumber(rank, key);
  if (big < 0) return -1;
  let smallRank = 0;
  if (small >= 0) {
    const sorted = Array.from(anchors[small]!).sort((a, b) => a - b);
    let i = 0;
    let index = 0;
    for (let p = 0; p < cells && i < sorted.length; p++) {
      if (covered[p]) continue;
      if (p === sorted[i]) smallRank += binomial[index * (cells + 1) + ++i]!;
      index++;
    }
  }
  return big * rank.perBig + smallRank;
}

/** The number of the big placement of `key`, or -1 when no placement has it. */
export function bigNumber(rank: DenseRank, key: number): number {
  const s = scramble(key, rank.keyBits);
  const unit = 2 ** rank.lowBits;
  const b = Math.floor(s / unit);
  const low = s % unit;
  for (let i = rank.buckets[b]!, end = rank.buckets[b + 1]!; i < end; i++) {
    if (rank.lows[i] === low) return i;
    if (rank.lows[i]! > low) break;
  }
  return -1;
}

/** The anchors per class of the position of rank `r` (0 ≤ r < count). */
export function anchorsOfRank(rank: DenseRank, r: number): number[][] {
  const { cells, classes: K, counts, offsets, offsetStart, fitCells, fitStart, strides, binomial, small, perBig } = rank;
  const big = Math.floor(r / perBig);
  let smallRank = r - big * perBig;
  // The bucket holding placement `big`: the last b with buckets[b] ≤ big.
  let lo = 0;
  let hi = rank.buckets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (rank.buckets[mid]! <= big) lo = mid;
    else hi = mid - 1;
  }
  let key = unscramble(lo * 2 ** rank.lowBits + rank.lows[big]!, rank);
  const covered = Uint8Array.from(rank.onBoard, (on) => 1 - on);
  const anchors: number[][] = Array.from({ length: K }, () => []);
  for (let c = K - 1; c >= 0; c--) {
    if (!rank.isBig[c]) continue;
    const digit = Math.floor(key / strides[c]!);
    key -= digit * strides[c]!;
    const fits = fitStart[c + 1]! - fitStart[c]!;
    const indices = unrankCombination(binomial, cells, digit, counts[c]!, fits);
    for (const i of indices) {
      const p = fitCells[fitStart[c]! + i]!;
      anchors[c]!.push(p);
      for (let j = offsetStart[c]!; j < offsetStart[c + 1]!; j++) covered[p + offsets[j]!] = 1;
    }
  }
  if (small >= 0) {
    const free: number[] = [];
    for (let p = 0; p < cells; p++) if (!covered[p]) free.push(p);
    anchors[small] = unrankCombination(binomial, cells, smallRank, counts[small]!, free.length).map((i) => free[i]!);
    smallRank = 0;
  }
  for (const list of anchors) list.sort((a, b) => a - b);
  return anchors;
}

/** The k indices (ascending) below n whose combinatorial rank is r. */
function unrankCombination(binomial: Float64Array, cells: number, r: number, k: number, n: number): number[] {
  const out = new Array<number>(k);
  let top = n;
  for (let i = k; i >= 1; i--) {
    let x = top - 1;
    while (binomial[x * (cells + 1) + i]! > r) x--;
    r -= binomial[x * (cells + 1) + i]!;
    out[i - 1] = x;
    top = x;
  }
  return out;
}

/** The rank of a part grid of `puzzle` (compilePuzzle's), or -1 when it is not a placement of its pieces. */
export function rankOfGrid(rank: DenseRank, puzzle: Puzzle, grid: Uint8Array): number {
  return rankOfAnchors(rank, anchorsOfGrid(rank, puzzle, grid));
}

/** The anchors per engine class of a part grid. */
export function anchorsOfGrid(rank: DenseRank, puzzle: Puzzle, grid: Uint8Array): number[][] {
  const anchors: number[][] = Array.from({ length: rank.classes }, () => []);
  for (let i = 0; i < puzzle.cells; i++) {
    const part = grid[i]!;
    if (part !== 0 && part < puzzle.fixedPart && puzzle.partOffset[part] === 0) anchors[puzzle.partClass[part]! - 1]!.push(i);
  }
  return anchors;
}

/** Writes the part grid of the position of rank `r` (with the cells off the board) into `out`. */
export function gridOfRank(rank: DenseRank, puzzle: Puzzle, r: number, out: Uint8Array): void {
  out.fill(0);
  if (puzzle.fixedPart < 256) {
    const wall = puzzle.classes[rank.classes + 1]!;
    const anchor = wall.fits.indexOf(1);
    wall.offsets.forEach((o, j) => (out[anchor + o] = puzzle.fixedPart + j));
  }
  anchorsOfRank(rank, r).forEach((list, c) => {
    const first = puzzle.firstPart[c + 1]!;
    const offsets = puzzle.classes[c + 1]!.offsets;
    for (const p of list) offsets.forEach((o, j) => (out[p + o] = first + j));
  });
}

/** Bytes of the rank's tables (the buckets and the low bits). */
export function denseRankBytes(rank: DenseRank): number {
  return rank.buckets.byteLength + rank.lows.byteLength;
}

function binomialTable(n: number): Float64Array {
  const t = new Float64Array((n + 1) * (n + 1));
  for (let i = 0; i <= n; i++) {
    t[i * (n + 1)] = 1;
    for (let k = 1; k <= i; k++) t[i * (n + 1) + k] = t[(i - 1) * (n + 1) + k - 1]! + (k <= i - 1 ? t[(i - 1) * (n + 1) + k]! : 0);
  }
  return t;
}

/** x · y mod 2^52, exact in doubles (x, y < 2^52): by 26-bit halves. */
function mulMod52(x: number, y: number): number {
  const h = 2 ** 26;
  const xh = Math.floor(x / h);
  const xl = x - xh * h;
  const yh = Math.floor(y / h);
  const yl = y - yh * h;
  return ((((xh * yl + xl * yh) % h) * h) + xl * yl) % 2 ** 52;
}

/** The scrambled key: key · MULTIPLIER mod 2^bits (a bijection on 0 … 2^bits − 1). */
export function scramble(key: number, bits: number): number {
  return mulMod52(key, MULTIPLIER) % 2 ** bits;
}

function unscramble(s: number, rank: Pick<DenseRank, 'inverse' | 'keyBits'>): number {
  return mulMod52(s, rank.inverse) % 2 ** rank.keyBits;
}

/** a⁻¹ mod 2^bits for odd a (Newton's iteration, each doubling the bits that are right). */
function inverseMod(a: number, bits: number): number {
  let x = a % 2 ** 52;
  for (let i = 0; i < 6; i++) x = mulMod52(x, (2 ** 52 + 2 - mulMod52(a, x)) % 2 ** 52);
  return x % 2 ** bits;
}

/** Insertion sort of a short run. */
function sortRange(a: Uint32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i]!;
    let j = i - 1;
    while (j >= from && a[j]! > v) {
      a[j + 1] = a[j]!;
      j--;
    }
    a[j + 1] = v;
  }
}
