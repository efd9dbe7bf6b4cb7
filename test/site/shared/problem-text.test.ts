/** Layout problems in Chinese: every code the codecs produce has its own sentence, with the numbers and the cell. */
import { describe, expect, it } from 'vitest';
import { LayoutError, parseGoalInput, parseLayoutOrThrow, parsePuzzleCode, resolveGoal, type LayoutProblem } from '../../../solver/index.ts';
import { problemText } from '../../../site/shared/problem-text.ts';

const BAD_CODES = [
  '',
  'x'.repeat(400),
  'VBBV--VHHV-VSSV-S..S',
  'VBBV-VBBV-VHHV-VSSV-S..SS',
  'VBBV-VBB1-VHHV-VSSV-S..S',
  'VBBV-VBBV-VHHV-VSSV-S..!',
  'VBBV-VBBV-VHHV-VSSV-SSSS',
  'VBBV-VBBV-VHHV-VSSV-S.V.',
  'S.',
  `${'S'.repeat(12)}.`,
  'FFFFFFFFF',
  '1234-5678-9ABC-DEF1',
  '1234-5678-9ABC-DE..',
  '123-456-780',
  '123-456-79.',
  '123-456-77.',
  '123-456-7?.',
];

function problems(): LayoutProblem[] {
  return BAD_CODES.map((code) => {
    const parsed = parsePuzzleCode(code);
    if (parsed.ok) throw new Error(`${code} parsed`);
    return parsed.error;
  });
}

describe('problemText', () => {
  it('gives every problem its own Chinese sentence, naming the cell when there is one', () => {
    const seen = new Set<string>();
    for (const problem of problems()) {
      const zh = problemText(problem, 'zh');
      seen.add(problem.code);
      expect(zh, problem.message).not.toMatch(/^布局代码有误/); // a rule of its own matched, not the fallback
      expect(zh, problem.message).toMatch(/[\u4e00-\u9fff]/);
      if (problem.at) expect(zh, problem.message).toContain(`第 ${problem.at.row + 1} 行`); // `at` is 0-based, messages count from 1
      expect(problemText(problem, 'en')).toBe(problem.message);
    }
    // The sample covers the codes people meet when typing a code.
    for (const code of ['empty', 'too-long', 'empty-row', 'row-length', 'bad-character', 'no-empty', 'piece-incomplete', 'board-too-small', 'bad-commoncode', 'blank-count', 'bad-tile', 'duplicate-tile']) expect(seen).toContain(code);
  });

  it('says the size of a board too large or too small, as the English does', () => {
    const sized: Array<[string, string]> = [
      ['SSSSSSSSSSSSSSSS.-SSSSSSSSSSSSSSSSS', '棋盘太大：这个有 17 列 2 行，最大 16×16'],
      ['SSSSSSSSSS.-' + Array.from({ length: 11 }, () => 'SSSSSSSSSSS').join('-'), '棋盘太大：这个有 11 列 12 行，共 132 格，最多 128 格'],
      ['123456789-.', '棋盘太大：这个有 9 列 2 行，最大 6×6'],
      ['S.', '棋盘太小：这个有 2 列 1 行，最小 2×2'],
    ];
    for (const [code, zh] of sized) {
      const parsed = parsePuzzleCode(code);
      if (parsed.ok) throw new Error(`${code} parsed`);
      expect(problemText(parsed.error, 'zh'), parsed.error.message).toBe(zh);
    }
  });

  it('keeps the English reason behind a Chinese lead for a problem it has no sentence for', () => {
    const zh = problemText({ code: 'something-new', message: 'a new kind of problem', at: { row: 2, col: 3 } }, 'zh');
    expect(zh).toBe('布局代码有误（第 3 行第 4 列）：a new kind of problem');
  });

  it('says what is wrong with a goal (the widget\'s goal attribute, /embed/\'s ?goal=) as a goal, not as a layout code', () => {
    const goalProblem = (code: string, goal: string): LayoutProblem => {
      try {
        resolveGoal(parseLayoutOrThrow(code), parseGoalInput(goal));
      } catch (e) {
        if (e instanceof LayoutError) return e.problem;
        throw e;
      }
      throw new Error(`${goal} fits ${code}`);
    };
    const MAS = 'IIILL-HHHHL-MHHHH-MMJJJ-..S..';
    expect(problemText(goalProblem(MAS, '...LL-...ML-...MM-.....'), 'zh')).toBe('目标图有 5 列 4 行，棋盘却是 5 列 5 行');
    expect(problemText(goalProblem(MAS, 'Q@0,0'), 'zh')).toBe('棋盘上没有棋子 Q');
    expect(problemText(goalProblem(MAS, 'L to the corner'), 'zh')).toMatch(/^目标的写法应为/);
    // Any other goal problem keeps its English reason behind a goal's lead, with its cell.
    const other = problemText(goalProblem(MAS, '....L-...LL-...MM-...M.-.....'), 'zh');
    expect(other).toMatch(/^目标有误（第 \d 行第 \d 列）：goal drawing: /);
  });
});
