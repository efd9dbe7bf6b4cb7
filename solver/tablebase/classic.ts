/** Between the general layout model and the tablebase: which layouts it covers, and conversions both ways. */
import type { Goal } from '../klotski/model/goal.ts';
import { isRectangular, type Layout, type Piece } from '../klotski/model/layout.ts';
import { BLOCK, BLOCK_CELL, CELLS, GOAL_PLACE, H_LEFT, HEIGHT, SHAPE_CODES, SHAPE_HEIGHT, SHAPE_OFFSETS, SHAPE_WIDTH, SOLDIER_CELL, V_TOP, WIDTH, blockCellOf } from './geometry.ts';
import { findMix } from './mixes.ts';
import { ClassicPosition } from './position.ts';

const SHAPE_LETTERS = ['B', 'V', 'H', 'S'] as const;

function shapeOf(p: { width: number; height: number }): number {
  for (let s = 0; s < 4; s++) if (SHAPE_WIDTH[s] === p.width && SHAPE_HEIGHT[s] === p.height) return s;
  return -1;
}

/**
 * The layout as a tablebase position, or why the tablebase does not cover it: it must be the 4×5 board with one 2×2
 * piece (the goal piece, going to row 3, col 1), other pieces of 1×2, 2×1 and 1×1, and two or three empty cells.
 * Letters do not matter: only shapes decide distances.
 */
export function toClassicPosition(layout: Layout, goal: Goal): { position: ClassicPosition } | { reason: string } {
  if (layout.width !== WIDTH || layout.height !== HEIGHT) return { reason: `the tablebase covers the 4×5 board, not ${layout.width}×${layout.height}` };
  if (!isRectangular(layout)) return { reason: 'the tablebase covers rectangular pieces on the whole 4×5 board' };
  if (goal.targets) return { reason: 'the tablebase covers the classic goal only: the 2×2 block to row 3, col 1' };
  const goalPiece = layout.pieces[goal.pieceIndex]!;
  const target = blockCellOf(GOAL_PLACE);
  if (shapeOf(goalPiece) !== BLOCK || goal.row * WIDTH + goal.col !== target) {
    return { reason: 'the tablebase covers the classic goal only: the 2×2 block to row 3, col 1' };
  }
  const counts = [0, 0, 0, 0];
  for (const p of layout.pieces) {
    const s = shapeOf(p);
    if (s < 0) return { reason: `the tablebase covers 2×2, 1×2, 2×1 and 1×1 pieces, not ${p.width}×${p.height} (${p.letter} at row ${p.row}, col ${p.col})` };
    counts[s]!++;
  }
  if (counts[BLOCK] !== 1) return { reason: `the tablebase covers layouts with one 2×2 piece, not ${counts[BLOCK]}` };
  const mix = findMix(counts[1]!, counts[2]!, counts[3]!);
  if (!mix) return { reason: `the tablebase covers layouts with two or three empty cells, not ${20 - 4 - 2 * (counts[1]! + counts[2]!) - counts[3]!}` };
  const position = new ClassicPosition(mix);
  for (const p of layout.pieces) {
    const s = shapeOf(p);
    const top = p.row * WIDTH + p.col;
    SHAPE_OFFSETS[s]!.forEach((o, k) => (position.cells[top + o] = SHAPE_CODES[s]![k]!));
    if (s === BLOCK) position.blockTop = top;
  }
  return { position };
}

/** A tablebase position as a layout (letters B, V, H, S). */
export function toLayout(position: ClassicPosition): Layout {
  const pieces: Piece[] = [];
  for (let i = 0; i < CELLS; i++) {
    const code = position.cells[i]!;
    if (code === BLOCK_CELL && i !== position.blockTop) continue;
    const shape: number = i === position.blockTop ? 0 : code === V_TOP ? 1 : code === H_LEFT ? 2 : code === SOLDIER_CELL ? 3 : -1;
    if (shape < 0) continue;
    pieces.push({ letter: SHAPE_LETTERS[shape]!, row: i >> 2, col: i & 3, width: SHAPE_WIDTH[shape]!, height: SHAPE_HEIGHT[shape]! });
  }
  return { width: WIDTH, height: HEIGHT, pieces };
}
