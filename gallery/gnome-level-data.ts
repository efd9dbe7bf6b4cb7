/**
 * GNOME Klotski's levels as data: read from its sources (the Vala `levels[]` of today, the C `level[]` of 2012 with its
 * `minimum_moves`) and kept in the repository as data/puzzles/gnome-klotski-levels.tsv, so that the converter's tests
 * run without a copy of GNOME's repository. Pure: no file is read here (scripts/import-gnome.ts reads them).
 */

/** One level as GNOME's source has it: its map is `height` rows of `width` characters. */
export interface GnomeLevel {
  name: string;
  /** GNOME's pack: 0 HuaRong Trail, 1 Challenge Pack, 2 Skill Pack. */
  group: number;
  width: number;
  height: number;
  rows: string[];
}

/** A level with what the 2012 C source (the last before the Vala port) said of it. */
export interface StoredGnomeLevel extends GnomeLevel {
  /** The 2012 `minimum_moves`: 0 where GNOME had none ("SOLVEME"); null if the level was not in the 2012 source. */
  minimum2012: number | null;
  /** Whether the 2012 map is this one (a minimum published for another map is another puzzle's). */
  sameMap2012: boolean;
}

export const GNOME_PACKS = ['HuaRong Trail', 'Challenge Pack', 'Skill Pack'] as const;

function levelOf(name: string, group: string, width: string, height: string, strings: string): GnomeLevel {
  const map = [...strings.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
  const [w, h] = [Number(width), Number(height)];
  if (map.length !== w * h) throw new Error(`GNOME level ${name}: its map has ${map.length} characters, not ${w}×${h}`);
  const rows = Array.from({ length: h }, (_, r) => map.slice(r * w, (r + 1) * w));
  return { name, group: Number(group), width: w, height: h, rows };
}

/** The `levels[]` of src/klotski-window.vala: `{ N_("Name"), /* group *\/ 0, /* width and height *\/ 6, 9, "…" + "…" }`. */
export function parseValaLevels(source: string): GnomeLevel[] {
  const entry = /N_\("([^"]+)"\),\s*\/\*\s*group\s*\*\/\s*(\d+),\s*\/\*[^*]*\*\/\s*(\d+),\s*(\d+),((?:\s*"[^"]*"\s*\+?)+)\s*}/g;
  return [...source.matchAll(entry)].map((m) => levelOf(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!));
}

/** The `level[]` of the 2012 src/gnome-klotski.c: `{N_("Name"), group, width, height, minimum_moves, /* SOLVEME *\/ "…" "…"}`. */
export function parseCLevels(source: string): Array<GnomeLevel & { minimumMoves: number }> {
  const entry = /\{\s*N_\("([^"]+)"\),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(?:\/\*[^*]*\*\/)?((?:\s*"[^"]*")+)\s*}/g;
  return [...source.matchAll(entry)].map((m) => ({ ...levelOf(m[1]!, m[2]!, m[3]!, m[4]!, m[6]!), minimumMoves: Number(m[5]) }));
}

/** Today's levels, each with the 2012 source's minimum and whether its map was the same then. */
export function withMinima2012(levels: GnomeLevel[], levels2012: Array<GnomeLevel & { minimumMoves: number }>): StoredGnomeLevel[] {
  return levels.map((level) => {
    const old = levels2012.find((l) => l.name === level.name);
    const sameMap2012 = !!old && old.width === level.width && old.height === level.height && old.rows.join('') === level.rows.join('');
    return { ...level, minimum2012: old ? old.minimumMoves : null, sameMap2012 };
  });
}

const COLUMNS = ['name', 'group', 'width', 'height', 'map', 'minimum_moves_2012', 'same_map_2012'] as const;

/**
 * The TSV: `#` comment lines, a header, one level a line; the map's rows joined by `/`. A map may itself hold `/` (a
 * piece of Sunshine), so the field is cut by the width, not split: every (width+1)th character must be the separator.
 */
export function formatGnomeLevels(levels: StoredGnomeLevel[], comments: string[]): string {
  const lines = levels.map((l) => [l.name, l.group, l.width, l.height, l.rows.join('/'), l.minimum2012 ?? '', l.minimum2012 === null ? '' : l.sameMap2012 ? 'yes' : 'no'].join('\t'));
  return `${[...comments.map((c) => `# ${c}`), COLUMNS.join('\t'), ...lines].join('\n')}\n`;
}

export function parseGnomeLevels(text: string): StoredGnomeLevel[] {
  const [head, ...lines] = text.split('\n').filter((line) => line.length > 0 && !line.startsWith('#'));
  if (head !== COLUMNS.join('\t')) throw new Error(`GNOME levels file: expected the header ${COLUMNS.join(', ')}`);
  return lines.map((line, i) => {
    const [name, group, width, height, map, minimum, same] = line.split('\t');
    const [w, h] = [Number(width), Number(height)];
    const rows = Array.from({ length: h }, (_, r) => map!.slice(r * (w + 1), r * (w + 1) + w));
    const separators = Array.from({ length: h - 1 }, (_, r) => map![r * (w + 1) + w]);
    if (map!.length !== w * h + h - 1 || separators.some((s) => s !== '/')) {
      throw new Error(`GNOME levels file, level ${i + 1} (${name}): the map is not ${h} rows of ${w} characters joined by '/'`);
    }
    return { name: name!, group: Number(group), width: w, height: h, rows, minimum2012: minimum === '' ? null : Number(minimum), sameMap2012: same === 'yes' };
  });
}
