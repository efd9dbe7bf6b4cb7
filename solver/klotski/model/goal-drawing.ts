/**
 * Goal drawings: the board's rows with each goal piece's letter on its target cells, `.` on every other board cell and
 * `_` where the board has `_` (`#` is read as `_`). Solved when every piece the drawing names covers its cells; the others
 * may end anywhere. A drawing reads as a layout code does (B V H S greedy rectangles, any other letter one piece of any
 * shape), and each drawn piece must be a piece of the start of the same letter and shape; where the board has several
 * pieces of a drawn B, V, H or S, any of them may fill each place drawn for that letter. Errors count rows and columns
 * from 1.
 */
import { fail } from '../../shared/errors.ts';
import { FIXED_SHAPES, HOLE, coveredCells, isFixedLetter, pieceOfCells, shapeOf, type Layout, type Piece } from './layout.ts';
import type { Goal, GoalTarget } from './goal-types.ts';

/** Whether a goal text is a drawing rather than `B@3,1` (rows joined by `-`, `/` or newlines; no `@`). */
export function looksLikeDrawing(text: string): boolean {
  return !text.includes('@') && /[-/\n]/.test(text.trim());
}

export function resolveDrawing(layout: Layout, text: string): Goal {
  const rows = text.trim().split(/\r\n|\n|\r|-|\//).map((row) => row.trim());
  const { width, height } = layout;
  const holes = new Set(layout.holes ?? []);
  const outlined = holes.size > 0 || /[_#]/.test(text);
  const drawnWidth = outlined ? Math.max(...rows.map((row) => row.length)) : rows[0]!.length;
  if (rows.length !== height || drawnWidth !== width || (!outlined && rows.some((row) => row.length !== width))) {
    const sizes = rows.map((row) => row.length);
    fail('bad-goal', `the goal drawing is ${drawnWidth} wide × ${rows.length} tall${new Set(sizes).size > 1 ? ` (rows of ${sizes.join(', ')} cells)` : ''}; the board is ${width} wide × ${height} tall`);
  }
  const grid = rows.map((row, r) =>
    Array.from(row.padEnd(width, HOLE), (ch, c) => {
      if (!/^[A-Za-z._#]$/.test(ch)) fail('bad-goal', `goal drawing: unexpected character ${JSON.stringify(ch)} at row ${r + 1} col ${c + 1}: use piece letters, '.' and '_'`, { row: r, col: c });
      const cell = ch === '#' ? HOLE : ch === '.' ? ch : ch.toUpperCase();
      const off = holes.has(r * width + c);
      if (off && cell !== HOLE && cell !== '.') fail('bad-goal', `goal drawing: ${cell} at row ${r + 1} col ${c + 1} is on a cell that is not part of the board`, { row: r, col: c });
      if (!off && cell === HOLE) fail('bad-goal', `goal drawing: row ${r + 1} col ${c + 1} is '_' but that cell is on the board (the drawing must have '_' where the board does)`, { row: r, col: c });
      return cell;
    }),
  );
  const drawn = drawnPieces(grid, width, height);
  if (drawn.length === 0) fail('bad-goal', 'the goal drawing names no piece: put a piece\'s letter on the cells it must reach');
  const targets: GoalTarget[] = [];
  for (const letter of [...new Set(drawn.map((p) => p.letter))]) {
    const wanted = drawn.filter((p) => p.letter === letter);
    const have = layout.pieces.filter((p) => p.letter === letter);
    if (have.length === 0) fail('bad-goal', `goal drawing: there is no piece ${letter} on the board (row ${wanted[0]!.row + 1} col ${wanted[0]!.col + 1})`, { row: wanted[0]!.row, col: wanted[0]!.col });
    if (wanted.length > have.length) {
      fail('bad-goal', `goal drawing: ${wanted.length} ${letter} pieces drawn, but the board has ${have.length} (each drawn piece must be one of the start's)`);
    }
    const piece = have[0]!;
    for (const target of wanted) {
      if (!sameShape(piece, target)) {
        fail('bad-goal', `goal drawing: ${letter}'s target cells (from row ${target.row + 1} col ${target.col + 1}) are not the shape of piece ${letter} on the board (from row ${piece.row + 1} col ${piece.col + 1})`, { row: target.row, col: target.col });
      }
      // A letter of several pieces (B, V, H, S): any of them may fill each of its places.
      targets.push({ pieceIndex: layout.pieces.indexOf(piece), row: target.row, col: target.col, ...(have.length > 1 ? { shared: true } : {}) });
    }
  }
  const first = targets[0]!;
  return { pieceIndex: first.pieceIndex, row: first.row, col: first.col, isDefault: false, targets, drawing: grid.map((row) => row.join('')).join('-') };
}

function sameShape(a: Piece, b: Piece): boolean {
  return JSON.stringify(shapeOf(a)) === JSON.stringify(shapeOf(b));
}

/** The drawing's pieces, read as a layout code's are (without its checks that the board can move). */
function drawnPieces(grid: string[][], width: number, height: number): Piece[] {
  const claimed = grid.map((row) => row.map(() => false));
  const pieces: Piece[] = [];
  const shaped = new Map<string, Array<[number, number]>>();
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const letter = grid[r]![c]!;
      if (letter === '.' || letter === HOLE || claimed[r]![c]) continue;
      if (!isFixedLetter(letter)) {
        shaped.set(letter, [...(shaped.get(letter) ?? []), [r, c]]);
        continue;
      }
      const { width: w, height: h, name } = FIXED_SHAPES[letter]!;
      const piece: Piece = { letter, row: r, col: c, width: w, height: h };
      for (const [rr, cc] of coveredCells(piece)) {
        if (rr >= height || cc >= width || grid[rr]![cc] !== letter || claimed[rr]![cc]) {
          fail('bad-goal', `goal drawing: ${letter} at row ${r + 1} col ${c + 1} is not a whole ${name}`, { row: r, col: c });
        }
        claimed[rr]![cc] = true;
      }
      pieces.push(piece);
    }
  }
  for (const [letter, cells] of shaped) pieces.push(pieceOfCells(letter, cells));
  return pieces;
}
