/**
 * The editor's goal: a target place for one or more pieces, and the link's `?goal=` for it. One target is written as
 * the piece by its cell (`0,1@3,1`), several as a goal drawing (the board's rows with each goal piece's letter on its
 * target cells), the default (the one B to the bottom centre) not at all. Read back from a link by the solver's own
 * goal reader (shared/page-goal.ts), so the editor and the solution page agree on what a goal means.
 */
import { coveredCells, isGoalDrawing, pieceAt, resolveGoal, toGrid, HOLE, type Layout, type LayoutProblem, type Piece } from '../../solver/index.ts';
import { isHole, type Cell } from './edits.ts';
import { goalParam, readGoal } from '../shared/page-goal.ts';

/** One piece's target: the piece by its letter and its anchor cell on the board being edited, and where its anchor goes. */
export interface Target {
  letter: string;
  piece: Cell;
  at: Cell;
}

/** The piece a target is for, with its anchor at the target (what the board draws as a ghost). */
export function targetPlace(layout: Layout, target: Target): Piece | null {
  const piece = pieceAt(layout, target.piece[0], target.piece[1]);
  return piece && piece.letter === target.letter ? { ...piece, row: target.at[0], col: target.at[1] } : null;
}

/**
 * The targets that still hold on `layout`, in order: the piece is still at its cell with its letter (a piece moved or
 * erased loses its target), its place (in the piece's shape now) lies on board cells, and no earlier target's place
 * overlaps it.
 */
export function validTargets(layout: Layout, targets: readonly Target[]): Target[] {
  const taken = new Set<number>();
  return targets.filter((target) => {
    const place = targetPlace(layout, target);
    if (!place) return false;
    const cells = coveredCells(place);
    const onBoard = cells.every(([r, c]) => r >= 0 && c >= 0 && r < layout.height && c < layout.width && !isHole(layout, [r, c]));
    if (!onBoard || cells.some(([r, c]) => taken.has(r * layout.width + c))) return false;
    for (const [r, c] of cells) taken.add(r * layout.width + c);
    return true;
  });
}

/** `targets` with `target` in place of any other target for the same piece. */
export function withTarget(targets: readonly Target[], target: Target): Target[] {
  return [...withoutTarget(targets, target.piece), target];
}

export function withoutTarget(targets: readonly Target[], piece: Cell): Target[] {
  return targets.filter((t) => t.piece[0] !== piece[0] || t.piece[1] !== piece[1]);
}

/** Whether `piece` may have its anchor at `at` given the other targets: its place overlaps none of theirs. */
export function placeIsFree(layout: Layout, targets: readonly Target[], piece: Piece, at: Cell): boolean {
  const taken = new Set<string>();
  for (const other of withoutTarget(targets, [piece.row, piece.col])) {
    const place = targetPlace(layout, other);
    if (place) for (const [r, c] of coveredCells(place)) taken.add(`${r},${c}`);
  }
  return coveredCells({ ...piece, row: at[0], col: at[1] }).every(([r, c]) => !taken.has(`${r},${c}`));
}

/** The goal drawing of `targets`: every board cell `.`, every cell off the board `_`, each place its piece's letter. */
export function goalDrawing(layout: Layout, targets: readonly Target[]): string {
  const grid: string[][] = toGrid(layout).map((row) => row.map((letter) => (letter === HOLE ? HOLE : '.')));
  for (const target of targets) {
    const place = targetPlace(layout, target);
    if (place) for (const [r, c] of coveredCells(place)) grid[r]![c] = place.letter;
  }
  return grid.map((row) => row.join('')).join('-');
}

/** The link's `?goal=` value for `targets` (valid ones), or null when there is none or it is the default goal. */
export function goalLink(layout: Layout, targets: readonly Target[]): string | null {
  if (targets.length === 0) return null;
  if (targets.length > 1) return goalDrawing(layout, targets);
  const [only] = targets as [Target];
  if (isDefaultGoal(layout, only)) return null;
  return goalParam({ piece: only.piece, at: only.at });
}

/** Whether one target is the default goal: the board's one B to the bottom centre. */
function isDefaultGoal(layout: Layout, target: Target): boolean {
  try {
    const goal = resolveGoal(layout, null);
    const piece = layout.pieces[goal.pieceIndex]!;
    return piece.row === target.piece[0] && piece.col === target.piece[1] && goal.row === target.at[0] && goal.col === target.at[1];
  } catch {
    return false; // no B, or several: no default goal
  }
}

/**
 * The targets a link's `?goal=` names on `layout` (`B@3,1`, `0,1@3,1` or a drawing), or the problem with it. A drawn
 * B, V, H or S of which the board has several is given to them in reading order, one place each.
 */
export function targetsFromLink(layout: Layout, text: string): { targets: Target[] } | { problem: LayoutProblem } {
  const read = readGoal(layout, text);
  if (!('goal' in read)) return read;
  const { goal } = read;
  if (!isGoalDrawing(goal.spec)) {
    const piece = pieceAt(layout, goal.startCell[0], goal.startCell[1])!;
    return { targets: [{ letter: piece.letter, piece: goal.startCell, at: goal.target }] };
  }
  const given = new Set<Piece>();
  const targets = goal.places.map((place) => {
    const piece = layout.pieces.find((p) => p.letter === place.letter && !given.has(p))!;
    given.add(piece);
    return { letter: piece.letter, piece: [piece.row, piece.col] as Cell, at: [place.row, place.col] as Cell };
  });
  return { targets };
}
