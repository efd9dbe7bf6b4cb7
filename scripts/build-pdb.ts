/** npm run build:pdb — builds the 4×4 6-6-3 additive pattern databases (retrograde BFS) into site/public/pdb/. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildDatabase, databaseFileName, PARTITION_663, serialize } from '../solver/tiles/pdb.ts';
import { databasesPresent, PDB_DIR } from '../solver/node/pdb-files.ts';

if (process.argv.includes('--if-missing') && databasesPresent()) {
  console.log('pattern databases present (site/public/pdb/)');
  process.exit(0);
}
mkdirSync(PDB_DIR, { recursive: true });
const started = performance.now();
for (const tiles of PARTITION_663) {
  const t = performance.now();
  const db = buildDatabase(tiles);
  const bytes = serialize(db);
  writeFileSync(new URL(databaseFileName(tiles), PDB_DIR), bytes);
  console.log(`tiles ${tiles.join(',')}: ${db.entries.toLocaleString('en')} entries, ${(bytes.length / 1024).toFixed(0)} KiB at 4 bits, built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
console.log(`all pattern databases in ${((performance.now() - started) / 1000).toFixed(1)} s → site/public/pdb/`);
