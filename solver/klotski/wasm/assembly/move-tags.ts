/** Move tags (search/move-tags.ts): the cell a position's last move ended on and where it began. */
import { MOVE, STEP } from './board';

@inline export function moveTag(cell: i32, origin: i32): i32 {
  return (cell + 1) | ((origin + 1) << 8);
}

/** The cell the tagged move ended on (-1: the start position) and the one it began on. */
@inline export function taggedCell(tag: i32): i32 {
  return (tag & 255) - 1;
}

@inline export function taggedOrigin(tag: i32): i32 {
  return (tag >>> 8) - 1;
}

/** Whether the tagged piece (now at p) moving to q lands one move from the parent, in the metric (move-tags.ts). */
@inline export function knownFromParent(metric: i32, width: i32, p: i32, tag: i32, q: i32): bool {
  if (metric == MOVE) return true;
  const origin = taggedOrigin(tag);
  if (metric == STEP) return q == origin;
  const d = p - origin;
  return d > -width && d < width ? q / width == p / width : q % width == p % width;
}
