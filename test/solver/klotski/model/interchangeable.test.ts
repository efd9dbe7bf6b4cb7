import { describe, expect, it } from 'vitest';
import { analyze, canonicalize, checkSolution, parseGoalInput, parseLayoutOrThrow, solve } from '../../../../solver/index.ts';
import { relabelInterchangeable } from '../../../../solver/klotski/model/interchangeable.ts';
import { resolveGoal } from '../../../../solver/klotski/model/goal.ts';

const analysis = (code: string, goal: string) => analyze(parseLayoutOrThrow(code), { goal: parseGoalInput(goal), metric: 'move' });

describe('pieces of one shape are interchangeable whatever their letters, unless the goal names them', () => {
  it('CDE toward ..E: C and D, two equal squares outside the goal, are one class (60 positions, not 120)', () => {
    expect(analysis('CDE-...', '..E-...').total).toBe(60);
    // Named in the goal, they are kept apart again.
    expect(analysis('CDE-...', 'C.E-...').total).toBe(120);
    // The same count as with the squares typed as soldiers.
    expect(analysis('SSE-...', '..E-...').total).toBe(60);
  });

  it('lengths do not change and every answer replays, on a board of one letter per piece', () => {
    // Every 1×1 piece under a letter of its own, and the same board with soldiers (whose lengths other tests check
    // against the independent search).
    const own = 'ABBC-DBBE-F..G-IJKL';
    const soldiers = 'SBBS-SBBS-S..S-SSSS';
    const goal = parseGoalInput('....-....-.BB.-.BB.');
    for (const metric of ['move', 'straight', 'step'] as const) {
      const a = solve(parseLayoutOrThrow(own), { metric, goal });
      const b = solve(parseLayoutOrThrow(soldiers), { metric, goal });
      expect(a.status, metric).toBe('solved');
      expect(a.length, metric).toBe(b.length);
      expect(checkSolution(parseLayoutOrThrow(own), metric, a.moves, goal), metric).toBeNull();
      // No more positions than with the soldiers: one class, as theirs.
      expect(a.stats.nodes, metric).toBe(b.stats.nodes);
    }
  });

  it('the cache key reads the same whichever interchangeable piece carries which letter', () => {
    const toE = parseGoalInput('E@1,2');
    expect(canonicalize(parseLayoutOrThrow('CD.-..E'), toE).code).toBe(canonicalize(parseLayoutOrThrow('DC.-..E'), toE).code);
    const goal = parseGoalInput('..E-...');
    expect(canonicalize(parseLayoutOrThrow('CDE-...'), goal).code).toBe(canonicalize(parseLayoutOrThrow('DCE-...'), goal).code);
    // A letter the goal names keeps its place in the key.
    const named = parseGoalInput('C..-...');
    expect(canonicalize(parseLayoutOrThrow('CD.-...'), named).code).not.toBe(canonicalize(parseLayoutOrThrow('DC.-...'), named).code);
  });

  it('relabelling keeps the pieces and their order, and leaves a layout with nothing to merge as it is', () => {
    const layout = parseLayoutOrThrow('DC.-..E');
    const relabelled = relabelInterchangeable(layout, resolveGoal(layout, parseGoalInput('E@1,2')));
    expect(relabelled.pieces.map((p) => p.letter)).toEqual(['C', 'D', 'E']);
    expect(relabelled.pieces.map((p) => [p.row, p.col])).toEqual(layout.pieces.map((p) => [p.row, p.col]));
    expect(relabelled.pieces.map((p) => p.letter).sort()).toEqual(layout.pieces.map((p) => p.letter).sort());
    const classic = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(relabelInterchangeable(classic, resolveGoal(classic, null))).toBe(classic);
  });
});
