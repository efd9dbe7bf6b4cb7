/** Text drawing of a board with box-drawing borders between pieces, as the old console solvers did. */
import { coveredCells, type Layout } from '../klotski/model/layout.ts';

/** The owner of a cell that is not part of the board (shaded; no borders between such cells). */
const OFF_BOARD = -3;

// Junction glyphs indexed by arms: up=1, down=2, left=4, right=8.
const JUNCTIONS = [' ', '╵', '╷', '│', '╴', '┘', '┐', '┤', '╶', '└', '┌', '├', '─', '┴', '┬', '┼'];

/** Draws the layout; `highlight` (a piece's top-left) marks one piece with `*`. */
export function renderBoard(layout: Layout, highlight?: [number, number]): string {
  const { width: w, height: h } = layout;
  const owner: number[][] = Array.from({ length: h }, () => new Array<number>(w).fill(-1));
  layout.pieces.forEach((p, i) => coveredCells(p).forEach(([r, c]) => (owner[r]![c] = i)));
  for (const cell of layout.holes ?? []) owner[Math.floor(cell / w)]![cell % w] = OFF_BOARD;
  // A border runs between two cells when they belong to different pieces (empty cells are all separate).
  const at = (r: number, c: number) => (r < 0 || c < 0 || r >= h || c >= w ? -2 : owner[r]![c]!);
  const differ = (a: number, b: number) => a !== b || a === -1;
  const vertical = (r: number, c: number) => r >= 0 && r < h && differ(at(r, c - 1), at(r, c)); // left of cell (r,c)
  const horizontal = (r: number, c: number) => c >= 0 && c < w && differ(at(r - 1, c), at(r, c)); // above cell (r,c)
  const lines: string[] = [];
  for (let r = 0; r <= h; r++) {
    let border = '';
    for (let c = 0; c <= w; c++) {
      const arms = (vertical(r - 1, c) ? 1 : 0) | (vertical(r, c) ? 2 : 0) | (horizontal(r, c - 1) ? 4 : 0) | (horizontal(r, c) ? 8 : 0);
      border += JUNCTIONS[arms];
      if (c < w) border += horizontal(r, c) ? '───' : '   ';
    }
    lines.push(border);
    if (r === h) break;
    let row = '';
    for (let c = 0; c <= w; c++) {
      row += vertical(r, c) ? '│' : ' ';
      if (c === w) break;
      const i = owner[r]![c]!;
      const p = layout.pieces[i];
      if (i === OFF_BOARD) row += '░░░';
      else if (!p) row += '   ';
      else if (p.row === r && p.col === c) {
        const mark = highlight && highlight[0] === r && highlight[1] === c ? '*' : ' ';
        row += ` ${p.letter}${mark}`;
      } else row += '   ';
    }
    lines.push(row);
  }
  return lines.join('\n');
}
