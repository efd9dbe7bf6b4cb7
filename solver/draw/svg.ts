/** A board as a standalone SVG image (link previews, gallery thumbnails). Pure string building; everything escaped. */
import type { Layout } from '../klotski/layout.ts';
import { traditionalNames } from './piece-names.ts';
import { tileNumber } from '../tiles/codec.ts';

export interface SvgOptions {
  /** Pixels per cell. */
  cell?: number;
  /** Label pieces (traditional names on the classic board, letters elsewhere). */
  labels?: boolean;
  title?: string;
  /** Draw the exit gap in the bottom wall (Klotski); off for tiles boards. */
  exit?: boolean;
  /** A 数字华容道 board: every piece is a numbered tile (10, 11, …, not the code's digits A, B, …) in one style. */
  tiles?: boolean;
}

const COLORS: Record<string, string> = { B: '#b3261e', V: '#1f5f8b', H: '#1f5f8b', S: '#4d6b3c' };
const TILE_COLOR = '#1f5f8b';

export function boardSvg(layout: Layout, options: SvgOptions = {}): string {
  const cell = options.cell ?? 60;
  const pad = cell * 0.2;
  const gap = Math.max(2, cell * 0.06);
  const w = layout.width * cell + pad * 2;
  const h = layout.height * cell + pad * 2 + cell * 0.15;
  const names = options.labels === false || options.tiles ? null : traditionalNames(layout);
  const exitCol = Math.floor((layout.width - 2) / 2);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(options.title ?? 'Huarong board')}">`,
    options.title ? `<title>${escapeXml(options.title)}</title>` : '',
    `<rect x="0" y="0" width="${w}" height="${h}" rx="${cell * 0.15}" fill="#3b2a1a"/>`,
    `<rect x="${pad - gap}" y="${pad - gap}" width="${layout.width * cell + gap * 2}" height="${layout.height * cell + gap * 2}" fill="#f3e9d2"/>`,
    // The exit: a gap in the bottom wall under the goal's columns.
    options.exit === false ? '' : `<rect x="${pad + exitCol * cell}" y="${pad + layout.height * cell}" width="${cell * 2}" height="${pad}" fill="#f3e9d2"/>`,
  ];
  layout.pieces.forEach((p, i) => {
    const x = pad + p.col * cell + gap;
    const y = pad + p.row * cell + gap;
    const pw = p.width * cell - gap * 2;
    const ph = p.height * cell - gap * 2;
    const fill = options.tiles ? TILE_COLOR : (COLORS[p.letter] ?? '#7a4f9a');
    parts.push(`<rect x="${x}" y="${y}" width="${pw}" height="${ph}" rx="${cell * 0.12}" fill="${fill}"/>`);
    if (options.labels !== false) {
      const label = options.tiles ? String(tileNumber(p.letter)) : names ? names[i]!.zh : p.letter;
      const size = Math.min(cell * (options.tiles || p.letter === 'B' ? 0.42 : 0.3), (pw / Math.max(1, label.length)) * 0.9);
      const vertical = names && p.height > p.width && label.length > 1;
      if (vertical) {
        [...label].forEach((ch, k) => {
          parts.push(`<text x="${x + pw / 2}" y="${y + ph / 2 + (k - (label.length - 1) / 2) * size * 1.15}" font-size="${size}" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">${escapeXml(ch)}</text>`);
        });
      } else {
        parts.push(`<text x="${x + pw / 2}" y="${y + ph / 2}" font-size="${size}" fill="#fff" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">${escapeXml(label)}</text>`);
      }
    }
  });
  parts.push('</svg>');
  return parts.join('');
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}
