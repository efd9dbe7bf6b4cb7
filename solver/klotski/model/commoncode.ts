/**
 * CommonCode: the 36-bit code of the classic 4×5 board used by other Klotski engines, written as 9 hex digits.
 * A 4-bit head is the 2×2's top-left cell (0–19, row-major); then 2 bits per cell, in row-major order, for every
 * cell no earlier piece covers: 00 empty, 01 H, 10 V, 11 S (each piece coded at its top-left cell); zero padded.
 * Trailing zero digits may be dropped on input.
 */
import { fail } from '../../shared/errors.ts';
import { FIXED_SHAPES, isRectangular, sortPieces, type Layout, type Piece } from './layout.ts';

const WIDTH = 4;
const HEIGHT = 5;
const DIGITS = 9;
const PIECE_BITS: Record<string, number> = { H: 1, V: 2, S: 3 };
const BITS_PIECE = ['.', 'H', 'V', 'S'] as const;

export function isCommonCodeText(text: string): boolean {
  return /^[0-9A-Fa-f]{1,9}$/.test(text);
}

export function decodeCommonCode(text: string): Layout {
  const hex = text.toUpperCase().padEnd(DIGITS, '0');
  const value = BigInt('0x' + hex);
  const head = Number(value >> 32n);
  if (head >= WIDTH * HEIGHT || head % WIDTH > WIDTH - 2 || Math.floor(head / WIDTH) > HEIGHT - 2) {
    fail('bad-commoncode', `CommonCode ${text}: the 2×2 block cannot start at cell ${head} (row ${Math.floor(head / WIDTH) + 1} col ${head % WIDTH + 1})`);
  }
  const covered = new Array<boolean>(WIDTH * HEIGHT).fill(false);
  const pieces: Piece[] = [];
  const place = (letter: string, cell: number) => {
    const { width, height } = FIXED_SHAPES[letter]!;
    const row = Math.floor(cell / WIDTH);
    const col = cell % WIDTH;
    for (let dr = 0; dr < height; dr++) {
      for (let dc = 0; dc < width; dc++) {
        const r = row + dr;
        const c = col + dc;
        if (r >= HEIGHT || c >= WIDTH || covered[r * WIDTH + c]) {
          fail('bad-commoncode', `CommonCode ${text}: ${letter} at row ${row + 1} col ${col + 1} does not fit (row ${r + 1} col ${c + 1} is ${r >= HEIGHT || c >= WIDTH ? 'off the board' : 'taken'})`, { row, col });
        }
        covered[r * WIDTH + c] = true;
      }
    }
    pieces.push({ letter, row, col, width, height });
  };
  place('B', head);
  let bit = 32;
  for (let cell = 0; cell < WIDTH * HEIGHT; cell++) {
    if (covered[cell]) continue;
    bit -= 2;
    const letter = BITS_PIECE[Number((value >> BigInt(bit)) & 3n)]!;
    if (letter !== '.') place(letter, cell);
  }
  if (bit > 0 && (value & ((1n << BigInt(bit)) - 1n)) !== 0n) {
    fail('bad-commoncode', `CommonCode ${text}: the board is full before the code ends (bits after the last cell must be zero)`);
  }
  if (!covered.includes(false)) fail('no-empty', 'no empty cell: nothing can move');
  return { width: WIDTH, height: HEIGHT, pieces: sortPieces(pieces) };
}

/** The 9-digit CommonCode of a classic 4×5 layout of B/V/H/S pieces with exactly one B; `undefined` otherwise. */
export function encodeCommonCode(layout: Layout): string | undefined {
  if (layout.width !== WIDTH || layout.height !== HEIGHT || !isRectangular(layout)) return undefined;
  const blocks = layout.pieces.filter((p) => p.letter === 'B');
  if (blocks.length !== 1 || layout.pieces.some((p) => p.letter !== 'B' && !(p.letter in PIECE_BITS))) return undefined;
  const owner = new Array<Piece | undefined>(WIDTH * HEIGHT);
  for (const p of layout.pieces) {
    for (let r = p.row; r < p.row + p.height; r++) for (let c = p.col; c < p.col + p.width; c++) owner[r * WIDTH + c] = p;
  }
  const block = blocks[0]!;
  let value = BigInt(block.row * WIDTH + block.col) << 32n;
  let bit = 32;
  for (let cell = 0; cell < WIDTH * HEIGHT; cell++) {
    const p = owner[cell];
    if (p === block) continue;
    const row = Math.floor(cell / WIDTH);
    const col = cell % WIDTH;
    if (p && (p.row !== row || p.col !== col)) continue; // covered by a piece already coded at its top-left
    bit -= 2;
    value |= BigInt(p ? PIECE_BITS[p.letter]! : 0) << BigInt(bit);
  }
  return value.toString(16).toUpperCase().padStart(DIGITS, '0');
}
