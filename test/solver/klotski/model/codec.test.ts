import { describe, expect, it } from 'vitest';
import { decodeCommonCode, encodeCommonCode, formatLayout, parseLayout, parseLayoutOrThrow } from '../../../../solver/index.ts';
import { CLASSIC } from '../../../helpers/fixtures.ts';

const HENGDAO = 'VBBV-VBBV-VHHV-VSSV-S..S';

function errorOf(code: string) {
  const r = parseLayout(code);
  if (r.ok) throw new Error(`expected an error for ${JSON.stringify(code)}`);
  return r.error;
}

describe('readable codes', () => {
  it('parses the classic layout into its ten pieces', () => {
    const layout = parseLayoutOrThrow(HENGDAO);
    expect(layout.width).toBe(4);
    expect(layout.height).toBe(5);
    expect(layout.pieces.map((p) => p.letter).sort().join('')).toBe('BHSSSSVVVV');
    expect(layout.pieces.find((p) => p.letter === 'B')).toMatchObject({ row: 0, col: 1, width: 2, height: 2 });
  });

  it('accepts / and newlines between rows, surrounding space and lower case, and prints the canonical form', () => {
    for (const variant of ['VBBV/VBBV/VHHV/VSSV/S..S', '  VBBV\nVBBV\nVHHV\nVSSV\nS..S\n', 'vbbv-vbbv-vhhv-vssv-s..s', 'VBBV\r\nVBBV\r\nVHHV\r\nVSSV\r\nS..S']) {
      expect(formatLayout(parseLayoutOrThrow(variant))).toBe(HENGDAO);
    }
  });

  it('round-trips every named layout', () => {
    for (const { layout } of CLASSIC) expect(formatLayout(parseLayoutOrThrow(layout))).toBe(layout);
  });

  it('parses stacked same-letter pieces greedily from the top-left', () => {
    const layout = parseLayoutOrThrow('VV.-VV.-VV.-VVS');
    expect(layout.pieces.filter((p) => p.letter === 'V').map((p) => [p.row, p.col])).toEqual([[0, 0], [0, 1], [2, 0], [2, 1]]);
    const wide = parseLayoutOrThrow('HHHH-BB..-BBS.');
    expect(wide.pieces.filter((p) => p.letter === 'H').map((p) => p.col)).toEqual([0, 2]);
  });

  it('reads any other letter as a one-off rectangle', () => {
    const layout = parseLayoutOrThrow('XXX.-BB.Y-BB.Y-...Y');
    expect(layout.pieces.find((p) => p.letter === 'X')).toMatchObject({ row: 0, col: 0, width: 3, height: 1 });
    expect(layout.pieces.find((p) => p.letter === 'Y')).toMatchObject({ row: 1, col: 3, width: 1, height: 3 });
  });

  it('accepts boards from 2×2 up to 16 on a side and 128 cells', () => {
    expect(parseLayoutOrThrow('S.-..').width).toBe(2);
    const big = Array.from({ length: 10 }, (_, r) => (r === 0 ? 'BB........' : r === 1 ? 'BB........' : '..........')).join('-');
    expect(parseLayoutOrThrow(big).height).toBe(10);
    const wide = Array.from({ length: 8 }, (_, r) => (r < 2 ? 'BB' : '..') + '.'.repeat(14)).join('-');
    expect([parseLayoutOrThrow(wide).width, parseLayoutOrThrow(wide).height]).toEqual([16, 8]);
  });
});

describe('error messages name the row, the column and the problem', () => {
  const cases: Array<[string, string, string, { row: number; col: number }?]> = [
    ['VBBV-VBBV-VHHV-VSSVV-S..S', 'row-length', 'row 4 has 5 cells, expected 4', { row: 3, col: 4 }],
    ['SBBS-SBBS-SHHS-SSSS-V..S', 'piece-incomplete', 'V at row 5 col 1 has no cell below it', { row: 4, col: 0 }],
    ['VBBV-VBBV-VHHV-SSSS-V..S', 'piece-incomplete', "V at row 3 col 1 is incomplete: row 4 col 1 should be part of it but is 'S'", { row: 3, col: 0 }],
    ['VBBV-VBBV-VHHV-VSSV-S.HS', 'piece-incomplete', 'H at row 5 col 3 is incomplete: row 5 col 4 should be part of it', { row: 4, col: 3 }],
    ['VBBV-VBBV-VHHV-VSSV-SSSH', 'piece-incomplete', 'H at row 5 col 4 has no cell to its right'],
    ['VBBV-VB.V-VHHV-VSSV-S..S', 'piece-incomplete', 'B at row 1 col 2 is incomplete: row 2 col 3 should be part of it but is an empty cell'],
    ['VBBV-VBBV-VHHV-VSSV-SSSS', 'no-empty', 'no empty cell'],
    ['................B-................B', 'board-too-large', 'board larger than 16×16 (this one is 17 wide × 2 tall)'],
    ['SSSSSSSSSS.-' + Array.from({ length: 11 }, () => 'SSSSSSSSSSS').join('-'), 'board-too-large', 'board of more than 128 cells (this one is 11 wide × 12 tall: 132)'],
    ['S.', 'board-too-small', 'board smaller than 2×2'],
    ['VBBV-VBBV-VH!V-VSSV-S..S', 'bad-character', `unexpected character "!" at row 3 col 3`, { row: 2, col: 2 }],
    ['VBBV-VBBV-VH#V-VSSV-S..S', 'piece-incomplete', 'H at row 3 col 2 is incomplete: row 3 col 3 should be part of it but is not on the board', { row: 2, col: 2 }],
    ['hello world', 'bad-character', 'unexpected character " " at row 1 col 6', { row: 0, col: 5 }], // not "larger than 16×16"
    ['VBBV--VBBV', 'empty-row', 'row 2 is empty'],
    ['   ', 'empty', 'the layout code is empty'],
    ['F1A9BF0C0', 'bad-commoncode', 'the 2×2 block cannot start at cell 15'],
    ['1A9BF0C01', 'bad-commoncode', 'the board is full before the code ends'],
  ];
  for (const [code, expectedCode, message, at] of cases) {
    it(`${expectedCode}: ${message}`, () => {
      const error = errorOf(code);
      expect(error.code).toBe(expectedCode);
      expect(error.message).toContain(message);
      if (at) expect(error.at).toEqual(at);
    });
  }

  it('rejects an over-long code before looking at it', () => {
    expect(errorOf('S'.repeat(300)).code).toBe('too-long');
  });
});

describe('CommonCode', () => {
  it('decodes the worked example from the spec', () => {
    expect(formatLayout(decodeCommonCode('1A9BF0C00'))).toBe(HENGDAO);
    expect(formatLayout(parseLayoutOrThrow('1A9BF0C'))).toBe(HENGDAO);
  });

  it('goes both ways for every named layout', () => {
    expect(CLASSIC.length).toBeGreaterThanOrEqual(42);
    for (const { commonCode, layout, name } of CLASSIC) {
      const parsed = parseLayoutOrThrow(layout);
      expect(encodeCommonCode(parsed)!.replace(/0+$/, ''), name).toBe(commonCode.replace(/0+$/, ''));
      expect(encodeCommonCode(parsed), name).toHaveLength(9);
      expect(formatLayout(parseLayoutOrThrow(commonCode)), name).toBe(layout);
    }
  });

  it('is not emitted for boards it cannot describe', () => {
    expect(encodeCommonCode(parseLayoutOrThrow('BB.-BB.-...'))).toBeUndefined();
    expect(encodeCommonCode(parseLayoutOrThrow('XBBV-XBBV-VHHV-VSSV-S..S'))).toBeUndefined();
  });
});

describe('malformed input never throws', () => {
  it('gives a structured error for hundreds of generated bad codes', () => {
    let seed = 12345;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const alphabet = 'BVHS.XY#1 -/\n';
    const mutate = (code: string) => {
      const chars = [...code];
      const kind = rand(4);
      const i = rand(chars.length);
      if (kind === 0) chars[i] = alphabet[rand(alphabet.length)]!;
      else if (kind === 1) chars.splice(i, 1);
      else if (kind === 2) chars.splice(i, 0, alphabet[rand(alphabet.length)]!);
      else chars.splice(i, 0, ...'-'.repeat(rand(3)));
      return chars.join('');
    };
    let errors = 0;
    for (let n = 0; n < 600; n++) {
      let code = CLASSIC[rand(CLASSIC.length)]!.layout;
      for (let k = 0, m = 1 + rand(3); k < m; k++) code = mutate(code);
      const result = parseLayout(code);
      if (!result.ok) {
        errors++;
        expect(result.error.code).toMatch(/^[a-z-]+$/);
        expect(result.error.message.length).toBeGreaterThan(5);
      } else {
        expect(formatLayout(result.value).length).toBeGreaterThan(0);
      }
    }
    expect(errors).toBeGreaterThan(300);
  });

  it('treats non-strings as errors, not crashes', () => {
    expect(parseLayout(undefined as unknown as string).ok).toBe(false);
  });
});
