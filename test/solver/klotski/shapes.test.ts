import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LayoutError, formatLayout, parseLayoutOrThrow, resolveGoal, solve, solveCode, type Metric } from '../../../solver/index.ts';
import { loadEngineFromDisk } from '../../../solver/node/bitboard-engine.ts';
import { enableBitboardEngine } from '../../../solver/klotski/wasm/engine.ts';
import { polyDistance, polyReplay, polySolved, randomPolyPuzzle } from '../../helpers/poly-reference.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';

// Pieces of any shape, cells off the board and goals of several pieces (issue 35), checked against the independent
// breadth-first search in test/helpers/poly-reference.ts: optimal lengths in all three metrics, every solution replayed.

const METRICS: Metric[] = ['move', 'straight', 'step'];

/** Solves a code toward a goal drawing and checks the answer against the reference; returns the length. */
function checked(code: string, goal: string, metric: Metric, algorithm: 'auto' | 'bfs' | 'ida' = 'auto'): number | null {
  const result = solve(parseLayoutOrThrow(code), { metric, goal: { drawing: goal }, algorithm, maxMs: 60_000 });
  const want = polyDistance(code, goal, metric);
  const what = `${code} → ${goal} (${metric}, ${algorithm})`;
  expect(result.status, what).toBe(want === null ? 'unsolvable' : 'solved');
  if (want === null) return null;
  expect(result.length, `${what}: optimal`).toBe(want);
  const end = polyReplay(code, metric, result.moves);
  expect(polySolved(end, goal), `${what}: the replayed moves reach the goal`).toBe(true);
  return result.length;
}

describe('layout codes with pieces of any shape and cells off the board', () => {
  it('reads any other letter as one piece of all its cells, anchored at its first cell in reading order', () => {
    const layout = parseLayoutOrThrow('.A.-AA.-.A.');
    const l = layout.pieces.find((p) => p.letter === 'A')!;
    expect([l.row, l.col, l.width, l.height, l.cells]).toEqual([0, 1, 2, 3, [[0, 0], [1, -1], [1, 0], [2, 0]]]);
    const rectangle = parseLayoutOrThrow('XX.-XX.-SSS').pieces.find((p) => p.letter === 'X')!;
    expect(rectangle.cells).toBeUndefined();
  });

  it('writes `_` for a cell off the board, reads `#` as `_`, pads short rows of an outline, and keeps old codes as they were', () => {
    expect(formatLayout(parseLayoutOrThrow('#a.-a.S-.SS'))).toBe('_A.-A.S-.SS');
    expect(formatLayout(parseLayoutOrThrow('AA..-A._-SS'))).toBe('AA..-A.__-SS__');
    expect(parseLayoutOrThrow('AA..-A._-SS').holes).toEqual([6, 7, 10, 11]);
    expect(formatLayout(parseLayoutOrThrow('vbbv-VBBV-VHHV-VSSV-S..S'))).toBe('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(() => parseLayoutOrThrow('SS.-S.')).toThrow(/row 2 has 2 cells, expected 3/);
  });

  it('takes a piece whose cells do not touch, moving as one', () => {
    // Q's halves stand in rows 1 and 3; the soldier between them must leave before Q can go down.
    checked('Q..-S..-Q..-...', '...-Q..-...-Q..', 'step');
    expect(checked('Q..-S..-Q..-...', '...-Q..-...-Q..', 'move')).toBe(2);
  });

  it('solves a swap of two pieces of the same shape (each named by its own letter)', () => {
    for (const metric of METRICS) checked('AA.-...-.CC', 'CC.-...-.AA', metric);
  });

  it('lets any piece of a drawn B, V, H or S fill each of its places', () => {
    const result = solve(parseLayoutOrThrow('S.S-...'), { goal: { drawing: '..S-.S.' } });
    expect(result.length).toBe(1);
    for (const metric of METRICS) checked('SS.-.V.-.V.', '...-V..-VSS', metric);
  });


  it('refuses what the contract names, by message (rows and columns from 1)', () => {
    const refused = (code: string, goal: string | null, message: RegExp) => {
      const parsed = solveCode(code, { goal });
      expect(parsed.ok, `${code} ${goal}`).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toMatch(message);
    };
    refused('AA.-A..', '...-.Z.', /there is no piece Z on the board \(row 2 col 2\)/);
    refused('AA.-A..', '.AA-..A', /A's target cells \(from row 1 col 2\) are not the shape of piece A/);
    refused('AA_-A..', '.._-.AA', /goal drawing: .* not the shape|row 1 col 3/);
    refused('AA.-A..', 'AA_-A..', /row 1 col 3 is '_' but that cell is on the board/);
    refused('AA_-A..', '..A-AA.', /A at row 1 col 3 is on a cell that is not part of the board/);
    refused('S.S-...', 'SSS-...', /3 S pieces drawn, but the board has 2/);
    refused('AA.-A..', '...-...-...', /the goal drawing is 3 wide × 3 tall.*the board is 3 wide × 2 tall/);
    refused('AA.-A..', null, /no B \(2×2 block\) and no explicit goal/);
    refused('A'.repeat(17) + '-' + '.'.repeat(17), null, /board larger than 16×16/);
    refused(Array.from({ length: 12 }, () => 'S'.repeat(11)).join('-').replace('S', '.'), null, /more than 128 cells \(this one is 11 wide × 12 tall: 132\)/);
    refused('A.!', null, /unexpected character "!" at row 1 col 3: use letters, '\.' \(empty\) and '_'/);
  });

  it('keeps the classic board and its answers: 横刀立马 is 81 / 90 / 116 with the default goal and with its drawing', () => {
    const code = 'VBBV-VBBV-VHHV-VSSV-S..S';
    const drawn = METRICS.map((metric) => solve(parseLayoutOrThrow(code), { metric, goal: { drawing: '....-....-....-.BB.-.BB.' } }).length);
    const plain = METRICS.map((metric) => solve(parseLayoutOrThrow(code), { metric }).length);
    expect(plain).toEqual(drawn);
    expect(plain).toEqual(METRICS.map((metric) => polyDistance(code, '....-....-....-.BB.-.BB.', metric)));
    expect(() => resolveGoal(parseLayoutOrThrow(code), { drawing: '....-....-....-.BBB-.BB.' })).toThrow(/B at row 4 col 4 is not a whole 2×2 block/);
    expect(() => resolveGoal(parseLayoutOrThrow(code), { drawing: '....-....-....-.BBB-.BB.' })).toThrow(LayoutError);
  });
});

describe.each([
  ['the TypeScript search', false],
  ['the WebAssembly engine', true],
])('%s on pieces of any shape, outlines and drawn goals', (_name, engine) => {
  beforeAll(async () => {
    expect(await loadEngineFromDisk()).toBe(true);
    enableBitboardEngine(engine);
  });
  afterAll(() => enableBitboardEngine(true));

  it('matches breadth-first search on random boards with polyomino pieces, holes and one to three goal pieces, in all three metrics and searches', () => {
    const rand = seededRandom(3535);
    let solved = 0;
    for (let i = 0; i < 90; i++) {
      const { code, goal } = randomPolyPuzzle(rand, i % 2 ? {} : { width: 5, height: 4, goalPieces: 3 });
      const metric = METRICS[i % 3]!;
      const algorithm = (['auto', 'bfs', 'ida'] as const)[Math.floor(i / 3) % 3]!;
      if (checked(code, goal, metric, algorithm) !== null) solved++;
    }
    expect(solved, 'solvable boards among them').toBeGreaterThan(15);
  });

  it(`says which search ran: ${engine ? 'webassembly' : 'typescript'}`, () => {
    const result = solve(parseLayoutOrThrow('IIILL-HHHHL-MHHHH-MMJJJ-..S..'), { goal: { drawing: '...LL-...ML-...MM-.....-.....' } });
    expect([result.length, result.stats.engine]).toEqual([23, engine ? 'webassembly' : 'typescript']);
  });
});
