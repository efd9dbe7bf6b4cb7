/**
 * Breadth-first search skips the probes it knows are duplicates. Each stored position is tagged with the move that
 * made it: where its piece ended (top-left, in the stored orientation) and, per metric, how it got there. When the
 * position is expanded, moves of that piece that land one move from the parent are not generated: the parent's own
 * expansion, earlier in the queue, already found them.
 *
 * - Move metric: every move of that piece, since it floods the same free cells it came through.
 * - Straight: its slides along the axis it came along (any stop on that line is one slide from the parent's place).
 * - Step: the step back.
 */
import type { Metric } from './puzzle.ts';

export const MOVE = 0;
export const STRAIGHT = 1;
export const STEP = 2;

export function metricCode(metric: Metric): number {
  return metric === 'move' ? MOVE : metric === 'straight' ? STRAIGHT : STEP;
}

/**
 * The tag of a position made by moving a piece p → q (cells of the searched orientation); `cell` is q in the stored
 * orientation, and `mirrored` says whether the position is stored as its mirror image (left and right swap).
 * Bits 0–7: cell + 1; bits 8–9: straight's axis (0 across, 1 up or down) or step's direction (0 left, 1 right, 2 up,
 * 3 down).
 */
export function moveTag(code: number, width: number, cell: number, p: number, q: number, mirrored: boolean): number {
  if (code === MOVE) return cell + 1;
  if (code === STRAIGHT) return (cell + 1) | (q - p > -width && q - p < width ? 0 : 256);
  const direction = q === p - 1 ? 0 : q === p + 1 ? 1 : q < p ? 2 : 3;
  return (cell + 1) | ((mirrored && direction < 2 ? direction ^ 1 : direction) << 8);
}

/** The cell of the piece the tag's move left, or -1 (the start). */
export function taggedCell(tag: number): number {
  return (tag & 255) - 1;
}

/** Whether the tagged piece (now at p) moving to q lands one move from the parent (see the top of this file). */
export function knownFromParent(code: number, width: number, p: number, tag: number, q: number): boolean {
  if (code === MOVE) return true;
  const kind = tag >>> 8;
  if (code === STRAIGHT) return kind === 0 ? Math.floor(q / width) === Math.floor(p / width) : q % width === p % width;
  return q === (kind === 0 ? p + 1 : kind === 1 ? p - 1 : kind === 2 ? p + width : p - width);
}

/**
 * Straight metric: the axes (1 across, 2 up or down) along which the tagged piece's slides are new, so that a search
 * need not generate the others at all (the same rule as `knownFromParent`).
 */
export function freshAxes(tag: number): number {
  return tag >>> 8 === 0 ? 2 : 1;
}
