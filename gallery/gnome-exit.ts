/**
 * Whether a GNOME level modelled by its inner placement (gallery/gnome-levels.ts) counts as GNOME does where the walk
 * out of that placement crosses other board cells. The modelled minimum m is never more than GNOME's (the step before
 * '*' first touches a door is from that placement), and it is GNOME's when some solution of m moves ends with those
 * cells empty: '*' then walks out in the same move. A search returns one optimal line among many, so each of the
 * product's searches is asked for its own; none ending with the cells empty proves nothing (and where GNOME's rules
 * were searched, e.g. Agatka and Cleopatra, GNOME needs more).
 */
import { coveredCells, movePiece, parseLayoutOrThrow, solve, type Algorithm, type Layout } from '../solver/index.ts';
import type { Cell, Converted } from './gnome-levels.ts';

export type ExitProof =
  /** The target is inside the tray, or the walk out crosses no other board cell: exact without a search. */
  | { exact: true; by: 'model' }
  /** The line `algorithm` found (of `length` moves, optimal) ends with the crossed cells empty. */
  | { exact: true; by: 'line'; algorithm: Algorithm; length: number }
  | { exact: false; reason: string };

/** The searches asked, in turn: the one the gallery's answers come from first. */
const SEARCHES: Algorithm[] = ['auto', 'bfs', 'astar'];

/** Whether none of `cells` is covered by a piece of `layout`. */
export function cellsEmpty(layout: Layout, cells: Cell[]): boolean {
  const covered = new Set(layout.pieces.flatMap((p) => coveredCells(p).map(([r, c]) => `${r},${c}`)));
  return cells.every(([r, c]) => !covered.has(`${r},${c}`));
}

export function exitProof(converted: Converted, options: { maxMs: number; memoryBytes?: number }): ExitProof {
  const { target } = converted;
  if (target.kind === 'inside' || target.exitCrosses.length === 0) return { exact: true, by: 'model' };
  const start = parseLayoutOrThrow(converted.code);
  const ends: string[] = [];
  let length: number | null = null;
  for (const algorithm of SEARCHES) {
    const result = solve(start, { metric: 'move', goal: { drawing: converted.goal }, algorithm, maxMs: options.maxMs, ...(options.memoryBytes ? { memoryBytes: options.memoryBytes } : {}) });
    if (result.status !== 'solved') {
      ends.push(`${algorithm}: ${result.status === 'budget-exceeded' ? `open (≥ ${result.lowerBound ?? '?'})` : 'no solution'}`);
      continue;
    }
    length = result.moves.length;
    const end = result.moves.reduce((layout, move) => movePiece(layout, move.from, move.to), start);
    if (cellsEmpty(end, target.exitCrosses)) return { exact: true, by: 'line', algorithm, length };
    ends.push(`${algorithm}: ${length} moves, a piece on them at the end`);
  }
  const lower = length === null ? '' : ` (${length} moves: no more than GNOME's)`;
  return { exact: false, reason: `no optimal line of the product${lower} ends with the cells the walk out crosses empty; ${ends.join('; ')}` };
}
