/**
 * 数字华容道 codes: rows joined by `-`, each tile one base-36 digit (1–9, then A–Z), `.` the blank. A code containing
 * any digit is a tiles code (Klotski codes are letters only). Sizes 2×2 up to 6×6, rectangles allowed.
 */
import { attempt, fail, type Parsed } from '../shared/errors.ts';

export interface TilesBoard {
  width: number;
  height: number;
  /** Tile number per cell, row-major; 0 is the blank. */
  cells: Uint8Array;
}

export const TILES_MIN_SIDE = 2;
export const TILES_MAX_SIDE = 6;

export function isTilesCode(text: string): boolean {
  return typeof text === 'string' && /[0-9]/.test(text) && /[-\/\n]/.test(text.trim());
}

export function parseTiles(text: string): Parsed<TilesBoard> {
  return attempt(() => parseTilesOrThrow(text));
}

export function parseTilesOrThrow(text: string): TilesBoard {
  const rows = text.trim().split(/\r\n|\n|\r|-|\//).map((r) => r.trim());
  const height = rows.length;
  const width = rows[0]!.length;
  rows.forEach((row, r) => {
    if (row.length === 0) fail('empty-row', `row ${r + 1} is empty`, { row: r, col: 0 });
  });
  if (width > TILES_MAX_SIDE || height > TILES_MAX_SIDE) fail('board-too-large', `tiles boards go up to ${TILES_MAX_SIDE}×${TILES_MAX_SIDE} (this one is ${width}×${height})`);
  rows.forEach((row, r) => {
    if (row.length !== width) fail('row-length', `row ${r + 1} has ${row.length} cells, expected ${width}`, { row: r, col: Math.min(row.length, width) });
  });
  if (width < TILES_MIN_SIDE || height < TILES_MIN_SIDE) fail('board-too-small', `tiles boards are at least ${TILES_MIN_SIDE}×${TILES_MIN_SIDE} (this one is ${width}×${height})`);
  if (!rows.some((row) => row.includes('.'))) fail('blank-count', "no blank ('.'): there must be exactly one");
  const n = width * height;
  const cells = new Uint8Array(n);
  const seenAt = new Map<number, [number, number]>();
  let blanks = 0;
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === '.') {
        blanks++;
        if (blanks > 1) fail('blank-count', `a second blank at row ${r + 1} col ${c + 1}: there must be exactly one`, { row: r, col: c });
        return;
      }
      const value = parseInt(ch, 36);
      if (!/^[0-9A-Za-z]$/.test(ch) || Number.isNaN(value)) fail('bad-character', `unexpected character ${JSON.stringify(ch)} at row ${r + 1} col ${c + 1}: use 1–9, A–Z and '.'`, { row: r, col: c });
      if (value === 0) fail('bad-tile', `tile 0 at row ${r + 1} col ${c + 1}: tiles are numbered from 1`, { row: r, col: c });
      if (value > n - 1) fail('bad-tile', `tile ${ch.toUpperCase()} at row ${r + 1} col ${c + 1} is larger than ${(n - 1).toString(36).toUpperCase()}: a ${width}×${height} board has tiles 1–${(n - 1).toString(36).toUpperCase()}`, { row: r, col: c });
      const before = seenAt.get(value);
      if (before) fail('duplicate-tile', `tile ${ch.toUpperCase()} appears twice: row ${before[0] + 1} col ${before[1] + 1} and row ${r + 1} col ${c + 1}`, { row: r, col: c });
      seenAt.set(value, [r, c]);
      cells[r * width + c] = value;
    });
  });
  if (blanks === 0) fail('blank-count', "no blank ('.'): there must be exactly one");
  for (let t = 1; t < n; t++) if (!seenAt.has(t)) fail('missing-tile', `tile ${t.toString(36).toUpperCase()} is missing`);
  return { width, height, cells };
}

export function formatTiles(board: TilesBoard): string {
  const rows: string[] = [];
  for (let r = 0; r < board.height; r++) {
    let row = '';
    for (let c = 0; c < board.width; c++) {
      const t = board.cells[r * board.width + c]!;
      row += t === 0 ? '.' : t.toString(36).toUpperCase();
    }
    rows.push(row);
  }
  return rows.join('-');
}

/** Tiles in order, blank last. */
export function solvedTiles(width: number, height: number): TilesBoard {
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length - 1; i++) cells[i] = i + 1;
  return { width, height, cells };
}

/**
 * Solvability as a parity invariant: inversions among tiles (blank ignored), plus on even widths the blank's row
 * (a vertical move shifts a tile by width − 1 places, flipping inversion parity exactly when the width is even).
 * Two positions are connected iff their invariants agree.
 */
export function parityInvariant(board: TilesBoard): number {
  const tiles = [...board.cells].filter((t) => t !== 0);
  let inversions = 0;
  for (let i = 0; i < tiles.length; i++) for (let j = i + 1; j < tiles.length; j++) if (tiles[i]! > tiles[j]!) inversions++;
  const blankRow = Math.floor(board.cells.indexOf(0) / board.width);
  return (((inversions + (board.width % 2 === 0 ? blankRow : 0)) % 2) + 2) % 2;
}

/** A tiles board as a Layout of 1×1 pieces lettered by tile (for drawing and playing with the shared board code). */
/** The number a tile shows: the code's base-36 digit read as a number (tile `B` is 11). */
export function tileNumber(letter: string): number {
  return parseInt(letter, 36);
}

export function tilesToLayout(board: TilesBoard): { width: number; height: number; pieces: Array<{ letter: string; row: number; col: number; width: number; height: number }> } {
  const pieces: Array<{ letter: string; row: number; col: number; width: number; height: number }> = [];
  board.cells.forEach((t, p) => {
    if (t) pieces.push({ letter: t.toString(36).toUpperCase(), row: Math.floor(p / board.width), col: p % board.width, width: 1, height: 1 });
  });
  return { width: board.width, height: board.height, pieces };
}
