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
}

export function describeTableChecks({ empty, samplesPerMix, seed, atLeast }: Family): void {
  const mixes = MIXES.filter((m) => m.empty === empty);
  const tables = fileTables();

  describe(`ranking, ${empty} empty cells`, () => {
    it('numbers every position of every mix once: unrank then rank gives the number back', () => {
      for (const mix of mixes) {
        const position = new ClassicPosition(mix);
        let valid = 0;
        for (let index = 0; index < mix.size; index++) {
          if (!position.unrank(index)) continue;
          valid++;
          if (position.rank() !== index) throw new Error(`${mix.id}: ${index} ranks as ${position.rank()}`);
        }
        expect(valid).toBe(countArrangements(mix.vertical, mix.horizontal, mix.soldiers, empty));
      }
    });
  });

  describe(`distances equal an independent breadth-first search, ${empty} empty cells`, () => {
    // Random arrangements of every mix, some with the block already at the goal.
    const rand = seededRandom(seed);
    const positions: string[] = [];
    for (const mix of mixes) {
      for (let k = 0; k < samplesPerMix; k++) {
        const a = randomArrangement(rand, mix.vertical, mix.horizontal, mix.soldiers, k === 0 ? 13 : undefined, empty);
        if (a) positions.push(a);
      }
    }

    it(`samples ≥ ${atLeast.samples} arrangements across the mixes that have positions`, () => {
      expect(positions.length).toBeGreaterThanOrEqual(atLeast.samples);
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
        expect(unsolvable).toBeGreaterThan(atLeast.unsolvable);
        expect(atGoal).toBeGreaterThan(atLeast.atGoal);
      });
    }
  });
}
