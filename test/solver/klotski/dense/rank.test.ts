/**
 * The dense rank (solver/klotski/dense/rank.ts) against a brute-force enumeration: every placement of each class's
 * pieces (all combinations of anchors, kept where no two pieces overlap) is ranked once, into 0 … count − 1, and read
 * back as itself; on the classic 4×5 board the count equals the classic tablebase's count of positions of the mix.
 */
import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, resolveGoal } from '../../../../solver/index.ts';
import { parseGoalInput } from '../../../../solver/klotski/model/goal.ts';
import { compilePuzzle, type Puzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { anchorsOfRank, buildDenseRank, gridOfRank, rankOfAnchors, rankOfGrid } from '../../../../solver/klotski/dense/rank.ts';
import { countPositions } from '../../../../solver/tablebase/build.ts';
import { findMix } from '../../../../solver/tablebase/mixes.ts';

/** Every placement of the puzzle's movable classes, by brute force: anchors per class, each list ascending. */
function bruteForce(puzzle: Puzzle): number[][][] {
  const K = puzzle.classes.length - 1 - (puzzle.fixedPart < 256 ? 1 : 0);
  const off = new Set<number>();
  if (puzzle.fixedPart < 256) {
    const wall = puzzle.classes[K + 1]!;
    const a = wall.fits.indexOf(1);
    for (const o of wall.offsets) off.add(a + o);
  }
  // A shape's cells from its anchor, as [dr, dc], checked against the board's edges here (not the product's tables).
  const shapes = Array.from({ length: K }, (_, c) => {
    const cls = puzzle.classes[c + 1]!;
    return cls.cells ?? Array.from({ length: cls.width * cls.height }, (_, j): [number, number] => [Math.floor(j / cls.width), j % cls.width]);
  });
  const coverOf = (c: number, p: number): number[] | null => {
    const [r, col] = [Math.floor(p / puzzle.width), p % puzzle.width];
    const out: number[] = [];
    for (const [dr, dc] of shapes[c]!) {
      const [rr, cc] = [r + dr, col + dc];
      if (rr >= puzzle.height || cc < 0 || cc >= puzzle.width || off.has(rr * puzzle.width + cc)) return null;
      out.push(rr * puzzle.width + cc);
    }
    return out;
  };
  const out: number[][][] = [];
  const taken = new Set<number>();
  const current: number[][] = [];
  const place = (c: number): void => {
    if (c === K) {
      out.push(current.map((l) => l.slice()));
      return;
    }
    const count = puzzle.classes[c + 1]!.count;
    const choose = (from: number, list: number[]): void => {
      if (list.length === count) {
        current[c] = list;
        place(c + 1);
        return;
      }
      for (let p = from; p < puzzle.cells; p++) {
        const cover = coverOf(c, p);
        if (!cover || cover.some((q) => taken.has(q))) continue;
        cover.forEach((q) => taken.add(q));
        choose(p + 1, [...list, p]);
        cover.forEach((q) => taken.delete(q));
      }
    };
    choose(0, []);
  };
  place(0);
  return out;
}

function check(code: string, goal?: string) {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal ? parseGoalInput(goal) : undefined));
  const rank = buildDenseRank(puzzle)!;
  const all = bruteForce(puzzle);
  expect(rank.count, code).toBe(all.length);
  const seen = new Uint8Array(rank.count);
  for (const anchors of all) {
    const r = rankOfAnchors(rank, anchors);
    expect(r >= 0 && r < rank.count, `${code}: rank ${r} of ${JSON.stringify(anchors)}`).toBe(true);
    expect(seen[r], `${code}: rank ${r} twice`).toBe(0);
    seen[r] = 1;
    expect(anchorsOfRank(rank, r)).toEqual(anchors);
  }
  const back = new Uint8Array(puzzle.cells);
  gridOfRank(rank, puzzle, rankOfGrid(rank, puzzle, grid), back);
  expect(Array.from(back)).toEqual(Array.from(grid));
  return rank;
}

describe('the dense rank of a board\'s placements', () => {
  it('numbers every placement once and reads it back, on boards of rectangles', () => {
    expect(check('BBV.-BBVS-HHSS-SS..').count).toBe(19040);
    check('SS.-S..-...', '..S-...-...');
    check('VV.-VV.-...', '..V-..V-...');
  });

  it('with shapes, cells off the board, goal pieces named alone and pieces of one letter as a class', () => {
    check('LLS.-L#SV-..#V-S...', '....-.#..-LL#.-L...');
    check('.A.S-AA..-.A.V-S..V', '..A.-.AA.-..A.-....');
    check('AA.-...-.CC', 'CC.-...-.AA');
    check('SS.-.V.-.V.', '...-V..-VSS');
    check('AC.-.S.-..S', '...-..C-.SA');
  });

  it('counts the positions of the classic board\'s mix as the classic tablebase does', () => {
    const rank = check('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(rank.count).toBe(countPositions(findMix(4, 1, 4)!));
    const wide = buildDenseRank(compilePuzzle(parseLayoutOrThrow('VBBV-VBBV-HHHH-SSSS-S..S'), resolveGoal(parseLayoutOrThrow('VBBV-VBBV-HHHH-SSSS-S..S'), undefined)).puzzle)!;
    expect(wide.count).toBe(countPositions(findMix(2, 2, 6)!));
  });
});
