/**
 * An append-only list of packed states with a hash index for deduplication. Keys live contiguously in insertion
 * order, so a breadth-first search's queue is the list itself. No per-state objects.
 *
 * The index may cover only the newest states (`forgetBefore`). Every move can be undone, so in a breadth-first search
 * a successor of a state at distance d is at distance d - 1, d or d + 1: the index needs only those three layers,
 * which keeps it small enough to stay in the processor's cache while the list grows to millions of states (two, where
 * no successor can share its parent's layer: `forgetBefore`'s `until`).
 * Each index slot is one word: the state's index + 1 in the low `indexBits` bits and the top bits of its hash above
 * them, so a probe reads a key only for a state whose hash tag matches, and the index takes 4 bytes a slot (half the
 * cache lines of a separate hash and index).
 *
 * The breadth-first searches probe with `probePrefix` (a successor's masks, made in place on the expanded position's,
 * compared without being written out) and store a new state with `insertAt` on the empty slot their probe ended on.
 */
import { equalAt, hashKey } from '../../shared/keys.ts';

export class StateTable {
  readonly words: number;
  keys: Uint32Array;
  parents: Int32Array;
  /** A 16-bit tag per state for the search's own use (set by `addHashed` or `insertAt`; not part of the key). */
  tags: Uint16Array;
  /** Each state's hash, for re-indexing without reading keys. */
  private hashes: Int32Array;
  size = 0;
  /** States before this index are no longer in the index. */
  private first = 0;
  /** States from `gapStart` up to `gapEnd` are not in the index either (see `forgetBefore`). */
  private gapStart = 0;
  private gapEnd = 0;
  /**
   * `first` plus the gap's length: the index holds `size - indexBase` states (kept, not derived, so that `insertAt`'s
   * growth check reads one field, as it did before the gap).
   */
  private indexBase = 0;
  /** Per slot: the hash's top bits above the state's index + 1 (0: an empty slot). */
  private slots: Int32Array;
  private mask: number;
  /** Low bits of a slot that hold the index + 1; the bits above them are a tag from the hash. */
  readonly indexBits: number;
  private readonly limit: number;
  /** False once `dropIndex` is called. */
  private indexed = true;

  /** `limit` caps the number of states (memory); `add` reports -2 when it is reached. */
  constructor(words: number, limit: number, initialCapacity = 1 << 12) {
    this.words = words;
    this.limit = limit;
    // Room for every index the limit allows; at least 16 bits so small tables still get a 16-bit tag.
    this.indexBits = Math.max(16, 32 - Math.clz32(Math.min(limit, 1 << 30) + 1));
    const cap = Math.max(16, initialCapacity);
    this.keys = new Uint32Array(cap * words);
    this.parents = new Int32Array(cap);
    this.tags = new Uint16Array(cap);
    this.hashes = new Int32Array(cap);
    const slotCount = nextPow2(cap * 2);
    this.slots = new Int32Array(slotCount);
    this.mask = slotCount - 1;
  }

  /**
   * A table of `size` states another engine stored (wasm/engine.ts): keys, parents and tags as this class keeps them,
   * without an index (`find` sees nothing).
   */
  static fromArrays(words: number, size: number, keys: Uint32Array, parents: Int32Array, tags: Uint16Array): StateTable {
    const table = new StateTable(words, size, 16);
    table.keys = keys;
    table.parents = parents;
    table.tags = tags;
    table.hashes = new Int32Array(0);
    table.size = size;
    table.dropIndex();
    return table;
  }

  get bytes(): number {
    return this.keys.byteLength + this.parents.byteLength + this.tags.byteLength + this.hashes.byteLength + this.slots.byteLength;
  }

  /** Index of the state at `src[offset…]`, or -1 (also for a state before `forgetBefore`'s index). */
  find(src: Uint32Array, offset: number): number {
    return this.findHashed(src, offset, hashKey(src, offset, this.words));
  }

  /** As `find`, with the key's hash computed by the caller (it must use the same hash for every key). */
  findHashed(src: Uint32Array, offset: number, hash: number): number {
    const slot = this.probe(src, offset, hash | 0);
    return slot < 0 ? -slot - 1 : -1;
  }

  /**
   * Adds the state unless the index holds it. Returns its new index, -1 if it was already there, -2 if the table is
   * full.
   */
  add(src: Uint32Array, offset: number, parent: number): number {
    return this.addHashed(src, offset, hashKey(src, offset, this.words), parent);
  }

  /** As `add`, with the key's hash computed by the caller (it must use the same hash for every key). */
  addHashed(src: Uint32Array, offset: number, hash: number, parent: number, tag = 0): number {
    hash |= 0;
    const slot = this.probe(src, offset, hash);
    return slot < 0 ? -1 : this.insertAt(slot, src, offset, hash, parent, tag);
  }

  /** The empty slot where the state would go (for `insertAt`), or -(its index) - 1 when the index holds it. */
  probe(src: Uint32Array, offset: number, hash: number): number {
    const { words, keys, slots, mask, indexBits } = this;
    const low = (1 << indexBits) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const v = slots[slot]!;
      if (v === 0) return slot;
      if ((v ^ hash) >>> indexBits === 0) {
        const idx = (v & low) - 1;
        if (equalAt(keys, idx * words, src, offset, words)) return -idx - 1;
      }
    }
  }

  /**
   * As `probe`, for a key whose first `n` words (which decide the rest) are `src[0 … n)`. Nothing is written. Returns
   * the empty slot, or -(the key's index) - 1 when the index holds it.
   */
  probePrefix(hash: number, src: Int32Array, n: number): number {
    const { words, keys, slots, mask, indexBits } = this;
    const low = (1 << indexBits) - 1;
    let slot = hash & mask;
    for (let v = slots[slot]!; v !== 0; v = slots[(slot = (slot + 1) & mask)]!) {
      if ((v ^ hash) >>> indexBits !== 0) continue;
      const from = ((v & low) - 1) * words;
      let w = 0;
      while (w < n && (keys[from + w]! | 0) === src[w]!) w++;
      if (w === n) return -(v & low);
    }
    return slot;
  }

  /**
   * Stores a state the caller probed for and did not find: `slot` is the empty slot its probe ended on (nothing may
   * be added in between). Returns its index, or -2 when the table is full.
   */
  insertAt(slot: number, src: Uint32Array, offset: number, hash: number, parent: number, tag: number): number {
    if (this.size >= this.limit) return -2;
    const words = this.words;
    const idx = this.size++;
    if (idx >= this.parents.length) this.growStorage();
    const keys = this.keys;
    for (let w = 0; w < words; w++) keys[idx * words + w] = src[offset + w]!;
    this.parents[idx] = parent;
    this.tags[idx] = tag;
    this.hashes[idx] = hash;
    this.slots[slot] = this.slotValue(hash, idx);
    if ((this.size - this.indexBase) * 2 > this.mask + 1) this.reindex(this.first, (this.mask + 1) * 2);
    return idx;
  }

  /**
   * Stores a state without indexing it (`insertAt` indexes it too): for a search that keeps its own visited set
   * (rank-set.ts) and has called `dropIndex`. Returns its index, or -2 when the table is full. (`insertAt` repeats
   * these lines rather than calling this: the call cost the one-word search 3 % in interleaved runs.)
   */
  append(src: Uint32Array, offset: number, hash: number, parent: number, tag: number): number {
    if (this.size >= this.limit) return -2;
    const words = this.words;
    const idx = this.size++;
    if (idx >= this.parents.length) this.growStorage();
    const keys = this.keys;
    for (let w = 0; w < words; w++) keys[idx * words + w] = src[offset + w]!;
    this.parents[idx] = parent;
    this.tags[idx] = tag;
    this.hashes[idx] = hash;
    return idx;
  }

  /** Stops indexing (see `append`): `find` and the probes no longer see any state, and layers are not re-indexed. */
  dropIndex(): void {
    this.indexed = false;
    this.slots = new Int32Array(16);
    this.mask = 15;
  }

  private slotValue(hash: number, idx: number): number {
    return ((hash >>> this.indexBits) << this.indexBits) | (idx + 1);
  }

  /**
   * Sizes the index for `count` states up front, so that a search which indexes every state (best-first) does not
   * rebuild it as it grows.
   */
  reserveIndex(count: number): void {
    if (count * 2 > this.mask + 1) this.reindex(this.first, nextPow2(count * 2));
  }

  /**
   * Drops the states before `index` from the index (they stay in the list), and those from `until` to the end of the
   * list so far: the index then holds states `index … until` and every state added after this call.
   */
  forgetBefore(index: number, until = this.size): void {
    if (!this.indexed) return;
    index = Math.max(index, this.first);
    until = Math.min(Math.max(until, index), this.size);
    if (index === this.first && until >= this.size && this.gapStart === this.gapEnd) return;
    this.gapStart = until;
    this.gapEnd = this.size;
    // Sized for the states kept and as many again (the next layer): small layers get a small, cache-friendly index.
    this.reindex(index, nextPow2(Math.max(16, 4 * (until - index))));
  }

  private growStorage(): void {
    const capacity = this.parents.length * 2;
    const keys = new Uint32Array(capacity * this.words);
    keys.set(this.keys);
    this.keys = keys;
    const parents = new Int32Array(capacity);
    parents.set(this.parents);
    this.parents = parents;
    const tags = new Uint16Array(capacity);
    tags.set(this.tags);
    this.tags = tags;
    const hashes = new Int32Array(capacity);
    hashes.set(this.hashes);
    this.hashes = hashes;
  }

  /** Rebuilds the index over states `first …` but the gap with `count` slots, placing each by its stored hash. */
  private reindex(first: number, count: number): void {
    const { gapStart, gapEnd } = this;
    const base = first + gapEnd - gapStart;
    while ((this.size - base) * 2 >= count) count *= 2;
    const slots = count === this.mask + 1 ? this.slots.fill(0) : new Int32Array(count);
    const mask = count - 1;
    const hashes = this.hashes;
    for (let idx = first; idx < this.size; idx++) {
      if (idx === gapStart) idx = gapEnd;
      if (idx >= this.size) break;
      const hash = hashes[idx]!;
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = this.slotValue(hash, idx);
    }
    this.slots = slots;
    this.mask = mask;
    this.first = first;
    this.indexBase = base;
  }
}

export function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}
