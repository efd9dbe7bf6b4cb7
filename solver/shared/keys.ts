/** Search states stored as runs of 32-bit words in typed arrays: their hash and their equality, for every table. */

/** A well-mixed 32-bit hash of the `words` words at `offset`. */
export function hashKey(src: Uint32Array, offset: number, words: number): number {
  let h = 0x811c9dc5;
  for (let w = 0; w < words; w++) {
    h = Math.imul(h ^ src[offset + w]!, 0x9e3779b1);
    h ^= h >>> 15;
  }
  h = Math.imul(h, 0x85ebca77);
  return (h ^ (h >>> 13)) >>> 0;
}

/** Whether the `words` words at `ao` in `a` equal those at `bo` in `b`. */
export function equalAt(a: Uint32Array, ao: number, b: Uint32Array, bo: number, words: number): boolean {
  for (let w = 0; w < words; w++) if (a[ao + w] !== b[bo + w]) return false;
  return true;
}
