import { describe, expect, it } from 'vitest';
import { markRank, MAX_RANKS, rankOfCells, rankOfPosition, rankSetFor } from '../../../../solver/klotski/wasm/rank-set.ts';

/** Every set of k cells out of n, as lo/hi masks. */
function subsets(n: number, k: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const walk = (from: number, left: number, lo: number, hi: number) => {
    if (left === 0) return void out.push([lo, hi]);
    for (let x = from; x <= n - left; x++) walk(x + 1, left - 1, x < 32 ? lo | (1 << x) : lo, x < 32 ? hi : hi | (1 << (x - 32)));
  };
  walk(0, k, 0, 0);
  return out;
}

describe('rank set', () => {
  it('ranks the sets of k cells onto 0 … C(n, k) - 1, one to one, across both words', () => {
    // Class 0: one piece (ranked); class 1: the filler; two empty cells.
    const set = rankSetFor(36, Int32Array.from([1, 0, -4, 15]), 2, 1, 2)!;
    for (const k of [1, 2]) {
      const ranks = subsets(36, k).map(([lo, hi]) => rankOfCells(set, lo, hi));
      expect(new Set(ranks).size).toBe(ranks.length);
      expect(Math.min(...ranks)).toBe(0);
      expect(Math.max(...ranks)).toBe(ranks.length - 1);
    }
  });

  it('combines the classes and the empty cells by strides into one rank per position', () => {
    const set = rankSetFor(36, Int32Array.from([1, 0, -4, 15]), 2, 1, 2)!;
    // 36 places for the ranked piece × 630 pairs of empty cells.
    expect(set.seen.length).toBe(Math.ceil((36 * 630) / 32));
    const seen = new Set<number>();
    for (let p = 0; p < 36; p++) {
      for (const [lo, hi] of subsets(36, 2)) {
        const masks = Int32Array.from([p < 32 ? 1 << p : 0, p < 32 ? 0 : 1 << (p - 32), 0, 0]);
        seen.add(rankOfPosition(set, masks, lo, hi));
      }
    }
    expect(seen.size).toBe(36 * 630);
    expect(Math.max(...seen)).toBe(36 * 630 - 1);
  });

  it('marks ranks seen, and says whether each was seen before', () => {
    const set = rankSetFor(20, Int32Array.from([1, 0, 6, 0]), 2, 1, 2)!;
    expect(markRank(set, 77)).toBe(false);
    expect(markRank(set, 77)).toBe(true);
    expect(markRank(set, 76)).toBe(false);
    expect(markRank(set, 78)).toBe(false);
    expect(markRank(set, 76)).toBe(true);
  });

  it('refuses boards whose positions rank past MAX_RANKS', () => {
    // Five pieces of one class and two of another on 64 cells: C(64, 5) alone is 7.6 million; with the rest, far more.
    const start = Int32Array.from([0b11111, 0, 0b1100000, 0, -128, 0x3fffffff]);
    expect(rankSetFor(64, start, 3, 2, 2)).toBeNull();
    expect(MAX_RANKS).toBe(1 << 23);
  });
});
