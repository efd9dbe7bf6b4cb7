/**
 * The list of stored positions and its hash index: search/state-table.ts, with the records the
 * loader copies out in the same layout. A record is per class a mask of 8 or 16 bytes (lowest cells first), the
 * empty cells, the hash and the mirror image's hash. Parents (i32) and tags (u16) are arrays of their own.
 *
 * The index holds the newest layers only (`forgetBefore`); each slot is the state's index + 1 under the hash's top
 * bits, so a probe reads a record only when those bits match. The record's hash word is what the index is rebuilt from.
 */
import { reserve } from './memory';

export let records: usize = 0;
export let parents: usize = 0;
export let tags: usize = 0;
export let size: i32 = 0;
let capacity: i32 = 0;
let limit: i32 = 0;
/** The class masks' length in 64-bit words: what a probe compares. */
let keyWords: i32 = 0;
let stride: usize = 0;
let hashAt: usize = 0;
let slots: usize = 0;
let slotCapacity: i32 = 0;
let mask: i32 = 0;
let indexBits: i32 = 16;
let first: i32 = 0;
let gapStart: i32 = 0;
let gapEnd: i32 = 0;
/** `first` plus the gap's length: the index holds `size - indexBase` states. */
let indexBase: i32 = 0;
let indexed: bool = true;
/** Records of the rank alone (a search by rank-index.ts): no empty cells, no hashes, no index. */
let lean: bool = false;

/**
 * A new, empty table of records with `classes` masks of `bytesPerMask` (8 or 16); `limit` caps the number of states.
 * `rankOnly`: each record is one 64-bit rank (rank-set.ts), unindexed (see `lean`).
 */
export function newTable(classes: i32, bytesPerMask: i32, stateLimit: i32, bits: i32, initialCapacity: i32, rankOnly: bool = false): void {
  lean = rankOnly;
  keyWords = rankOnly ? 1 : classes * (bytesPerMask >> 3);
  hashAt = rankOnly ? 8 : (<usize>classes + 1) * <usize>bytesPerMask;
  stride = rankOnly ? 8 : hashAt + 8;
  limit = stateLimit;
  indexBits = bits;
  capacity = max(16, initialCapacity);
  records = reserve(capacity * <i32>stride);
  parents = reserve(capacity << 2);
  tags = reserve(capacity << 1);
  size = 0;
  slotCapacity = 0;
  first = 0;
  gapStart = 0;
  gapEnd = 0;
  indexBase = 0;
  indexed = !rankOnly;
  // The index starts small even where the records take room for every position up front (engine.ts BIG_SEARCH):
  // clearing an index for all of them would write hundreds of megabytes before the first probe.
  if (!rankOnly) reindex(0, nextPow2(min(capacity, 1 << 10) * 2));
}

@inline export function recordAt(idx: i32): usize {
  return records + (<usize>idx) * stride;
}

@inline function slotValue(hash: i32, idx: i32): i32 {
  return ((hash >>> indexBits) << indexBits) | (idx + 1);
}

function nextPow2(n: i32): i32 {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

/** Rebuilds the index over states `from …` but the gap, with at least `count` slots. */
function reindex(from: i32, count: i32): void {
  const base = from + gapEnd - gapStart;
  while ((size - base) * 2 >= count) count *= 2;
  if (count > slotCapacity) {
    slots = reserve(count << 2);
    slotCapacity = count;
  }
  memory.fill(slots, 0, (<usize>count) << 2);
  const m = count - 1;
  for (let idx = from; idx < size; idx++) {
    if (idx == gapStart) idx = gapEnd;
    if (idx >= size) break;
    const hash = load<i32>(recordAt(idx) + hashAt);
    let slot = hash & m;
    while (load<i32>(slots + ((<usize>slot) << 2)) != 0) slot = (slot + 1) & m;
    store<i32>(slots + ((<usize>slot) << 2), slotValue(hash, idx));
  }
  mask = m;
  first = from;
  indexBase = base;
}

/** Stores a rank as the next record (a table made `rankOnly`); returns its index, or -2 when the table is full. */
@inline export function appendRank(rank: i64, parent: i32, tag: i32): i32 {
  if (size >= limit) return -2;
  const idx = size++;
  if (idx >= capacity) grow();
  store<i64>(recordAt(idx), rank);
  store<i32>(parents + ((<usize>idx) << 2), parent);
  store<u16>(tags + ((<usize>idx) << 1), <u16>tag);
  return idx;
}

/** Stops indexing: the search keeps its own visited set (rank-set.ts) and stores with `append`. */
export function dropIndex(): void {
  indexed = false;
}

/**
 * Leaves the states before `index` out of the index, and those from `until` to the end of the list so far: it then
 * holds states `index … until` and every state added after this call.
 */
export function forgetBefore(index: i32, until: i32): void {
  if (!indexed) return;
  index = max(index, first);
  until = min(max(until, index), size);
  if (index == first && until >= size && gapStart == gapEnd) return;
  gapStart = until;
  gapEnd = size;
  reindex(index, nextPow2(max(16, 4 * (until - index))));
}

function grow(): void {
  const more = capacity * 2;
  const newRecords = reserve(more * <i32>stride);
  const newParents = reserve(more << 2);
  const newTags = reserve(more << 1);
  memory.copy(newRecords, records, (<usize>size) * stride);
  memory.copy(newParents, parents, (<usize>size) << 2);
  memory.copy(newTags, tags, (<usize>size) << 1);
  records = newRecords;
  parents = newParents;
  tags = newTags;
  capacity = more;
}

/** The empty slot where a position with masks at `src` goes, or -(its index) - 1 when the index holds it. */
@inline export function probe(hash: i32, src: usize): i32 {
  const low = (1 << indexBits) - 1;
  let slot = hash & mask;
  for (let v = load<i32>(slots + ((<usize>slot) << 2)); v != 0; v = load<i32>(slots + ((<usize>(slot = (slot + 1) & mask)) << 2))) {
    if (<u32>(v ^ hash) >>> indexBits != 0) continue;
    const rec = recordAt((v & low) - 1);
    let w = 0;
    while (w < keyWords && load<u64>(rec + ((<usize>w) << 3)) == load<u64>(src + ((<usize>w) << 3))) w++;
    if (w == keyWords) return -(v & low);
  }
  return slot;
}

/**
 * Reading ahead for probes: loads issued one after another in a short loop overlap their cache misses, where a probe's
 * own loads wait for each other, so the probes that follow find them cached. `firstSlot` is the slot a probe of `hash`
 * reads first; `warmRecord` the start of the record that slot names when its tag matches (0 when none).
 */
@inline export function firstSlot(hash: i32): i32 {
  return load<i32>(slots + ((<usize>(hash & mask)) << 2));
}

@inline export function warmRecord(hash: i32, slot: i32): i32 {
  if (slot == 0 || <u32>(slot ^ hash) >>> indexBits != 0) return 0;
  // Its first word and its hash: a record may span two cache lines.
  const rec = recordAt((slot & ((1 << indexBits) - 1)) - 1);
  return load<i32>(rec) ^ load<i32>(rec + hashAt);
}

/**
 * Adds a record: its class masks copied from `src`, its hashes, its parent and tag. The caller writes its empty cells
 * (after the class masks). Returns its index, or -2 when the table is full.
 */
@inline export function claim(src: usize, hash: i32, mirrorHash: i32, parent: i32, tag: i32): i32 {
  if (size >= limit) return -2;
  const idx = size++;
  if (idx >= capacity) grow();
  const rec = recordAt(idx);
  // Word by word: a few words, where memory.copy is a call out of the module.
  for (let w: usize = 0; w < <usize>keyWords; w++) store<u64>(rec + (w << 3), load<u64>(src + (w << 3)));
  if (!lean) {
    store<i32>(rec + hashAt, hash);
    store<i32>(rec + hashAt + 4, mirrorHash);
  }
  store<i32>(parents + ((<usize>idx) << 2), parent);
  store<u16>(tags + ((<usize>idx) << 1), <u16>tag);
  return idx;
}

/** Indexes state `idx` in `slot`, the empty slot its probe ended on. */
@inline export function indexAt(slot: i32, hash: i32, idx: i32): void {
  store<i32>(slots + ((<usize>slot) << 2), slotValue(hash, idx));
  if ((size - indexBase) * 2 > mask + 1) reindex(first, (mask + 1) * 2);
}

/**
 * Stores a position of 64-bit masks without indexing it: the masks at `src` with class c's replaced by `changed`.
 * Returns its index, or -2 when the table is full.
 */
@inline export function append(src: usize, c: i32, changed: u64, empty: u64, hash: i32, mirrorHash: i32, parent: i32, tag: i32): i32 {
  const idx = claim(src, hash, mirrorHash, parent, tag);
  if (idx < 0) return idx;
  const rec = recordAt(idx);
  store<u64>(rec + ((<usize>c) << 3), changed);
  store<u64>(rec + hashAt - 8, empty);
  return idx;
}

/** As `append`, and indexes it in `slot`, the empty slot its probe ended on. */
@inline export function insertAt(slot: i32, src: usize, c: i32, changed: u64, empty: u64, hash: i32, mirrorHash: i32, parent: i32, tag: i32): i32 {
  const idx = append(src, c, changed, empty, hash, mirrorHash, parent, tag);
  if (idx >= 0) indexAt(slot, hash, idx);
  return idx;
}
