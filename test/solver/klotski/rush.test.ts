/**
 * The `line` slide rule (Rush Hour) and Fogleman's `rush:` notation, against the independent reference of
 * test/helpers/rush-reference.ts: optimal lengths in every metric, cluster sizes, every move replayed on its axis — on
 * the WebAssembly engine and in TypeScript, by A*, breadth-first search and IDA*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, checkSolution, legalMoves, METRICS, parseLayoutInput, parseLayoutOrThrow, solve, solveCode, type Algorithm, type SolveResult } from '../../../solver/index.ts';
import { enableBitboardEngine } from '../../../solver/klotski/wasm/engine.ts';
import { loadEngineFromDisk } from '../../../solver/node/bitboard-engine.ts';
import { seededRandom } from '../../helpers/random-layouts.ts';
import { randomRush, readRush, rushReplay, rushSearch } from '../../helpers/rush-reference.ts';

beforeAll(async () => {
  expect(await loadEngineFromDisk(), 'solver/klotski/wasm/bitboard-search.wasm is built').toBe(true);
});
afterAll(() => enableBitboardEngine(true));

/** Fogleman's hardest puzzle without walls: 51 moves, in a cluster of 4,780 positions (github.com/fogleman/rush). */
const HARDEST = 'rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo';

/**
 * Random lots of 4×4 to 6×6 with walls, cars and trucks of both orientations (B, H, S and V among their letters); every
 * fourth one set in the bottom right corner of a 9×9 lot walled off elsewhere (81 cells: the engine's 128-bit masks).
 */
function lots(count: number, seed: number): string[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const side = 4 + (i % 3);
    const code = randomRush(rand, side, side + rand(side * 2), rand(3));
    return i % 4 === 3 ? walledIn(code, 9) : code;
  });
}

/** A lot in the bottom right corner of a larger one whose other cells are walls (its exit still at the right edge). */
function walledIn(code: string, side: number): string {
  const inner = code.slice('rush:'.length);
  const n = Math.sqrt(inner.length);
  const cells = Array.from({ length: side * side }, (_, i) => {
    const [r, c] = [Math.floor(i / side) - (side - n), (i % side) - (side - n)];
    return r >= 0 && c >= 0 ? inner[r * n + c]! : 'x';
  });
  return `rush:${cells.join('')}`;
}

/** The reference's answers, once per lot and metric. */
const referenceRuns = new Map<string, ReturnType<typeof rushSearch>>();
function reference(code: string, metric: 'straight' | 'step') {
  const key = `${metric} ${code}`;
  if (!referenceRuns.has(key)) referenceRuns.set(key, rushSearch(readRush(code), metric));
  return referenceRuns.get(key)!;
}

function expectAgreement(code: string, result: SolveResult, metric: (typeof METRICS)[number]) {
  const referenceBoard = readRush(code);
  const refMetric = metric === 'step' ? 'step' : 'straight';
  const { distance } = reference(code, refMetric);
  const what = `${code} ${metric} ${result.stats.algorithm} on ${result.stats.engine}`;
  expect(result.status, what).toBe(distance === null ? 'unsolvable' : 'solved');
  if (distance === null) return 0;
  expect(result.length, what).toBe(distance);
  expect(rushReplay(referenceBoard, result.moves, refMetric), what).toBeNull();
  const { layout } = parseLayoutInput(code);
  expect(checkSolution(layout, metric, result.moves, null, 'line'), what).toBeNull();
  return 1;
}

describe.each(['engine', 'typescript'] as const)('the line rule on the %s', (where) => {
  beforeAll(() => enableBitboardEngine(where === 'engine'));

  it('finds the reference search\'s optimal lengths in all three metrics, every move on its axis', () => {
    let solved = 0;
    for (const code of lots(32, 47)) {
      for (const metric of METRICS) {
        const result = solveCode(code, { metric });
        if (!result.ok) throw new Error(`${code}: ${result.error.message}`);
        solved += expectAgreement(code, result.value as SolveResult, metric);
      }
    }
    // The lots are not all unsolvable: most of them are checked move by move.
    expect(solved).toBeGreaterThan(32);
  });

  it('answers the same by breadth-first search and IDA*', () => {
    for (const code of lots(12, 47)) {
      for (const algorithm of ['bfs', 'ida'] as Algorithm[]) {
        for (const metric of ['straight', 'step'] as const) {
          // IDA* proves a lot unsolvable only by exhausting it again at every bound: the solvable ones only.
          if (algorithm === 'ida' && reference(code, metric).distance === null) continue;
          const result = solveCode(code, { metric, algorithm });
          if (!result.ok) throw new Error(result.error.message);
          expectAgreement(code, result.value as SolveResult, metric);
        }
      }
    }
  });

  it('--analyze counts the whole cluster in every metric', () => {
    for (const code of lots(24, 47)) {
      const { layout, slide } = parseLayoutInput(code);
      const cluster = reference(code, 'straight').cluster;
      const goal = readRush(code).car >= 0 ? null : undefined;
      for (const metric of METRICS) expect(analyze(layout, { metric, slide, goal }).total, `${code} ${metric}`).toBe(cluster);
    }
  });

  it('solves Fogleman\'s 51-move puzzle in 51 straight moves, in a cluster of 4,780', () => {
    const { layout, slide } = parseLayoutInput(HARDEST);
    for (const metric of ['move', 'straight'] as const) {
      const result = solve(layout, { metric, slide });
      expect([result.status, result.length, result.slide]).toEqual(['solved', 51, 'line']);
      expect(rushReplay(readRush(HARDEST), result.moves, 'straight')).toBeNull();
    }
    expect(analyze(layout, { slide }).total).toBe(4780);
  });
});

describe('the line rule', () => {
  it('keeps bars on their axis and other pieces still; checkSolution refuses a move off the axis', () => {
    // C stands in column 2 in the car's way: free, it could go down and aside in one move; under line only up or down.
    const { layout } = parseLayoutInput('rush:ooooAABoooBooooo');
    expect(parseLayoutInput('rush:ooooAABoooBooooo').slide).toBe('line');
    const sideways = { from: [1, 2] as [number, number], to: [2, 3] as [number, number], path: [[1, 2], [2, 2], [2, 3]] as Array<[number, number]> };
    const car = { from: [1, 0] as [number, number], to: [1, 2] as [number, number], path: [[1, 0], [1, 1], [1, 2]] as Array<[number, number]> };
    expect(checkSolution(layout, 'move', [sideways, car], null, 'line')).toBe('move 1 (1,2 → 2,3) is not legal');
    expect(checkSolution(layout, 'move', [sideways, car], { piece: 'A', at: [1, 2] }, 'free')).toBeNull();
    const down = { from: [1, 2] as [number, number], to: [2, 2] as [number, number], path: [[1, 2], [2, 2]] as Array<[number, number]> };
    expect(checkSolution(layout, 'move', [down, car], null, 'line')).toBeNull();
    // A 1×1 and a 2×2 never move under line; a horizontal bar only sideways.
    const still = parseLayoutOrThrow('S..-.BB-.BB');
    expect(legalMoves(still, 'move', { piece: 'S', at: [0, 1] }, 'line')).toEqual([]);
    expect(legalMoves(still, 'move', { piece: 'S', at: [0, 1] }, 'free').length).toBeGreaterThan(0);
    const bar = parseLayoutOrThrow('...-.CC-...');
    expect(legalMoves(bar, 'move', { piece: 'C', at: [1, 0] }, 'line').map((m) => m.to)).toEqual([[1, 0]]);
    expect(solve(parseLayoutOrThrow('S..-.BB-.BB'), { slide: 'line', goal: { piece: 'S', at: [0, 2] } }).status).toBe('unsolvable');
  });

  it('defaults the goal to the car A out at the right of its row, for any code', () => {
    const result = solveCode('...C-AA.C-....-....', { slide: 'line' });
    expect(result.ok && result.value).toMatchObject({ status: 'solved', length: 2, goal: { piece: [1, 0], at: [1, 2] }, slide: 'line' });
    // Any goal form of today works too.
    const given = solveCode('...C-AA.C-....-....', { slide: 'line', goal: 'A@1,1' });
    // With C only one cell from the bottom, the car can never leave.
    expect(solveCode('...C-AA.C-....', { slide: 'line' })).toMatchObject({ ok: true, value: { status: 'unsolvable' } });
    expect(given.ok && given.value).toMatchObject({ status: 'solved', length: 1 });
  });

  it('hands back the project\'s code: walls as cells off the board, B H S V vehicles lettered again', () => {
    const { layout, slide } = parseLayoutInput('rush:SSxoAAVoHoVoHBBx');
    expect(slide).toBe('line');
    const result = solve(layout, { slide });
    // B, H, S and V are fixed shapes in the codec: those vehicles come back under letters it reads as one bar each.
    expect(result.layout).toBe('EE_.-AAF.-D.F.-DCC_');
    expect(result.canonical.endsWith('~line')).toBe(true);
    expect(parseLayoutOrThrow(result.layout).pieces.map((p) => `${p.letter}${p.width}x${p.height}`).sort()).toEqual(['A2x1', 'C2x1', 'D1x2', 'E2x1', 'F1x2']);
  });
});

describe('errors, by message', () => {
  const message = (code: string, options: Parameters<typeof solveCode>[1] = {}) => {
    const r = solveCode(code, options);
    return r.ok ? 'ok' : r.error.message;
  };

  it('refuses a board that is not square, a vehicle that is not a bar, a vertical car without a goal, an unknown rule', () => {
    expect(message('rush:AAooo')).toMatch(/5 characters is not a square number/);
    expect(message('rush:AAoCCoCoo')).toMatch(/vehicle C \(row 2 col 1\) is not a straight bar/);
    expect(message('rush:AAoCooooo')).toMatch(/vehicle C .* is not a straight bar/);
    expect(message('rush:AoCAoCooo')).toMatch(/car A stands vertically .* give a goal/);
    expect(message('rush:AoCAoCooo', { goal: 'A@1,0' })).toBe('ok');
    expect(message('rush:AAo-ooooo')).toMatch(/unexpected character "-"/);
    expect(message('SS.-...', { slide: 'line' })).toMatch(/no car A and no explicit goal/);
    expect(message('VBBV-VBBV-VHHV-VSSV-S..S', { slide: 'diagonal' as never })).toMatch(/"diagonal" is not one of free, line/);
    expect(message(HARDEST, { slide: 'free' })).toMatch(/a rush: code is played under slide line/);
    expect(message(HARDEST, { slide: 'line' })).toBe('ok');
  });
});
