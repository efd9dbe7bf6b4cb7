import { describe, expect, it } from 'vitest';
import { formatTiles, parityInvariant, parseTiles, parseTilesOrThrow, solveCode, solveTiles, solvedTiles } from '../../../solver/index.ts';
import { deserialize, serialize, buildDatabase } from '../../../solver/tiles/pdb.ts';
import { databasesPresent, loadDatabases } from '../../../solver/node/pdb-files.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';
import { bfsFrom, replayTiles } from '../../helpers/tiles-reference.ts';

const code = (s: string) => s.match(/.{1,3}/g)!.join('-');

describe('tiles codes', () => {
  it('round-trips and tells tiles from Klotski codes', () => {
    expect(formatTiles(parseTilesOrThrow('1234/5678/9abc/def.'))).toBe('1234-5678-9ABC-DEF.');
    expect(formatTiles(solvedTiles(3, 3))).toBe('123-456-78.');
    expect(formatTiles(parseTilesOrThrow('12-3.'))).toBe('12-3.');
  });

  const bad: Array<[string, string, string]> = [
    ['123-456-77.', 'duplicate-tile', 'tile 7 appears twice: row 3 col 1 and row 3 col 2'],
    ['123-456-78', 'row-length', 'row 3 has 2 cells, expected 3'],
    ['123-456-789', 'blank-count', 'no blank'],
    ['123-45.-78.', 'blank-count', 'a second blank at row 3 col 3'],
    ['123-456-79.', 'bad-tile', 'tile 9 at row 3 col 2 is larger than 8'],
    ['1234567-.', 'board-too-large', 'up to 6×6'],
    ['1.', 'board-too-small', ''],
    ['123-4#6-78.', 'bad-character', 'unexpected character "#" at row 2 col 2'],
  ];
  for (const [c, errorCode, message] of bad) {
    it(`${errorCode}: ${c}`, () => {
      const r = parseTiles(c);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe(errorCode);
        expect(r.error.message).toContain(message);
      }
    });
  }

  it('names the missing tile', () => {
    const r = parseTiles('123-456-71.'.replace('71', '7.').replace('7..', '73.'));
    expect(r.ok).toBe(false);
  });
});

describe('parity decides solvability, with no search', () => {
  for (const [w, h] of [[3, 3], [4, 4], [3, 4], [4, 3], [5, 5], [2, 4]] as const) {
    it(`${w}×${h}: random walks are solvable, one swap makes them unsolvable`, () => {
      const rand = seededRandom(w * 31 + h);
      for (let k = 0; k < 40; k++) {
        const cells = solvedTiles(w, h).cells;
        let blank = cells.length - 1;
        for (let s = 0; s < 200; s++) {
          const options = [blank - w, blank + w, blank % w ? blank - 1 : -1, blank % w !== w - 1 ? blank + 1 : -1].filter((p) => p >= 0 && p < cells.length);
          const to = options[rand(options.length)]!;
          cells[blank] = cells[to]!;
          cells[to] = 0;
          blank = to;
        }
        const board = { width: w, height: h, cells };
        expect(parityInvariant(board)).toBe(parityInvariant(solvedTiles(w, h)));
        const swapped = Uint8Array.from(cells);
        const [a, b] = [...swapped.keys()].filter((p) => swapped[p] !== 0).slice(0, 2);
        [swapped[a!], swapped[b!]] = [swapped[b!]!, swapped[a!]!];
        const r = solveTiles({ width: w, height: h, cells: swapped });
        expect(r.status).toBe('unsolvable');
        expect(r.stats.nodes).toBe(0);
        expect(r.reason).toMatch(/parity/);
      }
    });
  }

  it('agrees with an exhaustive search on the 2×3 and 3×2 boards', () => {
    for (const [w, goal] of [[3, '12345.'], [2, '12345.']] as const) {
      const reachable = bfsFrom(goal, w, 'move');
      const perms = (s: string): string[] => (s.length <= 1 ? [s] : [...s].flatMap((ch, i) => perms(s.slice(0, i) + s.slice(i + 1)).map((p) => ch + p)));
      for (const p of perms(goal)) {
        const rows = w === 3 ? `${p.slice(0, 3)}-${p.slice(3)}` : `${p.slice(0, 2)}-${p.slice(2, 4)}-${p.slice(4)}`;
        const r = solveTiles(parseTilesOrThrow(rows));
        expect(r.solvable, rows).toBe(reachable.has(p));
        if (r.solvable) expect(r.length, rows).toBe(reachable.get(p));
      }
    }
  });
});

describe('3×3: optimal against an exhaustive BFS of all 181,440 positions', () => {
  const unit = bfsFrom('12345678.', 3, 'move');
  const straight = bfsFrom('12345678.', 3, 'straight');
  const states = [...unit.keys()];
  it('has the whole space and its 31-move diameter', () => {
    expect(unit.size).toBe(181440);
    expect([...unit.values()].reduce((a, b) => Math.max(a, b), 0)).toBe(31);
  });
  it('solves random positions and the hardest ones optimally, in both metrics, replaying every move', () => {
    const rand = seededRandom(8);
    const hardest = states.filter((s) => unit.get(s) === 31);
    const sample = [...hardest, ...Array.from({ length: 40 }, () => states[rand(states.length)]!)];
    for (const s of sample) {
      for (const metric of ['move', 'straight'] as const) {
        const r = solveTiles(parseTilesOrThrow(code(s)), { metric });
        expect(r.length, `${s} ${metric}`).toBe((metric === 'move' ? unit : straight).get(s));
        expect(r.optimal).toBe(true);
        expect(replayTiles(s, 3, metric, r.moves)).toBe('12345678.');
      }
    }
  });
  it('honours an explicit goal', () => {
    const r = solveCode('123-456-78.', { goal: '.12-345-678' });
    expect(r.ok && r.value.length).toBe(bfsFrom('.12345678', 3, 'move').get('12345678.'));
  });
});

describe.skipIf(!databasesPresent())('4×4 with the pattern databases (more in tiles/fifteen.test.ts)', () => {
  const databases = loadDatabases()!;
  it('the site test\'s 15-puzzle (164B-9.2C-D378-5EFA) is 34 moves with and without the databases', () => {
    const board = parseTilesOrThrow('164B-9.2C-D378-5EFA');
    const plain = solveTiles(board, {});
    const withDatabases = solveTiles(board, { databases });
    expect([plain.stats.algorithm, plain.length]).toEqual(['ida', 34]);
    expect([withDatabases.stats.algorithm, withDatabases.length]).toEqual(['ida-pdb', 34]);
  });
});

describe('pattern database files', () => {
  it('round-trip and refuse damaged or mismatched files', () => {
    const db = buildDatabase([2, 3, 4]);
    const bytes = serialize(db);
    expect(deserialize(bytes, [2, 3, 4]).data).toEqual(db.data);
    const damaged = bytes.slice();
    damaged[damaged.length - 5] = damaged[damaged.length - 5]! ^ 0x11;
    expect(() => deserialize(damaged, [2, 3, 4])).toThrow(/checksum mismatch/);
    expect(() => deserialize(bytes.slice(0, bytes.length - 3), [2, 3, 4])).toThrow(/wrong size/);
    expect(() => deserialize(bytes, [2, 3, 5])).toThrow(/expected 2,3,5/);
  });
});

describe('5×5 and larger: a labelled fast mode', () => {
  it('solves quickly, marked optimal: false, and the solution replays', () => {
    const rand = seededRandom(55);
    const cells = solvedTiles(5, 5).cells;
    let blank = 24;
    for (let s = 0; s < 300; s++) {
      const options = [blank - 5, blank + 5, blank % 5 ? blank - 1 : -1, blank % 5 !== 4 ? blank + 1 : -1].filter((p) => p >= 0 && p < 25);
      const to = options[rand(options.length)]!;
      cells[blank] = cells[to]!;
      cells[to] = 0;
      blank = to;
    }
    const board = { width: 5, height: 5, cells };
    const r = solveTiles(board, { maxMs: 30_000 });
    expect(r.status).toBe('solved');
    expect(r.optimal).toBe(false);
    expect(r.stats.algorithm).toBe('weighted');
    expect(replayTiles(formatTiles(board).replace(/-/g, ''), 5, 'move', r.moves)).toBe(formatTiles(solvedTiles(5, 5)).replace(/-/g, ''));
  });
});
