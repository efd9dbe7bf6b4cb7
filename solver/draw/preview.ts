/**
 * The link-preview picture (1200×630, what chat apps show): the board, the layout's name when it has one, its code
 * and the optimal counts in the three metrics. Pure SVG text; rasterised elsewhere (the Worker, the build).
 */
import type { Layout } from '../klotski/model/layout.ts';
import type { Metric } from '../shared/metric.ts';
import type { SceneItem } from './scene.ts';
import { boardScene, sceneSvg } from './svg.ts';
import { Raster, type GlyphSet } from './raster.ts';
import { encodePng } from './png.ts';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** The family every preview text uses; the renderer must be given this font (see scripts/build-font.ts). */
export const PREVIEW_FONT = 'Noto Sans SC';

export interface PreviewInput {
  layout: Layout;
  code: string;
  kind: 'klotski' | 'tiles';
  /** Traditional name and its English gloss, when the layout has one. */
  name?: { zh: string; en: string } | null;
  /** Optimal count per metric: a number, null for "no solution", undefined when not known. */
  counts: Partial<Record<Metric, number | null>>;
}

const UNITS: Record<Metric, string> = { move: 'moves', straight: 'straight', step: 'steps' };
/** Said where a count is not known yet (its characters are in the preview font: scripts/build-font.ts). */
export const UNKNOWN_COUNT = 'open to solve · 打开求解';

/** Whether a preview of these counts shows every one of them (an unsolvable layout's are all known). */
export function countsComplete(kind: 'klotski' | 'tiles', counts: Partial<Record<Metric, number | null>>): boolean {
  const metrics: Metric[] = kind === 'tiles' ? ['move', 'straight'] : ['move', 'straight', 'step'];
  return metrics.some((m) => counts[m] === null) || metrics.every((m) => counts[m] !== undefined);
}

/** Where the preview puts the board: pixels per cell, and the board's top-left corner (centred in the left 520 × 630). */
export function previewBoardPlace(layout: Layout): { cell: number; x: number; y: number } {
  const cell = Math.floor(Math.min(540 / (layout.height + 0.55), 520 / (layout.width + 0.4)));
  const { width, height } = boardScene(layout, { cell });
  return { cell, x: 60 + (520 - width) / 2, y: (PREVIEW_HEIGHT - height) / 2 };
}

/** The preview's shapes: the board on the left, the words on the right. */
export function previewScene(input: PreviewInput): SceneItem[] {
  const { layout } = input;
  const { cell, x, y: top } = previewBoardPlace(layout);
  const board = boardScene(layout, { cell, exit: input.kind === 'klotski', tiles: input.kind === 'tiles' }, x, top);
  const text = (x: number, y: number, size: number, content: string, fill = '#1d1a16', weight: 400 | 700 = 700): SceneItem =>
    ({ kind: 'text', x, y, size, fill, weight, content, anchor: 'start', baseline: 'alphabetic' });
  const items: SceneItem[] = [{ kind: 'rect', x: 0, y: 0, w: PREVIEW_WIDTH, h: PREVIEW_HEIGHT, r: 0, fill: '#fbf7ef' }, ...board.items];
  let y = 150;
  if (input.name) {
    items.push(text(640, y, 76, input.name.zh, '#b3261e'));
    y += 56;
    if (input.name.en) items.push(text(640, y, 30, input.name.en, '#5b5349', 400));
    y += 70;
  } else {
    items.push(text(640, y, 64, input.kind === 'tiles' ? '数字华容道' : '华容道', '#b3261e'));
    y += 90;
  }
  const code = codeLines(input.code);
  code.lines.forEach((line, i) => items.push(text(640, y + i * code.size * 1.3, code.size, line, '#1d1a16', 400)));
  y += 80 + (code.lines.length - 1) * code.size * 1.3;
  const metrics: Metric[] = input.kind === 'tiles' ? ['move', 'straight'] : ['move', 'straight', 'step'];
  if (metrics.some((m) => input.counts[m] === null)) {
    items.push(text(640, y, 56, 'no solution · 无解'));
  } else {
    for (const m of metrics) {
      const n = input.counts[m];
      // A count nobody has computed yet is said in words (a dash would read as 一), and the preview is re-drawn later.
      if (n === undefined) items.push(text(640, y, 30, `${UNITS[m]}: ${UNKNOWN_COUNT}`, '#5b5349', 400));
      else items.push(text(640, y, 52, String(n)), text(790, y, 36, UNITS[m], '#5b5349', 400));
      y += 64;
    }
  }
  items.push(text(640, 590, 28, 'Huarong 华容道 · optimal solution', '#8a7f70', 400));
  return items;
}

/** Widest code line the right column takes, in em of the preview font (its letters are about 0.66 em wide). */
const CODE_COLUMN_EM = 540 / 0.66;

/**
 * The code as it fits the right column: one line up to 30 characters; longer codes (irregular boards padded with `_`)
 * smaller, broken after a row's `-`, on at most three lines.
 */
function codeLines(code: string): { lines: string[]; size: number } {
  if (code.length <= 30) return { lines: [code], size: 30 };
  const rows = code.split('-');
  for (let size = 22; ; size--) {
    const perLine = Math.floor(CODE_COLUMN_EM / size);
    const lines: string[] = [];
    for (const row of rows) {
      const last = lines.length - 1;
      if (last >= 0 && lines[last]!.length + 1 + row.length <= perLine) lines[last] += `-${row}`;
      else lines.push(row);
    }
    // Every line but the last keeps its '-', so the code reads as typed.
    const shown = lines.map((line, i) => (i < lines.length - 1 ? `${line}-` : line));
    if ((shown.length <= 3 && shown.every((line) => line.length <= perLine)) || size <= 12) return { lines: shown, size };
  }
}

export function previewSvg(input: PreviewInput): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">`,
    sceneSvg(previewScene(input), PREVIEW_FONT),
    '</svg>',
  ].join('');
}

/** The preview as a PNG file, drawn straight into pixels (no SVG renderer): see raster.ts and deflate.ts. */
export function previewPng(input: PreviewInput, font: GlyphSet): Uint8Array {
  const raster = new Raster(PREVIEW_WIDTH, PREVIEW_HEIGHT);
  raster.draw(previewScene(input), font);
  return encodePng(raster.pixels, PREVIEW_WIDTH, PREVIEW_HEIGHT);
}
