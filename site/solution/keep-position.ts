/**
 * Where the replay goes on when the line under it changes (the count switched from moves to steps, say): the same
 * position on the board when the new line goes through it; else as far along the new line as the replay was along
 * the old one (the end stays the end). Positions are compared by their codes (pieces of one shape are alike).
 */
export function positionInLine(shown: string, index: number, oldLength: number, line: readonly string[]): number {
  const same = line.indexOf(shown);
  if (same >= 0) return same;
  const last = line.length - 1;
  if (index <= 0 || last <= 0) return 0;
  if (index >= oldLength) return last;
  return Math.min(last, Math.max(1, Math.round((index / oldLength) * last)));
}
