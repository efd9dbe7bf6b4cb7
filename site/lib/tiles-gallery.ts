/** Famous 数字华容道 positions for the gallery and the editor's presets (their lengths are computed, never listed). */
export const TILES_GALLERY: Array<{ name: string; code: string; note: string; solveAtBuild: boolean }> = [
  { name: '8-puzzle: a hardest position', code: '867-254-3.1', note: 'one of the two 8-puzzle positions farthest from the goal', solveAtBuild: true },
  { name: '8-puzzle: the other hardest', code: '647-85.-321', note: 'the other one', solveAtBuild: true },
  { name: '15-puzzle: Korf #1', code: 'D68C-FE.A-B745-9132', note: "the first of Korf's 100 random instances", solveAtBuild: false },
  { name: '15-puzzle: Korf #88', code: 'CA6.-98DF-B732-54E1', note: 'one of the longest of the 100', solveAtBuild: false },
];
