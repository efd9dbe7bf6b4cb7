/**
 * npm run build:tables — the 4×5 tablebase: for every piece mix (two empty cells, the classic board, or three) and
 * metric, every position's distance to the goal mod 3, by retrograde breadth-first search, into site/public/tablebase/
 * (one checked file per mix and metric), plus stats.json (positions, solvable positions and the farthest positions of
 * each mix; the three-empty mixes under `threeEmpty`).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { formatLayout } from '../solver/klotski/model/codec.ts';
import { METRICS, type Metric } from '../solver/shared/metric.ts';
import { buildTable, countPositions } from '../solver/tablebase/build.ts';
import { toLayout } from '../solver/tablebase/classic.ts';
import { serializeTable, tableFileName } from '../solver/tablebase/file.ts';
import { MIXES, mixTag } from '../solver/tablebase/mixes.ts';
import { ClassicPosition } from '../solver/tablebase/position.ts';
import { STATS_FILE, TABLEBASE_DIR, tablebasePresent } from '../solver/node/tablebase-files.ts';

if (process.argv.includes('--if-missing') && tablebasePresent()) {
  console.log('tablebase present (site/public/tablebase/)');
  process.exit(0);
}

/** Writes beside the target and renames, so an interrupted build never leaves a half-written file. */
function writeAtomically(name: string, bytes: Uint8Array | string): void {
  const target = new URL(name, TABLEBASE_DIR);
  const temporary = new URL(`${name}.partial`, TABLEBASE_DIR);
  writeFileSync(temporary, bytes);
  renameSync(temporary, target);
}

interface Farthest {
  distance: number | null;
  /** One position at that distance, as a layout code. */
  example: string | null;
}

mkdirSync(TABLEBASE_DIR, { recursive: true });
const started = performance.now();
let totalBytes = 0;
type Overall = Record<Metric, { distance: number; example: string; mix: string }>;
interface MixStats {
  mix: string;
  vertical: number;
  horizontal: number;
  soldiers: number;
  numbers: number;
  positions: number;
  solvable: number;
  farthest: Record<Metric, Farthest>;
}
/** Per count of empty cells: the mixes' statistics and the farthest positions over all of them. */
const groups = new Map<number, { mixes: MixStats[]; overall: Overall }>();
for (const mix of MIXES) {
  if (!groups.has(mix.empty)) groups.set(mix.empty, { mixes: [], overall: Object.fromEntries(METRICS.map((m) => [m, { distance: -1, example: '', mix: '' }])) as Overall });
  const { mixes, overall } = groups.get(mix.empty)!;
  const t = performance.now();
  const positions = countPositions(mix);
  const farthest = {} as Record<Metric, Farthest>;
  let solvable = -1;
  for (const metric of METRICS) {
    const table = buildTable(mix, metric);
    // Reachability does not depend on the metric: a move is a chain of one-cell slides.
    if (solvable >= 0 && table.solvable !== solvable) throw new Error(`internal: ${mixTag(mix)} has ${solvable} solvable positions in one metric, ${table.solvable} in ${metric}`);
    solvable = table.solvable;
    const bytes = serializeTable(table, positions);
    writeAtomically(tableFileName(mix, metric), bytes);
    totalBytes += bytes.length;
    let example: string | null = null;
    if (table.farthestIndex >= 0) {
      const position = new ClassicPosition(mix);
      position.unrank(table.farthestIndex);
      example = formatLayout(toLayout(position));
    }
    farthest[metric] = { distance: table.farthest >= 0 ? table.farthest : null, example };
    if (example && table.farthest > overall[metric].distance) overall[metric] = { distance: table.farthest, example, mix: mixTag(mix) };
  }
  mixes.push({ mix: mixTag(mix), vertical: mix.vertical, horizontal: mix.horizontal, soldiers: mix.soldiers, numbers: mix.size, positions, solvable, farthest });
  const far = METRICS.map((m) => `${m} ${farthest[m].distance ?? '–'}`).join(', ');
  console.log(`[${String(mix.id + 1).padStart(2)}/${MIXES.length}] ${mixTag(mix)}s${mix.soldiers}: ${positions.toLocaleString('en')} positions, ${solvable.toLocaleString('en')} solvable; farthest ${far} (${((performance.now() - t) / 1000).toFixed(2)} s)`);
}
function summary(empty: number) {
  const { mixes, overall } = groups.get(empty)!;
  return { positions: mixes.reduce((s, m) => s + m.positions, 0), solvable: mixes.reduce((s, m) => s + m.solvable, 0), farthest: overall, mixes };
}
// The classic board (two empty cells) at the top level, as the hardest page reads it.
const stats = { board: '4x5', goal: { piece: '2×2', at: [3, 1] }, metrics: METRICS, ...summary(2), threeEmpty: summary(3) };
writeAtomically(STATS_FILE, `${JSON.stringify(stats, null, 1)}\n`);
console.log(
  `tablebase: ${MIXES.length} mixes × ${METRICS.length} metrics, ${(stats.positions + stats.threeEmpty.positions).toLocaleString('en')} positions (${(stats.solvable + stats.threeEmpty.solvable).toLocaleString('en')} solvable), ` +
    `${(totalBytes / 1e6).toFixed(2)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s → site/public/tablebase/`,
);
