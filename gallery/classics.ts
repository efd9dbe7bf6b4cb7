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

/** A puzzle as a line of the file whose header is `head` (the inverse of parseClassics for one row). */
export function classicLine(puzzle: ClassicPuzzle, head: string): string {
  const field: Record<string, string> = {
    id: puzzle.id, name: puzzle.name, name_zh: puzzle.nameZh, origin: puzzle.origin, code: puzzle.code, goal: puzzle.goal, source: puzzle.source,
    notes: puzzle.notes, published: puzzle.published, origin_zh: puzzle.originZh, name_zh_kind: puzzle.nameZhKind,
  };
  return head.split('\t').map((column) => {
    const value = field[column];
    if (value === undefined) throw new Error(`classics file: no field for the column ${column}`);
    if (/[\t\n]/.test(value)) throw new Error(`${puzzle.id}: ${column} holds a tab or a newline`);
    return value;
  }).join('\t');
}
