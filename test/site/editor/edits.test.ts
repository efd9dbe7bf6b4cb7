/**
 * The editor's changes as functions of a layout (editor/edits.ts) and its goal's link (editor/goals.ts): every result
 * read as the codec writes it, so each test names the exact code or `?goal=` it expects.
 */
import { describe, expect, it } from 'vitest';
import { formatLayout, parseLayoutOrThrow, type Layout } from '../../../solver/index.ts';
import { eraseAt, freeLetter, holeCell, holeModeAt, movePieceTo, paintCell, paintModeAt, placeRectangle, resizeLayout, shapeLetterProblem, type Edit } from '../../../site/editor/edits.ts';
import { goalDrawing, goalLink, placeIsFree, targetsFromLink, validTargets, withTarget, type Target } from '../../../site/editor/goals.ts';

const EMPTY = parseLayoutOrThrow('....-....-....-....-....');

/** The code of an edit's layout, or what it said instead. */
function code(edit: Edit): string {
  if (!edit) return 'nothing';
  return 'refused' in edit ? `refused: ${edit.refused}` : formatLayout(edit.layout);
}

/** Applies edits one after the other, failing on one that does not change the layout. */
function after(layout: Layout, ...edits: Array<(l: Layout) => Edit>): Layout {
  for (const edit of edits) {
    const next = edit(layout);
    if (!next || 'refused' in next) throw new Error(`no change: ${code(next)}`);
    layout = next.layout;
  }
  return layout;
}

describe('painting a piece of any shape', () => {
  it('adds empty cells to the piece of its letter, one piece however they lie, and takes them off again', () => {
    const l = after(EMPTY, ...([[0, 0], [1, 0], [2, 0], [2, 1]] as const).map((cell) => (x: Layout) => paintCell(x, 'A', [...cell], 'add')));
    expect(formatLayout(l)).toBe('A...-A...-AA..-....-....');
    expect(l.pieces).toEqual([{ letter: 'A', row: 0, col: 0, width: 2, height: 3, cells: [[0, 0], [1, 0], [2, 0], [2, 1]] }]);
    // A cell that does not touch it is still the same piece (one letter, one piece).
    expect(code(paintCell(l, 'A', [4, 3], 'add'))).toBe('A...-A...-AA..-....-...A');
    // Taking its first cell off moves its anchor; its last cell takes the piece away.
    expect(code(paintCell(l, 'A', [0, 0], 'remove'))).toBe('....-A...-AA..-....-....');
    const one = after(l, (x) => paintCell(x, 'A', [0, 0], 'remove'), (x) => paintCell(x, 'A', [1, 0], 'remove'), (x) => paintCell(x, 'A', [2, 0], 'remove'));
    expect(formatLayout(one)).toBe('....-....-.A..-....-....');
    expect(one.pieces[0]).toEqual({ letter: 'A', row: 2, col: 1, width: 1, height: 1 });
    expect(code(paintCell(one, 'A', [2, 1], 'remove'))).toBe('....-....-....-....-....');
  });

  it('a stroke adds on empty cells or removes the piece\'s own, never another piece\'s or a cut cell', () => {
    const l = parseLayoutOrThrow('A.S_-A.._-AA..-....-....');
    expect(paintModeAt(l, 'A', [0, 1])).toBe('add');
    expect(paintModeAt(l, 'A', [1, 0])).toBe('remove');
    expect(paintModeAt(l, 'A', [0, 2])).toEqual({ refused: 'cellTaken' });
    expect(paintModeAt(l, 'C', [0, 0])).toEqual({ refused: 'cellTaken' });
    expect(paintModeAt(l, 'A', [0, 3])).toEqual({ refused: 'paintOffBoard' });
    // Dragging on: cells of the other mode are left alone.
    expect(code(paintCell(l, 'A', [0, 2], 'add'))).toBe('nothing');
    expect(code(paintCell(l, 'A', [0, 1], 'remove'))).toBe('nothing');
    expect(code(paintCell(l, 'A', [1, 3], 'add'))).toBe('nothing');
  });

  it('takes any letter but the rectangles\' and offers the first one free', () => {
    expect(shapeLetterProblem('A')).toBeNull();
    expect(shapeLetterProblem('E')).toBeNull();
    for (const letter of 'BVHS') expect(shapeLetterProblem(letter)).toBe('letterFixed');
    expect(shapeLetterProblem('')).toBe('letterNeeded');
    expect(freeLetter(EMPTY)).toBe('A');
    expect(freeLetter(parseLayoutOrThrow('ACDV-...V-.BB.-.BB.-...S'))).toBe('E');
  });
});

describe('holes and outlines', () => {
  it('cuts empty cells out of the board and puts them back; never under a piece', () => {
    const cut = after(EMPTY, (l) => holeCell(l, [0, 3], 'cut'), (l) => holeCell(l, [1, 3], 'cut'));
    expect(formatLayout(cut)).toBe('..._-..._-....-....-....');
    expect(holeModeAt(cut, [0, 3])).toBe('restore');
    expect(holeModeAt(cut, [0, 0])).toBe('cut');
    expect(code(holeCell(cut, [0, 3], 'restore'))).toBe('....-..._-....-....-....');
    expect(code(holeCell(cut, [1, 3], 'restore'))).toBe('..._-....-....-....-....');
    expect(formatLayout(after(cut, (l) => holeCell(l, [0, 3], 'restore'), (l) => holeCell(l, [1, 3], 'restore')))).toBe('....-....-....-....-....');
    expect(code(holeCell(EMPTY, [0, 0], 'restore'))).toBe('nothing');
    const withPiece = parseLayoutOrThrow('S...-....-....-....-....');
    expect(holeModeAt(withPiece, [0, 0])).toEqual({ refused: 'holeOnPiece' });
    expect(code(holeCell(withPiece, [0, 0], 'cut'))).toBe('nothing');
    // Erase on a cut cell puts it back.
    expect(code(eraseAt(cut, [1, 3]))).toBe('..._-....-....-....-....');
  });

  it('keeps what still lies on a resized board, cut cells too, up to 16 on a side', () => {
    const l = parseLayoutOrThrow('A.V_-A.V_-AAS.-SSHH-S...');
    expect(formatLayout(resizeLayout(l, 6, 5))).toBe('A.V_..-A.V_..-AAS...-SSHH..-S.....');
    expect(formatLayout(resizeLayout(l, 3, 4))).toBe('A.V-A.V-AAS-SS.');
    expect(formatLayout(resizeLayout(l, 2, 2))).toBe('..-..'); // the L no longer fits
    const big = resizeLayout(l, 16, 8);
    expect([big.width, big.height, big.pieces.length]).toEqual([16, 8, l.pieces.length]);
    expect(parseLayoutOrThrow(formatLayout(big))).toEqual(big);
  });
});

describe('rectangles, moves and erasing on shaped and outlined boards', () => {
  const l = parseLayoutOrThrow('A.V_-A.V_-AAS.-SSHH-S...');
  it('places a rectangle only on free board cells, or in the place of the piece clicked', () => {
    expect(code(placeRectangle(l, 'S', [0, 1]))).toBe('ASV_-A.V_-AAS.-SSHH-S...');
    expect(code(placeRectangle(l, 'V', [0, 3]))).toBe('refused: doesNotFit'); // cut out
    expect(code(placeRectangle(l, 'H', [1, 1]))).toBe('refused: doesNotFit'); // the V's cell
    expect(code(placeRectangle(l, 'S', [2, 1]))).toBe('..V_-..V_-.SS.-SSHH-S...'); // on the L: the S takes its place
  });

  it('moves a piece of any shape where all its cells fit, and erases it whole', () => {
    const a = l.pieces.find((p) => p.letter === 'A')!;
    expect(code(movePieceTo(l, a, 0, 1))).toBe('refused: doesNotFit');
    const small = parseLayoutOrThrow('A...-A...-AA..-....-....');
    expect(code(movePieceTo(small, small.pieces[0]!, 1, 2))).toBe('....-..A.-..A.-..AA-....');
    expect(code(eraseAt(l, [2, 1]))).toBe('..V_-..V_-..S.-SSHH-S...');
  });
});

describe('the goal of several pieces', () => {
  const l = parseLayoutOrThrow('A.V_-A.V_-AAS.-SSHH-S...');
  const a: Target = { letter: 'A', piece: [0, 0], at: [2, 2] };
  const v: Target = { letter: 'V', piece: [0, 2], at: [3, 0] };

  it('is written as the piece by its cell for one target, as a drawing for several', () => {
    expect(goalLink(l, [])).toBeNull();
    expect(goalLink(l, [a])).toBe('0,0@2,2');
    expect(goalLink(l, [a, v])).toBe('..._-..._-..A.-V.A.-V.AA');
    expect(goalDrawing(l, [v])).toBe('..._-..._-....-V...-V...');
  });

  it('reads a link back as the same targets, and the default goal is left out', () => {
    // In the drawing's order: its rectangles first, then its pieces of other shapes.
    expect(targetsFromLink(l, '..._-..._-..A.-V.A.-V.AA')).toEqual({ targets: [v, a] });
    expect(goalLink(l, [v, a])).toBe('..._-..._-..A.-V.A.-V.AA');
    expect(targetsFromLink(l, '0,0@2,2')).toEqual({ targets: [a] });
    expect(targetsFromLink(l, 'V@3,0')).toEqual({ targets: [v] });
    const problem = targetsFromLink(l, '..._-..._-..A.-V.A.-VAA.');
    expect('problem' in problem && problem.problem.code).toBe('bad-goal');
    const classic = parseLayoutOrThrow('VBBV-VBBV-VHHV-VSSV-S..S');
    expect(targetsFromLink(classic, 'B@3,1')).toEqual({ targets: [{ letter: 'B', piece: [0, 1], at: [3, 1] }] });
    expect(goalLink(classic, [{ letter: 'B', piece: [0, 1], at: [3, 1] }])).toBeNull();
    expect(goalLink(classic, [{ letter: 'B', piece: [0, 1], at: [3, 0] }])).toBe('0,1@3,0');
    // Several soldiers drawn: each place goes to one of them, in reading order.
    expect(targetsFromLink(classic, '....-....-....-S..S-S..S')).toEqual({
      targets: [
        { letter: 'S', piece: [3, 1], at: [3, 0] },
        { letter: 'S', piece: [3, 2], at: [3, 3] },
        { letter: 'S', piece: [4, 0], at: [4, 0] },
        { letter: 'S', piece: [4, 3], at: [4, 3] },
      ],
    });
  });

  it('drops a target whose piece moved or was repainted, or whose place overlaps another\'s', () => {
    expect(validTargets(l, [a, v])).toEqual([a, v]);
    // Repainted: its place has its new shape, and holds while that fits the board.
    expect(validTargets(after(l, (x) => paintCell(x, 'A', [0, 1], 'add')), [a, v])).toEqual([a, v]);
    expect(validTargets(after(l, (x) => paintCell(x, 'A', [4, 3], 'add')), [a, v])).toEqual([v]);
    expect(validTargets(after(l, (x) => movePieceTo(x, x.pieces.find((p) => p.letter === 'V')!, 0, 1)), [a, v])).toEqual([a]);
    expect(validTargets(l, [a, { ...v, at: [2, 2] }])).toEqual([a]);
    expect(placeIsFree(l, [a], l.pieces.find((p) => p.letter === 'V')!, [2, 2])).toBe(false);
    expect(placeIsFree(l, [a], l.pieces.find((p) => p.letter === 'V')!, [2, 1])).toBe(true);
    // A piece's own target moves with a new one.
    expect(withTarget([a, v], { ...a, at: [1, 1] })).toEqual([v, { ...a, at: [1, 1] }]);
  });
});
