/** PNG files decoded for the tests that look at pixels (node:zlib inflates; every filter type). */
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

/** Decodes an 8-bit RGB or RGBA PNG (every filter type) into RGB pixels. */
export function decodePng(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 3;
  const idat: Uint8Array[] = [];
  while (at < png.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.slice(at + 4, at + 8));
    const data = png.slice(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      channels = data[9] === 6 ? 4 : 3;
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? out[y * stride + i - channels]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const ul = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      const p = left + up - ul;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - ul) ? left : Math.abs(p - up) <= Math.abs(p - ul) ? up : ul;
      out[y * stride + i] = (v + [0, left, up, (left + up) >> 1, paeth][filter]!) & 255;
    }
  }
  if (channels === 3) return { width, height, rgb: out };
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(out.subarray(i * 4, i * 4 + 3), i * 3);
  return { width, height, rgb };
}
