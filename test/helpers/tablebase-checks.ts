/**
 * Checks of one family of tablebase mixes (two or three empty cells) against independent references, shared by the
 * tablebase's test files so each family runs in a file of its own (in parallel): ranking against an exhaustive
 * count, and distances against the plain breadth-first search of classic-reference.ts, every solution replayed.
 */
import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, solve, type Metric, type SolveResult } from '../../solver/index.ts';
import { fileTables } from '../../solver/node/tablebase-files.ts';
import { MIXES } from '../../solver/tablebase/mixes.ts';
import { ClassicPosition } from '../../solver/tablebase/position.ts';
import { countArrangements, randomArrangement, refClassicDistance, toCode } from './classic-reference.ts';
import { seededRandom } from './random-layouts.ts';
import { refBoard, refReplay } from './reference.ts';
import { FULL_SWEEPS, sweepSize } from './sweeps.ts';

const METRICS: Metric[] = ['move', 'straight', 'step'];

export function expectReplayReachesGoal(code: string, result: SolveResult): void {
  const layout = parseLayoutOrThrow(code);
  const end = refReplay(refBoard(4, 5, layout.pieces), result.metric, result.moves);
  const block = layout.pieces.findIndex((p) => p.letter === 'B');
  expect([end.pieces[block]!.r, end.pieces[block]!.c]).toEqual([3, 1]);
  expect(result.moves).toHaveLength(result.length!);
}

interface Family {
  empty: number;
  samplesPerMix: number;
  seed: number;
  /** Lower bounds on the samples drawn, the unsolvable ones and those already solved (so each case is exercised). */
  atLeast: { samples: number; unsolvable: number; atGoal: number };
  /**
   * In the tests' sample, draw distances from every `mixEvery`-th mix only (default 1: all). The three-empty mixes'
   * reference searches are the slow ones (a whole space each); the sweep bench draws from every mix.
   */
  mixEvery?: number;
}

export function describeTableChecks({ empty, samplesPerMix, seed, atLeast, mixEvery = 1 }: Family): void {
  const mixes = MIXES.filter((m) => m.empty === empty);
  const tables = fileTables();

  describe(`ranking, ${empty} empty cells`, () => {
    // Whole (every number of every mix, the valid ones counted against an independent enumeration) in the sweep bench;
    // in the tests the first and last numbers of each mix and random ones between.
    it(FULL_SWEEPS ? 'numbers every position of every mix once: unrank then rank gives the number back' : 'unrank then rank gives the number back: the ends of every mix and random numbers between', () => {
      const rand = seededRandom(seed);
      for (const mix of mixes) {
        const position = new ClassicPosition(mix);
        let valid = 0;
        const ends = Math.min(mix.size, 2_000);
        const indices = FULL_SWEEPS
          ? Array.from({ length: mix.size }, (_, i) => i)
          : [...Array.from({ length: ends }, (_, i) => i), ...Array.from({ length: ends }, (_, i) => mix.size - 1 - i), ...Array.from({ length: 5_000 }, () => rand(mix.size))];
        for (const index of indices) {
          if (!position.unrank(index)) continue;
          valid++;
          if (position.rank() !== index) throw new Error(`${mix.id}: ${index} ranks as ${position.rank()}`);
        }
        if (FULL_SWEEPS) expect(valid).toBe(countArrangements(mix.vertical, mix.horizontal, mix.soldiers, empty));
        else if (mix.size > 0 && countArrangements(mix.vertical, mix.horizontal, mix.soldiers, empty) > 0) expect(valid, `mix ${mix.id}`).toBeGreaterThan(0);
      }
    });
  });

  describe(`distances equal an independent breadth-first search, ${empty} empty cells`, () => {
    // Random arrangements of every mix, some with the block already at the goal.
    // The sweep bench draws all `samplesPerMix`; the tests a third of them, at least two (each mix's first is at the goal).
    const rand = seededRandom(seed);
    const positions: string[] = [];
    const perMix = sweepSize(samplesPerMix, Math.max(2, Math.ceil(samplesPerMix / 3)));
    const every = sweepSize(1, mixEvery);
    for (const mix of mixes.filter((_, i) => i % every === 0)) {
      for (let k = 0; k < perMix; k++) {
        const a = randomArrangement(rand, mix.vertical, mix.horizontal, mix.soldiers, k === 0 ? 13 : undefined, empty);
        if (a) positions.push(a);
      }
    }

    const least = {
      samples: sweepSize(atLeast.samples, Math.floor(atLeast.samples / 3 / mixEvery)),
      unsolvable: sweepSize(atLeast.unsolvable, Math.floor(atLeast.unsolvable / 3 / mixEvery)),
      atGoal: sweepSize(atLeast.atGoal, Math.floor(atLeast.atGoal / mixEvery)),
    };
    it(`samples ≥ ${least.samples} arrangements across the mixes that have positions`, () => {
      expect(positions.length).toBeGreaterThanOrEqual(least.samples);
    });

    for (const metric of METRICS) {
      it(`${metric}: solved, unsolvable and already-solved positions, every solution replayed`, () => {
        let unsolvable = 0;
        let atGoal = 0;
        for (const position of positions) {
          const code = toCode(position);
          const expected = refClassicDistance(position, metric);
          const result = solve(parseLayoutOrThrow(code), { metric, tablebase: tables });
          expect(result.stats.algorithm, code).toBe('table');
          expect(result.length, `${code} (${metric})`).toBe(expected);
          if (expected === null) {
            unsolvable++;
            expect(result).toMatchObject({ status: 'unsolvable', solvable: false, moves: [] });
          } else {
            if (expected === 0) atGoal++;
            expectReplayReachesGoal(code, result);
          }
        }
        expect(unsolvable).toBeGreaterThan(least.unsolvable);
        expect(atGoal).toBeGreaterThan(least.atGoal);
      });
    }
  });
}
