/** Famous 数字华容道 positions for the gallery and the editor's presets (their lengths are computed, never listed). */
export const TILES_GALLERY: Array<{ name: string; nameZh: string; code: string; note: string; noteZh: string; solveAtBuild: boolean }> = [
  { name: '8-puzzle: a hardest position', nameZh: '八数码：最难的局面之一', code: '867-254-3.1', note: 'one of the two 8-puzzle positions farthest from the goal', noteZh: '离目标最远的两个八数码局面之一', solveAtBuild: true },
  { name: '8-puzzle: the other hardest', nameZh: '八数码：另一个最难的局面', code: '647-85.-321', note: 'the other one', noteZh: '另一个', solveAtBuild: true },
  { name: '15-puzzle: Korf #1', nameZh: '十五数码：Korf 第 1 题', code: 'D68C-FE.A-B745-9132', note: "the first of Korf's 100 random instances", noteZh: 'Korf 的 100 个随机题目中的第一个', solveAtBuild: false },
  { name: '15-puzzle: Korf #88', nameZh: '十五数码：Korf 第 88 题', code: 'CA6.-98DF-B732-54E1', note: 'one of the longest of the 100', noteZh: '这 100 题中最长的之一', solveAtBuild: false },
];
