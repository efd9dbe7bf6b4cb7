/** Node side of the pattern databases: where the files live, and loading them (checked) for the CLI and benchmarks. */
import { existsSync, readFileSync } from 'node:fs';
import { databaseFileName, deserialize, PDB_GROUPS, type PatternDatabase } from '../tiles/pdb.ts';

/** Built by `npm run build:pdb`; served to the Worker and browsers as static assets from /pdb/. */
export const PDB_DIR = new URL('../../site/public/pdb/', import.meta.url);

export function databasesPresent(): boolean {
  return PDB_GROUPS.every((tiles) => existsSync(new URL(databaseFileName(tiles), PDB_DIR)));
}

let loaded: PatternDatabase[] | null | undefined;

/** The 6-6-3 databases, or null (with a note on stderr) when they have not been built. */
export function loadDatabases(): PatternDatabase[] | null {
  if (loaded !== undefined) return loaded;
  if (!databasesPresent()) {
    console.error('note: pattern databases not found; run `npm run build:pdb` for fast 4×4 solving');
    loaded = null;
    return loaded;
  }
  loaded = PDB_GROUPS.map((tiles) => deserialize(new Uint8Array(readFileSync(new URL(databaseFileName(tiles), PDB_DIR))), tiles));
  return loaded;
}
