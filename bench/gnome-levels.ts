/**
 * npm run bench:gnome — GNOME Klotski's levels in the gallery (issue 46 §5): per level the product's minima in the
 * three metrics (data/puzzles/classics-answers.json, computed by scripts/build-classics.ts), GNOME's published figure,
 * and the whole space reachable from the start as the CLI's `--analyze` enumerates it (positions, the farthest
 * distance in moves; up to `--max-ms`, default 120000, each). Lodzianka and Pelopones take 6–12 minutes each and are
 * left out unless `--all`. Beside them GNOME's minimum under its own rules on its own map, '*' walking out through the
 * door (the tests' independent search, test/helpers/gnome-rules.ts), where it finishes within `--gnome-states`
 * (default 600000) positions. Then the levels not in the gallery, with why. Writes its section of bench/RESULTS.md.
 */
import { readFileSync } from 'node:fs';
import { analyze, parseLayoutOrThrow, solve } from '../solver/index.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { loadDenseThreads } from '../solver/node/dense-threads.ts';
import { CLI_MEMORY_BYTES } from '../solver/node/cli-memory.ts';
import { readAnswers, type MetricAnswer } from '../gallery/answers.ts';
import { readClassics } from '../gallery/classics.ts';
import { parseGnomeLevels } from '../gallery/gnome-level-data.ts';
import { convertGnomeLevel } from '../gallery/gnome-levels.ts';
import { gnomeLevelOfRow } from '../gallery/gnome-rows.ts';
import { gnomeRulesMinimum } from '../test/helpers/gnome-rules.ts';
import { writeSection } from './results.ts';

const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const maxMs = Number(option('--max-ms') ?? 120_000);
const SLOW = ['gnome-lodzianka', 'gnome-pelopones'];
const gnomeStates = Number(option('--gnome-states') ?? 600_000);
const gnomeRules = (level: Parameters<typeof gnomeRulesMinimum>[0]) => {
  const r = gnomeRulesMinimum(level, gnomeStates);
  return r.moves === null ? `> ${gnomeStates.toLocaleString('en')} positions` : String(r.moves);
};

await loadEngineFromDisk();
const threads = loadDenseThreads();
const levels = parseGnomeLevels(readFileSync(new URL('../data/puzzles/gnome-klotski-levels.tsv', import.meta.url), 'utf8'));
const answers = readAnswers()!;
const rows = readClassics().filter((row) => gnomeLevelOfRow(row) !== null);
const figure = (a: MetricAnswer) => (a.status === 'solved' ? String(a.length) : a.status === 'unsolvable' ? 'none' : `open (≥ ${a.lowerBound})`);

const lines: string[] = [];
for (const row of rows) {
  const level = levels.find((l) => l.name === gnomeLevelOfRow(row))!;
  const layout = parseLayoutOrThrow(row.code);
  const stored = answers.puzzles.find((p) => p.id === row.id)!.answers;
  const published = level.minimum2012 ? String(level.minimum2012) : '–';
  let space = 'not run (6–12 min: `--all`; see "Breadth-first search at two bits a position")';
  if (!SLOW.includes(row.id) || process.argv.includes('--all')) {
    const a = analyze(layout, { goal: { drawing: row.goal }, maxMs, memoryBytes: CLI_MEMORY_BYTES });
    space = `${a.complete ? '' : '≥ '}${a.total.toLocaleString('en')} | ${a.complete ? a.farthest.distance : `≥ ${a.farthest.distance}`} | ${(a.stats.ms / 1000).toFixed(1)} s`;
    console.log(`${row.id}: ${a.total} positions, farthest ${a.farthest.distance}${a.complete ? '' : ' (incomplete)'}, ${a.stats.ms} ms`);
  }
  if (space.startsWith('not run')) space = `${space} | | `;
  const rules = SLOW.includes(row.id) && !process.argv.includes('--all') ? 'not run' : gnomeRules(level);
  lines.push(`| ${level.name} | ${layout.width}×${layout.height} | ${figure(stored.move)} / ${figure(stored.straight)} / ${figure(stored.step)} | ${rules} | ${published} | ${space} |`);
}

const left = levels.filter((l) => !rows.some((row) => gnomeLevelOfRow(row) === l.name)).map((l) => {
  const c = convertGnomeLevel(l);
  const crosses = c.ok && c.target.kind === 'door' ? c.target.exitCrosses.map(([r, col]) => `(${r + 1},${col + 1})`).join(' ') : '';
  const modelled = c.ok ? solve(parseLayoutOrThrow(c.code), { metric: 'move', goal: { drawing: c.goal }, maxMs: 10_000, memoryBytes: CLI_MEMORY_BYTES }) : null;
  const counts = !modelled ? '' : `; modelled: ${modelled.status === 'solved' ? modelled.length : `open after 10 s (≥ ${modelled.lowerBound})`} moves, GNOME's rules: ${gnomeRules(l)}`;
  const why = c.ok
    ? `converted (${c.width}×${c.height}) but not entered: the walk out of its door also crosses board cells ${crosses}, and no move-optimal line the product found leaves them empty, so its count would only be a lower bound of GNOME's (\`node scripts/import-gnome.ts\` prints each search's)${counts}`
    : `not converted: ${c.reason}`;
  return `- ${l.name}: ${why}`;
});

await threads?.close();

writeSection(new URL('RESULTS.md', import.meta.url).pathname, '## GNOME Klotski levels (issue 46 §5)', [
  '## GNOME Klotski levels (issue 46 §5)',
  '',
  '`npm run bench:gnome` (`node bench/gnome-levels.ts`; `--all` adds Lodzianka and Pelopones). GNOME\'s 28 levels',
  '(data/puzzles/gnome-klotski-levels.tsv, commit eafa898) converted by `node scripts/import-gnome.ts`; the minima are the',
  'gallery\'s stored answers (`node scripts/build-classics.ts --check`), published = GNOME\'s 2012 `minimum_moves` (the',
  'maps are the same today); positions = the space reachable from the start (`npm run -s solve -- <code> --goal <goal>',
  '--analyze`, move metric, the goal piece A apart from the others of its shape), farthest = its farthest distance in',
  'moves. GNOME\'s rules = the tests\' own breadth-first search on GNOME\'s map under GNOME\'s rules (test/helpers/gnome-rules.ts:',
  '\'*\' walks out through the door, one piece\'s consecutive steps one move), where it ends within the positions allowed.',
  '',
  '| level | board | move / straight / step | GNOME\'s rules (moves) | published | positions | farthest | analyze |',
  '| --- | --- | --- | ---: | --- | ---: | ---: | ---: |',
  ...lines,
  '',
  'Not in the gallery:',
  '',
  ...left,
  '',
].join('\n'));
