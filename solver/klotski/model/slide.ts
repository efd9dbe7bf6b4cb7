/**
 * How pieces may slide. `free` (the default): any piece any way. `line` (Rush Hour, 挪车华容道): a piece whose cells
 * form one straight bar (1×k or k×1, k ≥ 2) slides only along its length; every other piece never moves.
 */
import { fail } from '../../shared/errors.ts';
import type { Piece } from './layout.ts';

export type Slide = 'free' | 'line';
export const SLIDES: readonly Slide[] = ['free', 'line'];

/** Directions a piece may slide, as bits: 1 left, 2 right, 4 up, 8 down (board.ts's directions 0–3). */
export const ALL_DIRECTIONS = 0b1111;
export const ALONG_ROW = 0b0011;
export const ALONG_COLUMN = 0b1100;
export const NEVER = 0;

/** A bar lying along its row (1 tall, 2 or more wide, no gaps). */
export function isHorizontalBar(piece: Pick<Piece, 'width' | 'height' | 'cells'>): boolean {
  return !piece.cells && piece.height === 1 && piece.width >= 2;
}

/** A bar standing in its column (1 wide, 2 or more tall, no gaps). */
export function isVerticalBar(piece: Pick<Piece, 'width' | 'height' | 'cells'>): boolean {
  return !piece.cells && piece.width === 1 && piece.height >= 2;
}

/** The directions a piece of this shape may slide under the rule. */
export function directionsOf(slide: Slide, piece: Pick<Piece, 'width' | 'height' | 'cells'>): number {
  if (slide === 'free') return ALL_DIRECTIONS;
  if (isHorizontalBar(piece)) return ALONG_ROW;
  if (isVerticalBar(piece)) return ALONG_COLUMN;
  return NEVER;
}

/** The rule as callers give it (undefined: `free`); anything else fails naming both. */
export function checkSlide(slide: unknown): Slide {
  if (slide === undefined || slide === null) return 'free';
  if (typeof slide === 'string' && (SLIDES as readonly string[]).includes(slide)) return slide as Slide;
  return fail('bad-slide', `slide rule ${JSON.stringify(slide)} is not one of ${SLIDES.join(', ')} (free: any piece any way; line: bars only along their length)`);
}
