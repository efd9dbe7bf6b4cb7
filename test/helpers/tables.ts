/** Parsing the shared layout tables (no file access, so workerd tests can use it on imported text). */

export interface NamedLayout {
  commonCode: string;
  name: string;
  layout: string;
  /** Minimum moves per metric; null where no solution exists. */
  move: number | null;
  straight: number | null;
  step: number | null;
}

/** Data rows of a TSV table: comment lines and the header row dropped. */
export function parseTable(text: string): string[][] {
  const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  return lines.slice(1).map((l) => l.split('\t'));
}

const count = (s: string) => (s === '-' ? null : Number(s));

export function parseClassicTable(text: string): NamedLayout[] {
  return parseTable(text).map(([commonCode, name, layout, move, straight, step]) => ({
    commonCode: commonCode!,
    name: name!,
    layout: layout!,
    move: count(move!),
    straight: count(straight!),
    step: count(step!),
  }));
}
