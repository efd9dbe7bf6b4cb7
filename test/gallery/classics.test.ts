import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, resolveGoal, solve, type Metric } from '../../solver/index.ts';
import { readFileSync } from 'node:fs';
import { readClassics } from '../../gallery/classics.ts';
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

  it('names each puzzle in Chinese too (a traditional name or a translation, said which) with its origin in Chinese', () => {
    for (const puzzle of puzzles) {
      expect(puzzle.nameZh, puzzle.id).toMatch(/[\u4e00-\u9fff]/);
      expect(puzzle.originZh, puzzle.id).toMatch(/[\u4e00-\u9fff]/);
      expect(['traditional', 'translation'], puzzle.id).toContain(puzzle.nameZhKind);
    }
    // Century has the start and goal of the classic list's 守口如瓶II; Century and a Half, another goal, is not it.
    const classic = readFileSync(new URL('../../data/classic.tsv', import.meta.url), 'utf8').split('\n').find((l) => l.split('\t')[1] === '守口如瓶II')!.split('\t');
    const century = puzzles.find((p) => p.id === 'century')!;
    expect([century.nameZh, century.nameZhKind, century.code]).toEqual(['守口如瓶II', 'traditional', classic[2]]);
    expect(puzzles.find((p) => p.id === 'century-and-a-half')!.nameZh).not.toBe('守口如瓶II');
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
