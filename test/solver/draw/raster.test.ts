/**
 * The preview drawn straight into pixels (raster.ts, png.ts, deflate.ts): a valid PNG whose pixels, decoded here with
 * node:zlib, show the board (each piece's colour at its place, the tray where cells are empty) and match resvg's
 * rendering of the same scene as SVG within antialiasing noise.
 */
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { initWasm } from '@resvg/resvg-wasm';
import { describe, expect, it } from 'vitest';
import { parsePuzzleCode, previewPng, previewSvg, type GlyphSet } from '../../../solver/index.ts';
import { previewScene } from '../../../solver/draw/preview.ts';
import { renderPng } from '../../../bench/resvg-png.ts';

const FONTS = new URL('../../../site/public/fonts/', import.meta.url);
const glyphs = JSON.parse(readFileSync(new URL('preview-glyphs.json', FONTS), 'utf8')) as GlyphSet;

/** Decodes an 8-bit RGB or RGBA PNG (every filter type) into RGB pixels. */
function decodePng(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 3;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.slice(at + 4, at + 8));
    const data = png.slice(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      channels = data[9] === 6 ? 4 : 3;
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? out[y * stride + i - channels]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const ul = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      const p = left + up - ul;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - ul) ? left : Math.abs(p - up) <= Math.abs(p - ul) ? up : ul;
      out[y * stride + i] = (v + [0, left, up, (left + up) >> 1, paeth][filter]!) & 255;
    }
  }
  if (channels === 3) return { width, height, rgb: out };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(out.subarray(i * 4, i * 4 + 3), i * 3);
  return { width, height, rgb };
}

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
