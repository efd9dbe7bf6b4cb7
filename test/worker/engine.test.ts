/** The WebAssembly search engine inside workerd: imported as a module, instantiated once, used by breadth-first search. */
import { describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, solve } from '../../solver/index.ts';
import { bitboardEngineLoaded, enableBitboardEngine } from '../../solver/klotski/wasm/engine.ts';
import { ensureEngine } from '../../worker/engine.ts';
import { refBoard, refDistance, refReplay } from '../helpers/reference.ts';

describe('search engine in the Worker', () => {
  it('loads from the bundled module and answers breadth-first searches as the TypeScript engines do, replayed and optimal', async () => {
    await ensureEngine();
    await ensureEngine();
    expect(bitboardEngineLoaded()).toBe(true);
    const code = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [0, 1] as [number, number], at: [3, 0] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    for (const metric of METRICS) {
      const fast = solve(layout, { metric, goal, algorithm: 'bfs' });
      enableBitboardEngine(false);
      const plain = solve(layout, { metric, goal, algorithm: 'bfs' });
      enableBitboardEngine(true);
      expect(fast.stats.nodes, metric).toBe(plain.stats.nodes);
      expect(fast.length, metric).toBe(refDistance(refBoard(4, 5, layout.pieces), block, goal.at, metric));
      const end = refReplay(refBoard(4, 5, layout.pieces), metric, fast.moves);
      expect([end.pieces[block]!.r, end.pieces[block]!.c], metric).toEqual(goal.at);
    }
  });

  it('runs its 128-bit search too (SIMD in workerd): a 10×10 board answered as the TypeScript engine answers it, optimal and replayed', async () => {
    await ensureEngine();
    const code = 'AAAAAAA.BB-AAAAAAA.BB-AAAAAAA...-AAAAAAAS..-AAAAAAA...-CCCCCCC.S.-CCCCCCC...-CCCCCCC..S-CCCCCCC...-CCCCCCC...';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [0, 8] as [number, number], at: [8, 8] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    const fast = solve(layout, { goal, algorithm: 'bfs' });
    enableBitboardEngine(false);
    const plain = solve(layout, { goal, algorithm: 'bfs' });
    enableBitboardEngine(true);
    expect(fast.stats.nodes).toBe(plain.stats.nodes);
    expect(fast.length).toBe(refDistance(refBoard(10, 10, layout.pieces), block, goal.at, 'move'));
    const end = refReplay(refBoard(10, 10, layout.pieces), 'move', fast.moves);
    expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual(goal.at);
  });
});
