/**
 * A fixed-capacity transposition table for IDA*: typed arrays sized once from a byte budget, never grown.
 * Four-way buckets. Replacement: an empty way first, then the entry last touched in an older iteration, then the
 * entry recorded deepest in the search (shallow entries prune bigger subtrees, so they are worth more; entries
 * never expanded count as deepest, since they hold only a heuristic value that is cheap to recompute).
 * Each entry keeps the full key (no false hits), a proven lower bound on the moves left, and the iteration and
 * depth at which it was last expanded.
 */
import { equalAt, hashKey } from './keys.ts';

export const DEFAULT_TT_BYTES = 16 * 1024 * 1024;
const MIN_ENTRIES = 4096;
const WAYS = 4;

export class TranspositionTable {
  readonly words: number;
  readonly capacity: number;
  readonly keys: Uint32Array;
  /** Proven lower bound on the moves left from the state. */
  readonly bound: Uint16Array;
  /** Iteration stamp of the last expansion; 0 = empty way. */
  readonly iteration: Uint16Array;
  /** Depth (g) of that expansion. */
  readonly depth: Uint16Array;
  /** 1 once the state's children have been generated in some iteration. */
  readonly expanded: Uint8Array;
  private readonly mask: number;
  /** Entries stored but never expanded. */
  open = 0;
  /** Unexpanded entries overwritten: states seen whose successors may never have been generated. */
  lostOpen = 0;

  constructor(words: number, maxBytes: number, wantedEntries: number) {
    this.words = words;
    const entryBytes = words * 4 + 7;
    let capacity = WAYS;
    const wanted = Math.max(MIN_ENTRIES, wantedEntries);
    while (capacity * 2 * entryBytes <= maxBytes && capacity < wanted) capacity *= 2;
    this.capacity = capacity;
    this.keys = new Uint32Array(capacity * words);
    this.bound = new Uint16Array(capacity);
    this.iteration = new Uint16Array(capacity);
    this.depth = new Uint16Array(capacity);
    this.expanded = new Uint8Array(capacity);
    this.mask = (capacity - 1) & ~(WAYS - 1);
  }

  get bytes(): number {
    return this.keys.byteLength + this.bound.byteLength + this.iteration.byteLength + this.depth.byteLength + this.expanded.byteLength;
  }

  /** Slot holding the key at `src[offset…]`, or -1. */
  find(src: Uint32Array, offset: number): number {
    const first = hashKey(src, offset, this.words) & this.mask;
    for (let slot = first; slot < first + WAYS; slot++) {
      if (this.iteration[slot] !== 0 && equalAt(this.keys, slot * this.words, src, offset, this.words)) return slot;
    }
    return -1;
  }

  /**
   * Claims a slot for a key not in the table, evicting per the policy above. The entry starts unexpanded
   * (depth 0xffff, iteration stamp as given) with a zero bound.
   */
  claim(src: Uint32Array, offset: number, currentIteration: number): number {
    const first = hashKey(src, offset, this.words) & this.mask;
    let slot = first;
    for (let way = first; way < first + WAYS; way++) {
      if (this.iteration[way] === 0) {
        slot = way;
        break;
      }
      const wayOld = this.iteration[way] !== currentIteration;
      const slotOld = this.iteration[slot] !== currentIteration;
      if (wayOld !== slotOld ? wayOld : this.depth[way]! > this.depth[slot]!) slot = way;
    }
    if (this.iteration[slot] !== 0 && this.expanded[slot] === 0) {
      this.open--;
      this.lostOpen++;
    }
    for (let w = 0; w < this.words; w++) this.keys[slot * this.words + w] = src[offset + w]!;
    this.bound[slot] = 0;
    this.depth[slot] = 0xffff;
    this.iteration[slot] = currentIteration;
    this.expanded[slot] = 0;
    this.open++;
    return slot;
  }

  /** Marks an entry expanded (its children have been generated). */
  markExpanded(slot: number): void {
    if (this.expanded[slot] === 0) {
      this.expanded[slot] = 1;
      this.open--;
    }
  }
}
