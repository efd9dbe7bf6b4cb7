import { describe, expect, it } from 'vitest';
import { freshAxes, knownFromParent, MOVE, moveTag, STEP, stepKeys, STRAIGHT, taggedCell, taggedOrigin } from '../../../../solver/klotski/search/move-tags.ts';

describe('move tags', () => {
  it('a tag gives back both cells of the move that made the position', () => {
    for (const [p, q] of [[7, 8], [8, 7], [7, 2], [2, 7], [0, 99]] as const) {
      const tag = moveTag(q, p);
      expect(taggedCell(tag)).toBe(q);
      expect(taggedOrigin(tag)).toBe(p);
      expect(tag).toBeLessThan(1 << 16);
    }
    expect(taggedCell(0)).toBe(-1);
  });

  it('marks as known the step back, the slides along the axis the piece came by, and every move of the piece', () => {
    const width = 5;
    // A step right, 7 → 8: only the step back to 7 is known.
    const step = moveTag(8, 7);
    expect([3, 7, 9, 13].filter((q) => knownFromParent(STEP, width, 8, step, q))).toEqual([7]);
    // A slide across, 5 → 8: stops on the same row are known, and the piece slides on up or down.
    const across = moveTag(8, 5);
    expect(freshAxes(width, 8, across)).toBe(2);
    expect([5, 6, 9, 3, 13, 18].filter((q) => knownFromParent(STRAIGHT, width, 8, across, q))).toEqual([5, 6, 9]);
    // A slide down, 3 → 13: stops in the same column are known, and the piece slides on across.
    const down = moveTag(13, 3);
    expect(freshAxes(width, 13, down)).toBe(1);
    expect([3, 8, 18, 12, 14].filter((q) => knownFromParent(STRAIGHT, width, 13, down, q))).toEqual([3, 8, 18]);
    expect(knownFromParent(MOVE, width, 8, step, 17)).toBe(true);
  });

  it('step keys fold each top-left onto the left half: a cell and its mirror image share a key, rows keep their order', () => {
    // Class 0: a 2×2 block; class 1: a single cell; a 5-wide board of 4 rows.
    const width = 5;
    const cells = 20;
    const keys = stepKeys(width, cells, 2, Int8Array.from([0, 1, 5, 6, 0]), Int8Array.from([0, 4, 5]));
    for (let p = 0; p < cells; p++) {
      const col = p % width;
      expect(keys[cells + p], `soldier at ${p}`).toBe(keys[cells + p - col + (width - 1 - col)]);
      if (col <= width - 2) expect(keys[p], `block at ${p}`).toBe(keys[p - col + (width - 2 - col)]);
    }
    expect(keys[cells + 0]).toBeLessThan(keys[cells + 1]!);
    expect(keys[cells + 4]).toBeLessThan(keys[cells + 5]!);
    expect(new Set(Array.from({ length: cells }, (_, p) => keys[cells + p])).size).toBe(12); // 3 folded columns × 4 rows
  });
});
