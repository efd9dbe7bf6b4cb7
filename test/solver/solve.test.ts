import { describe, expect, it } from 'vitest';
import { METRICS, mirrorLayout, parseLayoutOrThrow, formatLayout, solve, solveCode, type Metric, type SolveResult } from '../../solver/index.ts';
import { CLASSIC } from '../helpers/fixtures.ts';
import { refBoard, refDistance, refReplay } from '../helpers/reference.ts';
import { randomLayoutCode, seededRandom } from '../helpers/random-layouts.ts';

/** Replays the result's moves with the independent checker and asserts the goal piece ends on its target. */
function expectReplays(code: string, result: SolveResult, metric: Metric): void {
  const layout = parseLayoutOrThrow(code);
  const start = refBoard(layout.width, layout.height, layout.pieces);
  const end = refReplay(start, metric, result.moves);
  const goalId = layout.pieces.findIndex((p) => p.row === result.goal.piece[0] && p.col === result.goal.piece[1]);
  expect(goalId).toBeGreaterThanOrEqual(0);
  expect([end.pieces[goalId]!.r, end.pieces[goalId]!.c]).toEqual(result.goal.at);
  expect(result.moves).toHaveLength(result.length!);
}

function referenceLength(code: string, metric: Metric, goal?: { piece: [number, number]; at: [number, number] }): number | null {
  const layout = parseLayoutOrThrow(code);
  const b = refBoard(layout.width, layout.height, layout.pieces);
  const goalPiece = goal?.piece ?? (() => {
    const p = layout.pieces.find((q) => q.letter === 'B')!;
    return [p.row, p.col] as [number, number];
  })();
  const id = layout.pieces.findIndex((p) => p.row === goalPiece[0] && p.col === goalPiece[1]);
  const gp = layout.pieces[id]!;
  const at = goal?.at ?? [layout.height - gp.height, Math.floor((layout.width - gp.width) / 2)];
  return refDistance(b, id, at as [number, number], metric);
}

describe('named layouts: optimal under every metric', () => {
  for (const named of CLASSIC) {
    it(`${named.name} ${named.layout}`, () => {
      for (const metric of METRICS) {
        const result = solve(parseLayoutOrThrow(named.layout), { metric });
        const expected = named[metric];
        if (expected === null) {
          expect(result.status).toBe('unsolvable');
          expect(result.solvable).toBe(false);
          expect(result.explored).toBeGreaterThan(0);
          continue;
        }
        expect(result.status, metric).toBe('solved');
        expect(result.length, metric).toBe(expected);
        expect(result.optimal).toBe(true);
        expectReplays(named.layout, result, metric);
      }
    });
  }
});

describe('independent reference BFS agrees on the named layouts (move metric)', () => {
  for (const named of CLASSIC.filter((_, i) => i % 3 === 0)) {
    it(named.name, () => {
      expect(solve(parseLayoutOrThrow(named.layout)).length).toBe(referenceLength(named.layout, 'move'));
    });
  }
});

describe('IDA* and BFS agree', () => {
  const sample = CLASSIC.filter((n) => n.move !== null && n.move <= 60);
  for (const named of sample) {
    it(`${named.name} under all metrics`, () => {
      for (const metric of METRICS) {
        const ida = solve(parseLayoutOrThrow(named.layout), { metric, algorithm: 'ida' });
        expect(ida.stats.algorithm).toBe('ida');
        expect(ida.length, metric).toBe(named[metric]);
        expectReplays(named.layout, ida, metric);
      }
    });
  }

  it('on 横刀立马 (81 moves) too', () => {
    const ida = solve(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'), { algorithm: 'ida' });
    expect(ida.length).toBe(81);
    expect(ida.stats.ttBytes).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it('IDA* proves an unsolvable layout unsolvable', () => {
    const result = solve(parseLayoutOrThrow('1AAEF0C'), { algorithm: 'ida' });
    expect(result.status).toBe('unsolvable');
    expect(result.solvable).toBe(false);
  });
});

describe('random boards other than 4×5, against the reference BFS', () => {
  const sizes: Array<[number, number, number]> = [[3, 3, 2], [3, 4, 2], [4, 4, 2], [4, 4, 3], [5, 4, 2], [3, 5, 2], [5, 4, 3], [3, 6, 2], [6, 3, 2], [2, 4, 2]];
  const rand = seededRandom(2026);
  let solvedCount = 0;
  let unsolvableCount = 0;
  for (const [w, h, empty] of sizes) {
    for (let n = 0; n < 4; n++) {
      const code = randomLayoutCode(rand, w, h, empty);
      it(`${w}×${h} ${code}`, () => {
        for (const metric of METRICS) {
          const expected = referenceLength(code, metric);
          for (const algorithm of ['bfs', 'astar', 'ida'] as const) {
            const result = solve(parseLayoutOrThrow(code), { metric, algorithm, maxMs: 20_000 });
            expect(result.stats.algorithm).toBe(algorithm);
            if (expected === null) {
              expect(result.status, `${metric} ${algorithm}`).toBe('unsolvable');
              unsolvableCount++;
            } else {
              expect(result.length, `${metric} ${algorithm}`).toBe(expected);
              expectReplays(code, result, metric);
              solvedCount++;
            }
          }
        }
      });
    }
  }
  it('covered both solvable and unsolvable boards', () => {
    expect(solvedCount).toBeGreaterThan(20);
    expect(unsolvableCount).toBeGreaterThan(0);
  });
});

describe('symmetry and interchangeable pieces', () => {
  it('a layout and its mirror image share the canonical code and the optimal length', () => {
    for (const named of CLASSIC.slice(0, 12)) {
      const layout = parseLayoutOrThrow(named.layout);
      const mirrored = mirrorLayout(layout);
      const a = solve(layout);
      const b = solve(mirrored);
      expect(b.canonical).toBe(a.canonical);
      expect(b.length).toBe(a.length);
      if (b.length !== null) expectReplays(formatLayout(mirrored), b, 'move');
    }
  });

  it('does not fold mirror images when the goal is off-centre', () => {
    const code = 'VBBV-VBBV-VHHV-VSSV-S..S';
    const goal = { piece: 'B', at: [3, 0] as [number, number] };
    const result = solve(parseLayoutOrThrow(code), { goal });
    expect(result.length).toBe(referenceLength(code, 'move', { piece: [0, 1], at: [3, 0] }));
    expectReplays(code, result, 'move');
    expect(result.canonical).toContain('~0,1@3,0');
  });
});

describe('explicit goals', () => {
  it('sends a named piece to a chosen cell', () => {
    const code = 'SSSV-BBVV-BBVV-.HHV-.SHH';
    for (const metric of METRICS) {
      const result = solve(parseLayoutOrThrow(code), { metric, goal: { piece: [0, 0], at: [4, 0] } });
      expect(result.goal).toEqual({ piece: [0, 0], at: [4, 0] });
      expect(result.length).toBe(referenceLength(code, metric, { piece: [0, 0], at: [4, 0] }));
      expectReplays(code, result, metric);
    }
  });

  it('solves boards without a B when a goal is given', () => {
    const code = 'XXX.-SSVS-..V.';
    const result = solve(parseLayoutOrThrow(code), { goal: { piece: 'X', at: [2, 1] } });
    expect(result.length).toBe(referenceLength(code, 'move', { piece: [0, 0], at: [2, 1] }));
  });

  it('explains goal problems', () => {
    const cases: Array<[string, object | undefined, string, string]> = [
      ['SSV.-SSV.-....', undefined, 'no-goal', 'no B (2×2 block) and no explicit goal'],
      ['BBBB-BBBB-....', undefined, 'ambiguous-goal', '2 B blocks'],
      ['BBS.-BBS.-....', { piece: 'S', at: [2, 0] }, 'ambiguous-goal', '2 pieces are S'],
      ['BB..-BB..-....', { piece: 'B', at: [2, 3] }, 'bad-goal', 'cannot have its top-left at row 2 col 3'],
      ['BB..-BB..-....', { piece: [2, 2], at: [0, 0] }, 'bad-goal', 'no piece has its top-left at row 2 col 2'],
    ];
    for (const [code, goal, errorCode, message] of cases) {
      const r = solveCode(code, { goal: goal as never });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(errorCode);
        expect(r.error.message).toContain(message);
      }
    }
  });

  it('rejects unknown metrics and algorithms with a message', () => {
    const r = solveCode('VBBV-VBBV-VHHV-VSSV-S..S', { metric: 'hop' as never });
    expect(r.ok || r.error.message).toContain('metric "hop" is not one of move, straight, step');
  });
});

describe('budgets', () => {
  const code = 'SSSV-BBVV-BBVV-.HHV-.SHH';
  for (const algorithm of ['bfs', 'astar', 'ida'] as const) {
    it(`${algorithm} stops itself and reports a proven lower bound`, () => {
      const result = solve(parseLayoutOrThrow(code), { algorithm, maxNodes: 3000 });
      expect(result.status).toBe('budget-exceeded');
      expect(result.solvable).toBeNull();
      expect(result.lowerBound).toBeGreaterThan(0);
      expect(result.lowerBound).toBeLessThanOrEqual(138);
      expect(result.moves).toEqual([]);
    });
  }

  it('honours a time budget', () => {
    const result = solve(parseLayoutOrThrow(code), { algorithm: 'ida', maxMs: 30 });
    expect(result.status).toBe('budget-exceeded');
    expect(result.stats.ms).toBeLessThan(1000);
  });

  it('auto continues with IDA* when A* fills its memory cap; astar and bfs give up there', () => {
    const layout = parseLayoutOrThrow('SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS');
    const full = solve(layout, { algorithm: 'bfs' });
    const auto = solve(layout, { maxStates: 500 });
    expect([auto.stats.algorithm, auto.status, auto.length]).toEqual(['ida', 'solved', full.length]);
    expect(auto.stats.nodes).toBeGreaterThan(500);
    for (const algorithm of ['astar', 'bfs'] as const) {
      const r = solve(layout, { algorithm, maxStates: 500 });
      expect([r.stats.algorithm, r.status], algorithm).toEqual([algorithm, 'budget-exceeded']);
    }
  });

  it('progress never goes back when the strategy changes, and its lower bound only rises', () => {
    // Best-first until the (small) memory cap, then IDA*, which counts its own positions from one again.
    const reports: Array<{ nodes: number; lowerBound: number | null; phase: string; depth: number }> = [];
    const result = solve(parseLayoutOrThrow('VBBVVS-VBBVVS-HHSSHH-VSSVVS-VHHVV.-SS..SS'), { maxStates: 200_000, maxMs: 2500, onProgress: (p) => reports.push(p) });
    expect(result.stats.algorithm).toBe('ida');
    const phases = [...new Set(reports.map((r) => r.phase))];
    expect(phases).toEqual(['astar', 'ida']);
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]!.nodes, `report ${i}`).toBeGreaterThanOrEqual(reports[i - 1]!.nodes);
      expect(reports[i]!.lowerBound!, `report ${i}`).toBeGreaterThanOrEqual(reports[i - 1]!.lowerBound!);
    }
    // IDA* starts its bounds again from the first estimate, below what best-first had proven: the bound shown holds.
    const firstIda = reports.find((r) => r.phase === 'ida')!;
    const lastAstar = reports.filter((r) => r.phase === 'astar').at(-1)!;
    expect(firstIda.lowerBound).toBeGreaterThanOrEqual(lastAstar.lowerBound!);
    if (result.status === 'budget-exceeded') expect(result.lowerBound).toBeGreaterThanOrEqual(reports.at(-1)!.lowerBound!);
  });

  it('auto searches the classic board best-first (A*) and says so', () => {
    expect(solve(parseLayoutOrThrow(code)).stats.algorithm).toBe('astar');
  });
});
