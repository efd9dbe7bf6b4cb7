/**
 * A fast zlib stream for pictures made of flat colours (link previews): one fixed-Huffman deflate block in which every
 * run of zero bytes becomes back-references one byte back. With PNG's filters a flat span of pixels, and a row equal
 * to the one above, are runs of zeros, so a 1200×630 preview (2.3 MB of scanlines) packs into about a hundred KB in a
 * few milliseconds: far less work than a general compressor, which searches for matches everywhere.
 */

/** Fixed Huffman codes (RFC 1951 3.2.6), bit-reversed for an LSB-first writer: code and length per symbol 0–287. */
const CODE = new Uint16Array(288);
const BITS = new Uint8Array(288);
const reverse = (v: number, n: number) => {
  let r = 0;
  for (let i = 0; i < n; i++) r |= ((v >> i) & 1) << (n - 1 - i);
  return r;
};
for (let s = 0; s < 288; s++) {
  const [base, first, bits] = s < 144 ? [0x30, 0, 8] : s < 256 ? [0x190, 144, 9] : s < 280 ? [0, 256, 7] : [0xc0, 280, 8];
  CODE[s] = reverse(base + s - first, bits);
  BITS[s] = bits;
}
/** Per match length 3–258: its length symbol, extra bits and their value. */
const LEN_SYMBOL = new Uint16Array(259);
const LEN_EXTRA_BITS = new Uint8Array(259);
const LEN_EXTRA = new Uint8Array(259);
{
  const bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
  const extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  for (let k = 0; k < bases.length; k++) {
    const top = k + 1 < bases.length ? bases[k + 1]! : 259;
    for (let len = bases[k]!; len < top && len <= 258; len++) {
      LEN_SYMBOL[len] = 257 + k;
      LEN_EXTRA_BITS[len] = extras[k]!;
      LEN_EXTRA[len] = len - bases[k]!;
    }
  }
}

/**
 * The zlib stream (RFC 1950) of a picture's PNG scanlines, built straight from packed 0xRRGGBB pixels without writing
 * the scanlines out: a row equal to the one above is filtered "Up" (all zeros); any other row "Sub", where a pixel
 * equal to its left neighbour is three zero bytes. Zeros go out as runs (one-byte-back references, their Adler-32 in
 * closed form), every other byte as a literal, in one fixed-Huffman deflate block.
 */
export function zlibScanlines(pixels: Uint32Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((height * (width * 3 + 1) * 9) / 8) + 64);
  out[0] = 0x78;
  out[1] = 0x01;
  let at = 2;
  let buffer = 0;
  let count = 0;
  let a = 1;
  let b = 0;
  /** The last byte written (a run of zeros may start with a reference only after a zero). */
  let last = -1;
  /** Zeros waiting to be written. */
  let zeros = 0;
  const put = (value: number, bits: number) => {
    buffer |= value << count;
    count += bits;
    while (count >= 8) {
      out[at++] = buffer & 255;
      buffer >>>= 8;
      count -= 8;
    }
  };
  const literal = (byte: number) => {
    if (zeros > 0) flushZeros();
    put(CODE[byte]!, BITS[byte]!);
    a += byte;
    if (a >= 65521) a -= 65521;
    b += a;
    if (b >= 65521) b -= 65521;
    last = byte;
  };
  const flushZeros = () => {
    let left = zeros;
    zeros = 0;
    b = (b + a * (left % 65521)) % 65521; // zeros leave a as it is and add a to b once each
    if (last !== 0) {
      put(CODE[0]!, BITS[0]!);
      last = 0;
      left--;
    }
    while (left >= 3) {
      const run = Math.min(258, left);
      // A remainder of 1 or 2 after a 258 would be too short for a reference: leave 3 for the next.
      const take = left - run > 0 && left - run < 3 ? run - 3 : run;
      put(CODE[LEN_SYMBOL[take]!]!, BITS[LEN_SYMBOL[take]!]!);
      if (LEN_EXTRA_BITS[take]) put(LEN_EXTRA[take]!, LEN_EXTRA_BITS[take]!);
      put(0, 5); // distance code 0: one byte back
      left -= take;
    }
    for (; left > 0; left--) put(CODE[0]!, BITS[0]!);
  };
  put(1, 1); // the last block
  put(1, 2); // fixed Huffman codes
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let same = y > 0;
    for (let x = 0; same && x < width; x++) same = pixels[row + x] === pixels[row - width + x];
    if (same) {
      literal(2); // Up: every byte of this row is zero
      zeros += width * 3;
      continue;
    }
    literal(1); // Sub
    let left = 0;
    for (let x = 0; x < width; x++) {
      const v = pixels[row + x]!;
      if (x > 0 && v === left) {
        zeros += 3;
        continue;
      }
      const r = ((v >> 16) - (left >> 16)) & 255;
      const g = (((v >> 8) & 255) - ((left >> 8) & 255)) & 255;
      const bl = ((v & 255) - (left & 255)) & 255;
      if (r === 0) zeros++;
      else literal(r);
      if (g === 0) zeros++;
      else literal(g);
      if (bl === 0) zeros++;
      else literal(bl);
      left = v;
    }
  }
  if (zeros > 0) flushZeros();
  put(CODE[256]!, BITS[256]!); // end of block
  if (count > 0) out[at++] = buffer & 255;
  const adler = ((b << 16) | a) >>> 0;
  out[at++] = adler >>> 24;
  out[at++] = (adler >>> 16) & 255;
  out[at++] = (adler >>> 8) & 255;
  out[at++] = adler & 255;
  return out.subarray(0, at);
}
