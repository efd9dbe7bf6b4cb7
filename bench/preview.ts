/**
 * npm run bench:preview — the CPU a link-preview PNG costs: the Worker's way (solver/draw/raster.ts straight into
 * pixels, packed by the picture encoder) beside the previous one (the SVG rendered by resvg WebAssembly with the
 * bundled font), same layouts, same run, median of warm runs in Node. Writes bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { initWasm } from '@resvg/resvg-wasm';
import { parsePuzzleCode, previewPng, previewSvg, type GlyphSet } from '../solver/index.ts';
import { renderPng } from './resvg-png.ts';
import { writeSection } from './results.ts';
import { fmt, timeRuns } from './stats.ts';

const FONTS = new URL('../site/public/fonts/', import.meta.url);
await initWasm(readFileSync(new URL('../node_modules/@resvg/resvg-wasm/index_bg.wasm', import.meta.url)));
const fontBuffers = (JSON.parse(readFileSync(new URL('preview-fonts.json', FONTS), 'utf8')) as string[]).map((f) => new Uint8Array(readFileSync(new URL(f, FONTS))));
const glyphs = JSON.parse(readFileSync(new URL('preview-glyphs.json', FONTS), 'utf8')) as GlyphSet;
const rows: string[] = [];
const inputs = [
  ['VBBV-VBBV-VHHV-VS.V-SS.S', null],
  ['SBBSS-SBBVV-HHSVV-VVHH.-VV..S', null],
  ['D68C-FE.A-B745-9132', null],
  ['VBBV-VBBV-VHHV-VSSV-S..S', { zh: '横刀立马', en: 'Sword across, horse reared' }],
] as const;
for (const [code, name] of inputs) {
  const parsed = parsePuzzleCode(code);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const input = { layout: parsed.value.layout, code, kind: parsed.value.kind, name, counts: { move: 57, straight: 40, step: 70 } };
  const fast = () => previewPng(input, glyphs);
  const resvg = () => renderPng(previewSvg(input), fontBuffers);
  for (let i = 0; i < 5; i++) fast(), resvg();
  const drawn = timeRuns(31, fast);
  const rendered = timeRuns(11, resvg);
  const row = `| ${code}${name ? ` (${name.zh})` : ''} | ${fmt(drawn.median)} | ${(drawn.last.length / 1024).toFixed(0)} KiB | ${fmt(rendered.median)} | ${(rendered.last.length / 1024).toFixed(0)} KiB | ${(rendered.median / drawn.median).toFixed(1)}× |`;
  rows.push(row);
  console.log(row);
}
writeSection(
  'bench/RESULTS.md',
  '## Link previews (`npm run bench:preview`)',
  [
    '## Link previews (`npm run bench:preview`)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}: one 1200×630 PNG, warm ` +
      'medians (31 runs of the raster path, 11 of resvg), same run. The Worker draws with the raster path (the scene of ' +
      'solver/draw/preview.ts straight into pixels, text from the preview font\'s outlines, packed by solver/draw/deflate.ts), ' +
      'within the Workers free plan\'s 10 ms of CPU; resvg is the previous way, kept here as the baseline.',
    '',
    '| layout | raster ms | raster PNG | resvg ms | resvg PNG | speed-up |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
