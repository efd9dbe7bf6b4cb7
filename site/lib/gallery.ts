/** Build-time data for the gallery: the named layouts, each solved by the solver under all three metrics. */
import raw from '../../data/classic.tsv?raw';
import { METRICS, boardSvg, parseLayoutOrThrow, solve, type Metric, type SolveResult } from '../../solver/index.ts';
import { fileTables } from '../../solver/node/tablebase-files.ts';
import { BUILD_TABLEBASE_DIR } from './build-paths.ts';
import { GLOSSES, slugOf } from './names.ts';

export interface GalleryEntry {
  name: string;
  pinyin: string;
  en: string;
  slug: string;
  code: string;
  svg: string;
  results: Record<Metric, SolveResult>;
}

let cache: GalleryEntry[] | undefined;

export function galleryEntries(): GalleryEntry[] {
  if (cache) return cache;
  const tablebase = fileTables(BUILD_TABLEBASE_DIR);
  const rows = raw
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#') && !l.startsWith('commoncode'))
    .map((l) => l.split('\t'));
  cache = rows.map(([, name, code]) => {
    const layout = parseLayoutOrThrow(code!);
    // Computed here, at build time (from the tablebase the build made, else by search): the shared table's numbers
    // are never copied into the site.
    const results = Object.fromEntries(METRICS.map((m) => [m, solve(layout, { metric: m, tablebase })])) as Record<Metric, SolveResult>;
    const gloss = GLOSSES[name!] ?? { pinyin: '', en: '' };
    return { name: name!, ...gloss, slug: slugOf(name!), code: code!, svg: boardSvg(layout, { cell: 24, title: name! }), results };
  });
  return cache;
}
