/**
 * npm run bench:preview — the CPU a link-preview PNG costs (resvg WebAssembly, the bundled font): the SVG composition
 * and the render of an arbitrary layout, median of warm runs in Node. Writes bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { initWasm } from '@resvg/resvg-wasm';
import { parsePuzzleCode, previewSvg } from '../solver/index.ts';
import { renderPng } from '../worker/png.ts';
import { writeSection } from './results.ts';
import { fmt, timeRuns } from './stats.ts';

const FONTS = new URL('../site/public/fonts/', import.meta.url);
await initWasm(readFileSync(new URL('../node_modules/@resvg/resvg-wasm/index_bg.wasm', import.meta.url)));
const fontBuffers = (JSON.parse(readFileSync(new URL('preview-fonts.json', FONTS), 'utf8')) as string[]).map((f) => new Uint8Array(readFileSync(new URL(f, FONTS))));
const rows: string[] = [];
for (const code of ['VBBV-VBBV-VHHV-VS.V-SS.S', 'SBBSS-SBBVV-HHSVV-VVHH.-VV..S', 'D68C-FE.A-B745-9132']) {
  const parsed = parsePuzzleCode(code);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const input = { layout: parsed.value.layout, code, kind: parsed.value.kind, name: null, counts: { move: 57, straight: 40, step: 70 } };
  const compose = timeRuns(51, () => previewSvg(input));
  const render = () => renderPng(compose.last, fontBuffers);
  for (let i = 0; i < 3; i++) render();
  const { median, last } = timeRuns(11, render);
  const row = `| ${code} | ${fmt(compose.median)} | ${fmt(median)} | ${(last.length / 1024).toFixed(0)} KiB |`;
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
      'medians (SVG composition of 51 runs, resvg render of 11). A render is far above the Workers free plan\'s 10 ms of CPU: ' +
      'the named layouts are pre-rendered at build time and every other preview is drawn once per location (Cache API), ' +
      'which needs the Workers Paid plan (`[limits] cpu_ms` of 200 or more).',
    '',
    '| layout | compose ms | render ms | PNG |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
