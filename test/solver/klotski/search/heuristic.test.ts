import { describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal, type GoalSpec } from '../../../../solver/index.ts';
import { SearchBoard } from '../../../../solver/klotski/model/board.ts';
import { makeHeuristic, pieceCosts } from '../../../../solver/klotski/search/heuristic.ts';
import { compilePuzzle, GOAL_CLASS, type Puzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';
import { refBoard, refTargets, walkLayers, type RefBoard } from '../../../helpers/reference.ts';

/** The bound of a reference board: the sum of its pieces' costs, classes matched by letter and size. */
function boundOf(puzzle: Puzzle, costs: Int16Array, goalId: number, b: RefBoard): number {
  let h = 0;
  for (const p of b.pieces) {
    const k = p.id === goalId ? GOAL_CLASS : puzzle.classes.findIndex((c, i) => i > GOAL_CLASS && `${c.letter}${c.width}x${c.height}` === p.shape);
    h += costs[k * puzzle.cells + p.r * b.w + p.c]!;
  }
  return h;
}

describe('the lower bound on moves left (pieceCosts)', () => {
  const rand = seededRandom(4242);
  const cases: Array<[string, GoalSpec | undefined]> = [];
  for (const [w, h, empty] of [[4, 5, 2], [4, 5, 3], [5, 5, 3], [4, 6, 3], [5, 4, 2]] as const) cases.push([randomLayoutCode(rand, w, h, empty), undefined]);
  cases.push(['VBBV-VBBV-VHHV-VSSV-S..S', { piece: 'B', at: [3, 0] }]);
  cases.push(['SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS', { piece: 'B', at: [0, 0] }]);

  for (const [code, goalSpec] of cases) {
    it(`changes by at most one a move, is 0 exactly on solved positions, and matches makeHeuristic: ${code}`, () => {
      const layout = parseLayoutOrThrow(code);
      const goal = resolveGoal(layout, goalSpec);
      const { puzzle } = compilePuzzle(layout, goal);
      const target = [goal.row, goal.col];
      for (const metric of METRICS) {
        const costs = pieceCosts(puzzle, metric);
        const heuristic = makeHeuristic(puzzle, metric);
        const board = new SearchBoard(puzzle);
        let edges = 0;
        walkLayers(refBoard(layout.width, layout.height, layout.pieces), goal.pieceIndex, metric, 5_000, (layer) => {
          for (const x of layer) {
            const hx = boundOf(puzzle, costs, goal.pieceIndex, x);
            const g = x.pieces[goal.pieceIndex]!;
            expect(hx === 0, `${metric}: solved iff bound 0`).toBe(g.r === target[0] && g.c === target[1]);
            for (const p of x.pieces) {
              for (const [r, c] of refTargets(x, p, metric)) {
                const y: RefBoard = { ...x, pieces: x.pieces.map((q) => (q.id === p.id ? { ...q, r, c } : q)) };
                const hy = boundOf(puzzle, costs, goal.pieceIndex, y);
                expect(Math.abs(hx - hy), `${metric}: a move of ${p.shape} to ${r},${c}`).toBeLessThanOrEqual(1);
                edges++;
              }
            }
          }
          return false;
        });
        expect(edges).toBeGreaterThan(100);
        board.loadGrid(compilePuzzle(layout, goal).grid);
        expect(heuristic(board), metric).toBe(boundOf(puzzle, costs, goal.pieceIndex, refBoard(layout.width, layout.height, layout.pieces)));
      }
    });
  }
});
