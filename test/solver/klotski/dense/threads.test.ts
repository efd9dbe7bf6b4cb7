/**
 * The two-bit search split over worker threads on one shared memory (solver/node/dense-threads.ts) against the same
 * search on one thread: the same layers, solved positions and lengths, in all three metrics, paths replayed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal } from '../../../../solver/index.ts';
import { parseGoalInput } from '../../../../solver/klotski/model/goal.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { checkSolution } from '../../../../solver/klotski/model/verify.ts';
import { densePool, denseSearch, setDensePool, type DensePool } from '../../../../solver/klotski/dense/search.ts';
import { loadEngineFromDisk } from '../../../../solver/node/bitboard-engine.ts';
import { loadDenseThreads, type DenseThreads } from '../../../../solver/node/dense-threads.ts';
import { BudgetClock } from '../../../../solver/shared/budget.ts';
import { FULL_SWEEPS } from '../../../helpers/sweeps.ts';

let threads: DenseThreads | null = null;
let pool: DensePool | null = null;
beforeAll(async () => {
  expect(await loadEngineFromDisk(), 'the engine is built').toBe(true);
  // Three threads on two cores or more: chunks taken in every order.
  threads = loadDenseThreads(3);
  expect(threads, 'solver/node/dense-threads.wasm is built').not.toBeNull();
  pool = densePool();
});
afterAll(async () => {
  await threads?.close();
  setDensePool(null);
});

function run(code: string, goal: string | undefined, metric: (typeof METRICS)[number], stopAtGoal: boolean) {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal ? parseGoalInput(goal) : undefined));
  const result = denseSearch(puzzle, grid, { metric, stopAtGoal, clock: new BudgetClock({}), memoryBytes: 2 ** 28 })!;
  const moves = stopAtGoal && result.status === 'solved' ? result.movesTo(result.goalRank, result.layers.length - 1) : null;
  if (moves) expect(checkSolution(layout, metric, moves, goal ? parseGoalInput(goal) : undefined)).toBeNull();
  // A search stopped at a goal leaves its last layer part done, as far as each thread got: not compared.
  const layers = stopAtGoal && result.status === 'solved' ? result.layers.slice(0, -1) : result.layers;
  return { layers, solved: stopAtGoal ? null : result.solvedCount, status: result.status, length: moves?.length ?? null };
}

describe('the two-bit search on worker threads', () => {
  const boards: Array<[string, string | undefined]> = [
    ['VBBV-VBBV-VHHV-VSSV-S..S', undefined],
    ['SSSS.-.BBSS-SBBSS-..SVS-SHHVS', undefined],
    ['LLS.-L#SV-..#V-S...', '....-.#..-LL#.-L...'],
  ];

  // Every board in every metric in the sweep bench (20 s); in `npm test` each board in one metric, each metric once.
  it('explores and solves as one thread does, in all three metrics', () => {
    for (const [b, [code, goal]] of boards.entries()) {
      for (const metric of FULL_SWEEPS ? METRICS : [METRICS[b % METRICS.length]!]) {
        setDensePool(null);
        const one = [run(code, goal, metric, false), run(code, goal, metric, true)];
        setDensePool(pool);
        const many = [run(code, goal, metric, false), run(code, goal, metric, true)];
        expect(many, `${code} ${metric}`).toEqual(one);
      }
    }
  });
});
