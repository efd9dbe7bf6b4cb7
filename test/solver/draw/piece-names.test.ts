import { describe, expect, it } from 'vitest';
import { parseLayoutOrThrow, pieceNames, traditionalNames } from '../../../solver/index.ts';

describe('pieceNames', () => {
  it('gives a classic set its traditional names', () => {
    const layout = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(pieceNames(layout)).toEqual(traditionalNames(layout));
    expect(pieceNames(layout).map((n) => n.zh)).toContain('关羽');
  });

  it('numbers repeated shapes on other boards in reading order, and leaves a shape seen once as its letter', () => {
    const layout = parseLayoutOrThrow('SBBS.-SBBS.-HH.SS-XXXS.');
    expect(traditionalNames(layout)).toBeNull();
    const names = pieceNames(layout).map((n) => n.en);
    expect(names.filter((n) => n.startsWith('S'))).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7']);
    expect(names).toContain('B');
    expect(names).toContain('H');
    expect(names).toContain('X');
    expect(new Set(names).size).toBe(names.length);
  });
});
