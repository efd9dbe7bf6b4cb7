/**
 * The gallery's Rush Hour (挪车华容道) puzzles (data/puzzles/rush.tsv): boards quoted in github.com/fogleman/rush, in
 * his notation (`rush:`), each with its name in English and Chinese, a note, its source, and the figures the source
 * publishes (for comparison: the site shows the product's own). A row with `from` is a position of another row's
 * cluster — `<id>@<distance>` that many moves from the exit, `<id>@farthest` the farthest — whose code
 * scripts/build-rush.ts writes (the first in the order of rush: codes); `group` orders the page's parts.
 */
import { readFileSync } from 'node:fs';

export const RUSH_GROUPS = ['fogleman', 'forty', 'cluster'] as const;
export type RushGroup = (typeof RUSH_GROUPS)[number];

/** Where a derived position comes from: a row's cluster, and its distance from the exit (moves) or the farthest. */
export interface RushFrom {
  id: string;
  distance: number | 'farthest';
}

export interface RushGalleryPuzzle {
  id: string;
  group: RushGroup;
  name: string;
  nameZh: string;
  note: string;
  noteZh: string;
  source: string;
  /** The source's own figures, as it words them ('' if none). */
  published: string;
  /** Fogleman's notation: `rush:` and 36 cells (`o` or `.` empty, `x` a wall, `A` the red car). */
  code: string;
  from: RushFrom | null;
}

export const RUSH_COLUMNS = ['id', 'group', 'name', 'name_zh', 'note', 'note_zh', 'source', 'published', 'code', 'from'] as const;

export function readRushGallery(file = new URL('../data/puzzles/rush.tsv', import.meta.url)): RushGalleryPuzzle[] {
  return parseRushGallery(readFileSync(file, 'utf8'));
}

/** `puzzle51@20` → { id: 'puzzle51', distance: 20 }; `unsolver@farthest`; '' → null. Throws on anything else. */
export function parseFrom(text: string): RushFrom | null {
  if (!text) return null;
  const m = /^([a-z0-9-]+)@(\d+|farthest)$/.exec(text);
  if (!m) throw new Error(`rush.tsv: bad from ${JSON.stringify(text)} (want <id>@<moves> or <id>@farthest)`);
  return { id: m[1]!, distance: m[2] === 'farthest' ? 'farthest' : Number(m[2]) };
}

export const formatFrom = (from: RushFrom | null): string => (from ? `${from.id}@${from.distance}` : '');

/** The puzzles of the file's text (the site's build imports the file as text). Throws on a malformed row. */
export function parseRushGallery(text: string): RushGalleryPuzzle[] {
  const [head, ...lines] = text.trimEnd().split('\n');
  if (head !== RUSH_COLUMNS.join('\t')) throw new Error(`rush.tsv: the header is not ${RUSH_COLUMNS.join(', ')}`);
  const puzzles = lines.map((line, i) => {
    const values = line.split('\t');
    if (values.length !== RUSH_COLUMNS.length) throw new Error(`rush.tsv line ${i + 2}: ${values.length} fields, not ${RUSH_COLUMNS.length}`);
    const field = Object.fromEntries(RUSH_COLUMNS.map((c, k) => [c, values[k]!])) as Record<(typeof RUSH_COLUMNS)[number], string>;
    if (!(RUSH_GROUPS as readonly string[]).includes(field.group)) throw new Error(`rush.tsv line ${i + 2}: unknown group ${field.group}`);
    return {
      id: field.id, group: field.group as RushGroup, name: field.name, nameZh: field.name_zh, note: field.note, noteZh: field.note_zh,
      source: field.source, published: field.published, code: field.code, from: parseFrom(field.from),
    };
  });
  const ids = new Set(puzzles.map((p) => p.id));
  if (ids.size !== puzzles.length) throw new Error('rush.tsv: an id is used twice');
  for (const p of puzzles) if (p.from && !ids.has(p.from.id)) throw new Error(`rush.tsv: ${p.id} comes from ${p.from.id}, which is not in the file`);
  return puzzles;
}

/** The file's text for these puzzles (what scripts/build-rush.ts writes back). */
export function formatRushGallery(puzzles: readonly RushGalleryPuzzle[]): string {
  const rows = puzzles.map((p) => [p.id, p.group, p.name, p.nameZh, p.note, p.noteZh, p.source, p.published, p.code, formatFrom(p.from)]);
  for (const row of rows) if (row.some((v) => /[\t\n]/.test(v))) throw new Error(`rush.tsv: ${row[0]} has a tab or a line break in a field`);
  return [RUSH_COLUMNS.join('\t'), ...rows.map((r) => r.join('\t'))].join('\n') + '\n';
}
