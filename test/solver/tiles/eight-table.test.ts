import { describe, expect, it } from 'vitest';
import { formatTiles, parityInvariant, parseTilesOrThrow, solveTiles, type TilesBoard } from '../../../solver/index.ts';
import {
  EIGHT_GOAL_KINDS,
  EIGHT_STATES,
  buildEightTable,
  deserializeEightTable,
  eightGoalKind,
  eightPath,
  rankEight,
  serializeEightTable,
  type EightGoalKind,
} from '../../../solver/tiles/eight-table.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';
import { sampled } from '../../helpers/sweeps.ts';
import { bfsFrom, replayTiles, shuffledTiles } from '../../helpers/tiles-reference.ts';

type Metric = 'move' | 'straight';
const METRICS: Metric[] = ['move', 'straight'];
const built = new Map<string, Uint8Array>();
const tableFor = (kind: EightGoalKind, metric: Metric) => {
  const key = `${kind}-${metric}`;
  if (!built.has(key)) built.set(key, buildEightTable(kind, metric).table);
  return built.get(key)!;
};

const cellsOf = (board: TilesBoard) => formatTiles(board).replaceAll('-', '');
const wide = (cells: Uint8Array) => [...cells].map((t) => (t === 0 ? '.' : String(t))).join('');

describe('8-puzzle tables', () => {
  it('ranks every arrangement of 0–8 to a distinct index below 9!', () => {
    const seen = new Uint8Array(EIGHT_STATES);
    const cells = new Uint8Array(9);
    let outside = 0;
    const permute = (k: number, used: number): void => {
      if (k === 9) {
        const r = rankEight(cells);
        if (r < 0 || r >= EIGHT_STATES) outside++;
        else seen[r] = 1;
        return;
      }
      for (let v = 0; v < 9; v++) if (!(used & (1 << v))) {
        cells[k] = v;
        permute(k + 1, used | (1 << v));
      }
    };
    permute(0, 0);
    expect(outside).toBe(0);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(EIGHT_STATES);
  });

  it('reaches half of the arrangements from each goal, as far as breadth-first search over strings does', () => {
    for (const metric of METRICS) {
      for (const [kind, goal] of [['corner', '12345678.'], ['edge', '1234567.8'], ['centre', '1234.5678']] as const) {
        const { reachable, farthest } = buildEightTable(kind, metric);
        const reference = bfsFrom(goal, 3, metric);
        expect(reachable).toBe(reference.size);
        let deepest = 0;
        for (const d of reference.values()) deepest = Math.max(deepest, d);
        expect(farthest).toBe(deepest);
      }
    }
  });

  // Independent check: for random goals of every kind (turned, reflected and relabelled into the tables' three goals),
  // the walk's length equals a plain breadth-first search's distance, and the moves replay to the goal.
  for (const metric of METRICS) {
    it(`answers random boards toward random goals optimally (${metric})`, () => {
      const random = seededRandom(metric === 'move' ? 8 : 88);
      const kindsSeen = new Set<string>();
      // Each blank cell in the sweep bench; in `npm test` one of each kind (a corner, an edge, the centre).
      for (const g of sampled([0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 4])) {
        let goal = shuffledTiles(random);
        // A goal of each blank cell: move the blank to cell g.
        const blank = goal.cells.indexOf(0);
        [goal.cells[blank], goal.cells[g]] = [goal.cells[g]!, 0];
        goal = { ...goal };
        const kind = eightGoalKind(goal);
        kindsSeen.add(kind);
        const distances = bfsFrom(wide(goal.cells), 3, metric);
        const table = tableFor(kind, metric);
        for (let i = 0; i < 40; i++) {
          const start = shuffledTiles(random);
          const result = solveTiles(start, { metric, goal: formatTiles(goal), eightTable: table });
          const expected = distances.get(wide(start.cells));
          if (expected === undefined) {
            expect(result.status).toBe('unsolvable');
            continue;
          }
          expect(result).toMatchObject({ status: 'solved', optimal: true, length: expected, stats: { algorithm: 'table' } });
          const moves = result.moves.map((m) => ({ from: [...m.from], to: [...m.to], path: m.path.map((c) => [...c]) }));
          expect(replayTiles(wide(start.cells), 3, metric, moves)).toBe(wide(goal.cells));
        }
      }
      expect([...kindsSeen].sort()).toEqual([...EIGHT_GOAL_KINDS].sort());
    });
  }

  it('answers the hardest default-goal position (31 moves, 24 straight) and the goal itself', () => {
    const start = parseTilesOrThrow('867-254-3.1');
    expect(solveTiles(start, { eightTable: tableFor('corner', 'move') }).length).toBe(bfsFrom('12345678.', 3, 'move').get(cellsOf(start)));
    expect(solveTiles(start, { metric: 'straight', eightTable: tableFor('corner', 'straight') }).length).toBe(bfsFrom('12345678.', 3, 'straight').get(cellsOf(start)));
    expect(solveTiles(parseTilesOrThrow('123-456-78.'), { eightTable: tableFor('corner', 'move') })).toMatchObject({ status: 'solved', length: 0, moves: [] });
    const odd = parseTilesOrThrow('213-456-78.');
    expect(parityInvariant(odd)).not.toBe(parityInvariant(parseTilesOrThrow('123-456-78.')));
    expect(solveTiles(odd, { eightTable: tableFor('corner', 'move') }).status).toBe('unsolvable');
  });

  it('falls back to search when a table is wrong, and still answers optimally', () => {
    const wrong = tableFor('corner', 'move').slice().fill(0);
    const result = solveTiles(parseTilesOrThrow('867-254-3.1'), { eightTable: wrong });
    expect(result).toMatchObject({ status: 'solved', length: 31, stats: { algorithm: 'ida' } });
  });

  it('refuses a damaged, truncated or mislabelled table file by message', () => {
    const file = serializeEightTable(tableFor('edge', 'straight'), 'edge', 'straight');
    expect(deserializeEightTable(file, 'edge', 'straight')).toEqual(tableFor('edge', 'straight'));
    const damaged = file.slice();
    damaged[5000] = damaged[5000]! ^ 0x10;
    expect(() => deserializeEightTable(damaged, 'edge', 'straight')).toThrow(/checksum mismatch/);
    expect(() => deserializeEightTable(file.subarray(0, 1000), 'edge', 'straight')).toThrow(/1000 bytes, expected/);
    expect(() => deserializeEightTable(file, 'corner', 'straight')).toThrow(/another metric or goal/);
    expect(() => deserializeEightTable(file, 'edge', 'move')).toThrow(/another metric or goal/);
  });

  it('the walk never returns a path on a 4×4 board', () => {
    expect(() => eightPath(parseTilesOrThrow('123-456-78.'), parseTilesOrThrow('1234-5678-9ABC-DEF.'), 'move', tableFor('corner', 'move'))).toThrow(/3×3/);
  });
});
