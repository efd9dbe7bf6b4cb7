/** Solution moves as callers see them, and the replay that turns (from, to) steps into moves with paths. */
import { SearchBoard } from './board.ts';
import { compilePuzzle, type Puzzle } from './puzzle.ts';
import type { Metric } from '../../shared/metric.ts';
import { resolveGoal, type GoalSpec } from './goal.ts';
import type { Layout } from './layout.ts';
import { equalAt } from '../../shared/keys.ts';
import type { Slide } from './slide.ts';

export type Cell = [row: number, col: number];

export interface Move {
  /** Top-left cell of the moved piece before the move. */
  from: Cell;
  /** Top-left cell after the move. */
  to: Cell;
  /** Every cell the top-left passes, from `from` to `to` inclusive. */
  path: Cell[];
}

/** All moves available on `board` as (piece's top-left, target, path of cells), for slow paths (replay, hints). */
/** The same move: the same piece (by its top-left) to the same place; the path it takes is not compared. */
export function sameMove(a: { from: readonly number[]; to: readonly number[] }, b: { from: readonly number[]; to: readonly number[] }): boolean {
  return a.from[0] === b.from[0] && a.from[1] === b.from[1] && a.to[0] === b.to[0] && a.to[1] === b.to[1];
}

export function listMoves(board: SearchBoard, metric: Metric): Array<{ from: number; to: number; path: number[] }> {
  const cells = board.puzzle.cells;
  const targets = new Int16Array(cells);
  const via = new Int16Array(cells);
  const pieces = new Int16Array(cells);
  const out: Array<{ from: number; to: number; path: number[] }> = [];
  board.scanEmpties();
  const movable = board.movablePieces(pieces);
  for (let k = 0; k < movable; k++) {
    const from = pieces[k]!;
    const n = board.reach(from, metric, targets, via, 0);
    for (let m = 0; m < n; m++) {
      const path: number[] = [];
      for (let i = m; i >= 0; i = via[i]!) path.push(targets[i]!);
      path.push(from);
      out.push({ from, to: targets[m]!, path: path.reverse() });
    }
  }
  return out;
}

/** Turns a sequence of canonical keys (start first) into moves in the orientation of `startGrid`. */
export function stepsFromKeys(puzzle: Puzzle, startGrid: Uint8Array, metric: Metric, keys: Uint32Array[]): Move[] {
  const board = new SearchBoard(puzzle);
  board.loadGrid(startGrid);
  const scratch = new Uint32Array(puzzle.words);
  const moves: Move[] = [];
  for (let i = 1; i < keys.length; i++) {
    const next = keys[i]!;
    const found = listMoves(board, metric).find(({ from, to }) => {
      board.keyAfterMove(from, to, puzzle.mirrorable, scratch);
      return equalAt(scratch, 0, next, 0, puzzle.words);
    });
    if (!found) throw new Error(`internal: no move leads to step ${i} of the solution`);
    moves.push(toMove(puzzle, found.path));
    board.move(found.from, found.to);
  }
  return moves;
}

/** Turns (from, to) top-left pairs into moves with paths, replaying them on `startGrid`. */
export function stepsFromPairs(puzzle: Puzzle, startGrid: Uint8Array, metric: Metric, pairs: Array<[number, number]>): Move[] {
  const board = new SearchBoard(puzzle);
  board.loadGrid(startGrid);
  return pairs.map(([from, to], i) => {
    const found = listMoves(board, metric).find((m) => m.from === from && m.to === to);
    if (!found) throw new Error(`internal: step ${i} of the solution is not a legal move`);
    board.move(found.from, found.to);
    return toMove(puzzle, found.path);
  });
}

function toMove(puzzle: Puzzle, path: number[]): Move {
  const cells = path.map((i): Cell => [Math.floor(i / puzzle.width), i % puzzle.width]);
  return { from: cells[0]!, to: cells[cells.length - 1]!, path: cells };
}

/** Every legal move from a layout under a metric, with paths (for players: clickable targets, move checks). */
export function legalMoves(layout: Layout, metric: Metric, goal?: GoalSpec | null, slide: Slide = 'free'): Move[] {
  const { puzzle, grid } = compilePuzzle(layout, resolveGoal(layout, goal, slide), slide);
  const board = new SearchBoard(puzzle);
  board.loadGrid(grid);
  return listMoves(board, metric).map((m) => toMove(puzzle, m.path));
}
