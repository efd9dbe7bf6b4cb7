/**
 * /puzzle-names.json, built with the site: the gallery's puzzles (data/puzzles/classics.tsv) by their layout's code,
 * each with its goal drawing in canonical form, so a /s/ page reached from /puzzles/ (code and ?goal=) is titled by the
 * puzzle's name in both languages. A layout's traditional name (/named.json) names its default goal only.
 */
import raw from '../../data/puzzles/classics.tsv?raw';
import { parseClassics } from '../../gallery/classics.ts';
import { parsePuzzleCode, resolveGoal } from '../../solver/index.ts';

export function GET(): Response {
  const byCode: Record<string, Array<{ drawing: string; name: string; nameZh: string }>> = {};
  for (const puzzle of parseClassics(raw)) {
    const parsed = parsePuzzleCode(puzzle.code);
    if (!parsed.ok) throw new Error(`${puzzle.id}: ${parsed.error.message}`);
    const drawing = resolveGoal(parsed.value.layout, { drawing: puzzle.goal }).drawing!;
    (byCode[parsed.value.canonical] ??= []).push({ drawing, name: puzzle.name, nameZh: puzzle.nameZh || puzzle.name });
  }
  return new Response(JSON.stringify(byCode), { headers: { 'Content-Type': 'application/json' } });
}
