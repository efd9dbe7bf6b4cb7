/** The shared layout tables, kept in data/ (copies of shared/layouts). */
import { readFileSync } from 'node:fs';

export interface NamedLayout {
  commonCode: string;
  name: string;
  layout: string;
  /** Minimum moves per metric; null where no solution exists. */
  move: number | null;
  straight: number | null;
  step: number | null;
}

function rows(file: string): string[][] {
  const text = readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  return lines.slice(1).map((l) => l.split('\t'));
}

const count = (s: string) => (s === '-' ? null : Number(s));

export const CLASSIC: NamedLayout[] = rows('classic.tsv').map(([commonCode, name, layout, move, straight, step]) => ({
  commonCode: commonCode!,
  name: name!,
  layout: layout!,
  move: count(move!),
  straight: count(straight!),
  step: count(step!),
}));

export const KORF: Array<{ id: number; code: string; optimal: number }> = rows('korf100.tsv').map(([id, , code, optimal]) => ({
  id: Number(id),
  code: code!,
  optimal: Number(optimal),
}));
