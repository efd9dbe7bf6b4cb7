/** Counts the frames of a GIF by walking its blocks (no decoding library): an independent check of the encoder's output. */
export function gifFrameCount(bytes: Uint8Array): { frames: number; width: number; height: number } {
  const ascii = String.fromCharCode(...bytes.slice(0, 6));
  if (ascii !== 'GIF89a' && ascii !== 'GIF87a') throw new Error(`not a GIF: ${ascii}`);
  const width = bytes[6]! | (bytes[7]! << 8);
  const height = bytes[8]! | (bytes[9]! << 8);
  let at = 13;
  const packed = bytes[10]!;
  if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
  const skipSubBlocks = () => {
    while (bytes[at]! !== 0) at += bytes[at]! + 1;
    at++;
  };
  let frames = 0;
  for (;;) {
    const block = bytes[at++];
    if (block === 0x3b) return { frames, width, height };
    if (block === 0x21) {
      at++; // label
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const local = bytes[at + 8]!;
      at += 9;
      if (local & 0x80) at += 3 * (1 << ((local & 7) + 1));
      at++; // LZW minimum code size
      skipSubBlocks();
    } else throw new Error(`unexpected block 0x${block?.toString(16)} at ${at - 1}`);
  }
}
