/**
 * npm run build:tables — the 4×5 tablebase: for every piece mix (two empty cells, the classic board, or three) and
 * metric, every position's distance to the goal mod 3, by retrograde breadth-first search, into site/public/tablebase/
 * (one checked file per mix and metric), plus stats.json (positions, solvable positions and the farthest positions of
 * each mix; the three-empty mixes under `threeEmpty`). One worker thread per core takes mixes, largest first; the
 * statistics are gathered in the mixes' order, so stats.json does not depend on which thread built what.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { formatLayout } from '../solver/klotski/model/codec.ts';
import { METRICS, type Metric } from '../solver/shared/metric.ts';
import { buildTable, countPositions } from '../solver/tablebase/build.ts';
import { toLayout } from '../solver/tablebase/classic.ts';
import { serializeTable, tableFileName } from '../solver/tablebase/file.ts';
import { MIXES, mixTag, type Mix } from '../solver/tablebase/mixes.ts';
import { ClassicPosition } from '../solver/tablebase/position.ts';
import { STATS_FILE, TABLEBASE_DIR, tablebasePresent } from '../solver/node/tablebase-files.ts';

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

/** What a thread sends back for one mix: its statistics, its files' bytes and its time. */
interface MixBuilt {
  id: number;
  stats: MixStats;
  bytes: number;
  ms: number;
}

/** Builds and writes one mix's tables, in every metric. */
function buildMix(mix: Mix): MixBuilt {
  const t = performance.now();
  const positions = countPositions(mix);
  const farthest = {} as Record<Metric, Farthest>;
  let solvable = -1;
  let bytesWritten = 0;
  for (const metric of METRICS) {
    const table = buildTable(mix, metric);
    // Reachability does not depend on the metric: a move is a chain of one-cell slides.
    if (solvable >= 0 && table.solvable !== solvable) throw new Error(`internal: ${mixTag(mix)} has ${solvable} solvable positions in one metric, ${table.solvable} in ${metric}`);
    solvable = table.solvable;
    const bytes = serializeTable(table, positions);
    writeAtomically(tableFileName(mix, metric), bytes);
    bytesWritten += bytes.length;
    let example: string | null = null;
    if (table.farthestIndex >= 0) {
      const position = new ClassicPosition(mix);
      position.unrank(table.farthestIndex);
      example = formatLayout(toLayout(position));
    }
    farthest[metric] = { distance: table.farthest >= 0 ? table.farthest : null, example };
  }
  const stats = { mix: mixTag(mix), vertical: mix.vertical, horizontal: mix.horizontal, soldiers: mix.soldiers, numbers: mix.size, positions, solvable, farthest };
  return { id: mix.id, stats, bytes: bytesWritten, ms: performance.now() - t };
}

if (!isMainThread) {
  // A thread builds each mix id it is sent, and ends when sent -1.
  parentPort!.on('message', (id: number) => {
    if (id < 0) return parentPort!.close();
    parentPort!.postMessage(buildMix(MIXES[id]!));
  });
} else {
  await main();
}

async function main(): Promise<void> {
  if (process.argv.includes('--if-missing') && tablebasePresent()) {
    console.log('tablebase present (site/public/tablebase/)');
    return;
  }

  mkdirSync(TABLEBASE_DIR, { recursive: true });
  const started = performance.now();
  let totalBytes = 0;
  type Overall = Record<Metric, { distance: number; example: string; mix: string }>;
  /** Per count of empty cells: the mixes' statistics and the farthest positions over all of them. */
  const groups = new Map<number, { mixes: MixStats[]; overall: Overall }>();
  const built = new Map<number, MixBuilt>();
  // Largest mixes first, so that no thread is left with a big one at the end.
  const queue = [...MIXES].sort((a, b) => b.size - a.size).map((m) => m.id);
  const threads = Math.max(1, Math.min(availableParallelism(), queue.length));
  console.log(`building ${MIXES.length} mixes × ${METRICS.length} metrics on ${threads} threads…`);
  await Promise.all(
    Array.from({ length: threads }, () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url));
        const next = () => worker.postMessage(queue.shift() ?? -1);
        worker.on('message', (b: MixBuilt) => {
          built.set(b.id, b);
          const far = METRICS.map((m) => `${m} ${b.stats.farthest[m].distance ?? '–'}`).join(', ');
          console.log(`[${String(built.size).padStart(2)}/${MIXES.length}] ${b.stats.mix}s${b.stats.soldiers}: ${b.stats.positions.toLocaleString('en')} positions, ${b.stats.solvable.toLocaleString('en')} solvable; farthest ${far} (${(b.ms / 1000).toFixed(2)} s)`);
          next();
        });
        worker.once('error', reject);
        worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a tablebase thread stopped with exit code ${code}`))));
        next();
      }),
    ),
  );
  // Gathered in the mixes' order: on equal distances the first mix's example stays, as when one thread built them all.
  for (const mix of MIXES) {
    const b = built.get(mix.id);
    if (!b) throw new Error(`internal: mix ${mixTag(mix)} was not built`);
    if (!groups.has(mix.empty)) groups.set(mix.empty, { mixes: [], overall: Object.fromEntries(METRICS.map((m) => [m, { distance: -1, example: '', mix: '' }])) as Overall });
    const { mixes, overall } = groups.get(mix.empty)!;
    totalBytes += b.bytes;
    for (const metric of METRICS) {
      const { distance, example } = b.stats.farthest[metric];
      if (example && distance !== null && distance > overall[metric].distance) overall[metric] = { distance, example, mix: mixTag(mix) };
    }
    mixes.push(b.stats);
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
}
