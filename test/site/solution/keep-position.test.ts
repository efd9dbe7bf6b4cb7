/** Where the replay goes on when the count is switched (site/solution/keep-position.ts): a pure function, no browser. */
import { describe, expect, it } from 'vitest';
import { positionInLine } from '../../../site/solution/keep-position.ts';

describe('positionInLine', () => {
  const line = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'];

  it('goes to the same position where the new line passes through it, whatever its index there', () => {
    expect(positionInLine('h', 3, 5, line)).toBe(7);
    expect(positionInLine('a', 0, 5, line)).toBe(0);
  });

  it('else as far along the new line as the replay was along the old one; the start and the end stay put', () => {
    expect(positionInLine('x', 2, 4, line)).toBe(5); // half way
    expect(positionInLine('x', 1, 81, line)).toBe(1); // never back to the start from a move made
    expect(positionInLine('x', 4, 4, line)).toBe(10); // the end
    expect(positionInLine('x', 0, 4, line)).toBe(0);
    expect(positionInLine('x', 3, 4, ['a'])).toBe(0); // a line with no moves
  });
});
