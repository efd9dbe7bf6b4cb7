/** Board thumbnails (solver/draw/svg.ts): a Rush Hour board's exit is a gap in the right wall at the car's row. */
import { describe, expect, it } from 'vitest';
import { boardScene, parseLayoutOrThrow, parseRushOrThrow } from '../../../solver/index.ts';

const TRAY = '#f3e9d2';

describe('boardScene', () => {
  it('draws the Klotski exit under the board, and a Rush Hour exit in the right wall at the given row with the car red', () => {
    const cell = 10;
    const pad = cell * 0.2;
    const klotski = boardScene(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'), { cell }).items;
    // The bottom exit: a tray-coloured gap two cells wide below the last row.
    expect(klotski.some((it) => it.kind === 'rect' && it.fill === TRAY && it.y === pad + 5 * cell && it.w === 2 * cell)).toBe(true);

    const layout = parseRushOrThrow('rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo');
    const rush = boardScene(layout, { cell, rushExit: 2 }).items;
    const gaps = rush.filter((it) => it.kind === 'rect' && it.fill === TRAY && it !== rush[1]);
    expect(gaps).toEqual([{ kind: 'rect', x: pad + 6 * cell, y: pad + 2 * cell, w: pad, h: cell, r: 0, fill: TRAY }]);
    // The car A red, the other vehicles not; an arrow in the gap.
    const car = layout.pieces.findIndex((p) => p.letter === 'A');
    const pieces = rush.filter((it) => it.kind === 'rect' && it.r > 0 && it.fill !== '#3b2a1a');
    expect(pieces.filter((it) => it.fill === '#c62828')).toHaveLength(1);
    expect(pieces[car]!.fill).toBe('#c62828');
    expect(rush.some((it) => it.kind === 'path' && it.fill === '#c62828')).toBe(true);
  });
});
