/**
 * Breadth-first search skips the probes it knows are duplicates. Each stored position is tagged with the move that
 * made it: where its piece started and where it ended (top-left cells, in the stored orientation). When the
 * position is expanded, moves of that piece that land one move from the parent are not generated: the parent's own
 * expansion, earlier in the queue, already found them.
 *
 * - Move metric: every move of that piece, since it floods the same free cells it came through.
 * - Straight: its slides along the axis it came along (any stop on that line is one slide from the parent's place).
 * - Step: the step back.
 */
import type { Metric } from '../../shared/metric.ts';

export const MOVE = 0;
export const STRAIGHT = 1;
export const STEP = 2;

export function metricCode(metric: Metric): number {
  return metric === 'move' ? MOVE : metric === 'straight' ? STRAIGHT : STEP;
}

/**
 * The tag of a position made by moving a piece from top-left `origin` to `cell`, both in the stored orientation (a
 * position stored as its mirror image has both cells mirrored). Bits 0–7: cell + 1; bits 8–15: origin + 1. A one-line
 * function, so the compiler inlines it in every search loop.
 */
export function moveTag(cell: number, origin: number): number {
  return (cell + 1) | ((origin + 1) << 8);
}

/** The cell of the piece the tag's move left, or -1 (the start). */
export function taggedCell(tag: number): number {
  return (tag & 255) - 1;
}

/** The top-left the tagged piece left (stored orientation). */
export function taggedOrigin(tag: number): number {
  return (tag >>> 8) - 1;
}

/** Whether the tagged piece (now at p) moving to q lands one move from the parent (see the top of this file). */
export function knownFromParent(code: number, width: number, p: number, tag: number, q: number): boolean {
  if (code === MOVE) return true;
  if (code === STEP) return q === taggedOrigin(tag);
  return freshAxes(width, p, tag) === 2 ? Math.floor(q / width) === Math.floor(p / width) : q % width === p % width;
}

/**
 * Straight metric: the axes (1 across, 2 up or down) along which the tagged piece (now at p) slides to new places, so
 * that a search need not generate the others at all (the same rule as `knownFromParent`): a piece that came across
 * slides on up or down, and the other way round.
 */
export function freshAxes(width: number, p: number, tag: number): number {
  const d = p - taggedOrigin(tag);
  return d > -width && d < width ? 2 : 1;
}

/**
 * Breadth-first search in the step metric also skips one of each pair of steps that commute. A position of layer d + 1
 * needs finding from one position of layer d, and two steps that touch disjoint cells reach the same position in
 * either order. So a position X made by step A from P skips a step B that touches none of A's cells (old or new) when
 * B's key is below A's: X + B is also P + B + A, and P + B lies in layer d (were it nearer, X + B would be no deeper
 * than d). At P + B, step A is taken unless its key is below that position's own step's, and so on, each key above
 * the last, so some position of layer d takes it.
 *
 * A step's key is its piece's top-left before it, folded into the board's left half (a cell and its mirror image get
 * the same key), so the argument holds whichever orientation a position is stored in. `keys[c * cells + p]`.
 */
export function stepKeys(width: number, cells: number, classes: number, offsets: Int8Array, offsetStart: Int8Array): Int32Array {
  const keys = new Int32Array(classes * cells);
  for (let c = 0; c < classes; c++) {
    let w = 1;
    for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) w = Math.max(w, (offsets[i]! % width) + 1);
    for (let p = 0; p < cells; p++) {
      const col = p % width;
      keys[c * cells + p] = p - col + Math.min(col, width - w - col);
    }
  }
  return keys;
}
