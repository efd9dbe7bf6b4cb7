/**
 * "Download GIF": the replay as an animated GIF, drawn and encoded in the browser (gifenc). One frame per position,
 * start and end held longer; each board laid out and coloured as in the link previews (solver/draw/svg.ts), with its
 * names in the preview font (the subset of Noto Sans SC the previews use), so 曹操 and 兵3 read the same everywhere.
 */
import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { boardScene, type Layout } from '../../solver/index.ts';
import type { SceneItem } from '../../solver/draw/scene.ts';

export interface GifFrame {
  layout: Layout;
  /** Each piece's label (by piece index), or null for letters / tile numbers. */
  names: string[] | null;
}

export interface GifOptions {
  tiles: boolean;
  /** Pixels per cell (default 100: a classic board 440 × 555 px, its names readable in either language). */
  cell?: number;
  delayMs?: number;
  /** Called after each frame with (frames done, total), so the page can show progress. */
  onFrame?: (done: number, total: number) => void;
}

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

/** Encodes the frames as a looping GIF: each board laid out as the link previews lay it out (boardScene). */
export async function solutionGif(frames: GifFrame[], options: GifOptions): Promise<Uint8Array> {
  const cell = options.cell ?? 100;
  const scene = (frame: GifFrame) => boardScene(frame.layout, { cell, tiles: options.tiles, exit: !options.tiles, names: frame.names });
  const { width: w, height: h } = scene(frames[0]!);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(w);
  canvas.height = Math.ceil(h);
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const family = await previewFonts();
  const gif = GIFEncoder();
  let palette: number[][] | null = null;
  for (const [i, frame] of frames.entries()) {
    // The previews' background, where the board leaves the picture bare (its rounded corners, cells off the board).
    ctx.fillStyle = '#fbf7ef';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    draw(ctx, scene(frame).items, family);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    // The colours never change from frame to frame (the same pieces move), so one palette serves them all.
    palette ??= quantize(data, 64);
    const last = i === frames.length - 1;
    const delay = i === 0 || last ? 1200 : (options.delayMs ?? 450);
    gif.writeFrame(applyPalette(data, palette), canvas.width, canvas.height, { palette, delay });
    options.onFrame?.(i + 1, frames.length);
    // Give the page a turn every few frames: progress shows, and a long solution does not freeze it.
    if (i % 8 === 7) await new Promise((r) => setTimeout(r, 0));
  }
  gif.finish();
  return gif.bytes();
}

/** Paints scene items (solver/draw/scene.ts) on a canvas. */
function draw(ctx: CanvasRenderingContext2D, items: SceneItem[], family: string): void {
  for (const item of items) {
    ctx.fillStyle = item.fill;
    if (item.kind === 'rect') {
      ctx.beginPath();
      ctx.roundRect(item.x, item.y, item.w, item.h, item.r);
      ctx.fill();
      continue;
    }
    if (item.kind === 'path') {
      // Pieces of other shapes and irregular boards: the same polygons as the previews, filled nonzero.
      ctx.beginPath();
      for (const c of item.contours) {
        ctx.moveTo(c[0]!, c[1]!);
        for (let i = 2; i < c.length; i += 2) ctx.lineTo(c[i]!, c[i + 1]!);
        ctx.closePath();
      }
      ctx.fill();
      continue;
    }
    ctx.font = `${item.weight} ${item.size}px ${family}`;
    ctx.textAlign = item.anchor === 'middle' ? 'center' : 'left';
    ctx.textBaseline = item.baseline === 'central' ? 'middle' : 'alphabetic';
    ctx.fillText(item.content, item.x, item.y);
  }
}
