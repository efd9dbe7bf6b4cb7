/**
 * Retrograde breadth-first search: from every goal position of a mix (block top-left at row 3, col 1) outwards,
 * so each position's layer is its distance to the goal. Moves are reversible in every metric, so distances from the
 * goal are distances to it. The result keeps each distance mod 3 (2 bits), which is all a walk needs.
 */
import type { Metric } from '../shared/metric.ts';
import { GOAL_PLACE } from './geometry.ts';
import type { Mix } from './mixes.ts';
import { ClassicPosition, MAX_MOVES } from './position.ts';
import { UNREACHABLE, packValues } from './values.ts';

export interface BuiltTable {
  mix: Mix;
  metric: Metric;
  /** 2-bit values, four per byte: distance mod 3, or UNREACHABLE (cannot reach the goal, or not a position). */
  data: Uint8Array;
  /** Positions that can reach the goal. */
  solvable: number;
  /** The largest distance, and the number of one position at that distance. */
  farthest: number;
  farthestIndex: number;
}

/** Builds one mix's table in one metric. `onLayer` sees each finished layer (for progress displays). */
export function buildTable(mix: Mix, metric: Metric, onLayer?: (depth: number, positions: number) => void): BuiltTable {
  const size = mix.size;
  const values = new Uint8Array(size).fill(UNREACHABLE);
  const queue = new Int32Array(size);
  const position = new ClassicPosition(mix);
  const from = new Int8Array(MAX_MOVES);
  const to = new Int8Array(MAX_MOVES);
  const shapes = new Int8Array(MAX_MOVES);
  let tail = 0;
  const goalStart = GOAL_PLACE * mix.sequences;
  for (let index = goalStart; index < goalStart + mix.sequences; index++) {
    if (!position.unrank(index)) continue;
    values[index] = 0;
    queue[tail++] = index;
  }
  let head = 0;
  let depth = 0;
  let farthestIndex = tail > 0 ? queue[0]! : -1;
  while (head < tail) {
    const layerEnd = tail;
    const next = (depth + 1) % 3;
    onLayer?.(depth, layerEnd - head);
    farthestIndex = queue[head]!;
    for (; head < layerEnd; head++) {
      position.unrank(queue[head]!);
      const n = position.moves(metric, from, to, shapes);
      for (let k = 0; k < n; k++) {
        position.move(from[k]!, to[k]!, shapes[k]!);
        const j = position.rank();
        position.move(to[k]!, from[k]!, shapes[k]!);
        if (values[j] !== UNREACHABLE) continue;
        values[j] = next;
        queue[tail++] = j;
      }
    }
    if (tail > layerEnd) depth++;
  }
  return { mix, metric, data: packValues(values), solvable: tail, farthest: tail > 0 ? depth : -1, farthestIndex };
}

/** How many numbers of the mix are positions (sequences that fit the board). */
export function countPositions(mix: Mix): number {
  const position = new ClassicPosition(mix);
  let count = 0;
  for (let index = 0; index < mix.size; index++) if (position.unrank(index)) count++;
  return count;
}
