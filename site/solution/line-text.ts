/**
 * The line of moves as text, to copy and to paste back. The format is the `?line=` encoding (the solver's
 * encodeMoves), numbered for people: "1. 0gR 2. 0dD 3. 0cRR …". Each move is its piece's top-left cell as two
 * base-36 digits of the row-major index (row × width + column; on a 4-wide board 0g is 16: row 4, column 0), then one
 * letter per one-cell slide: U, D, L, R. Pasting takes that text, the same moves without numbers (a `?line=` value),
 * or a whole link with ?line=; every move must be legal from the position before it.
 */
import { decodeMoves, encodeMoves, movePiece, sameMove, type Layout, type Move } from '../../solver/index.ts';

export type LineRead =
  | { ok: true; moves: Move[] }
  | { ok: false; problem: 'empty' }
  /** Move `move` (counted from 1) is not written as a move, or cannot be played where it comes. */
  | { ok: false; problem: 'malformed' | 'illegal'; move: number; text: string };

export function formatLine(moves: Move[], width: number): string {
  if (moves.length === 0) return '';
  return encodeMoves(moves, width)
    .split(' ')
    .map((move, i) => `${i + 1}. ${move}`)
    .join(' ');
}

/** Reads a pasted line from `start`, replaying it with `movesOn` (the page's legal moves in its metric). */
export function readLine(text: string, start: Layout, movesOn: (layout: Layout) => Move[]): LineRead {
  const tokens = moveTokens(text);
  if (tokens.length === 0) return { ok: false, problem: 'empty' };
  const moves: Move[] = [];
  let layout = start;
  for (const [k, token] of tokens.entries()) {
    let written: Move;
    try {
      written = decodeMoves(token, start.width, start.height)[0]!;
    } catch {
      return { ok: false, problem: 'malformed', move: k + 1, text: token };
    }
    const legal = movesOn(layout).find((m) => sameMove(m, written));
    if (!legal) return { ok: false, problem: 'illegal', move: k + 1, text: token };
    moves.push(legal);
    layout = movePiece(layout, legal.from, legal.to);
  }
  return { ok: true, moves };
}

/** The moves written in a text: a link's ?line= value, or the text itself, without the numbers "1." "2." … */
function moveTokens(text: string): string[] {
  let body = text.trim();
  if (/^(https?:\/\/|\/s\/)/.test(body)) {
    try {
      body = new URL(body, 'https://huarong.invalid').searchParams.get('line') ?? '';
    } catch {
      // Not a link after all: read it as moves (and say which one is wrong).
    }
  }
  return body
    .split(/[\s,;]+/)
    .map((token) => token.replace(/^\d+\./, ''))
    .filter((token) => token !== '');
}
