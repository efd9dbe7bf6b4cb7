/** The bitboard models: mirror images by row reversal agree with the cell-by-cell tables. */
import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, resolveGoal } from '../../../../../solver/index.ts';
import { mirrorCells, mirrorPosition, mirrorTops, occupied, toBitboard, type Bitboard } from '../../../../../solver/klotski/search/typescript/bitboard.ts';
import { compilePuzzle } from '../../../../../solver/klotski/model/puzzle.ts';
import { mirrorCellsWide, mirrorPositionWide, mirrorTopsWide, toWideBitboard } from '../../../../../solver/klotski/search/typescript/wide-bitboard.ts';
import { randomLayoutCode, seededRandom } from '../../../../helpers/random-layouts.ts';

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
    // A whole position: every class (the filler's too) and the empty cells.
    let taken = 0;
    for (let c = 0; c < board.classes; c++) taken |= occupied(board, c, board.start[c]!);
    const mir = new Int32Array(board.classes);
    const mirrorEmpty = mirrorPosition(board, board.start, board.full & ~taken, mir);
    expect([...mir]).toEqual(Array.from(board.start, (tops, c) => cellByCell(board, c, tops)));
    let mirrorTaken = 0;
    for (let c = 0; c < board.classes; c++) mirrorTaken |= occupied(board, c, mir[c]!);
    expect(mirrorEmpty).toBe(board.full & ~mirrorTaken);
  });
});

describe('wide bitboard mirror images (33 to 64 cells)', () => {
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
    // A whole position: every class (the filler's too) and the empty cells, as lo/hi pairs.
    const K2 = 2 * board.classes;
    const has = (m: Int32Array, at: number, p: number) => ((m[at + (p >>> 5)]! >>> (p & 31)) & 1) === 1;
    const set = (m: Int32Array, at: number, p: number) => (m[at + (p >>> 5)] = m[at + (p >>> 5)]! | (1 << (p & 31)));
    const taken = new Int32Array(2);
    const expected = new Int32Array(K2 + 2);
    for (let c = 0; c < board.classes; c++) {
      for (let p = 0; p < board.cells; p++) {
        if (!has(board.start, 2 * c, p)) continue;
        set(expected, 2 * c, board.mirror[c * board.cells + p]!);
        for (let i = board.offsetStart[c]!; i < board.offsetStart[c + 1]!; i++) set(taken, 0, p + board.offsets[i]!);
      }
    }
    const empty = new Int32Array(2);
    for (let p = 0; p < board.cells; p++) {
      if (has(taken, 0, p)) continue;
      set(empty, 0, p);
      set(expected, K2, board.cellMirror[p]!);
    }
    const mir = new Int32Array(K2 + 2);
    mirrorPositionWide(board, board.start, empty[0]!, empty[1]!, mir);
    expect([...mir]).toEqual([...expected]);
  });
});
