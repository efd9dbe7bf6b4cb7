/**
 * A classic layout's identity as a position: shapes only (letters ignored, so relabelled pieces match) and folded with
 * its mirror image. Two codes with the same key are the same puzzle — how named layouts are recognised.
 */
import { formatLayout } from '../klotski/model/codec.ts';
import { mirrorLayout, type Layout } from '../klotski/model/layout.ts';
import { toClassicPosition, toLayout } from './classic.ts';

/** The key, or null when the layout is not a classic 4×5 position (one 2×2, two or three empty cells). */
export function shapeKey(layout: Layout): string | null {
  const blocks = layout.pieces.flatMap((p, i) => (p.width === 2 && p.height === 2 ? [i] : []));
  if (blocks.length !== 1) return null;
  const classic = toClassicPosition(layout, { pieceIndex: blocks[0]!, row: 3, col: 1, isDefault: true });
  if (!('position' in classic)) return null;
  const shapes = toLayout(classic.position);
  const own = formatLayout(shapes);
  const mirrored = formatLayout(mirrorLayout(shapes));
  return mirrored < own ? mirrored : own;
}
