import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal, solve, type Metric } from '../../../../solver/index.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { toWideBitboard } from '../../../../solver/klotski/search/typescript/wide-bitboard.ts';
import { wideExplore } from '../../../../solver/klotski/search/typescript/wide-bitboard-bfs.ts';
import { toMultiwordBitboard } from '../../../../solver/klotski/search/typescript/multiword-bitboard.ts';
import { multiwordExplore } from '../../../../solver/klotski/search/typescript/multiword-bitboard-bfs.ts';
import {
  bitboardEngineLoaded, ENGINE_WORDS, engineExplore, engineExploreMultiword, enableBitboardEngine,
} from '../../../../solver/klotski/wasm/engine.ts';
import { explore } from '../../../../solver/klotski/search/bfs.ts';
import type { Exploration } from '../../../../solver/klotski/search/exploration.ts';
import { loadEngineFromDisk } from '../../../../solver/node/bitboard-engine.ts';
import { BudgetClock, type Budget } from '../../../../solver/shared/budget.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';
import { refBoard, refDistance, refReplay } from '../../../helpers/reference.ts';

beforeAll(async () => {
  // `npm test` builds the engine first (npm run build:wasm); a missing build is a failure here, not a skip.
  expect(await loadEngineFromDisk(), 'solver/klotski/wasm/bitboard-search.wasm is built').toBe(true);
});
afterAll(() => enableBitboardEngine(false));

interface Run {
  options: { metric: Metric; fold: boolean; stopAtGoal: boolean; maxStates: number; budget?: Budget };
}

/**
 * Both engines on the same board and options: the WebAssembly one, then the TypeScript one, with their clocks. Boards
 * of up to 64 cells go to the 64-bit search and wide-bitboard-bfs.ts, larger ones to the 128-bit search and
 * multiword-bitboard-bfs.ts with four words per mask.
 */
function both(code: string, { options }: Run): { wasm: Exploration; ts: Exploration; wasmWork: number; tsWork: number } {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  const wasmClock = new BudgetClock(options.budget);
  const tsClock = new BudgetClock(options.budget);
  const wide = toWideBitboard(puzzle, grid, 1);
  if (wide) {
    const wasm = engineExplore(wide, { ...options, clock: wasmClock })!;
    const ts = wideExplore(wide, { ...options, clock: tsClock });
    return { wasm, ts, wasmWork: wasmClock.work, tsWork: tsClock.work };
  }
  const board = toMultiwordBitboard(puzzle, grid, ENGINE_WORDS)!;
  const wasm = engineExploreMultiword(board, { ...options, clock: wasmClock })!;
  const ts = multiwordExplore(board, { ...options, clock: tsClock });
  return { wasm, ts, wasmWork: wasmClock.work, tsWork: tsClock.work };
}

/** The first index where two arrays differ, or -1 (vitest's deep equality is too slow for tables this size). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>, length: number): number {
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** The two searches stored the same positions, in the same order, with the same parents and tags, and agree on the rest. */
function expectSameSearch(wasm: Exploration, ts: Exploration, what: string): void {
  const { size, words } = ts.table;
  expect(wasm.table.size, what).toBe(size);
  expect(wasm.table.words, what).toBe(words);
  expect(firstDifference(wasm.table.keys, ts.table.keys, size * words), `${what}: keys`).toBe(-1);
  expect(firstDifference(wasm.table.parents, ts.table.parents, size), `${what}: parents`).toBe(-1);
  expect(firstDifference(wasm.table.tags, ts.table.tags, size), `${what}: tags`).toBe(-1);
  const { table: _a, ...wasmRest } = wasm;
  const { table: _b, ...tsRest } = ts;
  expect(wasmRest, what).toEqual(tsRest);
}

/**
 * On every metric, both engines stop at the same place: at the goal, at a cap of 500 states (`capStops`: each board's
 * space is larger, so the cap is what stops it), and at a work budget, with the same work charged.
 */
function expectSameStops(code: string, maxStates: number, capStops: boolean): void {
  for (const metric of METRICS) {
    const atGoal = both(code, { options: { metric, fold: true, stopAtGoal: true, maxStates } });
    expectSameSearch(atGoal.wasm, atGoal.ts, `${code} ${metric} to the goal`);
    const capped = both(code, { options: { metric, fold: true, stopAtGoal: false, maxStates: 500 } });
    expectSameSearch(capped.wasm, capped.ts, `${code} ${metric} capped`);
    if (capStops) expect(capped.wasm.status, `${code} ${metric} capped`).toBe('budget-exceeded');
    const budgeted = both(code, { options: { metric, fold: true, stopAtGoal: false, maxStates, budget: { maxWork: 30_000 } } });
    expectSameSearch(budgeted.wasm, budgeted.ts, `${code} ${metric} budgeted`);
    expect(budgeted.wasmWork, `${code} ${metric} work charged`).toBe(budgeted.tsWork);
  }
}

/** solve() by breadth-first search, in every metric: lengths against the plain reference search, every solution replayed. */
function expectOptimalSolves(cases: Array<[string, { piece: [number, number]; at: [number, number] }, number, number]>): void {
  for (const [code, goal, w, h] of cases) {
    const layout = parseLayoutOrThrow(code);
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    for (const metric of METRICS) {
      const r = solve(layout, { metric, algorithm: 'bfs', goal });
      expect(r.stats.algorithm, `${code} ${metric}`).toBe('bfs');
      expect(r.length, `${code} ${metric}`).toBe(refDistance(refBoard(w, h, layout.pieces), block, goal.at, metric));
      const end = refReplay(refBoard(w, h, layout.pieces), metric, r.moves);
      expect([end.pieces[block]!.r, end.pieces[block]!.c], `${code} ${metric}`).toEqual(goal.at);
    }
  }
}

describe('WebAssembly breadth-first search (boards of up to 64 cells)', () => {
  const rand = seededRandom(6464);
  const boards: string[] = [
    'VBBV-VBBV-VHHV-VSSV-S..S',
    'VBBV-VBBV-VHHV-VS.V-S..S',
    // Shapes of more than four cells (the general fit), the 32nd cell, and both 32-bit halves of a 64-cell board.
    'SSS.SSSS-SSSSSBBS-SSSSSBBS-SSSS.SS.',
    'AAAAA...-AAAAA...-AAAAA.BB-AAAAA.BB-CCCCC.S.-CCCCC...-DDDDDS..-DDDDD..S',
  ];
  for (const [w, h, empty] of [[3, 4, 2], [4, 5, 3], [5, 4, 2], [5, 5, 3], [4, 6, 3], [8, 4, 3], [5, 6, 4], [6, 6, 3], [6, 6, 5], [7, 7, 3], [8, 8, 4], [8, 8, 6], [9, 7, 3]] as const) {
    boards.push(randomLayoutCode(rand, w, h, empty));
  }

  it('stores the same positions in the same order as the TypeScript engine: every metric, folded or not, by rank and by hash', () => {
    let ranked = 0;
    for (const code of boards) {
      for (const metric of METRICS) {
        for (const fold of [true, false]) {
          const { wasm, ts } = both(code, { options: { metric, fold, stopAtGoal: false, maxStates: 40_000 } });
          expectSameSearch(wasm, ts, `${code} ${metric} fold=${fold}`);
          if (ts.storedAsFound) ranked++;
        }
      }
    }
    // Both of the search's paths ran: the visited set by rank and the hash index.
    expect(ranked).toBeGreaterThan(0);
    expect(ranked).toBeLessThan(boards.length * METRICS.length * 2);
  });

  it('stops where the TypeScript engine stops: at the goal, at the state cap, and when the work budget is spent', () => {
    for (const code of boards) expectSameStops(code, 40_000, false);
    const small = both('VBBV-VBBV-VHHV-VSSV-S..S', { options: { metric: 'move', fold: true, stopAtGoal: false, maxStates: 500 } });
    expect(small.wasm.status).toBe('budget-exceeded');
    expect(small.wasm.table.size).toBe(500);
  });

  it('reports progress through the budget clock while it runs', () => {
    const reports: number[] = [];
    both(boards[boards.length - 2]!, { options: { metric: 'move', fold: true, stopAtGoal: false, maxStates: 300_000, budget: { onProgress: (p) => reports.push(p.depth) } } });
    // Two searches of ~50+ ms each report every 100 ms: at least one report, each with the layer being expanded.
    expect(reports.length).toBeGreaterThan(0);
    for (const depth of reports) expect(depth).toBeGreaterThan(0);
  });

  it('answers solve() optimally once loaded: lengths against the plain reference search, every solution replayed', () => {
    expect(bitboardEngineLoaded()).toBe(true);
    const cases: Array<[string, { piece: [number, number]; at: [number, number] }, number, number]> = [
      ['SSS.SSSS-SSSSSBBS-SSSSSBBS-SSSS.SS.', { piece: [1, 5], at: [2, 6] }, 8, 4],
      ['AAAAA...-AAAAA...-AAAAA.BB-AAAAA.BB-CCCCC.S.-CCCCC...-DDDDDS..-DDDDD..S', { piece: [2, 6], at: [6, 6] }, 8, 8],
      ['VBBV-VBBV-VHHV-VS.V-S..S', { piece: [0, 1], at: [3, 0] }, 4, 5],
    ];
    expectOptimalSolves(cases);
  });

  it('makes auto run breadth-first search when unbudgeted, and A* under a work or node budget or without the engine', () => {
    const layout = parseLayoutOrThrow('VBBV-VBBV-VHHV-VS.V-S..S');
    const goal = { piece: [0, 1] as [number, number], at: [3, 0] as [number, number] };
    const unbudgeted = solve(layout, { goal });
    expect(unbudgeted.stats.algorithm).toBe('bfs');
    expect(solve(layout, { goal, maxWork: 10_000_000 }).stats.algorithm).toBe('astar');
    expect(solve(layout, { goal, maxNodes: 1_000_000 }).stats.algorithm).toBe('astar');
    enableBitboardEngine(false);
    const plain = solve(layout, { goal });
    enableBitboardEngine(true);
    expect([plain.stats.algorithm, plain.length]).toEqual(['astar', unbudgeted.length]);
  });
});

describe('WebAssembly breadth-first search on 128-bit masks (boards of 65 to 128 cells)', () => {
  const rand = seededRandom(128128);
  const boards: string[] = [
    // The 100th cell, and shapes of more than four cells.
    'AAAAAAA.BB-AAAAAAA.BB-AAAAAAA...-AAAAAAAS..-AAAAAAA...-CCCCCCC.S.-CCCCCCC...-CCCCCCC..S-CCCCCCC...-CCCCCCC...',
    // A bar eight rows tall: shifts of 64 cells and more, from one lane into the other.
    'A.BB......-A.BB.....S-A.........-A.........-A...S.....-A.........-A...V.....-A...V..XXX-.........S-......S...',
  ];
  for (const [w, h, empty] of [[9, 8, 3], [10, 7, 4], [7, 10, 4], [10, 10, 2], [10, 10, 5], [9, 9, 3], [8, 9, 4], [8, 10, 6], [10, 8, 3]] as const) {
    boards.push(randomLayoutCode(rand, w, h, empty));
  }

  it('stores the same positions in the same order as the TypeScript engine with four words per mask: every metric, folded or not', () => {
    for (const code of boards) {
      for (const metric of METRICS) {
        for (const fold of [true, false]) {
          const { wasm, ts } = both(code, { options: { metric, fold, stopAtGoal: false, maxStates: 30_000 } });
          expectSameSearch(wasm, ts, `${code} ${metric} fold=${fold}`);
        }
      }
    }
  });

  it('stops where the TypeScript engine stops: at the goal, at the state cap, and when the work budget is spent', () => {
    for (const code of boards) expectSameStops(code, 30_000, true);
  });

  it('takes every board of 65 to 100 cells in explore(), as four words per mask; without the engine the TypeScript search keeps its own width', () => {
    const code = boards[2]!;
    const layout = parseLayoutOrThrow(code);
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
    const K = puzzle.classes.length - 1;
    const options = () => ({ metric: 'move' as const, fold: true, stopAtGoal: false, clock: new BudgetClock({}), maxStates: 5_000 });
    const fast = explore(puzzle, grid, options());
    enableBitboardEngine(false);
    const plain = explore(puzzle, grid, options());
    enableBitboardEngine(true);
    // 72 cells: three words per mask in TypeScript, four on the engine; the same layers either way.
    expect(fast.table.words).toBe((K + 1) * 4 + 2);
    expect(plain.table.words).toBe((K + 1) * 3 + 2);
    expect(fast.layerStarts).toEqual(plain.layerStarts);
  });

  it('answers solve() optimally: lengths against the plain reference search, every solution replayed', () => {
    // The reference search is slow on boards this size: one board (its solutions cross all four words).
    const cases: Array<[string, { piece: [number, number]; at: [number, number] }, number, number]> = [[boards[0]!, { piece: [0, 8], at: [8, 8] }, 10, 10]];
    expectOptimalSolves(cases);
  });
});
