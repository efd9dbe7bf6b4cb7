/**
 * "Download GIF": the replay as an animated GIF, drawn and encoded in the browser (gifenc). One frame per position,
 * start and end held longer; pieces in the site's colours with their names in the preview font (the subset of Noto
 * Sans SC the link previews use), so 曹操 and 兵3 read the same on every machine.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { tileNumber, type Layout } from '../../solver/index.ts';

export interface GifFrame {
  layout: Layout;
  /** Each piece's label (by piece index), or null for letters / tile numbers. */
  names: string[] | null;
}

export interface GifOptions {
  tiles: boolean;
  /** Pixels per cell. */
  cell?: number;
  delayMs?: number;
  /** Called after each frame with (frames done, total), so the page can show progress. */
  onFrame?: (done: number, total: number) => void;
}

const COLORS = { wood: '#3b2a1a', tray: '#f3e9d2', B: '#b3261e', G: '#1f5f8b', S: '#3f5a31', X: '#6b3f8a', tile: '#f7efe0', ink: '#1d1a16' };
const FONT_LIST = '/fonts/preview-fonts.json';
let fontFamilies: Promise<string> | null = null;

/** Loads the preview font's files once; resolves to a CSS font-family list that covers every piece name. */
function previewFonts(): Promise<string> {
  fontFamilies ??= (async () => {
    try {
      const files = (await (await fetch(FONT_LIST)).json()) as string[];
      const families = await Promise.all(
        files.map(async (file, i) => {
          const face = new FontFace(`huarong-gif-${i}`, `url(/fonts/${file})`, { weight: '700' });
          document.fonts.add(await face.load());
          return `"huarong-gif-${i}"`;
        }),
      );
      return `${families.join(', ')}, sans-serif`;
    } catch {
      return 'sans-serif';
    }
  })();
  return fontFamilies;
}

/** Encodes the frames as a looping GIF. */
export async function solutionGif(frames: GifFrame[], options: GifOptions): Promise<Uint8Array> {
  const cell = options.cell ?? 48;
  const { width, height } = frames[0]!.layout;
  const border = Math.round(cell / 4);
  const w = width * cell + 2 * border;
  const h = height * cell + 2 * border + (options.tiles ? 0 : Math.round(border / 2));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const family = await previewFonts();
  const gif = GIFEncoder();
  let palette: number[][] | null = null;
  for (const [i, frame] of frames.entries()) {
    draw(ctx, frame, options.tiles, cell, border, w, h, family);
    const { data } = ctx.getImageData(0, 0, w, h);
    // The colours never change from frame to frame (the same pieces move), so one palette serves them all.
    palette ??= quantize(data, 64);
    const last = i === frames.length - 1;
    const delay = i === 0 || last ? 1200 : (options.delayMs ?? 450);
    gif.writeFrame(applyPalette(data, palette), w, h, { palette, delay });
    options.onFrame?.(i + 1, frames.length);
    // Give the page a turn every few frames: progress shows, and a long solution does not freeze it.
    if (i % 8 === 7) await new Promise((r) => setTimeout(r, 0));
  }
  gif.finish();
  return gif.bytes();
}

function draw(ctx: CanvasRenderingContext2D, frame: GifFrame, tiles: boolean, cell: number, border: number, w: number, h: number, family: string): void {
  const { layout, names } = frame;
  ctx.fillStyle = COLORS.wood;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = COLORS.tray;
  ctx.fillRect(border, border, layout.width * cell, layout.height * cell);
  if (!tiles) {
    // The exit: a gap in the bottom edge under the goal's columns.
    const left = border + Math.floor((layout.width - 2) / 2) * cell;
    ctx.fillRect(left, border + layout.height * cell, 2 * cell, h - border - layout.height * cell);
  }
  const gap = Math.max(2, Math.round(cell / 16));
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const [i, p] of layout.pieces.entries()) {
    const x = border + p.col * cell + gap;
    const y = border + p.row * cell + gap;
    const pw = p.width * cell - 2 * gap;
    const ph = p.height * cell - 2 * gap;
    ctx.fillStyle = tiles ? COLORS.tile : p.letter === 'B' ? COLORS.B : p.letter === 'V' || p.letter === 'H' ? COLORS.G : p.letter === 'S' ? COLORS.S : COLORS.X;
    roundRect(ctx, x, y, pw, ph, Math.round(cell / 8));
    ctx.fill();
    const label = tiles ? String(tileNumber(p.letter)) : (names?.[i] ?? p.letter);
    ctx.fillStyle = tiles ? COLORS.ink : '#fff';
    const size = Math.round(cell * (tiles ? 0.45 : label.length > 2 ? 0.3 : 0.36));
    ctx.font = `700 ${size}px ${family}`;
    if (!tiles && p.height > p.width && [...label].length > 1) {
      // Upright, one character per line, as on the board.
      const chars = [...label];
      chars.forEach((ch, k) => ctx.fillText(ch, x + pw / 2, y + ph / 2 + (k - (chars.length - 1) / 2) * size * 1.1));
    } else ctx.fillText(label, x + pw / 2, y + ph / 2);
  }
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
