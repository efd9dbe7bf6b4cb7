/**
 * A layout problem (the solver's structured error: code, English message, cell) in the page's language. The solver
 * speaks English only; here each code has its Chinese sentence, with the numbers taken from the English message.
 * An unknown code or message shape keeps the English text behind a Chinese lead, never nothing.
 */
import type { LayoutProblem } from '../../solver/index.ts';
import type { Lang } from './i18n.ts';

type Rule = [RegExp, (m: RegExpMatchArray) => string];

const at = (r: string, c: string) => `第 ${r} 行第 ${c} 列`;

const ZH: Record<string, Rule[]> = {
  empty: [[/./, () => '布局代码是空的']],
  'too-long': [[/has (\d+) characters, at most (\d+)/, (m) => `布局代码有 ${m[1]} 个字符，最多允许 ${m[2]} 个`]],
  'empty-row': [[/row (\d+) is empty/, (m) => `第 ${m[1]} 行是空的`]],
  'row-length': [[/row (\d+) has (\d+) cells, expected (\d+)/, (m) => `第 ${m[1]} 行有 ${m[2]} 格，应为 ${m[3]} 格`]],
  // "board larger than 16×16 (this one is 17 wide × 2 tall)", "tiles boards go up to 6×6 (this one is 9×2)",
  // "board of more than 128 cells (this one is 11 wide × 12 tall: 132)".
  'board-too-large': [
    [/more than (\d+) cells \(this one is (\d+)\D+?(\d+) tall: (\d+)/, (m) => `棋盘太大：这个有 ${m[2]} 列 ${m[3]} 行，共 ${m[4]} 格，最多 ${m[1]} 格`],
    [/(\d+)×(\d+) \(this one is (\d+)\D+?(\d+)/, (m) => `棋盘太大：这个有 ${m[3]} 列 ${m[4]} 行，最大 ${m[1]}×${m[2]}`],
  ],
  'board-too-small': [[/(\d+)×(\d+) \(this one is (\d+)\D+?(\d+)/, (m) => `棋盘太小：这个有 ${m[3]} 列 ${m[4]} 行，最小 ${m[1]}×${m[2]}`]],
  'bad-character': [
    [/digit '(.)' at row (\d+) col (\d+)/, (m) => `${at(m[2]!, m[3]!)}是数字“${m[1]}”：华容道代码只用字母`],
    [/character (".*") at row (\d+) col (\d+).*1–9/, (m) => `${at(m[2]!, m[3]!)}有意外的字符 ${m[1]}：请用 1–9、A–Z 和 “.”`],
    [/character (".*") at row (\d+) col (\d+)/, (m) => `${at(m[2]!, m[3]!)}有意外的字符 ${m[1]}：请用字母、“.”（空格）和 “_”（不在棋盘上的格）`],
  ],
  'no-empty': [[/./, () => '没有空格：什么都动不了']],
  'piece-incomplete': [[/^(\S+) at row (\d+) col (\d+) has no cell (below it|to its right)/, (m) => `${at(m[2]!, m[3]!)}的 ${m[1]} 缺少${m[4] === 'below it' ? '下方' : '右侧'}的格子`]],
  'bad-commoncode': [[/^CommonCode (\S+):/, (m) => `CommonCode ${m[1]} 无效：它描述的棋子摆不进 4×5 棋盘`]],
  'blank-count': [
    [/a second blank at row (\d+) col (\d+)/, (m) => `${at(m[1]!, m[2]!)}是第二个空位：只能有一个`],
    [/no blank/, () => '没有空位（“.”）：必须正好有一个'],
  ],
  'bad-tile': [
    [/tile 0 at row (\d+) col (\d+)/, (m) => `${at(m[1]!, m[2]!)}是 0：数字从 1 开始`],
    [/tile (\S+) at row (\d+) col (\d+) is larger than (\S+): a (\d+)×(\d+) board has tiles 1–(\S+)/, (m) => `${at(m[2]!, m[3]!)}的 ${m[1]} 太大：${m[5]}×${m[6]} 棋盘的数字是 1–${m[7]}`],
  ],
  'duplicate-tile': [[/tile (\S+) appears twice: row (\d+) col (\d+) and row (\d+) col (\d+)/, (m) => `数字 ${m[1]} 出现了两次：${at(m[2]!, m[3]!)}和${at(m[4]!, m[5]!)}`]],
  'missing-tile': [[/tile (\S+) is missing/, (m) => `缺少数字 ${m[1]}`]],
  'no-goal': [[/./, () => '没有 B（2×2 大块），也没有指定目标：请说明哪个棋子要到哪一格']],
  'ambiguous-goal': [[/^(\d+) B blocks/, (m) => `有 ${m[1]} 个 B 大块，却没有指定目标：请说明是哪一个要到哪一格`]],
  'bad-goal': [
    [/the goal drawing is (\d+) wide × (\d+) tall.*; the board is (\d+) wide × (\d+) tall/, (m) => `目标图有 ${m[1]} 列 ${m[2]} 行，棋盘却是 ${m[3]} 列 ${m[4]} 行`],
    [/there is no piece (\S+) on the board/, (m) => `棋盘上没有棋子 ${m[1]}`],
    [/is not of the form LETTER@row,col/, () => '目标的写法应为“字母@行,列”或“行,列@行,列”（例如 B@3,1），或一张目标图'],
  ],
};

export function problemText(problem: LayoutProblem, lang: Lang): string {
  if (lang === 'en') return problem.message;
  for (const [pattern, render] of ZH[problem.code] ?? []) {
    const m = problem.message.match(pattern);
    if (m) return render(m);
  }
  // Messages count rows and columns from 1, as people do; `at` is 0-based.
  const where = problem.at ? `（${at(String(problem.at.row + 1), String(problem.at.col + 1))}）` : '';
  return `${problem.code.endsWith('goal') ? '目标有误' : '布局代码有误'}${where}：${problem.message}`;
}
