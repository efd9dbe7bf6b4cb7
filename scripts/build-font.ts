/**
 * The preview font: Noto Sans SC Bold cut down to the characters link previews draw — piece names, the named layouts'
 * names, the site's words, digits and printable ASCII — so a PNG never depends on system fonts. Written to
 * site/public/fonts/ as a few small TrueType files (the source ships its glyphs split by Unicode range) plus a list.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import subsetFont from 'subset-font';
import { UNKNOWN_COUNT } from '../solver/draw/preview.ts';

const SOURCE = new URL('../node_modules/@fontsource/noto-sans-sc/', import.meta.url);
const OUT = new URL('../site/public/fonts/', import.meta.url);
export const LIST = 'preview-fonts.json';

if (process.argv.includes('--if-missing') && existsSync(new URL(LIST, OUT))) {
  console.log('preview font present (site/public/fonts/)');
  process.exit(0);
}

const names = readFileSync(new URL('../data/classic.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('commoncode'))
  .map((l) => l.split('\t')[1]!)
  .join('');
const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const text = [...new Set(`华容道曹操关羽张飞赵云马超黄忠兵无解步格直线最少还需数字·—×→←↑↓${UNKNOWN_COUNT}${names}${ascii}`)];

/** Which source file holds each character, from the unicode-range of each @font-face in the bold stylesheet. */
const css = readFileSync(new URL('700.css', SOURCE), 'utf8');
const faces = [...css.matchAll(/url\(\.\/files\/([^)]+\.woff2)\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(([, file, ranges]) => ({
  file: file!,
  ranges: ranges!.split(',').map((r) => {
    const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(a!, 16), parseInt(b ?? a!, 16)] as const;
  }),
}));
const byFile = new Map<string, string[]>();
const missing: string[] = [];
for (const ch of text) {
  const code = ch.codePointAt(0)!;
  const face = faces.find((f) => f.ranges.some(([a, b]) => code >= a && code <= b));
  if (!face) missing.push(ch);
  else byFile.set(face.file, [...(byFile.get(face.file) ?? []), ch]);
}
if (missing.length) console.warn(`preview font: no glyph source for ${JSON.stringify(missing.join(''))}`);

mkdirSync(OUT, { recursive: true });
const files: string[] = [];
let bytes = 0;
for (const [file, chars] of byFile) {
  const subset = await subsetFont(readFileSync(new URL(`files/${file}`, SOURCE)), chars.join(''), { targetFormat: 'truetype' });
  const name = `preview-${files.length}.ttf`;
  writeFileSync(new URL(name, OUT), subset);
  files.push(name);
  bytes += subset.length;
}
writeFileSync(new URL(LIST, OUT), JSON.stringify(files));
console.log(`preview font: ${text.length} characters from ${byFile.size} source files → ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB → site/public/fonts/`);
