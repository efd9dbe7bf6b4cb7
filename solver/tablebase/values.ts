/** The 2-bit table values: a distance mod 3 (0, 1, 2), or 3 for "cannot reach the goal / not a position". */

export const UNREACHABLE = 3;

/** Packs one value per byte into four per byte (value i at bits 2·(i mod 4)). */
export function packValues(values: Uint8Array): Uint8Array {
  const packed = new Uint8Array(Math.ceil(values.length / 4)).fill(0xff);
  for (let i = 0; i < values.length; i++) {
    const shift = (i & 3) << 1;
    packed[i >> 2] = (packed[i >> 2]! & ~(3 << shift)) | (values[i]! << shift);
  }
  return packed;
}

export function valueAt(packed: Uint8Array, index: number): number {
  return (packed[index >> 2]! >> ((index & 3) << 1)) & 3;
}
