/**
 * An append-only set of packed states: keys live contiguously in insertion order (so the BFS queue is the table
 * itself), with an open-addressing index of Int32 slots. No per-state objects.
 */
export class StateTable {
  readonly words: number;
  keys: Uint32Array;
  parents: Int32Array;
  size = 0;
  private slots: Int32Array;
  private mask: number;
  private readonly limit: number;

  /** `limit` caps the number of states (memory); `add` reports -2 when it is reached. */
  constructor(words: number, limit: number, initialCapacity = 1 << 12) {
    this.words = words;
    this.limit = limit;
    const cap = Math.max(16, initialCapacity);
    this.keys = new Uint32Array(cap * words);
    this.parents = new Int32Array(cap);
    this.slots = new Int32Array(nextPow2(cap * 2)).fill(-1);
    this.mask = this.slots.length - 1;
  }

  get bytes(): number {
    return this.keys.byteLength + this.parents.byteLength + this.slots.byteLength;
  }

  /** Index of the state at `src[offset…]`, or -1. */
  find(src: Uint32Array, offset: number): number {
    const words = this.words;
    const keys = this.keys;
    let slot = hashKey(src, offset, words) & this.mask;
    for (;;) {
      const idx = this.slots[slot]!;
      if (idx < 0) return -1;
      if (equalAt(keys, idx * words, src, offset, words)) return idx;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Adds the state unless present. Returns its new index, -1 if it was already there, -2 if the table is full. */
  add(src: Uint32Array, offset: number, parent: number): number {
    const words = this.words;
    let slot = hashKey(src, offset, words) & this.mask;
    for (;;) {
      const idx = this.slots[slot]!;
      if (idx < 0) break;
      if (equalAt(this.keys, idx * words, src, offset, words)) return -1;
      slot = (slot + 1) & this.mask;
    }
    if (this.size >= this.limit) return -2;
    const idx = this.size++;
    if (idx * words >= this.keys.length) this.growStorage();
    for (let w = 0; w < words; w++) this.keys[idx * words + w] = src[offset + w]!;
    this.parents[idx] = parent;
    this.slots[slot] = idx;
    if (this.size * 2 > this.slots.length) this.rehash();
    return idx;
  }

  private growStorage(): void {
    const keys = new Uint32Array(this.keys.length * 2);
    keys.set(this.keys);
    this.keys = keys;
    const parents = new Int32Array(this.parents.length * 2);
    parents.set(this.parents);
    this.parents = parents;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let idx = 0; idx < this.size; idx++) {
      let slot = hashKey(this.keys, idx * this.words, this.words) & mask;
      while (slots[slot]! >= 0) slot = (slot + 1) & mask;
      slots[slot] = idx;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

export function hashKey(src: Uint32Array, offset: number, words: number): number {
  let h = 0x811c9dc5;
  for (let w = 0; w < words; w++) {
    h = Math.imul(h ^ src[offset + w]!, 0x9e3779b1);
    h ^= h >>> 15;
  }
  h = Math.imul(h, 0x85ebca77);
  return (h ^ (h >>> 13)) >>> 0;
}

export function equalAt(a: Uint32Array, ao: number, b: Uint32Array, bo: number, words: number): boolean {
  for (let w = 0; w < words; w++) if (a[ao + w] !== b[bo + w]) return false;
  return true;
}

export function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
