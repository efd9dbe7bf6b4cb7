import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { randomArrangement, refClassicDistance, toCode } from '../../helpers/classic-reference.ts';
import { parsePolyCode, polyDistance, polyReplay, polySolved, randomPolyPuzzle, type PolyMetric, type PolyMove } from '../../helpers/poly-reference.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';
import { sampled } from '../../helpers/sweeps.ts';

// The reference that checks the product's general solver is itself checked here, on published data and on puzzles
// small enough to count by hand.

const METRICS: PolyMetric[] = ['move', 'straight', 'step'];
const CLASSIC_GOAL = '....-....-....-.BB.-.BB.';

/** Distances under move, straight and step. */
const distances = (code: string, goal: string) => METRICS.map((metric) => polyDistance(code, goal, metric));

/** The 42 classic layouts with their minimum moves, from the shared table checked by another exhaustive search. */
function classicTable(): Array<{ name: string; layout: string; want: Array<number | null> }> {
  return readFileSync('/work/shared/layouts/classic.tsv', 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !line.startsWith('commoncode'))
    .map((line) => {
      const [, name, layout, ...counts] = line.split('\t');
      return { name: name!, layout: layout!, want: counts.map((n) => (n === '-' ? null : Number(n))) };
    });
}

/** A move of the piece anchored at path[0] along path. */
const along = (...path: Array<[number, number]>): PolyMove => ({ from: path[0]!, to: path[path.length - 1]!, path });

describe('parsing codes', () => {
  it('reads the classic layout greedily into its ten rectangles', () => {
    const board = parsePolyCode('VBBV-VBBV-VHHV-VSSV-S..S');
    expect([board.width, board.height]).toEqual([4, 5]);
    expect(board.holes.every((hole) => !hole)).toBe(true);
    expect(board.pieces.map((p) => p.letter).sort().join('')).toBe('BHSSSSVVVV');
    expect(board.pieces.find((p) => p.letter === 'B')!.cells).toEqual([1, 2, 5, 6]);
    expect(board.pieces.filter((p) => p.letter === 'V').map((p) => p.cells)).toEqual([[0, 4], [3, 7], [8, 12], [11, 15]]);
  });

  it('reads one-off letters as one piece of any shape, even in two parts', () => {
    const board = parsePolyCode('aa.c-A..C');
    expect(board.pieces).toEqual([{ letter: 'A', cells: [0, 1, 4] }, { letter: 'C', cells: [3, 7] }]);
  });

  it("reads '_' and '#' as cells off the board, pads short rows with them, and accepts / and newlines", () => {
    const expected = { width: 3, height: 2, holes: [false, true, true, false, false, false], pieces: [{ letter: 'A', cells: [0] }] };
    for (const code of ['A_-...', 'A#_-...', 'a/...', ' A\n...\n']) expect(parsePolyCode(code)).toEqual(expected);
  });

  it('rejects malformed codes', () => {
    for (const code of ['', 'A*.', 'AB.-...', 'VV.-...', 'A.--..', '__-__']) expect(() => parsePolyCode(code)).toThrow();
  });
});

describe('classic layouts against the published minimum moves', () => {
  // Every count was found by an independent exhaustive search. All 42 in all three metrics take about 20 s: `npm test`
  // checks every fourth (11, 横刀立马 first), `npm run bench:sweeps` all of them.
  const table = classicTable();
  it.each(sampled(table, table.map((_, i) => i).filter((i) => i % 4 === 0)))('$name $layout', ({ layout, want }) => {
    expect(distances(layout, CLASSIC_GOAL)).toEqual(want);
  });

  it('agrees with the classic-board reference on random arrangements', () => {
    const rand = seededRandom(7);
    for (let k = 0; k < 6; k++) {
      // The 2×2, v verticals, h horizontals and s soldiers must fill the 20 cells but 2: 4 + 2v + 2h + s = 18.
      const v = 1 + rand(4);
      const h = rand(6 - v);
      const position = randomArrangement(rand, v, h, 14 - 2 * v - 2 * h)!;
      const metric = METRICS[k % 3]!;
      expect(polyDistance(toCode(position), CLASSIC_GOAL, metric), toCode(position)).toBe(refClassicDistance(position, metric));
    }
  });
});

describe('hand-counted puzzles', () => {
  it('an L piece moves as one body and cannot enter a cell another piece holds', () => {
    // Down then right, or right then down; under `move` the L slides around the corner in one go.
    expect(distances('AA.-A..-..C', '...-.AA-.A.')).toEqual([1, 2, 2]);
    // C holds a target cell: it must step out (down) before A can step right.
    expect(distances('AAC-A..-...', '.AA-.A.-...')).toEqual([2, 2, 2]);
  });

  it('a hole is never entered, also on padded rows', () => {
    // A goes round the hole: down, right, right, up (steps) = down, right, up (straight) = one move.
    expect(distances('A_.-...', '._A-...')).toEqual([1, 3, 4]);
    expect(distances('A#.-...', '.#A-...')).toEqual([1, 3, 4]);
    // 'A.' is padded to 'A._': A goes down, then right twice.
    expect(distances('A.-...', '.._-..A')).toEqual([1, 2, 3]);
  });

  it('a piece in two parts cannot pass where either part is blocked', () => {
    // Straight down would put A's right part on the hole, so A goes right, down 2, left.
    expect(distances('A.A.-.._.-....', '....-.._.-A.A.')).toEqual([1, 3, 4]);
    // C sits between A's parts and blocks its way: C goes down and left (to row 1, col 0) first.
    expect(distances('ACA.-.._.-....', '....-.._.-A.A.')).toEqual([2, 5, 6]);
  });

  it('two pieces trade places', () => {
    // One of them leaves the column and comes back: 2 + 2 + 1 + 1 steps, 4 slides, 3 moves.
    expect(distances('A.-..-C.', 'C.-..-A.')).toEqual([3, 4, 6]);
  });

  it('pieces of a fixed letter are interchangeable, in positions and in goals', () => {
    expect(distances('S.-..-S.', 'S.-..-S.')).toEqual([0, 0, 0]);
    // Either S may take the target; both are two steps (one slide) away.
    expect(distances('S..-...-..S', '..S-...-...')).toEqual([1, 1, 2]);
    // One-off pieces are not: A and C in a 1×3 corridor cannot pass each other.
    expect(distances('A.C', 'C.A')).toEqual([null, null, null]);
  });

  it('every named piece must be on its target at once', () => {
    expect(distances('AC.-...', '.AC-...')).toEqual([2, 2, 2]);
    // A passes C along the bottom row in one move (down, right, right, up); slides: C down, A right, C up.
    expect(distances('AC.-...', '.CA-...')).toEqual([1, 3, 4]);
  });

  it('answers null when the goal cannot be reached', () => {
    expect(distances('A.C', '..A')).toEqual([null, null, null]);
    expect(distances('A_.', '._A')).toEqual([null, null, null]);
  });

  it('rejects a goal that does not match the board', () => {
    // A hole that is not the board's, a letter not on the board, another shape, no piece named, another size.
    for (const goal of ['..A-...', '._.-..Z', '._.-.AA', '._.-...', '._']) expect(() => polyDistance('A_.-...', goal, 'step')).toThrow();
  });

  it('throws when the search would store more positions than the cap', () => {
    expect(() => polyDistance('VBBV-VBBV-VHHV-VSSV-S..S', CLASSIC_GOAL, 'move', 1000)).toThrow(/1000/);
  });
});

describe('replaying moves', () => {
  const round: Array<[PolyMetric, PolyMove[]]> = [
    ['step', [along([0, 0], [1, 0]), along([1, 0], [1, 1]), along([1, 1], [1, 2]), along([1, 2], [0, 2])]],
    ['straight', [along([0, 0], [1, 0]), along([1, 0], [1, 1], [1, 2]), along([1, 2], [0, 2])]],
    ['move', [along([0, 0], [1, 0], [1, 1], [1, 2], [0, 2])]],
  ];
  it.each(round)('plays legal %s moves to the final position', (metric, moves) => {
    const final = polyReplay('A_.-...', metric, moves);
    expect(final).toBe('._A-...');
    expect(polySolved(final, '._A-...')).toBe(true);
    expect(polySolved('A_.-...', '._A-...')).toBe(false);
  });

  it('moves pieces in two parts and pieces of fixed letters by their anchors', () => {
    expect(polyReplay('ACA.-.._.-....', 'move', [along([0, 1], [1, 1], [1, 0]), along([0, 0], [0, 1], [1, 1], [2, 1], [2, 0])])).toBe('....-C._.-A.A.');
    expect(polyReplay('VV.-VV.', 'straight', [along([0, 1], [0, 2])])).toBe('V.V-V.V');
  });

  const illegal: Array<[string, PolyMetric, PolyMove[], RegExp]> = [
    ['through a hole', 'move', [along([0, 0], [0, 1], [0, 2])], /^move 0: /],
    ['a jump', 'straight', [along([0, 0], [1, 0]), along([1, 0], [1, 2])], /^move 1: /],
    ['a diagonal', 'step', [along([0, 0], [1, 1])], /^move 0: /],
    ['a cell that is not an anchor', 'step', [along([1, 0], [1, 1])], /^move 0: .*no piece/],
    ['a turn in a straight move', 'straight', [along([0, 0], [1, 0], [1, 1])], /^move 0: /],
    ['a step of two cells', 'step', [along([0, 0], [1, 0]), along([1, 0], [1, 1], [1, 2])], /^move 1: /],
    ['a path not ending at to', 'move', [{ from: [0, 0], to: [1, 2], path: [[0, 0], [1, 0], [1, 1]] }], /^move 0: /],
    ['a path starting elsewhere', 'move', [{ from: [0, 0], to: [1, 1], path: [[1, 0], [1, 1]] }], /^move 0: /],
  ];
  it.each(illegal)('rejects %s, naming the move', (_, metric, moves, message) => {
    expect(() => polyReplay('A_.-...', metric, moves)).toThrow(message);
  });

  it('rejects moving onto another piece, or a piece in two parts onto a hole with one part', () => {
    expect(() => polyReplay('AC.-...', 'step', [along([0, 0], [0, 1])])).toThrow(/^move 0: /);
    expect(() => polyReplay('A.A.-.._.-....', 'step', [along([0, 0], [1, 0])])).toThrow(/^move 0: /);
    expect(() => polyReplay('AA.-A..-...', 'step', [along([0, 1], [0, 2])])).toThrow(/^move 0: .*no piece/);
  });
});

describe('random puzzles', () => {
  const puzzles = Array.from({ length: 300 }, (_, seed) => ({ seed, ...randomPolyPuzzle(seededRandom(seed)) }));

  /** Whether a piece's cells touch one another (orthogonally) all the way round. */
  function connected(cells: number[], width: number): boolean {
    const seen = new Set([cells[0]!]);
    const queue = [cells[0]!];
    for (let k = 0; k < queue.length; k++) {
      for (const next of cells) {
        const a = queue[k]!;
        const touching = Math.abs(next - a) === width || (Math.abs(next - a) === 1 && Math.floor(next / width) === Math.floor(a / width));
        if (!touching || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return seen.size === cells.length;
  }

  it('are small boards with at least 2 empty cells and goals of 1 to 3 one-off pieces on board cells', () => {
    for (const { seed, code, goal } of puzzles) {
      const board = parsePolyCode(code);
      const target = parsePolyCode(goal);
      expect(board.width * board.height, code).toBeLessThanOrEqual(20);
      expect([board.width, board.height].every((n) => n >= 3 && n <= 5), code).toBe(true);
      const used = board.pieces.reduce((sum, p) => sum + p.cells.length, 0);
      expect(board.holes.filter((hole) => !hole).length - used, code).toBeGreaterThanOrEqual(2);
      expect(target.holes, `${seed}`).toEqual(board.holes);
      expect(target.pieces.length).toBeGreaterThanOrEqual(1);
      expect(target.pieces.length).toBeLessThanOrEqual(3);
      for (const piece of target.pieces) expect('BVHS'.includes(piece.letter)).toBe(false);
      expect(() => polySolved(code, goal), `${code} ${goal}`).not.toThrow();
    }
  });

  it('cover holes and none, fixed letters, pieces in two parts, other shapes and swaps', () => {
    const count = (test: (p: (typeof puzzles)[number]) => boolean) => puzzles.filter(test).length;
    const pieces = (code: string) => parsePolyCode(code);
    expect(count(({ code }) => code.includes('_'))).toBeGreaterThan(30);
    expect(count(({ code }) => !code.includes('_'))).toBeGreaterThan(30);
    expect(count(({ code }) => /[BVHS]/.test(code))).toBeGreaterThan(30);
    expect(count(({ code }) => pieces(code).pieces.some((p) => !connected(p.cells, pieces(code).width)))).toBeGreaterThan(30);
    expect(count(({ code }) => pieces(code).pieces.some((p) => p.cells.length === 5))).toBeGreaterThan(30);
    const swaps = count(({ code, goal }) => {
      const now = pieces(code).pieces;
      const then = pieces(goal).pieces;
      return then.some((a) => then.some((b) => a !== b && String(a.cells) === String(now.find((p) => p.letter === b.letter)!.cells)));
    });
    expect(swaps).toBeGreaterThan(20);
  });

  it('honour the size and goal options', () => {
    const rand = seededRandom(99);
    for (let k = 0; k < 50; k++) {
      const { code, goal } = randomPolyPuzzle(rand, { width: 4, height: 4, goalPieces: 1 });
      expect([parsePolyCode(code).width, parsePolyCode(code).height]).toEqual([4, 4]);
      expect(parsePolyCode(goal).pieces.length).toBe(1);
    }
  });

  it('are searched to the end, with move ≤ straight ≤ step', () => {
    let solvable = 0;
    for (const { code, goal } of puzzles.slice(0, 60)) {
      const [move, straight, step] = distances(code, goal);
      if (move === null) {
        expect([straight, step], `${code} ${goal}`).toEqual([null, null]);
        continue;
      }
      solvable++;
      expect(move, `${code} ${goal}`).toBeGreaterThan(0);
      expect(move).toBeLessThanOrEqual(straight!);
      expect(straight).toBeLessThanOrEqual(step!);
    }
    expect(solvable).toBeGreaterThan(10);
  });
});
