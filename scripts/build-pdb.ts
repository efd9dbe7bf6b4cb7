/**
 * npm run build:pdb — builds the 4×4 additive pattern databases (PDB_GROUPS: two 6-6-3 partitions, retrograde BFS)
 * into site/public/pdb/ (or `--out DIR`, for the benchmark), one worker thread per core, largest databases first.
 * Each file is written whole or not at all.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildDatabase, databaseFileName, PDB_GROUPS, serialize } from '../solver/tiles/pdb.ts';
import { databasesPresent, PDB_DIR } from '../solver/node/pdb-files.ts';

interface Built {
  tiles: number[];
  entries: number;
  bytes: number;
  ms: number;
}

function build(tiles: number[], dir: URL): Built {
  const t = performance.now();
  const db = buildDatabase(tiles);
  const bytes = serialize(db);
  const target = new URL(databaseFileName(tiles), dir);
  const partial = new URL(`${databaseFileName(tiles)}.partial`, dir);
  writeFileSync(partial, bytes);
  renameSync(partial, target);
  return { tiles, entries: db.entries, bytes: bytes.length, ms: performance.now() - t };
}

if (!isMainThread) {
  const { tiles, dir } = workerData as { tiles: number[]; dir: string };
  parentPort!.postMessage(build(tiles, new URL(dir)));
} else {
  const outAt = process.argv.indexOf('--out');
  const dir = outAt > 0 ? pathToFileURL(`${resolve(process.argv[outAt + 1] ?? '.')}/`) : PDB_DIR;
  if (process.argv.includes('--if-missing') && databasesPresent()) {
    console.log('pattern databases present (site/public/pdb/)');
    process.exit(0);
  }
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const queue = [...PDB_GROUPS].sort((a, b) => b.length - a.length);
  const threads = Math.max(1, Math.min(availableParallelism(), queue.length));
  const report = (b: Built) =>
    console.log(`tiles ${b.tiles.join(',')}: ${b.entries.toLocaleString('en')} entries, ${(b.bytes / 1024).toFixed(0)} KiB at 4 bits, built in ${(b.ms / 1000).toFixed(1)} s`);
  const runner = async (): Promise<void> => {
    for (let tiles = queue.shift(); tiles; tiles = queue.shift()) {
      const job = tiles;
      const built = await new Promise<Built>((resolve, reject) => {
        const worker = new Worker(new URL(import.meta.url), { workerData: { tiles: job, dir: dir.href } });
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`building tiles ${job.join(',')} stopped with exit code ${code}`)));
      });
      report(built);
    }
  };
  console.log(`building ${PDB_GROUPS.length} pattern databases on ${threads} threads…`);
  await Promise.all(Array.from({ length: threads }, runner));
  console.log(`all pattern databases in ${((performance.now() - started) / 1000).toFixed(1)} s → ${dir === PDB_DIR ? 'site/public/pdb/' : dir.pathname}`);
}
