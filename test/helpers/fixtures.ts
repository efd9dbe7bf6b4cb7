/** The shared layout tables, kept in data/ (copies of shared/layouts). */
import { readFileSync } from 'node:fs';
import { parseClassicTable, parseTable, type NamedLayout } from './tables.ts';

export type { NamedLayout };

export const CLASSIC: NamedLayout[] = parseClassicTable(readFileSync(new URL('../../data/classic.tsv', import.meta.url), 'utf8'));

export const KORF: Array<{ id: number; code: string; optimal: number }> = parseTable(readFileSync(new URL('../../data/korf100.tsv', import.meta.url), 'utf8')).map(([id, , code, optimal]) => ({
  id: Number(id),
  code: code!,
  optimal: Number(optimal),
}));
