import { describe, expect, it } from 'vitest';
import { beginTilesSearch, FifteenExpansion, readTilesCheckpoint, tilesSearchSlice, type TilesCheckpoint } from '../../solver/index.ts';
import { BudgetClock } from '../../solver/shared/budget.ts';
import { readFileSync } from 'node:fs';
import { databasesPresent, loadDatabases, PDB_DIR } from '../../solver/node/pdb-files.ts';
import { databaseFileName, deserialize, PDB_GROUPS } from '../../solver/tiles/pdb.ts';
import { fifteenIda, fifteenTables } from '../../solver/tiles/fifteen.ts';
import { parseTilesOrThrow } from '../../solver/index.ts';
import { KORF } from '../helpers/fixtures.ts';
import { replayTiles } from '../helpers/tiles-reference.ts';

const GOAL = '123456789ABCDEF.';

describe.skipIf(!databasesPresent())('the 15-puzzle in slices (resumable-tiles.ts)', () => {
  const databases = loadDatabases()!;

  it('expands the databases part by part within each slice, then searches, node for node the search in one go', () => {
    const k = KORF.find((x) => x.id === 17)!;
    // A process that lacks the expanded tables: a fresh expansion of freshly read databases.
    const fresh = PDB_GROUPS.map((tiles) => deserialize(new Uint8Array(readFileSync(new URL(databaseFileName(tiles), PDB_DIR))), tiles));
    const expansion = new FifteenExpansion(fresh);
    let cp: TilesCheckpoint = beginTilesSearch(k.code);
    let expandingSlices = 0;
    let last = tilesSearchSlice(JSON.parse(JSON.stringify(cp)), { maxWork: 600_000, expansion });
    for (let i = 0; i < 10_000; i++) {
      if (last.done) break;
      if (last.expanding) expandingSlices++;
      cp = last.checkpoint;
      last = tilesSearchSlice(JSON.parse(JSON.stringify(cp)), { maxWork: 600_000, expansion });
    }
    expect(last.done).toBe(true);
    if (!last.done) return;
    // 20 M units in slices of 600,000: the four large groups' 64 parts (≈ 312,000 each) one a slice, the small groups'
    // parts alongside.
    expect(expandingSlices).toBeGreaterThanOrEqual(34);
    expect(expandingSlices).toBeLessThanOrEqual(65);
    const whole = fifteenIda(parseTilesOrThrow(k.code).cells, fifteenTables(databases), new BudgetClock({}));
    expect([last.length, last.nodes]).toEqual([k.optimal, whole.nodes]);
    expect(replayTiles(k.code.replaceAll('-', ''), 4, 'move', last.moves)).toBe(GOAL);
  });

  it('refuses what it does not search and checkpoints it did not make, by message', () => {
    expect(() => beginTilesSearch('123-456-78.')).toThrow(/for the 4×4 \(this board is 3×3\)/);
    const cp = beginTilesSearch(KORF[0]!.code);
    expect(() => readTilesCheckpoint({ ...cp, nodes: 5 })).toThrow(/checksum does not match/);
    expect(() => readTilesCheckpoint({ ...cp, version: 2 })).toThrow(/version 2/);
    expect(() => readTilesCheckpoint({ ...cp, format: 'huarong-ida' })).toThrow(/format "huarong-ida"/);
    expect(() => readTilesCheckpoint('hello')).toThrow(/not an object/);
  });
});
