/**
 * The gallery's classic sliding-block puzzles (data/puzzles/classics.tsv), entered from public descriptions: each with
 * its name, origin, layout code and goal drawing, and the sources'. No minimum is taken from the file: the product
 * computes its own (scripts/build-classics.ts for the gallery, npm run bench:classics for timings); `published` is what the sources claim, for comparison.
 */
import { readFileSync } from 'node:fs';

export interface ClassicPuzzle {
  id: string;
  name: string;
  /** The Chinese name: a traditional one where the puzzle has one (nameZhKind 'traditional'), else this site's translation. */
  nameZh: string;
  nameZhKind: 'traditional' | 'translation' | '';
  origin: string;
  /** The origin in Chinese (names of people and companies kept in their own script). */
  originZh: string;
  code: string;
  goal: string;
  source: string;
  notes: string;
  published: string;
}

export function readClassics(file = new URL('../data/puzzles/classics.tsv', import.meta.url)): ClassicPuzzle[] {
  return parseClassics(readFileSync(file, 'utf8'));
}

/** The puzzles of the file's text (the site's build imports the file as text: its bundles run from elsewhere). */
export function parseClassics(text: string): ClassicPuzzle[] {
  const [head, ...lines] = text.trimEnd().split('\n');
  const columns = head!.split('\t');
  return lines.map((line) => {
    const field = Object.fromEntries(line.split('\t').map((value, i) => [columns[i], value]));
    return {
      id: field.id!, name: field.name!, nameZh: field.name_zh ?? '', nameZhKind: (field.name_zh_kind ?? '') as ClassicPuzzle['nameZhKind'],
      origin: field.origin ?? '', originZh: field.origin_zh ?? '', code: field.code!, goal: field.goal!,
      source: field.source ?? '', notes: field.notes ?? '', published: field.published ?? '',
    };
  });
}
