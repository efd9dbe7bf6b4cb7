/**
 * SVG → PNG with resvg (WebAssembly): the way previews were drawn before solver/draw/raster.ts, kept as the bench's
 * baseline (npm run bench:preview). The module must be initialised by the caller (initWasm).
 *
 * Both the renderer and its image live in WebAssembly memory, which JavaScript's collector never frees: each is freed
 * here by hand. The image once was not, and every render kept its 3 MB pixmap (RSS grew about 3 MB per preview,
 * measured in Node; issue 19 saw workerd at 700–900 MB after 11,000 requests). Freed, memory stays flat.
 */
import { Resvg } from '@resvg/resvg-wasm';
import { PREVIEW_FONT } from '../solver/index.ts';

export function renderPng(svg: string, fontBuffers: Uint8Array[]): Uint8Array {
  const resvg = new Resvg(svg, { font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: PREVIEW_FONT, sansSerifFamily: PREVIEW_FONT } });
  let image: ReturnType<InstanceType<typeof Resvg>['render']> | undefined;
  try {
    image = resvg.render();
    return image.asPng();
  } finally {
    image?.free();
    resvg.free();
  }
}
