/**
 * The preview drawn straight into pixels (raster.ts, png.ts, deflate.ts): a valid PNG whose pixels, decoded here with
 * node:zlib, show the board (each piece's colour at its place, the tray where cells are empty) and match resvg's
 * rendering of the same scene as SVG within antialiasing noise.
 */
import { readFileSync } from 'node:fs';
import { initWasm } from '@resvg/resvg-wasm';
import { describe, expect, it } from 'vitest';
import { parsePuzzleCode, previewPng, previewSvg, type GlyphSet } from '../../../solver/index.ts';
import { previewScene } from '../../../solver/draw/preview.ts';
import { renderPng } from '../../../bench/resvg-png.ts';
import { decodePng } from '../../helpers/png.ts';

const FONTS = new URL('../../../site/public/fonts/', import.meta.url);
const glyphs = JSON.parse(readFileSync(new URL('preview-glyphs.json', FONTS), 'utf8')) as GlyphSet;

const hex = (s: string) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));

describe('previewPng', () => {
  for (const code of ['VBBV-VBBV-VHHV-VS.V-SS.S', 'SBBSS-SBBVV-HHSVV-VVHH.-VV..S', 'D68C-FE.A-B745-9132', 'SS.VBB-SSSVBB-VSSVS.-VS.VSS-HHSHH.']) {
    it(`draws ${code}: each piece's colour where it stands, and resvg's picture within antialiasing`, async () => {
      const parsed = parsePuzzleCode(code);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const input = { layout: parsed.value.layout, code, kind: parsed.value.kind, name: null, counts: { move: 57, straight: 40, step: 70 } };
      const ours = decodePng(previewPng(input, glyphs));
      expect([ours.width, ours.height]).toEqual([1200, 630]);
      const at = (x: number, y: number) => [...ours.rgb.subarray((Math.floor(y) * 1200 + Math.floor(x)) * 3, (Math.floor(y) * 1200 + Math.floor(x)) * 3 + 3)];
      // Every rectangle of the scene shows its colour a little inside its top-left corner (clear of labels), unless a
      // later one lies over that point (the tray over the wood).
      const rects = previewScene(input).flatMap((i) => (i.kind === 'rect' ? [i] : []));
      let checked = 0;
      rects.forEach((r, k) => {
        const x = r.x + Math.max(r.r, 2) + 3;
        const y = r.y + Math.max(r.r, 2) + 3;
        if (r.w < 20 || r.h < 20 || rects.slice(k + 1).some((o) => x >= o.x - 1 && x <= o.x + o.w + 1 && y >= o.y - 1 && y <= o.y + o.h + 1)) return;
        expect(at(x, y), `${r.fill} at ${r.x},${r.y}`).toEqual(hex(r.fill));
        checked++;
      });
      expect(checked).toBeGreaterThanOrEqual(parsed.value.layout.pieces.length);
      // The same scene through resvg: the pictures agree but for antialiasing.
      await initWasm(readFileSync(new URL('../../../node_modules/@resvg/resvg-wasm/index_bg.wasm', import.meta.url))).catch(() => undefined);
      const fontBuffers = (JSON.parse(readFileSync(new URL('preview-fonts.json', FONTS), 'utf8')) as string[]).map((f) => new Uint8Array(readFileSync(new URL(f, FONTS))));
      const theirs = decodePng(renderPng(previewSvg(input), fontBuffers));
      // The board (the left 600 px) agrees closely; the words on the right drift by a pixel or two where resvg kerns.
      const meanDiff = (x0: number, x1: number) => {
        let total = 0;
        for (let y = 0; y < 630; y++) for (let i = x0 * 3; i < x1 * 3; i++) total += Math.abs(ours.rgb[y * 3600 + i]! - theirs.rgb[y * 3600 + i]!);
        return total / (630 * (x1 - x0) * 3);
      };
      expect(meanDiff(0, 600)).toBeLessThan(1);
      expect(meanDiff(0, 1200)).toBeLessThan(3);
    });
  }
});
