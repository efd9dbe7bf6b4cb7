/**
 * Scenes (scene.ts) drawn straight into RGB pixels, for link previews within a few milliseconds of CPU: rounded
 * rectangles by their signed distance (one pixel of antialiasing); polygons (pieces of other shapes, irregular boards)
 * and text from the preview font's outlines (scripts/build-glyphs.ts) with an area-accumulation rasteriser (as in
 * font-rs). No platform APIs.
 */
import type { SceneItem, SceneText } from './scene.ts';

/** The preview font's outlines: per character its advance and contours (x, y pairs), in font units, y up. */
export interface GlyphSet {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  glyphs: Record<string, [advance: number, contours: number[][]]>;
}

export class Raster {
  readonly width: number;
  readonly height: number;
  /** One 0xRRGGBB value per pixel, row-major (flat spans are a single fill, and the encoder compares whole pixels). */
  readonly pixels: Uint32Array;
  private coverage = new Float32Array(0);

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint32Array(width * height);
  }

  draw(items: SceneItem[], font: GlyphSet): void {
    for (const item of items) {
      if (item.kind === 'rect') this.roundRect(item.x, item.y, item.w, item.h, item.r, rgb(item.fill));
      else if (item.kind === 'path') this.polygons(item.contours, rgb(item.fill));
      else this.text(item, font);
    }
  }

  /**
   * A rectangle with rounded corners, antialiased along its edges: the rows beside the corners by each pixel's signed
   * distance to the edge, every other row as a left edge, a span filled at once and a right edge.
   */
  roundRect(x: number, y: number, w: number, h: number, r: number, color: [number, number, number]): void {
    const x0 = Math.max(0, Math.floor(x));
    const y0 = Math.max(0, Math.floor(y));
    const x1 = Math.min(this.width, Math.ceil(x + w));
    const y1 = Math.min(this.height, Math.ceil(y + h));
    const inLeft = Math.max(x0, Math.ceil(x));
    const inRight = Math.min(x1, Math.floor(x + w));
    for (let py = y0; py < y1; py++) {
      const yc = py + 0.5;
      const coverY = clamp01(Math.min(yc - y, y + h - yc) + 0.5);
      if (coverY === 0) continue;
      if (r > 0 && (yc < y + r || yc > y + h - r)) {
        this.cornerRow(py, x0, x1, x, y, w, h, r, color);
        continue;
      }
      for (let qx = x0; qx < inLeft; qx++) this.blend(py, qx, coverY * clamp01(qx + 0.5 - x + 0.5), color);
      this.span(py, inLeft, inRight, coverY, color);
      for (let qx = Math.max(inRight, inLeft); qx < x1; qx++) this.blend(py, qx, coverY * clamp01(x + w - (qx + 0.5) + 0.5), color);
    }
  }

  /** A row that crosses a rounded corner: each pixel's coverage from its signed distance to the edge. */
  private cornerRow(py: number, x0: number, x1: number, x: number, y: number, w: number, h: number, r: number, color: [number, number, number]): void {
    const cx = x + w / 2;
    const cy = y + h / 2;
    const dy = Math.abs(py + 0.5 - cy) - (h / 2 - r);
    for (let qx = x0; qx < x1; qx++) {
      const dx = Math.abs(qx + 0.5 - cx) - (w / 2 - r);
      const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - r;
      this.blend(py, qx, clamp01(0.5 - outside), color);
    }
  }

  private span(py: number, from: number, to: number, a: number, color: [number, number, number]): void {
    if (to <= from) return;
    if (a < 1) {
      for (let qx = from; qx < to; qx++) this.blend(py, qx, a, color);
      return;
    }
    this.pixels.fill((color[0] << 16) | (color[1] << 8) | color[2], py * this.width + from, py * this.width + to);
  }

  private blend(py: number, qx: number, a: number, color: [number, number, number]): void {
    if (a <= 0) return;
    const i = py * this.width + qx;
    const v = this.pixels[i]!;
    const r = (v >> 16) & 255;
    const g = (v >> 8) & 255;
    const b = v & 255;
    this.pixels[i] = (Math.round(r + (color[0] - r) * a) << 16) | (Math.round(g + (color[1] - g) * a) << 8) | Math.round(b + (color[2] - b) * a);
  }

  /** A line of text: glyph by glyph along the advances (no kerning), anchored and placed as SVG would. */
  text(item: SceneText, font: GlyphSet): void {
    const scale = item.size / font.unitsPerEm;
    const chars = [...item.content];
    const advance = chars.reduce((sum, ch) => sum + (font.glyphs[ch]?.[0] ?? font.unitsPerEm / 2), 0) * scale;
    let pen = item.anchor === 'middle' ? item.x - advance / 2 : item.x;
    // `central`: the middle of the em box (ascent to descent) sits on y.
    const baseline = item.baseline === 'central' ? item.y + ((font.ascent + font.descent) / 2) * scale : item.y;
    const color = rgb(item.fill);
    for (const ch of chars) {
      const glyph = font.glyphs[ch];
      if (glyph) this.glyph(glyph[1], pen, baseline, scale, color);
      pen += (glyph?.[0] ?? font.unitsPerEm / 2) * scale;
    }
  }

  private glyph(contours: number[][], originX: number, originY: number, scale: number, color: [number, number, number]): void {
    // Font units (y up) to pixels (y down).
    this.polygons(contours.map((c) => c.map((v, i) => (i % 2 === 0 ? originX + v * scale : originY - v * scale))), color);
  }

  /**
   * Closed polygons in pixels ([x0, y0, x1, y1, …] each), filled together with antialiased edges: glyphs, and pieces
   * and boards of other shapes than rectangles. A contour turning the other way cuts a hole.
   */
  polygons(contours: number[][], color: [number, number, number]): void {
    // The polygons' box in pixels, with a pixel of margin for the rasteriser's writes past the last cell.
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const c of contours) {
      for (let i = 0; i < c.length; i += 2) {
        const X = c[i]!;
        const Y = c[i + 1]!;
        if (X < minX) minX = X;
        if (X > maxX) maxX = X;
        if (Y < minY) minY = Y;
        if (Y > maxY) maxY = Y;
      }
    }
    if (minX === Infinity) return;
    const left = Math.floor(minX);
    const top = Math.floor(minY);
    const w = Math.ceil(maxX) - left + 2;
    const h = Math.ceil(maxY) - top + 1;
    if (this.coverage.length < w * h + 2) this.coverage = new Float32Array(w * h * 2 + 2);
    const acc = this.coverage;
    acc.fill(0, 0, w * h + 2);
    for (const c of contours) {
      const n = c.length;
      for (let i = 0; i < n; i += 2) {
        const j = (i + 2) % n;
        line(acc, w, h, c[i]! - left, c[i + 1]! - top, c[j]! - left, c[j + 1]! - top);
      }
    }
    const solid = (color[0] << 16) | (color[1] << 8) | color[2];
    let sum = 0;
    for (let gy = 0; gy < h; gy++) {
      const py = top + gy;
      for (let gx = 0; gx < w; gx++) {
        sum += acc[gy * w + gx]!;
        const a = Math.min(1, Math.abs(sum));
        const qx = left + gx;
        if (a < 1 / 512 || py < 0 || py >= this.height || qx < 0 || qx >= this.width) continue;
        // Inside a large shape (a board's tray) most pixels are covered whole: no blending there.
        if (a === 1) this.pixels[py * this.width + qx] = solid;
        else this.blend(py, qx, a, color);
      }
    }
  }
}

/**
 * Adds a line's signed area to the accumulation buffer (font-rs's method): each cell gets the area the line sweeps
 * to its right within the cell, so a running sum along a row is the coverage.
 */
function line(acc: Float32Array, w: number, h: number, x0: number, y0: number, x1: number, y1: number): void {
  if (y0 === y1) return;
  let dir = 1;
  if (y0 > y1) {
    dir = -1;
    [x0, x1] = [x1, x0];
    [y0, y1] = [y1, y0];
  }
  const dxdy = (x1 - x0) / (y1 - y0);
  let x = x0;
  if (y0 < 0) x -= y0 * dxdy;
  const yEnd = Math.min(h, Math.ceil(y1));
  for (let y = Math.max(0, Math.floor(y0)); y < yEnd; y++) {
    const row = y * w;
    const dy = Math.min(y + 1, y1) - Math.max(y, y0);
    const xNext = x + dxdy * dy;
    const d = dy * dir;
    const xa = Math.min(x, xNext);
    const xb = Math.max(x, xNext);
    const x0i = Math.floor(xa);
    const x1i = Math.ceil(xb);
    if (x1i <= x0i + 1) {
      const xm = 0.5 * (x + xNext) - x0i;
      acc[row + x0i] = acc[row + x0i]! + d - d * xm;
      acc[row + x0i + 1] = acc[row + x0i + 1]! + d * xm;
    } else {
      const s = 1 / (xb - xa);
      const x0f = xa - x0i;
      const a0 = 0.5 * s * (1 - x0f) * (1 - x0f);
      const x1f = xb - x1i + 1;
      const am = 0.5 * s * x1f * x1f;
      acc[row + x0i] = acc[row + x0i]! + d * a0;
      if (x1i === x0i + 2) acc[row + x0i + 1] = acc[row + x0i + 1]! + d * (1 - a0 - am);
      else {
        const a1 = s * (1.5 - x0f);
        acc[row + x0i + 1] = acc[row + x0i + 1]! + d * (a1 - a0);
        for (let xi = x0i + 2; xi < x1i - 1; xi++) acc[row + xi] = acc[row + xi]! + d * s;
        const a2 = a1 + (x1i - x0i - 3) * s;
        acc[row + x1i - 1] = acc[row + x1i - 1]! + d * (1 - a2 - am);
      }
      acc[row + x1i] = acc[row + x1i]! + d * am;
    }
    x = xNext;
  }
}

function clamp01(v: number): number {
  return v <= 0 ? 0 : v >= 1 ? 1 : v;
}

function rgb(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const v = parseInt(digits, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
