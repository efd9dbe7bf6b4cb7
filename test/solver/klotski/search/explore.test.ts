/**
 * The searches `explore` runs, on the WebAssembly engine, against the TypeScript search (search/part-grid.ts) and
 * the plain reference search of the tests: the same positions at every distance, the same solutions' lengths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS, parseLayoutOrThrow, resolveGoal, solve } from '../../../../solver/index.ts';
import { explore } from '../../../../solver/klotski/search/explore.ts';
import { exploreGrid } from '../../../../solver/klotski/search/part-grid.ts';
import { layersAlternate } from '../../../../solver/klotski/search/exploration.ts';
import { toWideBitboard } from '../../../../solver/klotski/wasm/board64.ts';
import { enableBitboardEngine } from '../../../../solver/klotski/wasm/engine.ts';
import { pieceCosts } from '../../../../solver/klotski/search/heuristic.ts';
import { compilePuzzle } from '../../../../solver/klotski/model/puzzle.ts';
import { loadEngineFromDisk } from '../../../../solver/node/bitboard-engine.ts';
import { BudgetClock } from '../../../../solver/shared/budget.ts';
import { randomLayoutCode, seededRandom } from '../../../helpers/random-layouts.ts';
import { refBoard, refDistance, refLayerSizes, refReplay, walkLayers } from '../../../helpers/reference.ts';
import { sampled } from '../../../helpers/sweeps.ts';

beforeAll(async () => {
  // `npm test` builds the engine first (npm run build:wasm); a missing build is a failure here, not a skip.
  expect(await loadEngineFromDisk(), 'solver/klotski/wasm/bitboard-search.wasm is built').toBe(true);
});
afterAll(() => enableBitboardEngine(true));

/**
 * Whole-space searches of the engine and the TypeScript search, up to 300,000 positions: the same number of positions
 * in every complete layer, and, when the space was exhausted, the same number of solved ones.
 */
function layers(code: string, metric: (typeof METRICS)[number], fold: boolean, engine: 'engine' | 'grid', maxStates = 300_000) {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  const options = { metric, fold, stopAtGoal: false, clock: new BudgetClock({}), maxStates };
  const run = engine === 'engine' ? explore(puzzle, grid, options) : exploreGrid(puzzle, grid, options);
  // The engine's results are views of its memory (readable until its next search): only those carry `current`.
  expect(run.current !== undefined, `${code} on the ${engine}`).toBe(engine === 'engine');
  const sizes = run.layerStarts.slice(1).map((end, d) => end - run.layerStarts[d]!);
  return { status: run.status, sizes, solved: run.status === 'budget-exceeded' ? null : run.solvedCount };
}

/** Words per stored position of `explore`'s search on a board: the engine's masks (2 or 4 words a class and the rest). */
function storedWords(code: string): number {
  const layout = parseLayoutOrThrow(code);
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
  return explore(puzzle, grid, { metric: 'move', fold: true, stopAtGoal: false, clock: new BudgetClock({}), maxStates: 100 }).table.words;
}

/**
 * Both engines' layer counts, unfolded, against the plain reference search on each board whose space it walks (at
 * most 20,000 positions per metric); returns how many board and metric pairs were compared.
 */
function compareWithReference(codes: string[]): number {
  let compared = 0;
  for (const code of codes) {
    const layout = parseLayoutOrThrow(code);
    const goal = resolveGoal(layout, undefined);
    const [w, h] = [code.indexOf('-'), code.split('-').length];
    for (const metric of METRICS) {
      const expected = refLayerSizes(refBoard(w, h, layout.pieces), goal.pieceIndex, metric, 20_000);
      if (!expected) continue;
      compared++;
      for (const engine of ['engine', 'grid'] as const) {
        expect(layers(code, metric, false, engine).sizes, `${code} ${metric} ${engine}`).toEqual(expected);
      }
    }
  }
  return compared;
}

describe('breadth-first search of boards of up to 32 cells', () => {
  const rand = seededRandom(3232);
  const boards: string[] = [];
  for (const [w, h, empty] of [[4, 5, 2], [4, 5, 3], [5, 4, 2], [3, 5, 2], [5, 5, 3], [4, 6, 3], [8, 4, 3], [4, 8, 2], [6, 5, 4], [6, 6, 4], [5, 7, 3], [10, 4, 3], [10, 10, 90]] as const) {
    boards.push(randomLayoutCode(rand, w, h, empty));
  }

  it('runs on the engine\'s 64-bit search: two words a class, the empty cells\' two and two hashes', () => {
    // 横刀立马: four classes (the block, vertical and horizontal generals, soldiers).
    expect(storedWords('VBBV-VBBV-VHHV-VSSV-S..S')).toBe(2 * 4 + 4);
    expect(storedWords('SBBS.SSS-SBBS.SSS-SSSSSSSS-SSSSSSS.')).toBe(2 * 2 + 4);
  });

  // The larger boards (4×8, 6×5, 8×4, 6×6, 5×7, 10×4: 2–5 s each) in the sweep bench only; the tests keep a board of
  // every size up to 5×5 and 4×6, and the wide sparse 10×10.
  for (const code of sampled(boards, [0, 1, 2, 3, 4, 5, 12])) {
    it(`counts every layer as the part-grid search does: ${code}`, () => {
      for (const metric of METRICS) {
        for (const fold of [true, false]) {
          expect(layers(code, metric, fold, 'engine'), `${metric} fold=${fold}`).toEqual(layers(code, metric, fold, 'grid'));
        }
      }
    });
  }

  it('finds every position at every distance that a plain reference search finds (both engines, every metric)', () => {
    // Both engines skip the moves they know lead back near the parent (move-tags.ts); an independent search checks
    // that nothing is lost. Small spaces, no folding, so the counts compare one to one.
    const small = seededRandom(77);
    const sizes = [[3, 4, 2], [4, 4, 2], [4, 5, 3], [3, 5, 3], [7, 5, 20], [6, 6, 30]] as const;
    expect(compareWithReference(sizes.map(([w, h, empty]) => randomLayoutCode(small, w, h, empty)))).toBeGreaterThanOrEqual(12);
  });

  it('uses the 32nd cell: an 8×4 board whose goal covers the bottom-right corner, every metric, replayed', () => {
    const code = 'SSS.SSSS-SSSSSBBS-SSSSSBBS-SSSS.SS.';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [1, 5] as [number, number], at: [2, 6] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    for (const metric of METRICS) {
      const r = solve(layout, { metric, algorithm: 'bfs', goal });
      expect(r.length, metric).toBe(refDistance(refBoard(8, 4, layout.pieces), block, goal.at, metric));
      const end = refReplay(refBoard(8, 4, layout.pieces), metric, r.moves);
      expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual(goal.at);
    }
  });
});

describe('breadth-first search of boards of 33 to 64 cells', () => {
  it('runs on the engine\'s 64-bit search up to 64 cells, and on its 128-bit search past them', () => {
    expect(storedWords('SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS')).toBe(2 * 2 + 4);
    expect(storedWords('SSSSSSS.-SSSSSSSS-SSSSSSSS-SSSSSSSS-SSSSSSSS-SSSSSSSS-SBBSSSSS-SBBSSSS.')).toBe(2 * 2 + 4);
    // 81 cells, two classes: four words (two 64-bit lanes) a class and for the empty cells, two hashes.
    expect(storedWords('SSSSSSSS.-SSSSSSSSS-SSSSSSSSS-SSSSSSSSS-SSSSSSSSS-SSSSSSSSS-SSSSSSSSS-SBBSSSSSS-SBBSSSSS.')).toBe(4 * 3 + 2);
  });

  it('counts every layer as the part-grid search does, mirror images folded or not, whether or not mirroring keeps the parity of steps', () => {
    // In the step metric a layer's successors lie in the layers next to it, so the search leaves its own layer out of
    // the index (bfs.ts `layersAlternate`): only where mirroring keeps the parity of the sum of the pieces' rows and
    // columns. These boards have it both ways.
    const rand = seededRandom(4242);
    const alternate: boolean[] = [];
    for (const [w, h, empty] of [[6, 6, 3], [8, 5, 3], [6, 7, 4], [8, 6, 3], [6, 6, 4], [8, 5, 4]] as const) {
      const code = randomLayoutCode(rand, w, h, empty);
      const layout = parseLayoutOrThrow(code);
      const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
      alternate.push(layersAlternate('step', true, toWideBitboard(puzzle, grid)!));
      for (const metric of METRICS) {
        for (const fold of [true, false]) {
          expect(layers(code, metric, fold, 'engine', 30_000), `${code} ${metric} fold=${fold}`).toEqual(layers(code, metric, fold, 'grid', 30_000));
        }
      }
    }
    expect(alternate).toContain(true);
    expect(alternate).toContain(false);
  });

  it('uses the 64th cell and moves across the two words: an 8×8 board whose goal covers the bottom-right corner, every metric, replayed', () => {
    // The block starts in the low word (rows 0–3) and must end in the high one, on the last cell (bit 31 of hi).
    const code = 'AAAAA...-AAAAA...-AAAAA.BB-AAAAA.BB-CCCCC.S.-CCCCC...-DDDDDS..-DDDDD..S';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [2, 6] as [number, number], at: [6, 6] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    for (const metric of METRICS) {
      const r = solve(layout, { metric, algorithm: 'bfs', goal });
      expect(r.stats.algorithm, metric).toBe('bfs');
      expect(r.length, metric).toBe(refDistance(refBoard(8, 8, layout.pieces), block, goal.at, metric));
      const end = refReplay(refBoard(8, 8, layout.pieces), metric, r.moves);
      expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual(goal.at);
    }
  });
});

/** A random layout of `laneRows` rows under a full-width block (`A`) that cannot move: a large board, a small space. */
function framed(rand: (n: number) => number, width: number, height: number, laneRows: number, empty: number): string {
  const top = Array.from({ length: height - laneRows }, () => 'A'.repeat(width));
  return [...top, randomLayoutCode(rand, width, laneRows, empty)].join('-');
}

describe('breadth-first search of boards of more than 64 cells', () => {
  it('finds every position at every distance that a plain reference search finds (both engines, every metric)', () => {
    const rand = seededRandom(65);
    const sizes = [[10, 7, 2, 2], [10, 10, 2, 2], [9, 8, 2, 3], [10, 9, 3, 2]] as const;
    expect(compareWithReference(sizes.map(([w, h, lane, empty]) => framed(rand, w, h, lane, empty)))).toBeGreaterThanOrEqual(9);
  });

  it('counts every layer as the part-grid search does, mirror images folded or not', () => {
    const rand = seededRandom(6565);
    for (const [w, h, lane, empty] of [[10, 10, 2, 3], [9, 8, 2, 3], [10, 10, 2, 4], [9, 8, 2, 4]] as const) {
      const code = framed(rand, w, h, lane, empty);
      for (const metric of METRICS) {
        for (const fold of [true, false]) {
          expect(layers(code, metric, fold, 'engine'), `${code} ${metric} fold=${fold}`).toEqual(layers(code, metric, fold, 'grid'));
        }
      }
    }
  });

  it('uses the 100th cell and moves across all four words: a 10×10 board whose goal covers the bottom-right corner, every metric, replayed', () => {
    // The block starts in word 0 (row 0) and must end on the last cell (bit 3 of word 3).
    const code = 'AAAAAAA.BB-AAAAAAA.BB-AAAAAAA...-AAAAAAAS..-AAAAAAA...-CCCCCCC.S.-CCCCCCC...-CCCCCCC..S-CCCCCCC...-CCCCCCC...';
    const layout = parseLayoutOrThrow(code);
    const goal = { piece: [0, 8] as [number, number], at: [8, 8] as [number, number] };
    const block = layout.pieces.findIndex((p) => p.letter === 'B');
    for (const metric of METRICS) {
      const r = solve(layout, { metric, algorithm: 'bfs', goal });
      expect(r.stats.algorithm, metric).toBe('bfs');
      expect(r.length, metric).toBe(refDistance(refBoard(10, 10, layout.pieces), block, goal.at, metric));
      const end = refReplay(refBoard(10, 10, layout.pieces), metric, r.moves);
      expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual(goal.at);
    }
  });
});

describe('breadth-first search by rank (boards of soldiers and a few other pieces)', () => {
  const searchedByRank = (code: string, costs: boolean) => {
    const layout = parseLayoutOrThrow(code);
    const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, undefined));
    const options = { metric: 'move' as const, fold: true, stopAtGoal: costs, clock: new BudgetClock({}), maxStates: 1000, costs: costs ? pieceCosts(puzzle, 'move') : null };
    return !!explore(puzzle, grid, options).storedAsFound;
  };

  it('is used where the positions rank into a small range, by breadth-first search only (the engine\'s)', () => {
    expect(searchedByRank('SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS', false)).toBe(true);
    expect(searchedByRank('SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', false)).toBe(true);
    // The classic board's pieces rank into 368 million: the hash index.
    expect(searchedByRank('VBBV-VBBV-VHHV-VSSV-S..S', false)).toBe(false);
    // A* finds stored positions again to shorten their paths: the hash index.
    expect(searchedByRank('SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', true)).toBe(false);
  });

  const boards = [
    'S.SS-SBBS-SBBS-SS.S', 'AAAA-SBBS-SBBS-S..S', 'SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS', 'SBBS.SSS-SBBS.SSS-SSSSSSSS-SSSSSSS.',
    'AAAAAA-AAAAAA-AAAAAA-SBBSS.-SBBSSS-SSS.SS', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS', 'AAAAAAA-AAAAAAA-SSBBS.S-SSBBSSS-S.SSSS.',
  ];
  for (const code of boards) {
    it(`counts every layer as the part-grid search does, mirror images folded or not: ${code}`, () => {
      expect(searchedByRank(code, false)).toBe(true);
      for (const metric of METRICS) {
        for (const fold of [true, false]) {
          expect(layers(code, metric, fold, 'engine', 60_000), `${metric} fold=${fold}`).toEqual(layers(code, metric, fold, 'grid', 60_000));
        }
      }
    });
  }

  it('finds every position at every distance that a plain reference search finds, and replays optimal solutions', () => {
    const codes = ['AAAA-SBBS-SBBS-S..S', 'AAAAAA-AAAAAA-AAAAAA-SBBSS.-SBBSSS-SSS.SS', 'AAAAAAA-AAAAAAA-SSBBS.S-SSBBSSS-S.SSSS.'];
    // Every board in every metric: the reference walks each space whole.
    expect(compareWithReference(codes)).toBe(codes.length * METRICS.length);
    for (const code of codes) {
      const layout = parseLayoutOrThrow(code);
      const goal = resolveGoal(layout, undefined);
      const [w, h] = [code.indexOf('-'), code.split('-').length];
      for (const metric of METRICS) {
        const ref = refBoard(w, h, layout.pieces);
        const r = solve(layout, { metric, algorithm: 'bfs', tablebase: null });
        expect(r.length, `${code} ${metric}`).toBe(refDistance(ref, goal.pieceIndex, [goal.row, goal.col], metric));
        const end = refReplay(ref, metric, r.moves);
        expect([end.pieces[goal.pieceIndex]!.r, end.pieces[goal.pieceIndex]!.c], `${code} ${metric}`).toEqual([goal.row, goal.col]);
      }
    }
  });
});

describe('best-first (A*) search, on the engine and in TypeScript', () => {
  // Boards of every kind, narrow and wide, whose whole spaces the reference search can walk: most cannot reach the
  // default goal (the whole space must be explored to prove it), and each is also sent to where the reference walk
  // last finds its block (not mirror-symmetric, mostly), so that it is solved, far away.
  const boards = [
    'VHHS-VXXX-BB.S-BBV.-SSV.', 'SS.S-BBSS-BBS.-.SSS-SXXX', 'S.SSV-BBSSV-BBXXX-SHHHH-SS..S', 'HH..S-SSSSS-XXXBB-SVSBB-SV.SS',
    'SSSS-.SHH-S.SS-SXXX-BBHH-BBHH', 'HHSS-..HH-SXXX-VBBV-VBBV-SSSS', 'VHHSS-V.SHH-SSSSS-SSSSS-HHBBS-S.BBS',
    'SS.HH-SSHHS-HHSVV-HHSVV-HHBBS-.SBBS', 'SSSVSV-VSSVVV-VHHSVS-XXXBBV-SS.BBV-HHSHH.', 'VSSV.S-VSSVHH-SSVBBS-SSVBBS-SSSSHH-SS.SSS',
    'HHSHHSV.-SSSSBBVS-SSSSBBHH-SSSHHVSS-HH.SSV.S', 'HHSSVS.-SVHHVSS-SVVBBSV-.VVBBVV-SVVSVVS-HHVSVSV-HHSHHSV',
  ];
  for (const code of boards) {
    it(`is optimal in every metric against the reference search, replayed, or proves no solution: ${code}`, () => {
      const layout = parseLayoutOrThrow(code);
      const ref = refBoard(layout.width, layout.height, layout.pieces);
      const block = layout.pieces.findIndex((p) => p.letter === 'B');
      let far: [number, number] = [0, 0];
      walkLayers(ref, block, 'move', 50_000, (layer) => {
        far = [layer[0]!.pieces[block]!.r, layer[0]!.pieces[block]!.c];
        return false;
      });
      const piece: [number, number] = [layout.pieces[block]!.row, layout.pieces[block]!.col];
      let solved = 0;
      for (const goal of [undefined, { piece, at: far }]) {
        const resolved = resolveGoal(layout, goal);
        for (const metric of METRICS) {
          for (const engine of [true, false]) {
            enableBitboardEngine(engine);
            const r = solve(layout, { metric, algorithm: 'astar', goal });
            enableBitboardEngine(true);
            const what = `${metric} → ${resolved.row},${resolved.col}${engine ? '' : ' (TypeScript)'}`;
            expect(r.stats.algorithm, what).toBe('astar');
            const expected = refDistance(ref, block, [resolved.row, resolved.col], metric);
            if (expected === null) {
              expect(r.status, what).toBe('unsolvable');
              continue;
            }
            expect(r.length, what).toBe(expected);
            const end = refReplay(ref, metric, r.moves);
            expect([end.pieces[block]!.r, end.pieces[block]!.c], what).toEqual([resolved.row, resolved.col]);
            if (engine) solved++;
          }
        }
      }
      expect(solved).toBeGreaterThanOrEqual(3);
    });
  }

  it('expands fewer positions than breadth-first search where the bound has something to say', () => {
    for (const code of ['SSSSS-S.S.S-SSBBS-SSBBS-S.SSS-SSSSS', 'S.SS.-VSBBS-VSBBS-SSSSS-SS.SS', 'SSS.SS-.BBSSS-SBBSSS-SSSSSS-SSSSSS-.SS.SS']) {
      const layout = parseLayoutOrThrow(code);
      const astar = solve(layout, { algorithm: 'astar' });
      const bfs = solve(layout, { algorithm: 'bfs' });
      expect(astar.length, code).toBe(bfs.length);
      expect(astar.stats.nodes, code).toBeLessThan(bfs.stats.nodes / 2);
    }
  });

  it('reports a proven lower bound when over budget', () => {
    const r = solve(parseLayoutOrThrow('VBBVS-VBBVS-HHSS.-VSHHS-V.SSS'), { algorithm: 'astar', maxNodes: 2000 });
    expect(r.status).toBe('budget-exceeded');
    expect(r.lowerBound).toBeGreaterThanOrEqual(4);
    expect(r.lowerBound).toBeLessThanOrEqual(29);
  });

  it('runs on the engine\'s 128-bit search past 64 cells too: a 10×10 board, optimal against the reference search, replayed', () => {
    const code = randomLayoutCode(seededRandom(13), 10, 10, 3);
    const layout = parseLayoutOrThrow(code);
    const goal = resolveGoal(layout, undefined);
    const ref = refBoard(10, 10, layout.pieces);
    for (const metric of ['move', 'step'] as const) {
      const r = solve(layout, { metric, algorithm: 'astar' });
      expect(r.stats.algorithm, metric).toBe('astar');
      expect(r.length, metric).toBe(refDistance(ref, goal.pieceIndex, [goal.row, goal.col], metric));
      const end = refReplay(ref, metric, r.moves);
      expect([end.pieces[goal.pieceIndex]!.r, end.pieces[goal.pieceIndex]!.c], metric).toEqual([goal.row, goal.col]);
      expect(r.stats.nodes, metric).toBeLessThanOrEqual(solve(layout, { metric, algorithm: 'bfs' }).stats.nodes);
    }
  });
});
