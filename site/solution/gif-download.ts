/**
 * The solution page's Download GIF button: the line on the board (the solution, or your line and its best
 * continuation), drawn and encoded in the browser (solution/gif.ts, loaded on first use), then saved as a file.
 */
import type { Layout } from '../../solver/index.ts';
import { t } from '../shared/i18n.ts';

export interface GifDownloadContext {
  /** The line's positions with their pieces' labels (Player.frames). */
  frames(): Array<{ layout: Layout; names: string[] | null }>;
  tiles: boolean;
  /** The puzzle's code, for the file name. */
  canonicalCode: string;
  setStatus(text: string | (() => string), busy?: boolean): void;
}

export function setupGifDownload(ctx: GifDownloadContext): void {
  const button = document.getElementById('download-gif') as HTMLButtonElement;
  button.addEventListener('click', async () => {
    if (button.disabled) return;
    button.disabled = true;
    const started = performance.now();
    try {
      const { solutionGif } = await import('./gif.ts');
      const bytes = await solutionGif(ctx.frames(), {
        tiles: ctx.tiles,
        onFrame: (done, total) => ctx.setStatus(() => `${t('makingGif')} ${done} / ${total}`, true),
      });
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/gif' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `huarong-${ctx.canonicalCode.replace(/[^0-9A-Za-z.-]/g, '_')}.gif`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      // For the tests (edge.test.ts): the file's size and how long it took.
      document.body.dataset.gifBytes = String(bytes.length);
      document.body.dataset.gifMs = String(Math.round(performance.now() - started));
      const kb = Math.round(bytes.length / 1024);
      ctx.setStatus(() => `${t('gifReady')} (${kb} KB)`);
    } catch (e) {
      ctx.setStatus((e as Error).message);
    } finally {
      button.disabled = false;
    }
  });
}
