/**
 * A compact text form of a solution, for storage (the worker's KV values): each move is its start cell in two
 * base-36 digits (row-major index) followed by one letter per one-cell slide of its path (U, D, L, R); moves are
 * separated by spaces. 横刀立马's 81 moves take about 330 characters.
 */
import type { Cell, Move } from './moves.ts';

const SLIDES: Record<string, [number, number]> = { U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1] };

export function encodeMoves(moves: Move[], width: number): string {
  return moves
    .map((m) => {
      let text = (m.from[0] * width + m.from[1]).toString(36).padStart(2, '0');
      for (let i = 1; i < m.path.length; i++) {
        const dr = m.path[i]![0] - m.path[i - 1]![0];
        const dc = m.path[i]![1] - m.path[i - 1]![1];
        text += dr < 0 ? 'U' : dr > 0 ? 'D' : dc < 0 ? 'L' : 'R';
      }
      return text;
    })
    .join(' ');
}

/** Decodes `encodeMoves` output; throws on anything malformed (callers treat that as a cache miss). */
export function decodeMoves(text: string, width: number, height: number): Move[] {
  if (text === '') return [];
  return text.split(' ').map((token) => {
    const m = /^([0-9a-z]{2})([UDLR]+)$/.exec(token);
    if (!m) throw new Error(`malformed move ${JSON.stringify(token)}`);
    const start = parseInt(m[1]!, 36);
    if (start >= width * height) throw new Error(`move starts off the board: ${token}`);
    const path: Cell[] = [[Math.floor(start / width), start % width]];
    for (const letter of m[2]!) {
      const [dr, dc] = SLIDES[letter]!;
      const [r, c] = path[path.length - 1]!;
      path.push([r + dr, c + dc]);
    }
    return { from: path[0]!, to: path[path.length - 1]!, path };
  });
}
