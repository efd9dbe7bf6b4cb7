import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal, solve, type GoalSpec, type Metric } from '../../../../solver/index.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { bitboardEngineLoaded, enableBitboardEngine } from '../../../../solver/klotski/wasm/engine.ts';
import { engineIda } from '../../../../solver/klotski/wasm/engine-ida.ts';
import { explore } from '../../../../solver/klotski/search/explore.ts';
import { pieceCosts } from '../../../../solver/klotski/search/heuristic.ts';
import { loadEngineFromDisk } from '../../../../solver/node/bitboard-engine.ts';
import { BudgetClock, type Budget } from '../../../../solver/shared/budget.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';
import { refBoard, refDistance, refReplay } from '../../../helpers/reference.ts';
import { sampled } from '../../../helpers/sweeps.ts';

beforeAll(async () => {
  // `npm test` builds the engine first (npm run build:wasm); a missing build is a failure here, not a skip.
  expect(await loadEngineFromDisk(), 'solver/klotski/wasm/bitboard-search.wasm is built').toBe(true);
});
afterAll(() => enableBitboardEngine(true));

/** A search of a board on the engine, as `explore` runs it (the default goal, folded). */
function search(code: string, options: { metric: Metric; stopAtGoal: boolean; maxStates: number; budget?: Budget; costs?: boolean }) {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  const clock = new BudgetClock(options.budget);
  const costs = options.costs ? pieceCosts(puzzle, options.metric) : null;
  const run = explore(puzzle, grid, { metric: options.metric, fold: true, stopAtGoal: options.stopAtGoal, maxStates: options.maxStates, clock, costs });
  expect(run.current, `${code}: the engine ran`).toBeDefined();
  return { run, clock };
}

/**
 * On every metric, breadth-first and best-first, the engine stops where it is told: at a cap of 500 states (each
 * board's space is larger), and when the work budget is spent, having charged at least the budget and at most one
 * check's worth more (budget.ts WORK_CHECK), with a lower bound no greater than the goal's distance.
 */
function expectStops(code: string, distance: (metric: Metric) => number | null): void {
  for (const metric of METRICS) {
    for (const costs of [false, true]) {
      const what = `${code} ${metric}${costs ? ' A*' : ''}`;
      // A* may reach the goal first: then within the cap or the budget.
      const capped = search(code, { metric, stopAtGoal: costs, maxStates: 500, costs });
      expect(capped.run.status, what).toBe(costs && capped.run.table.size < 500 ? 'solved' : 'budget-exceeded');
      expect(capped.run.table.size, what).toBeLessThanOrEqual(500);
      const budgeted = search(code, { metric, stopAtGoal: costs, maxStates: 1_000_000, costs, budget: { maxWork: 30_000 } });
      expect(budgeted.clock.work, what).toBeLessThan(30_000 + 4096 + 2_000);
      if (budgeted.run.status === 'solved' && costs) continue;
      expect(budgeted.run.status, what).toBe('budget-exceeded');
      expect(budgeted.clock.work, what).toBeGreaterThanOrEqual(30_000);
      const d = distance(metric);
      if (d !== null) expect(budgeted.run.lowerBound, what).toBeLessThanOrEqual(d);
    }
  }
}

/** solve() by breadth-first search and A*, in every metric: lengths against the plain reference search, every solution replayed. */
function expectOptimalSolves(cases: Array<[string, { piece: [number, number]; at: [number, number] }, number, number]>): void {
  for (const [code, goal, w, h] of cases) {
    const layout = parseLayoutOrThrow(code);
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    for (const metric of METRICS) {
      for (const algorithm of ['bfs', 'astar'] as const) {
        const r = solve(layout, { metric, algorithm, goal });
        expect(r.stats.algorithm, `${code} ${metric}`).toBe(algorithm);
        expect(r.length, `${code} ${metric} ${algorithm}`).toBe(refDistance(refBoard(w, h, layout.pieces), block, goal.at, metric));
        const end = refReplay(refBoard(w, h, layout.pieces), metric, r.moves);
        expect([end.pieces[block]!.r, end.pieces[block]!.c], `${code} ${metric} ${algorithm}`).toEqual(goal.at);
      }
    }
  }
}

describe('the WebAssembly engine on 64-bit masks (boards of up to 64 cells)', () => {
  const rand = seededRandom(6464);
  const boards: string[] = [
    'VBBV-VBBV-VHHV-VSSV-S..S',
    'VBBV-VBBV-VHHV-VS.V-S..S',
    // Shapes of more than four cells (the general fit), the 32nd cell, and both 32-bit halves of a 64-cell board.
    'SSS.SSSS-SSSSSBBS-SSSSSBBS-SSSS.SS.',
    'AAAAA...-AAAAA...-AAAAA.BB-AAAAA.BB-CCCCC.S.-CCCCC...-DDDDDS..-DDDDD..S',
  ];
  for (const [w, h, empty] of [[5, 5, 3], [4, 6, 3], [8, 4, 3], [6, 6, 3], [6, 6, 5], [8, 8, 4]] as const) {
    boards.push(randomLayoutCode(rand, w, h, empty));
  }

  it('stops at the state cap and when the work budget is spent, breadth-first and best-first, in every metric', () => {
    for (const code of boards) {
      const layout = parseLayoutOrThrow(code);
      const block = layout.pieces.findIndex((p) => p.letter === 'B');
      const goal = resolveGoal(layout, undefined);
      const ref = layout.width * layout.height <= 20 ? refBoard(layout.width, layout.height, layout.pieces) : null;
      expectStops(code, (metric) => (ref ? refDistance(ref, block, [goal.row, goal.col], metric) : null));
    }
  });

  it('stops when the clock runs out, with what it stored so far', () => {
    const { run } = search(boards[boards.length - 1]!, { metric: 'move', stopAtGoal: false, maxStates: 5_000_000, budget: { maxMs: 5 } });
    expect(run.status).toBe('budget-exceeded');
    expect(run.table.size).toBeGreaterThan(100);
  });

  it('reports progress through the budget clock while it runs: the layer, or the bound best-first', () => {
    // A 6×6 board whose goal lies past a million positions, searched to a cap of two million: over half a second either
    // way, where progress comes every 100 ms (the random boards' searches could end sooner and report nothing).
    const long = 'VSBBSV-VSBBSV-HHSSHH-S.VV.S-SSVVSS-HH..HH';
    for (const costs of [false, true]) {
      const reports: number[] = [];
      const started = performance.now();
      search(long, { metric: 'move', stopAtGoal: true, maxStates: 2_000_000, costs, budget: { onProgress: (p) => reports.push(p.depth) } });
      const ms = performance.now() - started;
      expect(ms, `costs ${costs}: the search lasts long enough to report`).toBeGreaterThan(150);
      // At least one report, each with the layer or bound being expanded.
      expect(reports.length, `costs ${costs}`).toBeGreaterThan(0);
      for (const depth of reports) expect(depth).toBeGreaterThan(0);
    }
  });

  it('hands out its table as a view of its memory: readable until its next search, an error after', () => {
    const layout = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
    const options = () => ({ metric: 'move' as const, fold: true, stopAtGoal: true, maxStates: 100_000, clock: new BudgetClock({}) });
    const first = explore(puzzle, grid, options());
    expect(first.movesTo(first.goalIndex)).toHaveLength(81);
    explore(puzzle, grid, options());
    expect(() => first.movesTo(first.goalIndex)).toThrow(/read after the next search/);
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

  it('makes auto run A*, budgeted or not, with the engine or without', () => {
    const layout = parseLayoutOrThrow('VBBV-VBBV-VHHV-VS.V-S..S');
    const goal = { piece: [0, 1] as [number, number], at: [3, 0] as [number, number] };
    const unbudgeted = solve(layout, { goal });
    expect(unbudgeted.stats.algorithm).toBe('astar');
    expect(solve(layout, { goal, algorithm: 'bfs' }).length).toBe(unbudgeted.length);
    expect(solve(layout, { goal, maxWork: 10_000_000 }).stats.algorithm).toBe('astar');
    expect(solve(layout, { goal, maxNodes: 1_000_000 }).stats.algorithm).toBe('astar');
    enableBitboardEngine(false);
    const plain = solve(layout, { goal });
    enableBitboardEngine(true);
    expect([plain.stats.algorithm, plain.length]).toEqual(['astar', unbudgeted.length]);
  });

  it('charges its own work: a budget buys the engine more positions than the TypeScript search', () => {
    const layout = parseLayoutOrThrow('VBBVS-VBBVS-HHSS.-VSHHS-V.SSS');
    const engine = solve(layout, { algorithm: 'astar', maxWork: 200_000 });
    enableBitboardEngine(false);
    const plain = solve(layout, { algorithm: 'astar', maxWork: 200_000 });
    enableBitboardEngine(true);
    expect(engine.status).toBe('budget-exceeded');
    expect(plain.status).toBe('budget-exceeded');
    // 1.5× here (the part grid is charged less than its speed would say; it rarely runs under a budget).
    expect(engine.stats.nodes).toBeGreaterThan(1.3 * plain.stats.nodes);
  });
});

describe('the WebAssembly engine on 128-bit masks (boards of 65 to 128 cells)', () => {
  const rand = seededRandom(128128);
  const boards: string[] = [
    // The 100th cell, and shapes of more than four cells.
    'AAAAAAA.BB-AAAAAAA.BB-AAAAAAA...-AAAAAAAS..-AAAAAAA...-CCCCCCC.S.-CCCCCCC...-CCCCCCC..S-CCCCCCC...-CCCCCCC...',
    // A bar eight rows tall: shifts of 64 cells and more, from one lane into the other.
    'A.BB......-A.BB.....S-A.........-A.........-A...S.....-A.........-A...V.....-A...V..XXX-.........S-......S...',
  ];
  for (const [w, h, empty] of [[9, 8, 3], [10, 7, 4], [10, 10, 2], [10, 10, 5]] as const) {
    boards.push(randomLayoutCode(rand, w, h, empty));
  }

  it('stops at the state cap and when the work budget is spent, breadth-first and best-first, in every metric', () => {
    for (const code of boards) expectStops(code, () => null);
  });

  it('runs IDA* too: the same optimal lengths as breadth-first search, every solution replayed', () => {
    let solved = 0;
    const cases: Array<[string, GoalSpec | undefined]> = [[boards[0]!, { piece: [0, 8], at: [8, 8] }], [boards[2]!, undefined], [boards[3]!, undefined]];
    for (const [code, goal] of cases) {
      const layout = parseLayoutOrThrow(code);
      const resolved = resolveGoal(layout, goal);
      const { puzzle, grid } = compilePuzzle(layout, resolved);
      for (const metric of ['move', 'step'] as const) {
        const what = `${code} ${metric}`;
        const bfs = solve(layout, { metric, goal, algorithm: 'bfs' });
        // A space larger than the table cannot be proven unsolvable by IDA*: solvable ones only.
        if (bfs.status !== 'solved') continue;
        const run = engineIda(puzzle, grid, pieceCosts(puzzle, metric), metric, new BudgetClock({ maxMs: 20_000 }), 16 << 20, 1 << 20)!;
        expect([run.status, run.steps.length], what).toEqual(['solved', bfs.length]);
        const r = solve(layout, { metric, goal, algorithm: 'ida' });
        expect(r.length, what).toBe(bfs.length);
        const end = refReplay(refBoard(layout.width, layout.height, layout.pieces), metric, r.moves);
        expect([end.pieces[resolved.pieceIndex]!.r, end.pieces[resolved.pieceIndex]!.c], what).toEqual([resolved.row, resolved.col]);
        solved++;
      }
    }
    expect(solved).toBeGreaterThanOrEqual(2);
  });

  it('answers solve() optimally: lengths against the plain reference search, every solution replayed', () => {
    // The reference search is slow on boards this size: one board (its solutions cross all four words).
    const cases: Array<[string, { piece: [number, number]; at: [number, number] }, number, number]> = [[boards[0]!, { piece: [0, 8], at: [8, 8] }, 10, 10]];
    expectOptimalSolves(cases);
  });
});

describe('IDA* on the WebAssembly engine (boards of up to 64 cells)', () => {
  // Solvable and unsolvable boards, goals on the mirror axis (mirror images fold) and off it (they do not).
  const cases: Array<[string, GoalSpec | undefined]> = [
    ['VBBV-VBBV-VHHV-VS.V-S..S', undefined],
    ['VBBV-VBBV-VHHV-VS.V-S..S', { piece: [0, 1], at: [3, 0] }],
    ['SBBS-SBB.-SSSS-V..S-VHHS', undefined],
    ['SSSBB-.HHBB-S.SSS-SSXXX', undefined],
    ['.HH-SSS-BBS-BBV-S.V-SHH', undefined],
    ['S.SS.-VSBBS-VSBBS-SSSSS-SS.SS', { piece: [1, 2], at: [3, 3] }],
  ];

  /** IDA* on the engine, as solve() runs it when breadth-first search and A* outgrow their memory. */
  function engineRun(code: string, goal: GoalSpec | undefined, metric: Metric, budget: Budget = {}) {
    const layout = parseLayoutOrThrow(code);
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal));
    const clock = new BudgetClock(budget);
    const run = engineIda(puzzle, grid, pieceCosts(puzzle, metric), metric, clock, 16 << 20, 1 << 20)!;
    return { run, clock, puzzle, grid };
  }

  it('answers optimally in every metric, as breadth-first search and the TypeScript IDA* do, every solution replayed; proves no solution', () => {
    // Every case in the sweep bench; the tests keep a goal off the mirror axis, an unsolvable board and the 5×5.
    for (const [code, goal] of sampled(cases, [1, 4, 5])) {
      const layout = parseLayoutOrThrow(code);
      const resolved = resolveGoal(layout, goal);
      const ref = refBoard(layout.width, layout.height, layout.pieces);
      for (const metric of METRICS) {
        const what = `${code} → ${resolved.row},${resolved.col} ${metric}`;
        const expected = refDistance(ref, resolved.pieceIndex, [resolved.row, resolved.col], metric);
        const { run } = engineRun(code, goal, metric);
        if (expected === null) {
          expect(run.status, what).toBe('unsolvable');
          continue;
        }
        expect([run.status, run.steps.length], what).toEqual(['solved', expected]);
        const r = solve(layout, { metric, goal, algorithm: 'ida', tablebase: null });
        expect([r.stats.algorithm, r.length], what).toEqual(['ida', expected]);
        const end = refReplay(refBoard(layout.width, layout.height, layout.pieces), metric, r.moves);
        expect([end.pieces[resolved.pieceIndex]!.r, end.pieces[resolved.pieceIndex]!.c], what).toEqual([resolved.row, resolved.col]);
        enableBitboardEngine(false);
        const plain = solve(layout, { metric, goal, algorithm: 'ida', tablebase: null });
        enableBitboardEngine(true);
        expect(plain.length, `${what} (TypeScript)`).toBe(expected);
      }
    }
  });

  it('stops when the work budget is spent, with a proven lower bound and the work charged', () => {
    const { run, clock } = engineRun('VBBV-VBBV-VHHV-VSSV-S..S', undefined, 'move', { maxWork: 200_000 });
    expect(run.status).toBe('budget-exceeded');
    expect(run.lowerBound).toBeGreaterThan(0);
    expect(run.lowerBound).toBeLessThanOrEqual(81);
    expect(clock.work).toBeGreaterThanOrEqual(200_000);
    expect(clock.work).toBeLessThan(200_000 + 4096 + 100);
  });

  it('never proves a puzzle unsolvable from a table too small to hold its space: it runs out of budget instead', () => {
    const layout = parseLayoutOrThrow('SSSBB-.HHBB-S.SSS-SSXXX');
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
    // 16 entries for a space of thousands: entries not yet expanded are lost, so nothing is proven.
    const run = engineIda(puzzle, grid, pieceCosts(puzzle, 'step'), 'step', new BudgetClock({ maxWork: 3_000_000 }), 16 * 47, 16)!;
    expect(run.status).toBe('budget-exceeded');
  });
});
