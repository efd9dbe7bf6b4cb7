/**
 * The classic 4×5 board as the tablebase sees it: 20 cells in reading order, each holding a *cell code* that says
 * which shape covers it and which part of that shape it is, so any cell names its piece's top-left without a search.
 * Sets of cells are 20-bit masks; per-(shape, top-left) masks are precomputed once.
 */

import type { Cell } from '../klotski/model/moves.ts';

export const WIDTH = 4;
export const HEIGHT = 5;
export const CELLS = 20;

/** Shapes, by index: the 2×2 block, a vertical 1×2, a horizontal 2×1, a 1×1 soldier. */
export const BLOCK = 0;
export const VERTICAL = 1;
export const HORIZONTAL = 2;
export const SOLDIER = 3;
export const SHAPE_WIDTH = [2, 1, 2, 1] as const;
export const SHAPE_HEIGHT = [2, 2, 1, 1] as const;

/** Cell codes. The block's four cells all hold BLOCK_CELL (its top-left is kept beside the grid). */
export const EMPTY = 0;
export const BLOCK_CELL = 1;
export const V_TOP = 2;
export const V_BOTTOM = 3;
export const H_LEFT = 4;
export const H_RIGHT = 5;
export const SOLDIER_CELL = 6;

/** The cell code written at each cell of a shape, in the shape's row-major order. */
export const SHAPE_CODES: readonly (readonly number[])[] = [[BLOCK_CELL, BLOCK_CELL, BLOCK_CELL, BLOCK_CELL], [V_TOP, V_BOTTOM], [H_LEFT, H_RIGHT], [SOLDIER_CELL]];
/** Cell offsets of each shape relative to its top-left, matching SHAPE_CODES. */
export const SHAPE_OFFSETS: readonly (readonly number[])[] = [[0, 1, WIDTH, WIDTH + 1], [0, WIDTH], [0, 1], [0]];

/** The block's 12 possible top-left cells are numbered row * 3 + col. Goal: row 3, col 1. */
export const BLOCK_PLACES = 12;
export const GOAL_PLACE = 3 * 3 + 1;
export const blockPlaceOf = (cell: number): number => ((cell >> 2) * 3) + (cell & 3);
export const blockCellOf = (place: number): number => Math.floor(place / 3) * WIDTH + (place % 3);
/** A cell number (0…19) as [row, col]. */
export const cellOf = (cell: number): Cell => [Math.floor(cell / WIDTH), cell % WIDTH];

/** Directions: 0 left, 1 right, 2 up, 3 down. */
export const DELTA = [-1, 1, -WIDTH, WIDTH] as const;

/** `cover[shape * CELLS + t]`: the cells a piece of that shape covers with its top-left at t; 0 where it does not fit. */
export const cover = new Int32Array(4 * CELLS);
/**
 * `step[(shape * CELLS + t) * 4 + d]`: the top-left after one slide in direction d, or -1 off the board;
 * `need[…]`: the cells that must be empty for that slide.
 */
export const step = new Int8Array(4 * CELLS * 4).fill(-1);
export const need = new Int32Array(4 * CELLS * 4);

for (let shape = 0; shape < 4; shape++) {
  const w = SHAPE_WIDTH[shape]!;
  const h = SHAPE_HEIGHT[shape]!;
  const fits = (t: number) => (t >> 2) + h <= HEIGHT && (t & 3) + w <= WIDTH;
  const maskAt = (t: number) => SHAPE_OFFSETS[shape]!.reduce((m, o) => m | (1 << (t + o)), 0);
  for (let t = 0; t < CELLS; t++) {
    if (!fits(t)) continue;
    cover[shape * CELLS + t] = maskAt(t);
    const row = t >> 2;
    const col = t & 3;
    const targets = [col > 0 ? t - 1 : -1, col + w < WIDTH ? t + 1 : -1, row > 0 ? t - WIDTH : -1, row + h < HEIGHT ? t + WIDTH : -1];
    targets.forEach((u, d) => {
      if (u < 0) return;
      step[(shape * CELLS + t) * 4 + d] = u;
      need[(shape * CELLS + t) * 4 + d] = maskAt(u) & ~maskAt(t);
    });
  }
}
