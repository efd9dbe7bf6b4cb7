/**
 * The two-bit breadth-first search (solver/klotski/dense/two-bit.ts) against the hash-table search (part-grid.ts) and
 * the independent reference search of the tests: the same positions at every distance in all three metrics, the same
 * lengths, and every path replayed.
 */
import { describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal } from '../../../../solver/index.ts';
import { exploreGrid } from '../../../../solver/klotski/search/part-grid.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { checkSolution } from '../../../../solver/klotski/model/verify.ts';
import { buildDenseRank } from '../../../../solver/klotski/dense/rank.ts';
import { gridNeighbours, movesOfRanks, pathRanks, twoBitSearch } from '../../../../solver/klotski/dense/two-bit.ts';
import { BudgetClock } from '../../../../solver/shared/budget.ts';
import type { Metric } from '../../../../solver/shared/metric.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';
import { refBoard, refDistance, refLayerSizes } from '../../../helpers/reference.ts';

function setup(code: string) {
  const layout = parseLayoutOrThrow(code);
  const goal = resolveGoal(layout, undefined);
  const { puzzle, grid } = compilePuzzle(layout, goal);
  return { layout, goal, puzzle, grid, rank: buildDenseRank(puzzle)! };
}

describe('breadth-first search at two bits a position, in TypeScript', () => {
  const rand = seededRandom(4646);
  const boards = ([[3, 4, 2], [4, 4, 2], [4, 4, 3], [3, 5, 2], [3, 5, 3]] as const).map(([w, h, e]) => randomLayoutCode(rand, w, h, e));

  for (const code of boards) {
    it(`explores every layer as the hash-table search and the reference do: ${code}`, () => {
      const { layout, goal, puzzle, grid, rank } = setup(code);
      const [w, h] = [code.indexOf('-'), code.split('-').length];
      for (const metric of METRICS) {
        const table = exploreGrid(puzzle, grid, { metric, fold: false, stopAtGoal: false, clock: new BudgetClock({}), maxStates: 1e6 });
        const want = table.layerStarts.slice(1).map((end, d) => end - table.layerStarts[d]!);
        for (const frontier of [true, false]) {
          const run = twoBitSearch(puzzle, grid, rank, { metric, stopAtGoal: false, clock: new BudgetClock({}), frontier });
          expect(run.layers, `${metric} frontier=${frontier}`).toEqual(want);
          expect(run.solvedCount).toBe(table.solvedCount);
        }
        const ref = refLayerSizes(refBoard(w, h, layout.pieces), goal.pieceIndex, metric, 20_000);
        if (ref) expect(want).toEqual(ref);
      }
    });

    it(`solves as short as the reference, every path replayed: ${code}`, () => {
      const { layout, goal, puzzle, grid, rank } = setup(code);
      const [w, h] = [code.indexOf('-'), code.split('-').length];
      for (const metric of METRICS as readonly Metric[]) {
        const run = twoBitSearch(puzzle, grid, rank, { metric, stopAtGoal: true, clock: new BudgetClock({}), frontier: true });
        const want = refDistance(refBoard(w, h, layout.pieces), goal.pieceIndex, [goal.row, goal.col], metric);
        if (want === null) {
          expect(run.status).toBe('exhausted');
          continue;
        }
        expect(run.status).toBe('solved');
        const ranks = pathRanks(run.codes, run.goalRank, run.layers.length - 1, gridNeighbours(puzzle, rank, metric));
        const moves = movesOfRanks(puzzle, rank, grid, metric, ranks);
        expect(moves.length, metric).toBe(want);
        expect(checkSolution(layout, metric, moves)).toBeNull();
      }
    });
  }
});
