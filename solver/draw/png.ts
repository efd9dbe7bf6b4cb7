import { zlibScanlines } from './deflate.ts';

/** PNG files (8-bit RGB) around a zlib stream of their scanlines (deflate.ts). */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Uint8Array, from: number, to: number): number {
  let c = -1;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 255]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** A PNG (8-bit RGB) around scanlines already compressed as a zlib stream. */
export function pngFile(width: number, height: number, zlibData: Uint8Array): Uint8Array {
  const chunks: Array<[string, Uint8Array]> = [];
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  chunks.push(['IHDR', header], ['IDAT', zlibData], ['IEND', new Uint8Array(0)]);
  const size = 8 + chunks.reduce((n, [, data]) => n + 12 + data.length, 0);
  const out = new Uint8Array(size);
  out.set([137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  const outView = new DataView(out.buffer);
  for (const [type, data] of chunks) {
    outView.setUint32(at, data.length);
    for (let i = 0; i < 4; i++) out[at + 4 + i] = type.charCodeAt(i);
    out.set(data, at + 8);
    outView.setUint32(at + 8 + data.length, crc32(out, at + 4, at + 8 + data.length));
    at += 12 + data.length;
  }
  return out;
}

/** A packed-pixel picture (raster.ts) as a PNG file. */
export function encodePng(pixels: Uint32Array, width: number, height: number): Uint8Array {
  return pngFile(width, height, zlibScanlines(pixels, width, height));
}
