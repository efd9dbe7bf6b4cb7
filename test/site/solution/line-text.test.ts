/** The line as text: what is copied reads back as the same moves, in every form people paste it; a wrong move is named. */
import { describe, expect, it } from 'vitest';
import { legalMoves, parseLayoutOrThrow, solve, type Layout } from '../../../solver/index.ts';
import { formatLine, readLine } from '../../../site/solution/line-text.ts';

const start = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
const movesOn = (layout: Layout) => legalMoves(layout, 'move');

describe('the line as text', () => {
  const solution = solve(start, { metric: 'move' }).moves;

  it('numbers the ?line= encoding, and reads it back as the same moves', () => {
    const text = formatLine(solution, start.width);
    expect(text).toMatch(/^1\. [0-9a-z]{2}[UDLR]+ 2\. /);
    expect(text.match(/\d+\. /g)).toHaveLength(81);
    expect(readLine(text, start, movesOn)).toEqual({ ok: true, moves: solution });
  });

  it('reads the raw ?line= value, a whole link, numbers glued to moves, and line breaks', () => {
    const moves = solution.slice(0, 3);
    const raw = formatLine(moves, 4).replace(/\d+\. /g, '');
    for (const text of [raw, `https://example.org/s/VBBV-VBBV-VHHV-VSSV-S..S?line=${encodeURIComponent(raw)}`, `/s/x?line=${raw.replaceAll(' ', '+')}`, formatLine(moves, 4).replaceAll('. ', '.'), formatLine(moves, 4).replaceAll(' 2.', '\n2.')]) {
      expect(readLine(text, start, movesOn), text).toEqual({ ok: true, moves });
    }
  });

  it('names the first move that is not written as a move or cannot be played', () => {
    expect(readLine('  ', start, movesOn)).toEqual({ ok: false, problem: 'empty' });
    expect(readLine('https://example.org/s/VBBV-VBBV-VHHV-VSSV-S..S', start, movesOn)).toEqual({ ok: false, problem: 'empty' });
    expect(readLine('1. 0gR 2. 0gQ', start, movesOn)).toEqual({ ok: false, problem: 'malformed', move: 2, text: '0gQ' });
    expect(readLine('1. 0gR 2. zzR', start, movesOn)).toEqual({ ok: false, problem: 'malformed', move: 2, text: 'zzR' });
    expect(readLine('1. 0gR 2. 0jL 3. 0gR', start, movesOn)).toEqual({ ok: false, problem: 'illegal', move: 3, text: '0gR' });
    expect(readLine('0aD', start, movesOn)).toEqual({ ok: false, problem: 'illegal', move: 1, text: '0aD' });
  });
});
