/**
 * Answers from a table alone. Moves are reversible and cost one each, so a neighbour's distance is one less, equal or
 * one more; with distances kept mod 3, the neighbour whose value is (v − 1) mod 3 is exactly one move closer. Walking
 * such neighbours reaches the goal along an optimal solution; the walk's length is the distance.
 */
import type { Metric } from '../shared/metric.ts';
import { GOAL_PLACE, blockCellOf } from './geometry.ts';
import type { Mix } from './mixes.ts';
import { ClassicPosition, MAX_MOVES } from './position.ts';
import { UNREACHABLE, valueAt } from './values.ts';

/** Gives the packed values of a mix in a metric, or null when they are not at hand. */
export type TableSource = (mix: Mix, metric: Metric) => Uint8Array | null;

/** A table that contradicts itself (a bug or an undetected corruption): callers fall back to search. */
export class InconsistentTable extends Error {}

export interface TableMove {
  /** Top-left cells (0…19) before and after, and the cells the top-left passes (both ends included). */
  from: number;
  to: number;
  path: number[];
}

export interface TableWalk {
  solvable: boolean;
  moves: TableMove[];
  /** Table values read. */
  probes: number;
}

const GOAL_CELL = blockCellOf(GOAL_PLACE);
/** No classic distance comes near this; a longer walk means the table is wrong. */
const MAX_WALK = 1000;

const from = new Int8Array(MAX_MOVES);
const to = new Int8Array(MAX_MOVES);
const shapes = new Int8Array(MAX_MOVES);

function copyOf(position: ClassicPosition): ClassicPosition {
  const copy = new ClassicPosition(position.mix);
  copy.cells.set(position.cells);
  copy.blockTop = position.blockTop;
  return copy;
}

/** An optimal solution by walking the table (the position is left untouched). */
export function walkToGoal(start: ClassicPosition, metric: Metric, data: Uint8Array, withPaths = true): TableWalk {
  const position = copyOf(start);
  let probes = 1;
  let value = valueAt(data, position.rank());
  if (position.blockTop === GOAL_CELL) {
    if (value !== 0) throw new InconsistentTable('a goal position is not at distance 0');
    return { solvable: true, moves: [], probes };
  }
  if (value === UNREACHABLE) return { solvable: false, moves: [], probes };
  const moves: TableMove[] = [];
  while (position.blockTop !== GOAL_CELL) {
    if (moves.length >= MAX_WALK) throw new InconsistentTable(`no goal after ${MAX_WALK} moves`);
    const closer = (value + 2) % 3;
    const n = position.moves(metric, from, to, shapes);
    let k = 0;
    for (; k < n; k++) {
      position.move(from[k]!, to[k]!, shapes[k]!);
      probes++;
      if (valueAt(data, position.rank()) === closer) break;
      position.move(to[k]!, from[k]!, shapes[k]!);
    }
    if (k === n) throw new InconsistentTable(`no move leads closer at step ${moves.length + 1}`);
    let path: number[] = [];
    if (withPaths) {
      // The path is found on the position before the move.
      position.move(to[k]!, from[k]!, shapes[k]!);
      path = position.pathOf(metric, from[k]!, to[k]!, shapes[k]!);
      position.move(from[k]!, to[k]!, shapes[k]!);
    }
    moves.push({ from: from[k]!, to: to[k]!, path });
    value = closer;
  }
  return { solvable: true, moves, probes };
}

/** The exact distance to the goal, or null when the goal cannot be reached. */
export function distanceOf(position: ClassicPosition, metric: Metric, data: Uint8Array): number | null {
  const walk = walkToGoal(position, metric, data, false);
  return walk.solvable ? walk.moves.length : null;
}

export interface MoveWorth {
  from: number;
  to: number;
  path: number[];
  /** Distance to the goal after this move (null: the goal cannot be reached). */
  distance: number | null;
}

/** The position's distance and, for every legal move, the distance it leads to. */
export function evaluatePosition(start: ClassicPosition, metric: Metric, data: Uint8Array): { distance: number | null; moves: MoveWorth[] } {
  const distance = distanceOf(start, metric, data);
  const position = copyOf(start);
  const value = valueAt(data, position.rank());
  const n = position.moves(metric, from, to, shapes);
  const found = Array.from({ length: n }, (_, k) => ({ from: from[k]!, to: to[k]!, shape: shapes[k]! }));
  const moves = found.map(({ from: a, to: b, shape }): MoveWorth => {
    const path = position.pathOf(metric, a, b, shape);
    position.move(a, b, shape);
    const after = valueAt(data, position.rank());
    position.move(b, a, shape);
    if (distance === null) return { from: a, to: b, path, distance: null };
    // Neighbours differ by at most one move: the value mod 3 says which.
    const delta = after === value ? 0 : after === (value + 1) % 3 ? 1 : -1;
    if (after === UNREACHABLE) throw new InconsistentTable('a move from a solvable position leads to an unsolvable one');
    return { from: a, to: b, path, distance: distance + delta };
  });
  return { distance, moves };
}
