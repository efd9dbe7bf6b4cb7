/**
 * The PNG renderer (worker/png.ts, used by the Worker, the build and the bench) frees the WebAssembly memory of each
 * render: without it every preview kept its 3 MB pixmap for good (issue 19, item 10).
 */
import { readFileSync } from 'node:fs';
import { initWasm } from '@resvg/resvg-wasm';
import { describe, expect, it } from 'vitest';
import { parsePuzzleCode, previewSvg } from '../../solver/index.ts';
import { renderPng } from '../../bench/resvg-png.ts';

describe('renderPng', () => {
  it('renders 1200×630 PNGs and its memory stays flat over many renders', async () => {
    await initWasm(readFileSync(new URL('../../node_modules/@resvg/resvg-wasm/index_bg.wasm', import.meta.url))).catch(() => undefined);
    const fonts = new URL('../../site/public/fonts/', import.meta.url);
    const fontBuffers = (JSON.parse(readFileSync(new URL('preview-fonts.json', fonts), 'utf8')) as string[]).map((f) => new Uint8Array(readFileSync(new URL(f, fonts))));
    const parsed = parsePuzzleCode('VBBV-VBBV-VHHV-VS.V-SS.S');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const render = (n: number) =>
      renderPng(previewSvg({ layout: parsed.value.layout, code: 'VBBV-VBBV-VHHV-VS.V-SS.S', kind: 'klotski', name: null, counts: { move: n, straight: n, step: n } }), fontBuffers);
    const png = render(1);
    expect([...png.slice(1, 4)]).toEqual([80, 78, 71]);
    for (let i = 0; i < 10; i++) render(i);
    // Memory outside the JavaScript heap (WebAssembly memory lives there): the heap's own growth and collection
    // timing are noise here, and other test files' load moves the process's RSS.
    const native = () => {
      const { rss, heapTotal } = process.memoryUsage();
      return rss - heapTotal;
    };
    const before = native();
    for (let i = 0; i < 60; i++) render(i);
    const grown = (native() - before) / 2 ** 20;
    // A leak keeps about 3 MB a render (180 MB here); freed, the growth is noise (up to 46 MB seen in a fresh-clone run,
    // with other test files loading the machine), so the bar is half a leak's growth.
    expect(grown).toBeLessThan(90);
  });
});
