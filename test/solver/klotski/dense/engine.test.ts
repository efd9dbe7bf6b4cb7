/**
 * The two-bit search on the WebAssembly engine (wasm/assembly/dense.ts through dense/search.ts) against the hash-table
 * search (`explore`), the TypeScript two-bit search and the independent reference: equal layers in all three metrics,
 * equal lengths, every path replayed; shapes, cells off the board and goals of several pieces; and the CLI's solve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal, solve } from '../../../../solver/index.ts';
import { explore } from '../../../../solver/klotski/search/explore.ts';
import { analyze } from '../../../../solver/klotski/search/analyze.ts';
import { parseGoalInput } from '../../../../solver/klotski/model/goal.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { checkSolution } from '../../../../solver/klotski/model/verify.ts';
import { denseSearch } from '../../../../solver/klotski/dense/search.ts';
import { enableBitboardEngine } from '../../../../solver/klotski/wasm/engine.ts';
import { loadEngineFromDisk } from '../../../../solver/node/bitboard-engine.ts';
import { BudgetClock } from '../../../../solver/shared/budget.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';
import { polyDistance } from '../../../helpers/poly-reference.ts';

beforeAll(async () => {
  expect(await loadEngineFromDisk(), 'solver/klotski/wasm/bitboard-search.wasm is built').toBe(true);
});
afterAll(() => enableBitboardEngine(true));

function runBoth(code: string, goalText: string | undefined, metric: (typeof METRICS)[number], stopAtGoal: boolean) {
  const layout = parseLayoutOrThrow(code);
  const goal = goalText ? parseGoalInput(goalText) : undefined;
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal));
  const options = { metric, stopAtGoal, clock: new BudgetClock({}), memoryBytes: 2 ** 28 };
  enableBitboardEngine(true);
  const engine = denseSearch(puzzle, grid, options)!;
  const engineMoves = engine.status === 'solved' && stopAtGoal ? engine.movesTo(engine.goalRank, engine.layers.length - 1) : null;
  // The TypeScript search lists placements and expands positions slowly: compared on the smaller spaces.
  enableBitboardEngine(false);
  const typescript = engine.rank.count <= 100_000 ? denseSearch(puzzle, grid, { ...options, clock: new BudgetClock({}) })! : null;
  enableBitboardEngine(true);
  return { layout, goal, puzzle, grid, engine, typescript, engineMoves };
}

describe('the two-bit search on the engine', () => {
  const rand = seededRandom(4747);
  const boards = ([[4, 4, 2], [4, 5, 3], [5, 4, 3], [4, 5, 2], [3, 6, 3], [5, 4, 2]] as const).map(([w, h, e]) => randomLayoutCode(rand, w, h, e));

  for (const code of boards) {
    it(`explores every layer as the hash-table search (and the TypeScript two-bit search) do: ${code}`, () => {
      for (const metric of METRICS) {
        const { puzzle, grid, engine, typescript } = runBoth(code, undefined, metric, false);
        expect(engine.engine).toBe('webassembly');
        if (typescript) expect(typescript.engine).toBe('typescript');
        const table = explore(puzzle, grid, { metric, fold: false, stopAtGoal: false, clock: new BudgetClock({}), maxStates: 1e7 });
        const want = table.layerStarts.slice(1).map((end, d) => end - table.layerStarts[d]!);
        expect(engine.layers, metric).toEqual(want);
        if (typescript) expect(typescript.layers, metric).toEqual(want);
        expect(engine.solvedCount).toBe(table.solvedCount);
      }
    });
  }

  it('solves as short as the reference, with shapes, cells off the board and goals of several pieces, every path replayed', () => {
    const cases: Array<[string, string]> = [
      ['LLS.-L#SV-..#V-S...', '....-.#..-LL#.-L...'],
      ['.A.S-AA..-.A.V-S..V', '..A.-.AA.-..A.-....'],
      ['AA.-...-.CC', 'CC.-...-.AA'],
      ['SS.-.V.-.V.', '...-V..-VSS'],
      ['AC.S-.S..-..SV-...V', '....-..C.-.SA.-....'],
    ];
    for (const [code, goal] of cases) {
      for (const metric of METRICS) {
        const { layout, engine, typescript, engineMoves } = runBoth(code, goal, metric, true);
        const want = polyDistance(code, goal, metric);
        if (want === null) {
          expect(engine.status, `${code} ${metric}`).toBe('exhausted');
          continue;
        }
        expect(engine.status).toBe('solved');
        expect(engineMoves!.length, `${code} → ${goal} ${metric}`).toBe(want);
        if (typescript) expect(typescript.layers.length - 1).toBe(want);
        expect(checkSolution(layout, metric, engineMoves!, parseGoalInput(goal))).toBeNull();
      }
    }
  });

  it('is what solve runs when asked (dense), and analyze where the space may outgrow its limit', () => {
    const code = 'VBBV-VBBV-VHHV-VSSV-S..S';
    const lengths = { move: 81, straight: 90, step: 116 };
    for (const metric of METRICS) {
      const result = solve(parseLayoutOrThrow(code), { metric, algorithm: 'dense', memoryBytes: 2 ** 26 });
      expect(result.stats.algorithm).toBe('dense');
      expect(result.length).toBe(lengths[metric]);
      expect(checkSolution(parseLayoutOrThrow(code), metric, result.moves)).toBeNull();
    }
    const table = analyze(parseLayoutOrThrow(code), { metric: 'move', dense: false });
    const dense = analyze(parseLayoutOrThrow(code), { metric: 'move', dense: true });
    expect(dense.layers).toEqual(table.layers);
    expect([dense.total, dense.solved, dense.farthest.distance]).toEqual([table.total, table.solved, table.farthest.distance]);
  });

  it('keeps to two bits a position where the frontier does not fit, expanding nearer layers again to the same layers', () => {
    const layout = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
    for (const metric of METRICS) {
      const options = { metric, stopAtGoal: false, clock: new BudgetClock({}), memoryBytes: 2 ** 26 };
      const withFrontier = denseSearch(puzzle, grid, options)!;
      const frontierBytes = 4 * Math.ceil(withFrontier.rank.count / 32);
      const twoBits = denseSearch(puzzle, grid, { ...options, clock: new BudgetClock({}), memoryBytes: withFrontier.bytes - frontierBytes })!;
      expect(twoBits.bytes).toBe(withFrontier.bytes - frontierBytes);
      expect(twoBits.layers).toEqual(withFrontier.layers);
      expect(twoBits.nodes).toBeGreaterThan(withFrontier.nodes);
      expect(denseSearch(puzzle, grid, { ...options, memoryBytes: twoBits.bytes - 1 })).toBeNull();
    }
  });

  it('is what auto runs where A* fills its memory and every placement\'s codes fit', () => {
    const layout = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    const result = solve(layout, { metric: 'step', memoryBytes: 2 ** 19, tablebase: null });
    expect([result.stats.algorithm, result.length]).toEqual(['dense', 116]);
    expect(checkSolution(layout, 'step', result.moves)).toBeNull();
  });

  it('says unknown, never no solution, when its budget stops it, with what it proved', () => {
    const result = solve(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'), { algorithm: 'dense', maxNodes: 2000, memoryBytes: 2 ** 26 });
    expect(result.status).toBe('budget-exceeded');
    expect(result.stoppedBy).toBe('nodes');
    expect(result.lowerBound).toBeGreaterThan(5);
  });
});
