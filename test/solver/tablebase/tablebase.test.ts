/**
 * The classic tablebase (two empty cells) against independent references: distances against a plain BFS written in
 * the test (test/helpers/classic-reference.ts), named layouts against the shared table, every solution replayed by the
 * independent checker, and damaged files refused with a fall back to search. Three empty cells: three-empty.test.ts.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { classicMix, evaluateMoves, legalMoves, parseLayoutOrThrow, solve, type Metric } from '../../../solver/index.ts';
import { fileTables, TABLEBASE_DIR, tablebasePresent } from '../../../solver/node/tablebase-files.ts';
import { tableFileName } from '../../../solver/tablebase/file.ts';
import { MIXES, findMix, mixTag } from '../../../solver/tablebase/mixes.ts';
import { countArrangements, fromCode, moveOn, randomArrangement, refClassicDistance, toCode } from '../../helpers/classic-reference.ts';
import { CLASSIC } from '../../helpers/fixtures.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';
import { describeTableChecks, expectReplayReachesGoal } from '../../helpers/tablebase-checks.ts';

const METRICS: Metric[] = ['move', 'straight', 'step'];
const tables = fileTables();

describe('tablebase files', () => {
  it('are built (npm test runs npm run build first)', () => {
    expect(tablebasePresent(), 'run npm run build:tables').toBe(true);
  });

  it('cover 36 piece mixes with two empty cells in 7,903,224 numbers and 28 with three in 13,908,960', () => {
    const two = MIXES.filter((m) => m.empty === 2);
    const three = MIXES.filter((m) => m.empty === 3);
    expect([two.length, three.length, MIXES.length]).toEqual([36, 28, 64]);
    expect(two.reduce((s, m) => s + m.size, 0)).toBe(7_903_224);
    expect(Math.max(...two.map((m) => m.size))).toBe(997_920);
    expect(three.reduce((s, m) => s + m.size, 0)).toBe(13_908_960);
    expect(Math.max(...three.map((m) => m.size))).toBe(1_995_840);
    expect(findMix(4, 1, 4)!.size).toBe(415_800);
    expect(findMix(4, 1, 3)).toMatchObject({ empty: 3, size: 554_400 });
    expect(new Set(MIXES.map(mixTag)).size).toBe(64);
  });

  it('stats.json counts the same positions as an independent enumeration, mix by mix', () => {
    const stats = JSON.parse(readFileSync(new URL('stats.json', TABLEBASE_DIR), 'utf8'));
    expect(stats.mixes).toHaveLength(36);
    for (const m of stats.mixes) {
      expect(m.positions, m.mix).toBe(countArrangements(m.vertical, m.horizontal, m.soldiers));
      expect(m.solvable).toBeLessThanOrEqual(m.positions);
    }
    expect(stats.farthest.move.distance).toBe(138);
    const example = solve(parseLayoutOrThrow(stats.farthest.move.example), { tablebase: tables });
    expect(example.length).toBe(138);
  });
});

describeTableChecks({ empty: 2, samplesPerMix: 6, seed: 2026, atLeast: { samples: 200, unsolvable: 20, atGoal: 20 } });

describe('named layouts', () => {
  for (const named of CLASSIC) {
    it(`${named.name} ${named.layout}: all three metrics from the table, optimal and legal`, () => {
      for (const metric of METRICS) {
        const result = solve(parseLayoutOrThrow(named.layout), { metric, algorithm: 'table', tablebase: tables });
        expect(result.length, metric).toBe(named[metric]);
        expect(result.stats.algorithm).toBe('table');
        if (result.length !== null) expectReplayReachesGoal(named.layout, result);
      }
    });
  }
});

describe('move evaluation', () => {
  it('gives the distance now and after every legal move, as an independent search finds them', () => {
    const rand = seededRandom(99);
    let checked = 0;
    for (const metric of METRICS) {
      for (const mix of [findMix(4, 1, 4)!, findMix(2, 2, 6)!, findMix(1, 3, 6)!]) {
        const position = randomArrangement(rand, mix.vertical, mix.horizontal, mix.soldiers)!;
        const layout = parseLayoutOrThrow(toCode(position));
        const evaluation = evaluateMoves(layout, metric, tables)!;
        expect(evaluation.distance).toBe(refClassicDistance(position, metric));
        const legal = legalMoves(layout, metric).map((m) => `${m.from}>${m.to}`).sort();
        expect(evaluation.moves.map((m) => `${m.from}>${m.to}`).sort()).toEqual(legal);
        for (const move of evaluation.moves) {
          const after = moveOn(position, move.from[0] * 4 + move.from[1], move.to[0] * 4 + move.to[1]);
          expect(move.distance, `${toCode(position)} ${move.from}→${move.to}`).toBe(refClassicDistance(after, metric));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is null where the tablebase does not reach: other boards, other goals, missing tables', () => {
    expect(evaluateMoves(parseLayoutOrThrow('SBBS-VBBV-VHHV-V..V-V..V'), 'move', tables)).toBeNull(); // four empty cells
    expect(evaluateMoves(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'), 'move', tables, { piece: 'B', at: [3, 0] })).toBeNull();
    expect(evaluateMoves(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'), 'move', () => null)).toBeNull();
  });
});

describe('which layouts the tablebase covers', () => {
  it('classicMix names the mix of a classic layout and answers null, without throwing, for one with no goal', () => {
    expect(classicMix(parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S'))).toEqual(findMix(4, 1, 4));
    expect(classicMix(parseLayoutOrThrow('VSSV-VSSV-VHHV-VSSV-S..S'))).toBeNull(); // no B
    expect(classicMix(parseLayoutOrThrow('BBBB-BBBB-VHHV-VSSV-S..S'))).toBeNull(); // two B: ambiguous
    expect(classicMix(parseLayoutOrThrow('SBBSS-.BBSS-S.SSS-HHS.S'))).toBeNull(); // not the 4×5 board
  });
});

describe('choosing the engine', () => {
  it('a custom goal or a board the table does not cover is searched; algorithm "table" says why it cannot', () => {
    const hengdao = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(solve(hengdao, { tablebase: tables, goal: { piece: 'B', at: [3, 0] } }).stats.algorithm).not.toBe('table');
    expect(solve(hengdao, { tablebase: tables, algorithm: 'bfs' }).stats.algorithm).toBe('bfs');
    expect(solve(hengdao, { tablebase: tables, algorithm: 'astar' }).stats.algorithm).toBe('astar');
    const wide = parseLayoutOrThrow('SBBSS-SBBSS-SS.SS-SSSSS');
    expect(() => solve(wide, { algorithm: 'table', tablebase: tables })).toThrow('the tablebase covers the 4×5 board, not 5×4');
    expect(() => solve(hengdao, { algorithm: 'table', tablebase: null })).toThrow('the move tablebase for this piece mix is not available');
  });

  it('three empty cells are answered from the table; four are searched, and algorithm "table" says why', () => {
    const code = 'VBBV-VBBV-VHHV-VS.V-S..S';
    const result = solve(parseLayoutOrThrow(code), { tablebase: tables });
    expect([result.stats.algorithm, result.length]).toEqual(['table', refClassicDistance(fromCode(code), 'move')]);
    expectReplayReachesGoal(code, result);
    const four = parseLayoutOrThrow('VBBV-VBBV-VHHV-V..V-S..S');
    expect(solve(four, { tablebase: tables }).stats.algorithm).toBe('astar');
    expect(() => solve(four, { algorithm: 'table', tablebase: tables })).toThrow('the tablebase covers layouts with two or three empty cells, not 4');
  });

  it('relabelled pieces and one-off letters of the same shapes use the same table', () => {
    const result = solve(parseLayoutOrThrow('XBBY-XBBY-VHHV-VSZV-S..S'), { tablebase: tables });
    expect([result.stats.algorithm, result.length]).toEqual(['table', 81]);
  });
});

describe('damaged tables are refused and the answer comes from search', () => {
  const mix = findMix(4, 1, 4)!;
  const name = tableFileName(mix, 'move');
  const code = 'VBBV-VBBV-VHHV-VSSV-S..S';

  function damagedDir(damage: (bytes: Uint8Array) => Uint8Array): URL {
    const dir = mkdtempSync(join(tmpdir(), 'huarong-tb-'));
    copyFileSync(new URL(name, TABLEBASE_DIR), join(dir, name));
    writeFileSync(join(dir, name), damage(new Uint8Array(readFileSync(join(dir, name)))));
    return pathToFileURL(`${dir}/`);
  }

  const cases: Array<[string, (b: Uint8Array) => Uint8Array, string]> = [
    ['one flipped bit', (b) => ((b[b.length - 1000]! ^= 4), b), 'checksum mismatch'],
    ['truncated', (b) => b.subarray(0, b.length - 100), 'truncated file'],
    ['not a table', () => new TextEncoder().encode('<html>not found</html>\n'), 'not a Huarong tablebase file'],
  ];
  for (const [what, damage, message] of cases) {
    it(`${what}: a logged warning, then search`, () => {
      const warnings: string[] = [];
      const source = fileTables(damagedDir(damage), (m) => warnings.push(m));
      const result = solve(parseLayoutOrThrow(code), { tablebase: source });
      expect(warnings.join('\n')).toContain(message);
      expect([result.stats.algorithm, result.length]).toEqual(['astar', 81]);
    });
  }

  it('a table whose values contradict themselves is caught by the walk: warning, then search', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const zeros = new Uint8Array(Math.ceil(mix.size / 4));
    const result = solve(parseLayoutOrThrow(code), { tablebase: () => zeros });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('tablebase: no move leads closer'));
    expect([result.stats.algorithm, result.length]).toEqual(['astar', 81]);
    warn.mockRestore();
  });

  it('a missing directory gives one note and search', () => {
    const warnings: string[] = [];
    const source = fileTables(pathToFileURL('/nonexistent/tablebase/'), (m) => warnings.push(m));
    expect(solve(parseLayoutOrThrow(code), { tablebase: source }).stats.algorithm).toBe('astar');
    solve(parseLayoutOrThrow(code), { metric: 'step', tablebase: source });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('npm run build:tables');
  });
});
