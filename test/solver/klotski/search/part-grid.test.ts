import { describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, solve } from '../../../../solver/index.ts';
import { refBoard, refDistance, refReplay } from '../../../helpers/reference.ts';

describe('boards of more than 32 cells (part-grid search, keys and mirror keys updated by XOR tables)', () => {
  const boards: Array<[string, [number, number], string]> = [
    ['SSSSSS-SVSSHH-SV..SS-SSBBSS-SSBBSS-SS.SSS', [4, 2], '6×6, centred goal: mirror images fold'],
    ['SSSSSS-SVSSHH-SV..SS-SSBBSS-SSBBSS-SS.SSS', [4, 3], '6×6, off-centre goal: no folding'],
    ['HHSSSSSS-SVSS..SS-SVBBSSSS-SSBBS.SS-SSSSSHHS', [3, 3], '8×5, centred goal'],
  ];
  for (const [code, at, what] of boards) {
    it(`${what}: optimal in every metric against the reference BFS, replayed`, () => {
      const layout = parseLayoutOrThrow(code);
      const block = layout.pieces.findIndex((p) => p.letter === 'B');
      const piece: [number, number] = [layout.pieces[block]!.row, layout.pieces[block]!.col];
      for (const metric of METRICS) {
        const r = solve(layout, { metric, algorithm: 'bfs', goal: { piece, at } });
        expect(r.length, metric).toBe(refDistance(refBoard(layout.width, layout.height, layout.pieces), block, at, metric));
        const end = refReplay(refBoard(layout.width, layout.height, layout.pieces), metric, r.moves);
        expect([end.pieces[block]!.r, end.pieces[block]!.c], metric).toEqual(at);
      }
    });
  }
});
