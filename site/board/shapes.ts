/**
 * The board's SVG parts for what rectangles cannot draw: a piece of another shape (an L, a plus, cells that do not
 * touch) as one outlined path over its bounding rectangle, and the frame and tray of a board with cells that are not
 * part of it, following its own cells. Coordinates are cells (solver/draw/outline.ts), so they scale with the board.
 */
import { HOLE, shapeOf, toGrid, type Layout, type Piece } from '../../solver/index.ts';
import { cellOutline, insetOutline, labelCell, outlinePath } from '../../solver/draw/outline.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** The gap between a shaped piece and its neighbours, and its corners' radius, in cells (≈ 3 px and 8 px at 90 px). */
const PIECE_GAP = 0.04;
const PIECE_RADIUS = 0.1;

/** A piece's bounding rectangle: its columns start `left` cells from its anchor (an L's anchor may not be leftmost). */
export function shapeBox(piece: Piece): { left: number; width: number; height: number } {
  const left = piece.cells ? Math.min(...piece.cells.map(([, dc]) => dc)) : 0;
  return { left, width: piece.width, height: piece.height };
}

/** The piece's cells relative to its bounding rectangle's top-left, [row, col]. */
function boxCells(piece: Piece): Array<[number, number]> {
  const { left } = shapeBox(piece);
  return shapeOf(piece).map(([dr, dc]) => [dr, dc - left]);
}

/**
 * An SVG filling the piece's bounding rectangle with one path around its cells (a little inside them, corners
 * rounded). Only the path takes the pointer (board.css), so a click in an L's notch is not a click on the L.
 */
export function shapeSvg(piece: Piece, className: string, gap = PIECE_GAP): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', className);
  svg.setAttribute('viewBox', `0 0 ${piece.width} ${piece.height}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', outlinePath(insetOutline(cellOutline(boxCells(piece)), gap), PIECE_RADIUS));
  svg.append(path);
  return svg;
}

/** Where a shaped piece's label goes, as percentages of its bounding rectangle: its cell nearest the middle. */
export function labelBox(piece: Piece): { left: string; top: string; width: string; height: string } {
  const [row, col] = labelCell(boxCells(piece));
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  return { left: pct(col, piece.width), top: pct(row, piece.height), width: pct(1, piece.width), height: pct(1, piece.height) };
}

/**
 * A board with cells that are not part of it: its wood frame and tray drawn around its own cells only. The frame is
 * the outline's stroke (board.css gives it the width of the usual border, twice, as half of it lies under the tray).
 */
export function boardOutlineSvg(layout: Layout): SVGSVGElement {
  const cells: Array<[number, number]> = [];
  toGrid(layout).forEach((row, r) => row.forEach((letter, c) => letter !== HOLE && cells.push([r, c])));
  const d = outlinePath(cellOutline(cells));
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'board-outline');
  svg.setAttribute('viewBox', `0 0 ${layout.width} ${layout.height}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  for (const part of ['board-frame', 'board-tray']) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('class', part);
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}
