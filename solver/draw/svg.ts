/** A board as a standalone SVG image (link previews, gallery thumbnails). Pure string building; everything escaped. */
import { coveredCells, type Layout } from '../klotski/model/layout.ts';
import { cellOutline, insetOutline, labelCell, outlinePolygons } from './outline.ts';
import { traditionalNames } from './piece-names.ts';
import { tileNumber } from '../tiles/codec.ts';
import type { SceneItem } from './scene.ts';

export interface SvgOptions {
  /** Pixels per cell. */
  cell?: number;
  /** Label pieces (traditional names on the classic board, letters elsewhere). */
  labels?: boolean;
  title?: string;
  /** Draw the exit gap in the bottom wall (Klotski); off for tiles boards. */
  exit?: boolean;
  /**
   * Rush Hour (the `line` rule): the exit is a gap in the right wall at this row, an arrow in it, and the car `A` is
   * red — as the site's board draws it (site/shared/slide.ts `rushExitRow` gives the row). Replaces the bottom exit.
   */
  rushExit?: number | null;
  /** A 数字华容道 board: every piece is a numbered tile (10, 11, …, not the code's digits A, B, …) in one style. */
  tiles?: boolean;
  /** Each piece's label by piece index, when the caller names them (a replay follows 兵3 as it moves). */
  names?: string[] | null;
}

const COLORS: Record<string, string> = { B: '#b3261e', V: '#1f5f8b', H: '#1f5f8b', S: '#4d6b3c' };
const TILE_COLOR = '#1f5f8b';
/** The red car of a Rush Hour board (site/styles/board.css `.piece-car`). */
const CAR_COLOR = '#c62828';

/** The board's shapes, its top-left corner at (dx, dy), and its size. */
export function boardScene(layout: Layout, options: SvgOptions = {}, dx = 0, dy = 0): { items: SceneItem[]; width: number; height: number } {
  const cell = options.cell ?? 60;
  const pad = cell * 0.2;
  const gap = Math.max(2, cell * 0.06);
  const w = layout.width * cell + pad * 2;
  const h = layout.height * cell + pad * 2 + cell * 0.15;
  const names = options.labels === false || options.tiles ? null : (options.names ?? traditionalNames(layout)?.map((n) => n.zh) ?? null);
  const exitCol = Math.floor((layout.width - 2) / 2);
  // Cell (0, 0)'s top-left corner in pixels; outlines in cell units map to pixels through it.
  const ox = dx + pad;
  const oy = dy + pad;
  const outlined = !!layout.holes?.length;
  const items: SceneItem[] = outlined
    ? boardOutline(layout, cell, pad, gap, ox, oy)
    : [
        { kind: 'rect', x: dx, y: dy, w, h, r: cell * 0.15, fill: '#3b2a1a' },
        { kind: 'rect', x: ox - gap, y: oy - gap, w: layout.width * cell + gap * 2, h: layout.height * cell + gap * 2, r: 0, fill: '#f3e9d2' },
      ];
  // The exit: a gap in the bottom wall under the goal's columns (a board with an outline of its own has no such wall).
  const rushExit = options.rushExit ?? null;
  if (rushExit !== null) {
    // Rush Hour: a gap in the right wall beside the car's row (outlined or not: the car's row reaches the right edge).
    const x = ox + layout.width * cell;
    const y = oy + rushExit * cell;
    items.push({ kind: 'rect', x, y, w: pad, h: cell, r: 0, fill: '#f3e9d2' });
    items.push({ kind: 'path', contours: [[x + pad * 0.2, y + cell * 0.35, x + pad * 0.85, y + cell * 0.5, x + pad * 0.2, y + cell * 0.65]], fill: CAR_COLOR });
  } else if (options.exit !== false && !outlined) items.push({ kind: 'rect', x: ox + exitCol * cell, y: oy + layout.height * cell, w: cell * 2, h: pad, r: 0, fill: '#f3e9d2' });
  layout.pieces.forEach((p, i) => {
    const fill = options.tiles ? TILE_COLOR : rushExit !== null && p.letter === 'A' ? CAR_COLOR : (COLORS[p.letter] ?? '#7a4f9a');
    // A piece of another shape: its outline, and its name in the cell nearest its middle.
    const shaped = !!p.cells;
    if (shaped) {
      const outline = insetOutline(cellOutline(coveredCells(p)), gap / cell);
      items.push({ kind: 'path', contours: outlinePolygons(outline, 0.12, cell, ox, oy), fill });
    }
    const [lr, lc] = shaped ? labelCell(coveredCells(p)) : [p.row, p.col];
    const x = ox + lc * cell + gap;
    const y = oy + lr * cell + gap;
    const pw = (shaped ? 1 : p.width) * cell - gap * 2;
    const ph = (shaped ? 1 : p.height) * cell - gap * 2;
    if (!shaped) items.push({ kind: 'rect', x, y, w: pw, h: ph, r: cell * 0.12, fill });
    if (options.labels === false) return;
    const label = options.tiles ? String(tileNumber(p.letter)) : names ? names[i]! : p.letter;
    const text = (cy: number, content: string, size: number): SceneItem => ({ kind: 'text', x: x + pw / 2, y: cy, size, fill: '#fff', weight: 400, content, anchor: 'middle', baseline: 'central' });
    const base = cell * (options.tiles || p.letter === 'B' ? 0.42 : 0.3);
    // An English name of several words ("Zhang Fei", "soldier 3"): a word a line on a piece one cell wide, each line
    // as wide as the piece allows (Latin letters are about 0.6 em wide).
    if (names && /^[\x20-\x7e]+ [\x20-\x7e]+$/.test(label)) {
      const lines = (shaped ? 1 : p.width) === 1 ? label.split(' ') : [label];
      const widest = Math.max(...lines.map((l) => l.length));
      const size = Math.min(base, (pw / (widest * 0.6)) * 0.9, (ph * 0.85) / (lines.length * 1.15));
      lines.forEach((line, k) => items.push(text(y + ph / 2 + (k - (lines.length - 1) / 2) * size * 1.15, line, size)));
      return;
    }
    const size = Math.min(base, (pw / Math.max(1, label.length)) * 0.9);
    if (names && !shaped && p.height > p.width && label.length > 1) {
      [...label].forEach((ch, k) => items.push(text(y + ph / 2 + (k - (label.length - 1) / 2) * size * 1.15, ch, size)));
    } else items.push(text(y + ph / 2, label, size));
  });
  return { items, width: w, height: h };
}

/**
 * A board with cells that are not part of it: the wood and the tray follow the board's own cells, so nothing is drawn
 * where it has none (the picture's background shows there).
 */
function boardOutline(layout: Layout, cell: number, pad: number, gap: number, ox: number, oy: number): SceneItem[] {
  const holes = new Set(layout.holes);
  const cells: Array<[number, number]> = [];
  for (let r = 0; r < layout.height; r++) for (let c = 0; c < layout.width; c++) if (!holes.has(r * layout.width + c)) cells.push([r, c]);
  const outline = cellOutline(cells);
  return [
    { kind: 'path', contours: outlinePolygons(insetOutline(outline, -pad / cell), 0.15, cell, ox, oy), fill: '#3b2a1a' },
    { kind: 'path', contours: outlinePolygons(insetOutline(outline, -gap / cell), 0, cell, ox, oy), fill: '#f3e9d2' },
  ];
}

/** SVG elements for scene items. */
export function sceneSvg(items: SceneItem[], fontFamily: string): string {
  return items
    .map((it) => {
      if (it.kind === 'rect') return `<rect x="${it.x}" y="${it.y}" width="${it.w}" height="${it.h}"${it.r ? ` rx="${it.r}"` : ''} fill="${it.fill}"/>`;
      if (it.kind === 'path') return `<path d="${polygonPath(it.contours)}" fill="${it.fill}"/>`;
      const anchor = it.anchor === 'middle' ? ' text-anchor="middle"' : '';
      const baseline = it.baseline === 'central' ? ' dominant-baseline="central"' : '';
      return `<text x="${it.x}" y="${it.y}" font-size="${it.size}" font-weight="${it.weight}" fill="${it.fill}"${anchor}${baseline} font-family="${fontFamily}">${escapeXml(it.content)}</text>`;
    })
    .join('');
}

export function boardSvg(layout: Layout, options: SvgOptions = {}): string {
  const { items, width: w, height: h } = boardScene(layout, options);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(options.title ?? 'Huarong board')}">`,
    options.title ? `<title>${escapeXml(options.title)}</title>` : '',
    sceneSvg(items, 'sans-serif'),
    '</svg>',
  ].join('');
}

/** Flat polygons ([x0, y0, x1, y1, …]) as an SVG path, to a hundredth of a pixel. */
function polygonPath(contours: number[][]): string {
  const n = (v: number) => String(Math.round(v * 100) / 100);
  return contours.map((c) => `M${Array.from({ length: c.length / 2 }, (_, i) => `${n(c[2 * i]!)} ${n(c[2 * i + 1]!)}`).join('L')}Z`).join('');
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
