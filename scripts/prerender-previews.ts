/**
 * Pre-renders the link-preview PNGs of the named layouts into dist/img/ (after the site build), so the most shared
 * previews never cost the Worker a render. Counts come from the tablebase the build made; names from the table.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { METRICS, parsePuzzleCode, previewPng, solve, type GlyphSet, type Metric } from '../solver/index.ts';
import { fileTables } from '../solver/node/tablebase-files.ts';
import { GLOSSES } from '../site/lib/names.ts';

const FONTS = new URL('../site/public/fonts/', import.meta.url);
const OUT = new URL('../dist/img/', import.meta.url);

// The same drawing as the Worker's (solver/draw/raster.ts), from the preview font's outlines.
const font = JSON.parse(readFileSync(new URL('preview-glyphs.json', FONTS), 'utf8')) as GlyphSet;
const tablebase = fileTables();
const rows = readFileSync(new URL('../data/classic.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('commoncode'))
  .map((l) => l.split('\t'));

mkdirSync(OUT, { recursive: true });
const started = performance.now();
for (const [, name, code] of rows) {
  const parsed = parsePuzzleCode(code!);
  if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`);
  const { layout, canonical } = parsed.value;
  const counts = Object.fromEntries(METRICS.map((m) => [m, solve(layout, { metric: m, tablebase }).length])) as Record<Metric, number | null>;
  writeFileSync(new URL(`${canonical}.png`, OUT), previewPng({ layout, code: canonical, kind: 'klotski', name: { zh: name!, en: GLOSSES[name!]?.en ?? '' }, counts }, font));
}
console.log(`link previews: ${rows.length} named layouts pre-rendered in ${((performance.now() - started) / 1000).toFixed(1)} s → dist/img/`);
