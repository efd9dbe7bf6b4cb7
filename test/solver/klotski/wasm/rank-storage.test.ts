import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, parseLayoutOrThrow, resolveGoal, solve, type Metric } from '../../../../solver/index.ts';
import { loadEngineFromDisk } from '../../../../solver/node/bitboard-engine.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { explore, rankStorable } from '../../../../solver/klotski/search/explore.ts';
import { toWideBitboard } from '../../../../solver/klotski/wasm/board64.ts';
import { rankLayout, setBitmapLimit } from '../../../../solver/klotski/wasm/rank-set.ts';
import { BudgetClock } from '../../../../solver/shared/budget.ts';
import { polyDistance, polyReplay, polySolved, randomPolyPuzzle } from '../../../helpers/poly-reference.ts';
import { seededRandom } from '../../../helpers/random-layouts.ts';

// Breadth-first search that stores each position as its 64-bit rank (assembly/rank-index.ts, search.ts): the same
// spaces as the search that stores masks, optimal answers against the independent reference, every path read back
// from ranks and replayed.

const METRICS: Metric[] = ['move', 'straight', 'step'];

beforeAll(async () => {
  expect(await loadEngineFromDisk()).toBe(true);
});
afterAll(() => setBitmapLimit(null));

/** Breadth-first search toward a goal drawing, storing ranks (or masks): its length and moves. */
function bfs(code: string, goal: string, metric: Metric, storeRanks: boolean) {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, { drawing: goal }));
  const run = explore(puzzle, grid, { metric, fold: false, stopAtGoal: true, clock: new BudgetClock({ maxMs: 60_000 }), maxStates: 5_000_000, storeRanks });
  return { run, stored: run.masksOf !== undefined, moves: run.status === 'solved' ? run.movesTo(run.goalIndex) : null };
}

describe('positions stored as ranks', () => {
  it('lays out ranks as powers of two, every class ranked and the empty cells left to them, where the bitmap will not do', () => {
    // Ma's Puzzle: six classes (five one-off pieces and the four H's); 25 cells.
    const layout = parseLayoutOrThrow('IIILL-HHHHL-MHHHH-MMJJJ-..S..');
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, { drawing: '...LL-...ML-...MM-.....-.....' }));
    const board = toWideBitboard(puzzle, grid)!;
    const ranks = rankLayout(board.cells, board.start, board.classes, board.filler, board.emptyCells)!;
    expect(ranks.kind).toBe('stored');
    expect(ranks.emptyStride).toBe(0);
    for (const stride of ranks.strides64) expect(stride & (stride - 1n)).toBe(0n);
    expect(rankStorable(puzzle, grid)).toBe(true);
  });

  it('finds optimal answers on random boards of shaped pieces and holes, read back from ranks and replayed, in all three metrics', () => {
    setBitmapLimit(0);
    try {
      const rand = seededRandom(3535);
      let storedRuns = 0;
      for (let i = 0; i < 30; i++) {
        const { code, goal } = randomPolyPuzzle(rand, { goalPieces: 1 + (i % 3) });
        for (const metric of METRICS) {
          const what = `${code} → ${goal} (${metric})`;
          const { stored, moves } = bfs(code, goal, metric, true);
          if (stored) storedRuns++;
          const want = polyDistance(code, goal, metric);
          expect(moves?.length ?? null, what).toBe(want);
          if (moves) expect(polySolved(polyReplay(code, metric, moves), goal), `${what}: replayed`).toBe(true);
        }
      }
      // Boards whose ranks pass 62 bits keep masks; nearly all small ones store ranks.
      expect(storedRuns).toBeGreaterThan(80);
    } finally {
      setBitmapLimit(null);
    }
  });

  it('explores the same layers as the search that stores masks, with soldiers and with none, whole spaces and cut short', () => {
    const cases: Array<[string, string, number]> = [
      ['IIILL-HHHHL-MHHHH-MMJJJ-..S..', '...LL-...ML-...MM-.....-.....', 5_000_000],
      ['FBBG-ABBC-AD.C-ID.J-KKHH', 'HHKK-J.DI-C.DA-CBBA-GBBF', 300_000],
      ['.X..Y.-XXXYYY-......-HHSSHH-HHSSHH', '.Y..X.-YYYXXX-......-......-......', 200_000],
      ['BB.FFS-BB.FSC-HHSSCC-DDESVV-DEESVV', '......-......-......-....BB-....BB', 200_000],
    ];
    for (const [code, goal, maxStates] of cases) {
      for (const metric of METRICS) {
        const run = (storeRanks: boolean) => analyze(parseLayoutOrThrow(code), { goal: { drawing: goal }, metric, maxStates, storeRanks });
        const ranks = run(true);
        const masks = run(false);
        // Cut short, the ranks' set of the newest layers may fill before the records (a layer past a quarter of the
        // positions allowed): every layer before the last one reached is the same.
        if (ranks.complete) expect(ranks.layers, `${code} (${metric})`).toEqual(masks.layers);
        else expect(ranks.layers.slice(0, -1), `${code} (${metric})`).toEqual(masks.layers.slice(0, ranks.layers.length - 1));
      }
    }
  });


  it('takes over when A* fills its memory, before IDA*, and answers optimally (auto)', () => {
    // Ma's Puzzle: in 300 KB A* fills its masks (about 2,000 positions) and the two-bit search's codes for every
    // placement fit (it comes before the ranks: klotski/dense/); in 100 KB neither fits and IDA* answers.
    const code = 'IIILL-HHHHL-MHHHH-MMJJJ-..S..';
    const goal = '...LL-...ML-...MM-.....-.....';
    for (const [kb, algorithm] of [[300, 'dense'], [100, 'ida']] as const) {
      for (const metric of METRICS) {
        const result = solve(parseLayoutOrThrow(code), { metric, goal: { drawing: goal }, memoryBytes: kb * 1024 });
        expect(result.stats.algorithm, `${kb} KB, ${metric}`).toBe(algorithm);
        expect(result.length, metric).toBe(polyDistance(code, goal, metric));
        expect(polySolved(polyReplay(code, metric, result.moves), goal), metric).toBe(true);
      }
    }
  });
});
