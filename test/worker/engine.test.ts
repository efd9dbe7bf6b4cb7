/** The WebAssembly search engine inside workerd: imported as a module, instantiated once, used by every search that stores positions. */
import { describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal, solve, type GoalSpec } from '../../solver/index.ts';
import { compilePuzzle } from '../../solver/klotski/model/puzzle.ts';
import { explore } from '../../solver/klotski/search/explore.ts';
import { pieceCosts } from '../../solver/klotski/search/heuristic.ts';
import { BudgetClock } from '../../solver/shared/budget.ts';
import { bitboardEngineLoaded, enableBitboardEngine } from '../../solver/klotski/wasm/engine.ts';
import { ensureEngine } from '../../worker/engine.ts';
import { refBoard, refDistance, refReplay } from '../helpers/reference.ts';

/** Whether `explore` searches this board on the engine (its results are views of the engine's memory), A* or not. */
function onEngine(code: string, goal: GoalSpec, bestFirst: boolean): boolean {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal));
  const costs = bestFirst ? pieceCosts(puzzle, 'move') : null;
  return explore(puzzle, grid, { metric: 'move', fold: true, stopAtGoal: true, clock: new BudgetClock({}), maxStates: 1_000_000, costs }).current !== undefined;
}

describe('search engine in the Worker', () => {
  it('loads from the bundled module and answers breadth-first search and A* as the TypeScript search does, replayed and optimal', async () => {
    await ensureEngine();
    await ensureEngine();
    expect(bitboardEngineLoaded()).toBe(true);
    const code = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [0, 1] as [number, number], at: [3, 0] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    expect(onEngine(code, goal, false)).toBe(true);
    expect(onEngine(code, goal, true)).toBe(true);
    for (const metric of METRICS) {
      for (const algorithm of ['bfs', 'astar'] as const) {
        const fast = solve(layout, { metric, goal, algorithm });
        enableBitboardEngine(false);
        const plain = solve(layout, { metric, goal, algorithm });
        enableBitboardEngine(true);
        const expected = refDistance(refBoard(4, 5, layout.pieces), block, goal.at, metric);
        expect([fast.length, plain.length], `${metric} ${algorithm}`).toEqual([expected, expected]);
        const end = refReplay(refBoard(4, 5, layout.pieces), metric, fast.moves);
        expect([end.pieces[block]!.r, end.pieces[block]!.c], `${metric} ${algorithm}`).toEqual(goal.at);
      }
    }
  });

  it('runs its 128-bit search too (SIMD in workerd): a 10×10 board answered as the TypeScript search answers it, optimal and replayed', async () => {
    await ensureEngine();
    const code = 'AAAAAAA.BB-AAAAAAA.BB-AAAAAAA...-AAAAAAAS..-AAAAAAA...-CCCCCCC.S.-CCCCCCC...-CCCCCCC..S-CCCCCCC...-CCCCCCC...';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [0, 8] as [number, number], at: [8, 8] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    expect(onEngine(code, goal, true)).toBe(true);
    const fast = solve(layout, { goal, algorithm: 'bfs' });
    enableBitboardEngine(false);
    const plain = solve(layout, { goal, algorithm: 'bfs' });
    enableBitboardEngine(true);
    const expected = refDistance(refBoard(10, 10, layout.pieces), block, goal.at, 'move');
    expect([fast.length, plain.length]).toEqual([expected, expected]);
    const end = refReplay(refBoard(10, 10, layout.pieces), 'move', fast.moves);
    expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual(goal.at);
  });
});
