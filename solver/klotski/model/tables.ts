/**
 * Precomputed per-(class, top-left) tables. On every board a move's key change (and its mirror image's) is three
 * XORs per word; on boards of at most 32 cells, where a set of cells fits in one int32 mask, a one-cell slide is
 * also a mask test (`cover` and `need` are empty on larger boards).
 */
import type { Puzzle } from './puzzle.ts';

export interface MoveTables {
  /** Mask of the cells a piece of class c covers with its top-left at t: `cover[c * cells + t]`. */
  cover: Int32Array;
  /**
   * Mask of the cells that must be empty for a piece of class c at t to slide one cell in direction d
   * (0 left, 1 right, 2 up, 3 down): `need[(c * cells + t) * 4 + d]`; -1 when the slide leaves the board.
   */
  need: Int32Array;
  /** The piece's contribution to the key, and to the mirror image's key: `[(c * cells + t) * words + w]`. */
  keyPart: Uint32Array;
  mirrorPart: Uint32Array;
}

export const MAX_MASK_CELLS = 32;

export function buildMoveTables(puzzle: Puzzle): MoveTables {
  const { cells, width, height, classes, words, wordOf, shiftOf, mirrorCell, firstPart, partMirror } = puzzle;
  const masks = cells <= MAX_MASK_CELLS;
  const n = classes.length;
  const cover = new Int32Array(masks ? n * cells : 0);
  const need = new Int32Array(masks ? n * cells * 4 : 0).fill(-1);
  const keyPart = new Uint32Array(n * cells * words);
  const mirrorPart = new Uint32Array(n * cells * words);
  for (let c = 1; c < n; c++) {
    const { offsets, fits } = classes[c]!;
    for (let t = 0; t < cells; t++) {
      if (!fits[t]) continue;
      const r = Math.floor(t / width);
      const col = t % width;
      let mask = 0;
      for (let j = 0; j < offsets.length; j++) {
        const cell = t + offsets[j]!;
        const part = firstPart[c]! + j;
        mask |= 1 << cell;
        const at = (c * cells + t) * words;
        keyPart[at + wordOf[cell]!] = (keyPart[at + wordOf[cell]!]! | (part << shiftOf[cell]!)) >>> 0;
        const m = mirrorCell[cell]!;
        mirrorPart[at + wordOf[m]!] = (mirrorPart[at + wordOf[m]!]! | (partMirror[part]! << shiftOf[m]!)) >>> 0;
      }
      if (!masks) continue;
      cover[c * cells + t] = mask;
      // A slide's anchor neither wraps to another row nor leaves the board, and the shape fits where it lands.
      const neighbours = [col > 0 ? t - 1 : -1, col < width - 1 ? t + 1 : -1, r > 0 ? t - width : -1, r < height - 1 ? t + width : -1];
      neighbours.forEach((u, d) => {
        if (u < 0 || !fits[u]) return;
        let next = 0;
        for (let j = 0; j < offsets.length; j++) next |= 1 << (u + offsets[j]!);
        need[(c * cells + t) * 4 + d] = next & ~mask;
      });
    }
  }
  return { cover, need, keyPart, mirrorPart };
}
