import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, resolveGoal, solve, type Metric } from '../../solver/index.ts';
import { readClassics } from '../../scripts/classics.ts';
import { polyDistance, polyReplay, polySolved } from '../helpers/poly-reference.ts';

// The gallery's puzzles: every one a code and a goal drawing the product reads, and the smaller ones solved against the
// independent breadth-first search, in every metric.

describe('classic sliding-block puzzles (data/puzzles/classics.tsv)', () => {
  const puzzles = readClassics();

  it('has at least ten puzzles beyond 华容道, each named, with its origin and source, a code and a goal drawing the product reads', () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(10);
    expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
    for (const puzzle of puzzles) {
      expect(puzzle.name && puzzle.origin && puzzle.source, puzzle.id).toBeTruthy();
      const layout = parseLayoutOrThrow(puzzle.code);
      expect(resolveGoal(layout, { drawing: puzzle.goal }).targets!.length, puzzle.id).toBeGreaterThan(0);
    }
    // Beyond rectangles: pieces of other shapes, outlines, goals of several pieces.
    expect(puzzles.some((p) => parseLayoutOrThrow(p.code).pieces.some((piece) => piece.cells))).toBe(true);
    expect(puzzles.some((p) => parseLayoutOrThrow(p.code).holes)).toBe(true);
    expect(puzzles.some((p) => resolveGoal(parseLayoutOrThrow(p.code), { drawing: p.goal }).targets!.length > 4)).toBe(true);
  });

  it('solves the smaller ones optimally against breadth-first search, in every metric, and the moves replay', () => {
    const small = ['moving-day', 'hughes-puzzle', 'pennant-puzzle', 'quzzle', 'gnome-bone', 'mas-puzzle', 'century', 'layton-jewel-swap', 'traffic-cop-tangle', 'blockado'];
    for (const id of small) {
      const puzzle = puzzles.find((p) => p.id === id)!;
      for (const metric of ['move', 'straight', 'step'] as Metric[]) {
        const result = solve(parseLayoutOrThrow(puzzle.code), { metric, goal: { drawing: puzzle.goal } });
        const what = `${id} (${metric})`;
        expect(result.length, what).toBe(polyDistance(puzzle.code, puzzle.goal, metric));
        expect(polySolved(polyReplay(puzzle.code, metric, result.moves), puzzle.goal), what).toBe(true);
      }
    }
  });
});
