import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BudgetClock } from '../../../solver/shared/budget.ts';
import { parseTilesOrThrow, solveTiles } from '../../../solver/index.ts';
import { databasesPresent, loadDatabases, PDB_DIR } from '../../../solver/node/pdb-files.ts';
import { affordableTables, FIFTEEN_SETUP_WORK, fifteenIda, fifteenTables } from '../../../solver/tiles/fifteen.ts';
import { databaseFileName, deserialize, PDB_GROUPS } from '../../../solver/tiles/pdb.ts';
import { walkingDistance } from '../../../solver/tiles/walking-distance.ts';
import { KORF } from '../../helpers/fixtures.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';
import { bidirectionalDistance, randomWalk, replayTiles } from '../../helpers/tiles-reference.ts';

const GOAL = '123456789ABCDEF.';
const code = (s: string) => s.match(/.{4}/g)!.join('-');

describe('walking distance', () => {
  const wd = walkingDistance();
  it('has the 24,964 row tables reachable from the goal, the goal at 0', () => {
    expect(wd.distance.length).toBe(24964);
    expect(wd.distance[0]).toBe(0);
    expect(Math.max(...wd.distance)).toBeLessThan(255);
  });
  it('never exceeds the vertical moves a position needs: a one-row shift costs 1, a tile three rows off at least 3', () => {
    // Blank moved up one row from the goal: one vertical move.
    const lines = (cells: string, of: (p: number) => number) => {
      const tiles = [...cells].map((ch, p) => [ch, p] as const).filter(([ch]) => ch !== '.');
      return wd.stateOf(tiles.map(([, p]) => of(p)), tiles.map(([ch]) => of(parseInt(ch, 36) - 1)), of(cells.indexOf('.')));
    };
    const row = (p: number) => p >> 2;
    expect(wd.distance[lines('123456789AB.DEFC', row)]).toBe(1);
    expect(wd.distance[lines('D23456789ABC1EF.', row)]).toBeGreaterThanOrEqual(6);
  });
});

describe.skipIf(!databasesPresent())('4×4 search with the pattern databases', () => {
  const databases = loadDatabases()!;
  const tables = fifteenTables(databases);

  const solve = (s: string) => fifteenIda(parseTilesOrThrow(code(s)).cells, tables, new BudgetClock({}));
  const movesOf = (start: string, blankPath: number[]) => {
    let blank = start.indexOf('.');
    return blankPath.map((next) => {
      const m = { from: [next >> 2, next & 3], to: [blank >> 2, blank & 3], path: [[next >> 2, next & 3], [blank >> 2, blank & 3]] };
      blank = next;
      return m;
    });
  };

  it('answers the goal with no moves and a neighbour of it with one', () => {
    expect(solve(GOAL).blankPath).toEqual([]);
    expect(solve('123456789ABCDE.F').blankPath).toEqual([15]);
  });

  it('finds optimal lengths of random positions, checked by an independent two-sided breadth-first search', () => {
    const rand = seededRandom(1515);
    for (let i = 0; i < 14; i++) {
      const start = randomWalk(GOAL, 4, 20 + rand(16), rand);
      const r = solve(start);
      expect(r.status).toBe('solved');
      expect(r.blankPath.length, start).toBe(bidirectionalDistance(start, GOAL, 4));
      expect(replayTiles(start, 4, 'move', movesOf(start, r.blankPath))).toBe(GOAL);
    }
  });

  const sample = [...KORF].sort((a, b) => a.optimal - b.optimal).slice(0, 8);
  for (const k of sample) {
    it(`Korf #${k.id}: the published ${k.optimal} moves, replayed`, () => {
      const r = solveTiles(parseTilesOrThrow(k.code), { databases });
      expect(r.stats.algorithm).toBe('ida-pdb');
      expect(r.length).toBe(k.optimal);
      expect(replayTiles(k.code.replace(/-/g, ''), 4, 'move', r.moves)).toBe(GOAL);
    });
  }

  it('stops at its node budget with a proven lower bound', () => {
    const k = KORF.find((x) => x.id === 82)!;
    const r = fifteenIda(parseTilesOrThrow(k.code).cells, tables, new BudgetClock({ maxNodes: 20_000 }));
    expect(r.status).toBe('budget-exceeded');
    expect(r.lowerBound).toBeGreaterThan(40);
    expect(r.lowerBound).toBeLessThanOrEqual(k.optimal);
  });

  it('expands fresh databases only when the budget pays for it, and charges what it costs', () => {
    const fresh = PDB_GROUPS.map((tiles) => deserialize(new Uint8Array(readFileSync(new URL(databaseFileName(tiles), PDB_DIR))), tiles));
    expect(affordableTables(fresh, new BudgetClock({ maxWork: 400_000 }))).toBeNull();
    const r = solveTiles(parseTilesOrThrow('1234-5678-9ABC-DE.F'), { databases: fresh, maxWork: 400_000 });
    expect([r.stats.algorithm, r.length]).toEqual(['ida', 1]);
    const clock = new BudgetClock({ maxWork: 3 * FIFTEEN_SETUP_WORK });
    expect(affordableTables(fresh, clock)).not.toBeNull();
    expect(clock.work).toBe(FIFTEEN_SETUP_WORK);
    // Ready now: free for the rest of the process.
    const again = new BudgetClock({ maxWork: 400_000 });
    expect(affordableTables(fresh, again)).not.toBeNull();
    expect(again.work).toBe(0);
  });

  describe('in slices, from checkpoints', () => {
    /** Runs the search in slices of `work` budget units, each from the last one's checkpoint (through JSON). */
    const sliced = (cells: Uint8Array, work: number) => {
      let checkpoint = null;
      for (let slices = 1; ; slices++) {
        const r = fifteenIda(cells, tables, new BudgetClock({ maxWork: work }), checkpoint);
        if (!r.checkpoint) return { ...r, slices };
        checkpoint = JSON.parse(JSON.stringify(r.checkpoint));
      }
    };

    // The search keeps no table: going on from a checkpoint must generate exactly the positions the uninterrupted
    // search does, in the same order, so the count and the answer (its first optimal path) are the same.
    for (const id of [1, 17, 88]) {
      it(`Korf #${id}: node for node the uninterrupted search, in slices of 60,000 units`, () => {
        const k = KORF.find((x) => x.id === id)!;
        const cells = parseTilesOrThrow(k.code).cells;
        const whole = fifteenIda(cells, tables, new BudgetClock({}));
        const parts = sliced(cells, 60_000);
        expect(parts.slices).toBeGreaterThan(20);
        expect([parts.status, parts.nodes, parts.blankPath]).toEqual([whole.status, whole.nodes, whole.blankPath]);
        expect(parts.blankPath.length).toBe(k.optimal);
      });
    }

    it('a stopped search says where it stands: its bound, a path within it, and a proven lower bound', () => {
      const k = KORF.find((x) => x.id === 82)!;
      const r = fifteenIda(parseTilesOrThrow(k.code).cells, tables, new BudgetClock({ maxWork: 200_000 }));
      expect(r.status).toBe('budget-exceeded');
      expect(r.checkpoint!.bound).toBe(r.lowerBound);
      expect(r.checkpoint!.path.length).toBeLessThanOrEqual(r.checkpoint!.bound);
      expect(r.checkpoint!.nodes).toBe(r.nodes);
      expect(JSON.stringify(r.checkpoint).length).toBeLessThan(1000);
    });

    it('refuses a checkpoint it cannot have made, by message', () => {
      const k = KORF.find((x) => x.id === 82)!;
      const cells = parseTilesOrThrow(k.code).cells;
      const r = fifteenIda(cells, tables, new BudgetClock({ maxWork: 200_000 }));
      const cp = r.checkpoint!;
      const go = (c: unknown) => () => fifteenIda(cells, tables, new BudgetClock({ maxWork: 200_000 }), c as typeof cp);
      expect(go({ ...cp, bound: 1 })).toThrow(/bad checkpoint: bound/);
      expect(go({ ...cp, dirs: cp.dirs.slice(1) })).toThrow(/one direction and one best per depth/);
      expect(go({ ...cp, dirs: cp.dirs.map((d, i) => (i === 2 ? 7 : d)) })).toThrow(/bad checkpoint: depth 3/);
      // Another path of the same shape: the search does not go there, and says so rather than searching elsewhere.
      const other = cp.path.map((p, i) => (i === 1 ? (p + 1) % 16 : p));
      expect(go({ ...cp, path: other })).toThrow(/does not take its path at depth 2/);
      // Another start: its path is not this search's either.
      expect(() => fifteenIda(parseTilesOrThrow(KORF[0]!.code).cells, tables, new BudgetClock({ maxWork: 200_000 }), cp)).toThrow(/bad checkpoint/);
    });
  });

  it('refuses databases of another partition', () => {
    expect(() => fifteenTables([...databases].reverse())).toThrow(/expected the pattern databases/);
  });

  it('gives a position and its reflection about the main diagonal the same length', () => {
    const rand = seededRandom(44);
    for (let i = 0; i < 6; i++) {
      const start = randomWalk(GOAL, 4, 40, rand);
      // Transpose the cells and relabel each tile by the tile whose goal cell mirrors its own.
      const mirrorCell = (p: number) => (p % 4) * 4 + (p >> 2);
      const reflected = [...Array(16).keys()]
        .map((p) => start[mirrorCell(p)]!)
        .map((ch) => (ch === '.' ? '.' : (mirrorCell(parseInt(ch, 36) - 1) + 1).toString(36).toUpperCase()))
        .join('');
      expect(solve(reflected).blankPath.length, start).toBe(solve(start).blankPath.length);
    }
  });
});
