/** The one-word bitboard model: mirror images by row reversal agree with the cell-by-cell tables. */
import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, resolveGoal } from '../../../solver/index.ts';
import { mirrorCells, mirrorTops, toBitboard, type Bitboard } from '../../../solver/klotski/bitboard.ts';
import { compilePuzzle } from '../../../solver/klotski/puzzle.ts';
import { randomLayoutCode, seededRandom } from '../../helpers/random-layouts.ts';

function bitboardOf(code: string): Bitboard {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  return toBitboard(puzzle, grid)!;
}

/** Mirror images read straight off the tables, one cell at a time. */
function cellByCell(board: Bitboard, c: number, tops: number): number {
  let m = 0;
  for (let p = 0; p < board.cells; p++) if ((tops >>> p) & 1) m |= 1 << board.mirror[c * board.cells + p]!;
  return m;
}

describe('bitboard mirror images', () => {
  const random = seededRandom(16);
  const boards: Array<[string, number]> = [
    ['VBBV-VBBV-VHHV-VSSV-S..S', 2],
    ['VBBV-VBBV-VHHV-VS.V-S..S', 2],
    ['SBBS.SSS-SBBS.SSS-SSSSSSSS-SSSSSSS.', 3], // 8×4: the top row's last cell is bit 31
    [randomLayoutCode(random, 2, 6, 2), 1],
    [randomLayoutCode(random, 4, 8, 3), 2],
    ['VBBVS-VBBVS-HHSS.-VSHHS-V.SSS', 0], // 5 wide: cell by cell
  ];
  it.each(boards)('%s mirrors every class mask as its tables say (swap stages %i)', (code, swaps) => {
    const board = bitboardOf(code);
    expect(board.rowSwaps).toBe(swaps);
    const rand = seededRandom(code.length);
    let sets = 0;
    for (let c = 0; c < board.classes; c++) {
      for (let trial = 0; trial < 200; trial++) {
        // A random set of top-left cells where the class fits (mirror ≥ 0).
        let tops = 0;
        for (let p = 0; p < board.cells; p++) if (board.mirror[c * board.cells + p]! >= 0 && rand(10) < 3) tops |= 1 << p;
        expect(mirrorTops(board, c, tops), `class ${c}, tops ${tops >>> 0}`).toBe(cellByCell(board, c, tops));
        sets += tops === 0 ? 0 : 1;
      }
    }
    for (let trial = 0; trial < 200; trial++) {
      let cells = 0;
      for (let p = 0; p < board.cells; p++) if (rand(2) === 1) cells |= 1 << p;
      let want = 0;
      for (let p = 0; p < board.cells; p++) if ((cells >>> p) & 1) want |= 1 << board.cellMirror[p]!;
      expect(mirrorCells(board, cells)).toBe(want);
    }
    expect(sets).toBeGreaterThan(100 * board.classes);
  });
});
