/**
 * Boards with pieces of other shapes and cells off the board, in the link preview (and so in the GIF, which draws the
 * same scene): each piece's colour on its own cells and not on the cells of its bounding rectangle it leaves out, the
 * tray on empty board cells, and the picture's background — no tray, no wood — at the centre of a cell that is not
 * part of the board; the PNG agrees with resvg's rendering of the scene's SVG.
 */
import { readFileSync } from 'node:fs';
import { initWasm } from '@resvg/resvg-wasm';
import { describe, expect, it } from 'vitest';
import { coveredCells, parseLayoutOrThrow, previewPng, previewSvg, type GlyphSet, type Layout } from '../../../solver/index.ts';
import { previewBoardPlace } from '../../../solver/draw/preview.ts';
import { renderPng } from '../../../bench/resvg-png.ts';
import { decodePng } from '../../helpers/png.ts';

const FONTS = new URL('../../../site/public/fonts/', import.meta.url);
const glyphs = JSON.parse(readFileSync(new URL('preview-glyphs.json', FONTS), 'utf8')) as GlyphSet;

const MAS = 'IIILL-HHHHL-MHHHH-MMJJJ-..S..';
const BOX = '__AA___-__AA___-_P..L._-PPP.LL_-.P._HH.-.DDVRR_-_.DVR._-__..___-__..___';

const hex = (s: string) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
const SHAPED = hex('#7a4f9a');
const TRAY = hex('#f3e9d2');
const BACKGROUND = hex('#fbf7ef');

function preview(code: string) {
  const layout = parseLayoutOrThrow(code);
  const input = { layout, code, kind: 'klotski' as const, name: null, counts: { move: 23 } };
  const png = decodePng(previewPng(input, glyphs));
  const place = previewBoardPlace(layout);
  // The preview's board: its cells start a fifth of a cell inside its frame (svg.ts's pad).
  const centre = (row: number, col: number) => {
    const x = Math.floor(place.x + place.cell * (0.2 + col + 0.5));
    const y = Math.floor(place.y + place.cell * (0.2 + row + 0.5));
    return [...png.rgb.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
  };
  return { layout, input, png, centre };
}

/** The cells of a piece's bounding rectangle that it leaves out. */
function notches(layout: Layout, letter: string): Array<[number, number]> {
  const piece = layout.pieces.find((p) => p.letter === letter)!;
  const own = new Set(coveredCells(piece).map(([r, c]) => `${r},${c}`));
  const left = Math.min(...coveredCells(piece).map(([, c]) => c));
  const out: Array<[number, number]> = [];
  for (let r = piece.row; r < piece.row + piece.height; r++) for (let c = left; c < left + piece.width; c++) if (!own.has(`${r},${c}`)) out.push([r, c]);
  return out;
}

describe('previews of shaped boards', () => {
  it(`Ma's Puzzle: the L and the M in their colour on their cells only`, () => {
    const { layout, centre } = preview(MAS);
    for (const letter of ['L', 'M']) {
      const piece = layout.pieces.find((p) => p.letter === letter)!;
      for (const [r, c] of coveredCells(piece)) expect(centre(r, c), `${letter} at ${r},${c}`).toEqual(SHAPED);
      const out = notches(layout, letter);
      expect(out).toHaveLength(1);
      // The notch holds a horizontal piece, drawn in its own colour (drawn after the L, so see the empty notch below).
      for (const [r, c] of out) expect(centre(r, c), `${letter}'s notch at ${r},${c}`).toEqual(hex('#1f5f8b'));
    }
    expect(centre(4, 0)).toEqual(TRAY);
  });

  it('an L whose notch is empty: the tray shows in the notch', () => {
    const { layout, centre } = preview('AA.-A..-..S');
    expect(notches(layout, 'A')).toEqual([[1, 1]]);
    for (const [r, c] of [[0, 0], [0, 1], [1, 0]] as const) expect(centre(r, c)).toEqual(SHAPED);
    expect(centre(1, 1)).toEqual(TRAY);
  });

  it(`Layton's Diabolical Box: nothing drawn at cells off the board, the tray on empty ones, pluses as pluses`, () => {
    const { layout, centre } = preview(BOX);
    expect(layout.holes!.length).toBeGreaterThan(20);
    for (const h of layout.holes!) {
      const [r, c] = [Math.floor(h / layout.width), h % layout.width];
      expect(centre(r, c), `off the board at ${r},${c}`).toEqual(BACKGROUND);
    }
    expect(centre(2, 2)).toEqual(TRAY);
    expect(centre(8, 3)).toEqual(TRAY);
    const plus = layout.pieces.find((p) => p.letter === 'P')!;
    for (const [r, c] of coveredCells(plus)) expect(centre(r, c), `P at ${r},${c}`).toEqual(SHAPED);
    expect(notches(layout, 'P').map(([r, c]) => centre(r, c))).toEqual([BACKGROUND, TRAY, TRAY, TRAY]);
  });

  it('the PNG agrees with resvg drawing the same scene as SVG (paths and all)', async () => {
    const { input, png } = preview(BOX);
    expect(previewSvg(input)).toContain('<path d="M');
    await initWasm(readFileSync(new URL('../../../node_modules/@resvg/resvg-wasm/index_bg.wasm', import.meta.url))).catch(() => undefined);
    const fontBuffers = (JSON.parse(readFileSync(new URL('preview-fonts.json', FONTS), 'utf8')) as string[]).map((f) => new Uint8Array(readFileSync(new URL(f, FONTS))));
    const theirs = decodePng(renderPng(previewSvg(input), fontBuffers));
    let total = 0;
    for (let y = 0; y < 630; y++) for (let i = 0; i < 600 * 3; i++) total += Math.abs(png.rgb[y * 3600 + i]! - theirs.rgb[y * 3600 + i]!);
    expect(total / (630 * 600 * 3)).toBeLessThan(1);
  });
});
