/**
 * What the solution page, the widget, /embed/ and the gallery say about an answer, as pure functions: three states,
 * never two (an answer whose search stopped never reads as "no solution"), a proof said by what it is, a line played
 * to the goal called optimal only where that is proven; and the test hook that lowers the browser's search limits.
 */
import { describe, expect, it } from 'vitest';
import { solve, solveCode, parseLayoutOrThrow, type SolveResult, type TilesResult } from '../../../solver/index.ts';
import { answerFacts, answerHeadline, answerNote, playedLineText } from '../../../site/solution/outcome-text.ts';
import { lowerLimits, parseSearchLimits } from '../../../site/solve/search-limits.ts';
import { openAnswerText } from '../../../site/lib/open-answer.ts';

/** A claim that there is none ("no solution is shorter than 17 moves" is a bound, not that claim). */
const NO_SOLUTION = /no solution(?! is shorter)|无解/i;
/** A 2×2 block that can never go down: the soldiers only go round the L of the right column and the bottom row. */
const STUCK = 'BBS-BBS-SS.';
/** Lodzianka (the gallery's): no search finishes it within a few positions. */
const LODZIANKA = 'AAVBBHH-AAVBBHH-HHSSS..-IIIVV..-IIIVV..';
const LODZIANKA_GOAL = '.......-.......-.......-.....AA-.....AA';

function answer(code: string, options: Parameters<typeof solveCode>[1] = {}): SolveResult | TilesResult {
  const out = solveCode(code, options);
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

describe('an answer in three states', () => {
  const stopped = answer(LODZIANKA, { goal: { drawing: LODZIANKA_GOAL }, maxNodes: 5000 });

  it('a search that stopped is unknown, with the bound and why, in both languages — never "no solution"', () => {
    expect(stopped.status).toBe('budget-exceeded');
    expect(stopped.lowerBound).toBeGreaterThan(0);
    const bound = stopped.lowerBound!;
    expect(answerHeadline(stopped, 'en')).toBe(`Unknown: at least ${bound} moves`);
    expect(answerHeadline(stopped, 'zh')).toBe(`尚无结论：至少 ${bound} 步`);
    for (const lang of ['en', 'zh'] as const) {
      expect(answerHeadline(stopped, lang)).not.toMatch(NO_SOLUTION);
      expect(answerNote(stopped, lang)).not.toMatch(NO_SOLUTION);
    }
    expect(answerNote(stopped, 'en')).toContain('it reached its limit of positions');
    expect(answerNote(stopped, 'en')).toContain(`no solution is shorter than ${bound} moves`);
    expect(answerNote(stopped, 'zh')).toContain('达到局面数上限');
  });

  it('an unsolvable board says how many positions were explored; the 8-puzzle says parity', () => {
    const stuck = answer(STUCK);
    expect(stuck.status).toBe('unsolvable');
    expect(answerHeadline(stuck, 'en')).toBe('No solution (proven)');
    expect(answerHeadline(stuck, 'zh')).toBe('无解（已证明）');
    expect(answerNote(stuck, 'en')).toBe('No solution (proven): all 5 positions reachable from the start were explored and none reaches the goal.');
    expect(answerNote(stuck, 'zh')).toContain('全部 5 个局面都已搜索');
    const tiles = answer('123-456-87.');
    expect(answerNote(tiles, 'en')).toContain('the parity of inversions differs from the goal\'s');
    expect(answerNote(tiles, 'zh')).toContain('逆序数的奇偶性与目标不同');
  });

  it('reads the API\'s answers (no proof field) into the same proofs', () => {
    const tiles = answer('123-456-87.') as TilesResult;
    const { proof: _, ...fromApi } = tiles;
    expect(answerFacts(fromApi as TilesResult).proof).toEqual({ by: 'parity', rule: 'inversions' });
    const stuck = answer(STUCK) as SolveResult;
    const { proof: __, ...searched } = stuck;
    expect(answerFacts(searched as SolveResult).proof).toEqual({ by: 'space', positions: 5 });
    const tableAnswer = { ...searched, explored: undefined, stats: { ...stuck.stats, algorithm: 'table' as const } };
    expect(answerFacts(tableAnswer).proof).toEqual({ by: 'table' });
  });

  it('a solution is its length, with no note', () => {
    const solved = solve(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'));
    expect(answerHeadline(solved, 'en')).toBe('81 moves');
    expect(answerHeadline(solved, 'zh')).toBe('81 步');
    expect(answerNote(solved, 'en')).toBeNull();
  });
});

describe('a line played to the goal', () => {
  const solved = solve(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'));

  it('is compared with the optimum only where one was proven', () => {
    expect(playedLineText(85, 'move', solved, false, 'en')).toBe('Solved in 85 moves — optimal is 81.');
    expect(playedLineText(85, 'move', solved, false, 'zh')).toBe('成功！用了 85 步，最优解是 81 步。');
    expect(playedLineText(12, 'move', { ...solved, optimal: false, length: 10 }, true, 'en')).toBe('The tiles are in order in 12 moves — the line found is 10 (not proven optimal).');
  });

  it('after a search that stopped, says what it proves: never "optimal is 0"', () => {
    const stopped = { ...solved, status: 'budget-exceeded' as const, solvable: null, optimal: false, length: null, lowerBound: 17, stoppedBy: 'memory' as const, moves: [] };
    expect(playedLineText(39, 'move', stopped, false, 'en')).toBe('Solved in 39 moves: so a solution exists, and the shortest is between 17 and 39 moves.');
    expect(playedLineText(39, 'move', stopped, false, 'zh')).toBe('成功！用了 39 步。可见有解，最短解在 17 到 39 步之间。');
    // As short as the proven bound: that is optimal.
    expect(playedLineText(17, 'move', stopped, false, 'en')).toBe('Solved in 17 moves — optimal is 17.');
    for (const lang of ['en', 'zh'] as const) {
      expect(playedLineText(39, 'move', { ...stopped, lowerBound: 0 }, false, lang)).not.toMatch(/optimal is|最优解是/);
      expect(playedLineText(39, 'move', null, false, lang)).not.toMatch(/optimal is 0|最优解是 0/);
    }
  });
});

describe('the gallery\'s open puzzles', () => {
  it('say "open: at least N" with the unit, that the build\'s search stopped, and why when the data has it', () => {
    expect(openAnswerText({ lowerBound: 16, stoppedBy: 'time' }, 'move', 8000, 'en')).toBe("open: at least 16 moves — the build's search (8 s at most) stopped (its time ran out)");
    expect(openAnswerText({ lowerBound: 19, stoppedBy: 'memory' }, 'step', 8000, 'zh')).toBe('未解决：至少 19 格步——构建时的搜索（上限 8 秒）停止了（内存已满）');
    expect(openAnswerText({ lowerBound: 19 }, 'straight', 3000, 'en')).toBe("open: at least 19 straight moves — the build's search (3 s at most) stopped");
    expect(openAnswerText({}, 'move', 3000, 'zh')).toBe('未解决：尚未证明下界——构建时的搜索（上限 3 秒）停止了');
  });
});

describe('the browser search\'s test limits', () => {
  const defaults = { memoryBytes: 64 * 1024 * 1024, maxMs: 600_000 };

  it('lower the limits, within floors, and never raise them', () => {
    expect(lowerLimits(defaults, parseSearchLimits('{"memoryMB": 2, "maxMs": 1500, "maxNodes": 20000}'))).toEqual({ memoryBytes: 2 * 1024 * 1024, maxMs: 1500, maxNodes: 20000 });
    expect(lowerLimits(defaults, parseSearchLimits('{"memoryMB": 100000, "maxMs": 1e12}'))).toEqual(defaults);
    expect(lowerLimits(defaults, parseSearchLimits('{"memoryMB": 0.001, "maxMs": 1, "maxNodes": 3}'))).toEqual({ memoryBytes: 1024 * 1024, maxMs: 100, maxNodes: 1000 });
  });

  it('ignore anything else', () => {
    for (const raw of [null, '', 'not json', '[]', '42', '{"maxMs": -5, "memoryMB": "2", "maxNodes": null}', '{"maxMs": 1e999}']) {
      expect(lowerLimits(defaults, parseSearchLimits(raw)), String(raw)).toEqual(defaults);
    }
  });
});
