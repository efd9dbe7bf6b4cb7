/**
 * IDA*'s transposition table (shared/transposition.ts of the TypeScript search): a fixed number of entries in four-way
 * buckets, never grown. Replacement: an empty way first, then the entry last touched in an older iteration, then the
 * entry recorded deepest in the search (shallow entries prune bigger subtrees). Each entry keeps the full key (the
 * class masks: no false hits), a proven lower bound on the moves left, and the iteration and depth at which it was
 * last expanded. `open` and `lostOpen` count entries never expanded, and those overwritten: IDA* proves a puzzle
 * unsolvable only when no such entry was ever lost.
 */
import { reserve } from './memory';

const WAYS: i32 = 4;

let keyBytes: usize = 0;
let keys: usize = 0;
let bounds: usize = 0;
let iterations: usize = 0;
let depths: usize = 0;
let expanded: usize = 0;
/** log2 of the number of entries. */
let bits: i32 = 0;
let open: i32 = 0;
let lostOpen: i32 = 0;

/** A cleared table of `entries` (a power of two, at least WAYS) keys of `bytes` bytes (a multiple of 8). */
export function newTranspositionTable(bytes: i32, entries: i32): void {
  keyBytes = <usize>bytes;
  keys = reserve(entries * <i32>keyBytes);
  bounds = reserve(entries << 1);
  iterations = reserve(entries << 1);
  depths = reserve(entries << 1);
  expanded = reserve(entries);
  memory.fill(iterations, 0, (<usize>entries) << 1);
  bits = 31 - clz(entries);
  open = 0;
  lostOpen = 0;
}

export function ttOpen(): i32 { return open; }
export function ttLostOpen(): i32 { return lostOpen; }

/** Where the table's arrays begin and end in memory (one block: keys, bounds, iterations, depths, expanded marks). */
export function ttRegion(): usize { return keys; }
export function ttRegionEnd(): usize { return expanded + ((<usize>1) << (<usize>bits)); }

/** Takes up a copy of a table (written over this one's arrays by the caller) with its counts. */
export function ttAdoptCounts(openEntries: i32, lostEntries: i32): void {
  open = openEntries;
  lostOpen = lostEntries;
}

/**
 * Forgets which entries were expanded (each counts as open again): for a table copied some slices before the checkpoint a
 * search goes on from (ida.ts `idaContinueLate`). What the entries say stays true — bounds, and the stamps that prune
 * a position already searched in this iteration — but an expansion the copy marks may have gone on in the slices after
 * it, its later children known only to the table that was lost. Unsolvability is then proved only after every entry is
 * expanded again.
 */
export function ttForgetExpanded(): void {
  const entries = 1 << bits;
  for (let slot = 0; slot < entries; slot++) {
    if (ttIteration(slot) != 0 && load<u8>(expanded + <usize>slot) != 0) {
      store<u8>(expanded + <usize>slot, 0);
      open++;
    }
  }
}

@inline function same(slot: i32, key: usize): bool {
  const at = keys + (<usize>slot) * keyBytes;
  for (let w: usize = 0; w < keyBytes; w += 8) if (load<u64>(at + w) != load<u64>(key + w)) return false;
  return true;
}

@inline export function ttIteration(slot: i32): i32 {
  return <i32>load<u16>(iterations + ((<usize>slot) << 1));
}

@inline export function ttDepth(slot: i32): i32 {
  return <i32>load<u16>(depths + ((<usize>slot) << 1));
}

@inline export function ttBound(slot: i32): i32 {
  return <i32>load<u16>(bounds + ((<usize>slot) << 1));
}

@inline export function ttSetBound(slot: i32, bound: i32): void {
  store<u16>(bounds + ((<usize>slot) << 1), <u16>bound);
}

/** Records that the entry is being expanded in `iteration` at depth g. */
@inline export function ttStamp(slot: i32, iteration: i32, g: i32): void {
  store<u16>(iterations + ((<usize>slot) << 1), <u16>iteration);
  store<u16>(depths + ((<usize>slot) << 1), <u16>g);
}

/**
 * The first slot of a key's bucket: the top bits of its hash times an odd constant. Zobrist hashes are XORs of codes
 * from a linear generator, whose low bits alone collide in four-way buckets (seen: an entry evicted from a table 50×
 * the size of the space).
 */
@inline function bucket(hash: i32): i32 {
  return <i32>((<u32>hash * 0x9e3779b1) >>> (32 - bits)) & ~(WAYS - 1);
}

/** The slot holding the key at `key` (its hash `hash`), or -1. */
export function ttFind(key: usize, hash: i32): i32 {
  const first = bucket(hash);
  for (let slot = first; slot < first + WAYS; slot++) if (ttIteration(slot) != 0 && same(slot, key)) return slot;
  return -1;
}

/** Claims a slot for a key not in the table, evicting as described above; the entry starts unexpanded, bound 0. */
export function ttClaim(key: usize, hash: i32, iteration: i32): i32 {
  const first = bucket(hash);
  let slot = first;
  for (let way = first; way < first + WAYS; way++) {
    if (ttIteration(way) == 0) {
      slot = way;
      break;
    }
    const wayOld = ttIteration(way) != iteration;
    const slotOld = ttIteration(slot) != iteration;
    if (wayOld != slotOld ? wayOld : ttDepth(way) > ttDepth(slot)) slot = way;
  }
  if (ttIteration(slot) != 0 && load<u8>(expanded + <usize>slot) == 0) {
    open--;
    lostOpen++;
  }
  memory.copy(keys + (<usize>slot) * keyBytes, key, keyBytes);
  ttSetBound(slot, 0);
  store<u16>(depths + ((<usize>slot) << 1), 0xffff);
  store<u16>(iterations + ((<usize>slot) << 1), <u16>iteration);
  store<u8>(expanded + <usize>slot, 0);
  open++;
  return slot;
}

/** Marks an entry expanded (its children have been generated). */
export function markExpanded(slot: i32): void {
  if (load<u8>(expanded + <usize>slot) == 0) {
    store<u8>(expanded + <usize>slot, 1);
    open--;
  }
}
