/** The engine's 64-bit tables: mirror images by row reversal agree with the cell-by-cell tables. */
import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, resolveGoal } from '../../../../solver/index.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { mirrorCellsWide, mirrorTopsWide, toWideBitboard } from '../../../../solver/klotski/wasm/board64.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';

describe('the 64-bit tables\' mirror images', () => {
  const random = seededRandom(64);
  const boards: Array<[string, number]> = [
    [randomLayoutCode(random, 8, 8, 4), 3], // the 64th cell is the hi word's bit 31
    [randomLayoutCode(random, 8, 5, 3), 3],
    [randomLayoutCode(random, 4, 9, 3), 2],
    [randomLayoutCode(random, 4, 10, 2), 2],
    ['SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', 0], // 6 wide: cell by cell
  ];
  it.each(boards)('%s mirrors every class mask as its tables say (swap stages %i)', (code, swaps) => {
    const layout = parseLayoutOrThrow(code);
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
    const board = toWideBitboard(puzzle, grid)!;
    expect(board.rowSwaps).toBe(swaps);
    const rand = seededRandom(code.length);
    const out = new Int32Array(2);
    const want = new Int32Array(2);
    let sets = 0;
    for (let c = 0; c < board.classes; c++) {
      for (let trial = 0; trial < 200; trial++) {
        const tops = new Int32Array(2);
        want.fill(0);
        for (let p = 0; p < board.cells; p++) {
          const q = board.mirror[c * board.cells + p]!;
          if (q < 0 || rand(10) >= 3) continue;
          tops[p >>> 5] = tops[p >>> 5]! | (1 << (p & 31));
          want[q >>> 5] = want[q >>> 5]! | (1 << (q & 31));
        }
        mirrorTopsWide(board, c, tops[0]!, tops[1]!, out, 0);
        expect([...out], `class ${c}`).toEqual([...want]);
        sets += tops[0]! | tops[1]! ? 1 : 0;
      }
    }
    for (let trial = 0; trial < 200; trial++) {
      const cells = new Int32Array(2);
      want.fill(0);
      for (let p = 0; p < board.cells; p++) {
        if (rand(2) === 0) continue;
        const q = board.cellMirror[p]!;
        cells[p >>> 5] = cells[p >>> 5]! | (1 << (p & 31));
        want[q >>> 5] = want[q >>> 5]! | (1 << (q & 31));
      }
      mirrorCellsWide(board, cells[0]!, cells[1]!, out, 0);
      expect([...out]).toEqual([...want]);
    }
    expect(sets).toBeGreaterThan(100 * board.classes);
  });
});
