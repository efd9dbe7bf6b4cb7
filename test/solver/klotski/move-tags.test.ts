import { describe, expect, it } from 'vitest';
import { moveTag, STEP, stepKeys, stepOrigin, taggedCell } from '../../../solver/klotski/move-tags.ts';

describe('move tags', () => {
  it('a step tag gives back the cell the piece stepped from, in either orientation', () => {
    const width = 5;
    for (const [p, q] of [[7, 8], [8, 7], [7, 2], [2, 7]] as const) {
      const tag = moveTag(STEP, width, q, p, q, false);
      expect(taggedCell(tag)).toBe(q);
      expect(stepOrigin(width, q, tag)).toBe(p);
    }
    // Stored as its mirror image: the piece (one cell wide) is at 9 - q's column, and came from p's mirror image.
    const mirrorOf = (c: number) => c - (c % width) + (width - 1 - (c % width));
    const tag = moveTag(STEP, width, mirrorOf(8), 7, 8, true);
    expect(stepOrigin(width, mirrorOf(8), tag)).toBe(mirrorOf(7));
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
