/**
 * node scripts/build-rush.ts — writes the codes of the gallery's derived Rush Hour positions (data/puzzles/rush.tsv,
 * rows with `from`): for `<id>@<d>`, the position of row <id>'s cluster d moves from the exit, for `<id>@farthest` the
 * farthest — where several are, the first in the order of their rush: codes, so the file is reproducible. Distances
 * come from the independent reference's breadth-first search from every solved position of the cluster
 * (test/helpers/rush-reference.ts `rushDistancesToGoal`, moves counted as under `line`: one car, any distance); the
 * product's solver must find the same minimum, or nothing is written. `--check` writes nothing and fails when the
 * file's codes are not these. The gallery's numbers are computed when the site is built (site/lib/rush-gallery.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRushOrThrow, solve } from '../solver/index.ts';
import { formatRushGallery, parseRushGallery, type RushFrom, type RushGalleryPuzzle } from '../gallery/rush.ts';
import { readRush, rushCodeOf, rushDistancesToGoal } from '../test/helpers/rush-reference.ts';

export const RUSH_FILE = new URL('../data/puzzles/rush.tsv', import.meta.url);

/** The position of `code`'s cluster at `from.distance` moves from the exit (or the farthest): the first by its rush: code. */
export function derivePosition(code: string, distance: RushFrom['distance']): { code: string; distance: number } {
  const board = readRush(code);
  const all = rushDistancesToGoal(board, 'straight');
  if (all.length === 0) throw new Error(`${code}: no position of its cluster reaches the exit`);
  const d = distance === 'farthest' ? Math.max(...all.map((p) => p.distance)) : distance;
  const codes = all.filter((p) => p.distance === d).map((p) => rushCodeOf(board, p.position)).sort();
  if (codes.length === 0) throw new Error(`${code}: no position of its cluster is ${d} moves from the exit`);
  return { code: codes[0]!, distance: d };
}

/** The puzzles with every derived row's code written; throws if the product's minimum is not the reference's. */
export function deriveCodes(puzzles: readonly RushGalleryPuzzle[]): RushGalleryPuzzle[] {
  return puzzles.map((p) => {
    if (!p.from) return p;
    const source = puzzles.find((q) => q.id === p.from!.id)!;
    if (source.from) throw new Error(`${p.id}: comes from ${source.id}, itself derived: name an entered board`);
    const picked = derivePosition(source.code, p.from.distance);
    const product = solve(parseRushOrThrow(picked.code), { slide: 'line', metric: 'move' });
    if (product.length !== picked.distance) throw new Error(`${p.id}: the product solves ${picked.code} in ${product.length} moves, the reference says ${picked.distance}`);
    return { ...p, code: picked.code };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = readFileSync(RUSH_FILE, 'utf8');
  const derived = formatRushGallery(deriveCodes(parseRushGallery(text)));
  if (derived === text) console.log('data/puzzles/rush.tsv: the derived positions are up to date');
  else if (process.argv.includes('--check')) {
    console.error('data/puzzles/rush.tsv: the derived positions are not what node scripts/build-rush.ts writes: run it');
    process.exit(1);
  } else {
    writeFileSync(RUSH_FILE, derived);
    console.log('data/puzzles/rush.tsv: derived positions written');
  }
}
