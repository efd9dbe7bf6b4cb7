/**
 * The preview font's outlines as data, for the link-preview rasteriser (solver/draw/raster.ts): per character its
 * advance and its contours, curves flattened to short lines, in font units. Read from the subset TrueType files of
 * scripts/build-font.ts; written to site/public/fonts/preview-glyphs.json (the Worker reads it like the fonts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { create, type Font } from 'fontkitten';

const DIR = new URL('../site/public/fonts/', import.meta.url);
const OUT = new URL('preview-glyphs.json', DIR);
if (process.argv.includes('--if-missing') && existsSync(OUT)) {
  console.log('preview glyphs present (site/public/fonts/preview-glyphs.json)');
  process.exit(0);
}

/** Points per curve when flattening: enough for a smooth edge at the previews' largest size (76 px). */
const STEPS = 4;
const files = JSON.parse(readFileSync(new URL('preview-fonts.json', DIR), 'utf8')) as string[];
const glyphs: Record<string, [number, number[][]]> = {};
let unitsPerEm = 0;
let ascent = 0;
let descent = 0;
for (const file of files) {
  const font = create(readFileSync(new URL(file, DIR))) as Font;
  ({ unitsPerEm, ascent, descent } = font);
  for (const cp of font.characterSet) {
    const ch = String.fromCodePoint(cp);
    if (glyphs[ch]) continue;
    const glyph = font.glyphForCodePoint(cp);
    const contours: number[][] = [];
    let current: number[] = [];
    let x = 0;
    let y = 0;
    const round = (v: number) => Math.round(v);
    for (const { command, args } of glyph.path.commands) {
      if (command === 'moveTo') {
        if (current.length) contours.push(current);
        current = [round(args[0]!), round(args[1]!)];
        [x, y] = args as [number, number];
      } else if (command === 'lineTo') {
        current.push(round(args[0]!), round(args[1]!));
        [x, y] = args as [number, number];
      } else if (command === 'quadraticCurveTo') {
        const [cx, cy, ex, ey] = args as [number, number, number, number];
        for (let i = 1; i <= STEPS; i++) {
          const t = i / STEPS;
          const u = 1 - t;
          current.push(round(u * u * x + 2 * u * t * cx + t * t * ex), round(u * u * y + 2 * u * t * cy + t * t * ey));
        }
        [x, y] = [ex, ey];
      } else if (command === 'bezierCurveTo') {
        const [c1x, c1y, c2x, c2y, ex, ey] = args as [number, number, number, number, number, number];
        for (let i = 1; i <= STEPS; i++) {
          const t = i / STEPS;
          const u = 1 - t;
          current.push(
            round(u * u * u * x + 3 * u * u * t * c1x + 3 * u * t * t * c2x + t * t * t * ex),
            round(u * u * u * y + 3 * u * u * t * c1y + 3 * u * t * t * c2y + t * t * t * ey),
          );
        }
        [x, y] = [ex, ey];
      } else if (command === 'closePath') {
        if (current.length) contours.push(current);
        current = [];
      }
    }
    if (current.length) contours.push(current);
    glyphs[ch] = [glyph.advanceWidth, contours];
  }
}
const json = JSON.stringify({ unitsPerEm, ascent, descent, glyphs });
writeFileSync(OUT, json);
console.log(`preview glyphs: ${Object.keys(glyphs).length} characters, ${(json.length / 1024).toFixed(0)} KiB → site/public/fonts/preview-glyphs.json`);
