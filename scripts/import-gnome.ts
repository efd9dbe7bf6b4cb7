/**
 * node scripts/import-gnome.ts — GNOME Klotski's levels into the gallery (issue 46 §5).
 *
 * Reads the levels kept in data/puzzles/gnome-klotski-levels.tsv (`--levels FILE`) and prints, for each, the layout
 * code and goal drawing gallery/gnome-levels.ts converts it to (and how its target was modelled) or why it is not
 * converted, and whether the gallery's rows entered from it agree with the converter (up to letters).
 *
 * `--write`: adds to data/puzzles/classics.tsv a row for each level the gallery has no row for and whose model counts
 * moves as GNOME does (gallery/gnome-exit.ts: where the walk out of the door crosses other board cells, the script
 * solves the level to find out); then `node scripts/build-classics.ts --check` computes their answers.
 * `--budget-ms N`: each of those solves' budget (default 60000, as the gallery's answers have).
 * `--refresh`: writes the levels file again from a copy of GNOME's repository (`--mirror DIR`, a git directory; by
 * default /work/.mirror/GNOME+gnome-klotski/repo): the Vala source's levels at commit eafa898 and the 2012 C source's
 * minimum_moves (bb374fb^, the commit before the Vala port).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { classicLine, parseClassics } from '../gallery/classics.ts';
import { formatGnomeLevels, parseCLevels, parseGnomeLevels, parseValaLevels, withMinima2012 } from '../gallery/gnome-level-data.ts';
import { convertGnomeLevel } from '../gallery/gnome-levels.ts';
import { exitProof } from '../gallery/gnome-exit.ts';
import { DEFAULT_BUDGET_MS } from '../gallery/answers.ts';
import { loadEngineFromDisk } from '../solver/node/bitboard-engine.ts';
import { loadDenseThreads } from '../solver/node/dense-threads.ts';
import { CLI_MEMORY_BYTES } from '../solver/node/cli-memory.ts';
import { GNOME_COMMIT, differenceUpToLetters, gnomeLevelOfRow, gnomeRow } from '../gallery/gnome-rows.ts';

const LEVELS_FILE = new URL('../data/puzzles/gnome-klotski-levels.tsv', import.meta.url);
const CLASSICS_FILE = new URL('../data/puzzles/classics.tsv', import.meta.url);
const DEFAULT_MIRROR = '/work/.mirror/GNOME+gnome-klotski/repo';
/** The last C source, with `minimum_moves`: the parent of the Vala port (bb374fb, "initial vala version", 2012-11-04). */
const C_SOURCE_COMMIT = 'bb374fb^';

const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const budgetMs = Number(option('--budget-ms') ?? DEFAULT_BUDGET_MS);
const levelsFile = option('--levels') ? new URL(option('--levels')!, `file://${process.cwd()}/`) : LEVELS_FILE;

if (process.argv.includes('--refresh')) {
  const mirror = option('--mirror') ?? DEFAULT_MIRROR;
  const show = (rev: string, path: string) => execFileSync('git', ['-C', mirror, 'show', `${rev}:${path}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const levels = withMinima2012(parseValaLevels(show(GNOME_COMMIT, 'src/klotski-window.vala')), parseCLevels(show(C_SOURCE_COMMIT, 'src/gnome-klotski.c')));
  if (levels.length === 0) throw new Error(`no levels found in ${mirror} ${GNOME_COMMIT}:src/klotski-window.vala`);
  writeFileSync(levelsFile, formatGnomeLevels(levels, [
    `GNOME Klotski's ${levels.length} levels: github.com/GNOME/gnome-klotski src/klotski-window.vala levels[] at commit ${GNOME_COMMIT} (2025-04-07);`,
    `minimum_moves from src/gnome-klotski.c level[] at ${C_SOURCE_COMMIT} (2012, the last C source before the Vala port).`,
    'GNOME Klotski is free software under the GNU General Public License, version 3 or later; these maps are its data, under that licence.',
    "map: the rows joined by '/' (cut it by the width: a map may hold '/' as a piece); '#' wall, ' ' empty, '.' empty target cell,",
    "'-' a door only '*' may enter, any other character one piece (all its cells), '*' the piece that must cover the targets.",
    'minimum_moves_2012: GNOME\'s published minimum (0: none, "SOLVEME"; consecutive steps of one piece are one move);',
    'same_map_2012: whether the 2012 map is this one. Written by node scripts/import-gnome.ts --refresh.',
  ]));
  console.log(`${levels.length} levels from ${mirror} → ${levelsFile.pathname}`);
}

const levels = parseGnomeLevels(readFileSync(levelsFile, 'utf8'));
// Solves as the gallery's answers are solved (scripts/build-classics.ts).
await loadEngineFromDisk();
const threads = loadDenseThreads();
const classicsText = readFileSync(CLASSICS_FILE, 'utf8');
const rows = parseClassics(classicsText);
const added: string[] = [];
for (const level of levels) {
  const converted = convertGnomeLevel(level);
  const published = level.minimum2012 ? `published ${level.minimum2012}${level.sameMap2012 ? '' : ' (2012 map differs)'}` : 'no minimum published';
  console.log(`${level.name} (${published})`);
  if (!converted.ok) {
    console.log(`  not converted (${converted.why}): ${converted.reason}`);
    continue;
  }
  const { target } = converted;
  const how = target.kind === 'inside' ? 'target inside the tray' : `door: the inner placement${target.exitCrosses.length ? `; the walk out also crosses ${target.exitCrosses.map(([r, c]) => `(${r + 1},${c + 1})`).join(' ')}` : ', exact'}`;
  console.log(`  ${converted.width}×${converted.height} ${converted.code}  goal ${converted.goal}  (${how})`);
  const entered = rows.filter((row) => gnomeLevelOfRow(row) === level.name);
  for (const row of entered) {
    const difference = differenceUpToLetters(row, converted);
    console.log(`  gallery row ${row.id}: ${difference ? `DIFFERS from the converter: ${difference}` : 'agrees with the converter (up to letters)'}`);
  }
  const proof = exitProof(converted, { maxMs: budgetMs, memoryBytes: CLI_MEMORY_BYTES });
  if (proof.exact && proof.by === 'line') console.log(`  GNOME's count: the ${proof.algorithm} search's line of ${proof.length} moves ends with those cells empty`);
  if (!proof.exact) console.log(`  ${entered.length ? 'the row\'s' : 'not entered:'} model is only a lower bound: ${proof.reason}`);
  if (entered.length === 0 && proof.exact) {
    const row = gnomeRow(level, converted, proof);
    if (rows.some((r) => r.id === row.id)) throw new Error(`the gallery has a row ${row.id} that does not name GNOME's level ${level.name} as its source`);
    added.push(classicLine(row, classicsText.split('\n')[0]!));
    console.log(`  ${process.argv.includes('--write') ? 'added' : 'new'}: ${row.id}`);
  }
}
await threads?.close();
if (process.argv.includes('--write') && added.length > 0) {
  writeFileSync(CLASSICS_FILE, `${classicsText.trimEnd()}\n${added.join('\n')}\n`);
  console.log(`${added.length} rows added to ${CLASSICS_FILE.pathname}: compute their answers with node scripts/build-classics.ts --check`);
} else if (added.length > 0) {
  console.log(`${added.length} levels have no gallery row: --write adds them`);
}
