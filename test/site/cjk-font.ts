/**
 * A CJK system font for the browser tests, so pages measure as on a phone (which has Noto Sans CJK) and not as in the
 * packaged Chromium (Open Sans only: every Chinese character a narrow "tofu" box).
 *
 * Noto Sans SC from the devDependency @fontsource/noto-sans-sc, regular and bold, converted to TrueType (fontconfig
 * does not read WOFF2) and cut to U+2000 on (symbols and CJK), so Latin text keeps the browser's own font and Chinese
 * comes by the system's per-character fallback, as on a phone. The files and a fontconfig file that adds them to the
 * fonts the browser already uses go to node_modules/.cache/ (built once, in about 2 s); FONTCONFIG_FILE given to
 * Chromium points at that file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const SOURCE = new URL('../../node_modules/@fontsource/noto-sans-sc/', import.meta.url);
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/huarong-cjk-font/', import.meta.url));
const WEIGHTS = [400, 700];
/** General Punctuation onwards: arrows and shapes (the ▶ row), then the Han characters, CJK punctuation and full-width forms. */
const FIRST_KEPT = 0x2000;

/** Each source file of one weight with the code points it holds (from its @font-face unicode-range). */
function slices(weight: number): { file: string; codePoints: number[] }[] {
  const css = readFileSync(new URL(`${weight}.css`, SOURCE), 'utf8');
  return [...css.matchAll(/url\(\.\/files\/([^)]+\.woff2)\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(([, file, ranges]) => {
    const codePoints: number[] = [];
    for (const range of ranges!.split(',')) {
      const [a, b] = range.trim().replace(/^U\+/i, '').split('-');
      for (let cp = Math.max(parseInt(a!, 16), FIRST_KEPT); cp <= parseInt(b ?? a!, 16); cp++) codePoints.push(cp);
    }
    return { file: file!, codePoints };
  });
}

/** Builds into a directory of its own, renamed into place when complete: test files run in parallel. */
async function buildFonts(target: string): Promise<void> {
  const dir = `${target}-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  for (const weight of WEIGHTS) {
    for (const { file, codePoints } of slices(weight)) {
      if (!codePoints.length) continue;
      const text = String.fromCodePoint(...codePoints);
      const font = await subsetFont(readFileSync(new URL(`files/${file}`, SOURCE)), text, { targetFormat: 'truetype' });
      writeFileSync(join(dir, file.replace(/\.woff2$/, '.ttf')), font);
    }
  }
  writeFileSync(join(dir, 'complete'), '');
  try {
    renameSync(dir, target);
  } catch {
    rmSync(dir, { recursive: true, force: true }); // another test file's build got there first
  }
}

/**
 * The fontconfig file for Chromium: the fonts it reads already (the packaged build's own fonts.conf, or the system's
 * for a system Chromium) plus the CJK font.
 */
export async function cjkFontConfig(systemChromium: boolean): Promise<string> {
  const fonts = join(CACHE, 'fonts');
  if (!existsSync(join(fonts, 'complete'))) await buildFonts(fonts);
  const base = systemChromium ? '/etc/fonts/fonts.conf' : join(process.env.FONTCONFIG_PATH ?? join(tmpdir(), 'fonts'), 'fonts.conf');
  const file = join(CACHE, systemChromium ? 'fonts-system.conf' : 'fonts.conf');
  const partial = `${file}-${process.pid}`;
  writeFileSync(
    partial,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <cachedir>${join(CACHE, 'cache')}</cachedir>
  <include ignore_missing="yes">${base}</include>
  <dir>${fonts}</dir>
</fontconfig>
`,
  );
  renameSync(partial, file);
  return file;
}
