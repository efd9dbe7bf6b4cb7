/**
 * Bitboards for boards of up to 32 cells: a position is one 32-bit mask per piece class (the top-left cells of its
 * pieces; class 0 is the goal piece), and everything a move needs is precomputed per (class, top-left cell): the cells
 * the piece covers, the cells that must be empty for it to slide one cell each way, and its mirror image's top-left.
 * A slide is then one AND and a compare; a move changes two bits of one word.
 */
import type { Puzzle } from './puzzle.ts';
import { MAX_MASK_CELLS } from './tables.ts';

export interface Bitboard {
  width: number;
  cells: number;
  /** Number of piece classes: words per position. */
  classes: number;
  goalCell: number;
  mirrorable: boolean;
  /** All cells of the board. */
  full: number;
  /** Per class: each (dr, dc) offset of its shape as a shift, for occupancy (`shifts[c]`). */
  shifts: Int8Array[];
  /** `cover[c * cells + p]`: cells covered by a class-c piece with its top-left at p (0 where it does not fit). */
  cover: Int32Array;
  /** `need[(c * cells + p) * 4 + d]`: cells that must be empty to slide one cell in direction d (0: off the board). */
  need: Int32Array;
  /** `touch[c * cells + p]`: the union of the four `need` masks; a piece none of whose is empty cannot move. */
  touch: Int32Array;
  /** `mirror[c * cells + p]`: the top-left of the same piece in the mirror image. */
  mirror: Int8Array;
  /** Cell change of a one-cell slide per direction: left, right, up, down. */
  delta: Int32Array;
  /** The start position, one mask per class. */
  start: Int32Array;
}

/** The bitboard model of a compiled puzzle, or null when the board has more than 32 cells. */
export function toBitboard(puzzle: Puzzle, grid: Uint8Array): Bitboard | null {
  const { width, height, cells } = puzzle;
  if (cells > MAX_MASK_CELLS) return null;
  const classes = puzzle.classes.length - 1;
  const cover = new Int32Array(classes * cells);
  const need = new Int32Array(classes * cells * 4);
  const touch = new Int32Array(classes * cells);
  const mirror = new Int8Array(classes * cells).fill(-1);
  const shifts: Int8Array[] = [];
  const delta = Int32Array.from([-1, 1, -width, width]);
  const maskOf = (c: number, p: number): number => {
    const { width: w, height: h } = puzzle.classes[c + 1]!;
    let m = 0;
    for (let dr = 0; dr < h; dr++) for (let dc = 0; dc < w; dc++) m |= 1 << (p + dr * width + dc);
    return m;
  };
  for (let c = 0; c < classes; c++) {
    const { width: w, height: h, fits } = puzzle.classes[c + 1]!;
    const offsets: number[] = [];
    for (let dr = 0; dr < h; dr++) for (let dc = 0; dc < w; dc++) offsets.push(dr * width + dc);
    shifts.push(Int8Array.from(offsets));
    for (let p = 0; p < cells; p++) {
      if (!fits[p]) continue;
      const here = maskOf(c, p);
      cover[c * cells + p] = here;
      const r = Math.floor(p / width);
      const col = p % width;
      mirror[c * cells + p] = r * width + (width - w - col);
      const ok = [col > 0, col + w < width, r > 0, r + h < height];
      let all = 0;
      for (let d = 0; d < 4; d++) {
        if (!ok[d]) continue;
        const m = maskOf(c, p + delta[d]!) & ~here;
        need[(c * cells + p) * 4 + d] = m;
        all |= m;
      }
      touch[c * cells + p] = all;
    }
  }
  const start = new Int32Array(classes);
  for (let i = 0; i < cells; i++) {
    const part = grid[i]!;
    if (part === 0 || puzzle.partOffset[part] !== 0) continue;
    const c = puzzle.partClass[part]! - 1;
    start[c] = start[c]! | (1 << i);
  }
  const full = cells === 32 ? -1 : (1 << cells) - 1;
  return { width, cells, classes, goalCell: puzzle.goalCell, mirrorable: puzzle.mirrorable, full, shifts, cover, need, touch, mirror, delta, start };
}

/** Cells occupied by a class's pieces given their top-left mask. */
export function occupied(board: Bitboard, c: number, tops: number): number {
  const s = board.shifts[c]!;
  let m = 0;
  for (let i = 0; i < s.length; i++) m |= tops << s[i]!;
  return m;
}

/** The mirror image of a class's top-left mask. */
export function mirrorTops(board: Bitboard, c: number, tops: number): number {
  const base = c * board.cells;
  let m = 0;
  while (tops) {
    const p = 31 - Math.clz32(tops & -tops);
    tops &= tops - 1;
    m |= 1 << board.mirror[base + p]!;
  }
  return m;
}
