/**
 * The open list of best-first search (A*): search/open-list.ts of the TypeScript search, in the same order. States
 * (table indices) wait in buckets by f = g + h and, within an f, by h (the smallest h first, newest first); a bucket is
 * a linked stack of entries. A state found again by a shorter way is queued again at its lower f; its old entry is
 * skipped when it comes up, the state being closed.
 */
import { reserve } from './memory';

const CLOSED: i32 = 0x8000;
/** Buckets per f: h from 0 to H_SLOTS - 2, then one for every larger h. */
const H_SLOTS: i32 = 32;

/** Per state: moves from the start (u16), CLOSED once expanded. */
let gs: usize = 0;
let gCapacity: i32 = 0;
/** Per bucket: its newest entry, or -1. */
let heads: usize = 0;
let bucketCount: i32 = 0;
/** Entries: (state, the entry below it in its bucket), two i32 each. Never reused: the list only grows. */
let entries: usize = 0;
let entryCount: i32 = 0;
let entryCapacity: i32 = 0;
/** The lowest bucket that may hold a state. */
let firstBucket: i32 = 0;
/** The f of the state `openPop` gave; no state of smaller f is left. */
export let openF: i32 = 0;

/** A new, empty list sized for about `expected` states. */
export function newOpenList(expected: i32): void {
  gCapacity = max(1024, expected);
  gs = reserve(gCapacity << 1);
  entryCapacity = gCapacity;
  entries = reserve(entryCapacity << 3);
  entryCount = 0;
  bucketCount = 0;
  heads = 0;
  firstBucket = 0;
  openF = 0;
}

/** Moves from the start to state `idx`. */
@inline export function openG(idx: i32): i32 {
  return <i32>load<u16>(gs + ((<usize>idx) << 1)) & ~CLOSED;
}

/** Records state `idx` (just stored) at g, with bound h, and queues it. */
export function openAdd(idx: i32, g: i32, h: i32): void {
  if (idx >= gCapacity) growStates(idx);
  store<u16>(gs + ((<usize>idx) << 1), <u16>g);
  queue(idx, (g + h) * H_SLOTS + (h < H_SLOTS ? h : H_SLOTS - 1));
}

/** State `idx`, bound h, found again at g: true (and it is queued again, open) when that is fewer moves than it had. */
export function openImprove(idx: i32, g: i32, h: i32): bool {
  if (g >= openG(idx)) return false;
  store<u16>(gs + ((<usize>idx) << 1), <u16>g);
  queue(idx, (g + h) * H_SLOTS + (h < H_SLOTS ? h : H_SLOTS - 1));
  return true;
}

/** The next state to expand (now closed; its f is `openF`), or -1 when none is left. */
export function openPop(): i32 {
  for (let key = firstBucket; key < bucketCount; key++) {
    const head = heads + ((<usize>key) << 2);
    let e = load<i32>(head);
    while (e >= 0) {
      const entry = entries + ((<usize>e) << 3);
      const idx = load<i32>(entry);
      e = load<i32>(entry, 4);
      store<i32>(head, e);
      const at = gs + ((<usize>idx) << 1);
      const g = <i32>load<u16>(at);
      if ((g & CLOSED) != 0) continue;
      store<u16>(at, <u16>(g | CLOSED));
      firstBucket = key;
      openF = key / H_SLOTS;
      return idx;
    }
  }
  firstBucket = bucketCount;
  openF = bucketCount / H_SLOTS;
  return -1;
}

function queue(idx: i32, key: i32): void {
  // A bound that is not consistent could queue below the current f; go back for it.
  if (key < firstBucket) firstBucket = key;
  if (key >= bucketCount) addBuckets(key);
  if (entryCount == entryCapacity) {
    const more = reserve(entryCapacity << 4);
    memory.copy(more, entries, (<usize>entryCount) << 3);
    entries = more;
    entryCapacity *= 2;
  }
  const head = heads + ((<usize>key) << 2);
  const entry = entries + ((<usize>entryCount) << 3);
  store<i32>(entry, idx);
  store<i32>(entry, load<i32>(head), 4);
  store<i32>(head, entryCount++);
}

/** Buckets up to `key`, for f up to the one `key` belongs to. */
function addBuckets(key: i32): void {
  const count = (key / H_SLOTS + 1) * H_SLOTS;
  const more = reserve(count << 2);
  if (bucketCount > 0) memory.copy(more, heads, (<usize>bucketCount) << 2);
  memory.fill(more + ((<usize>bucketCount) << 2), 0xff, (<usize>(count - bucketCount)) << 2);
  heads = more;
  bucketCount = count;
}

function growStates(idx: i32): void {
  let n = gCapacity;
  while (n <= idx) n *= 2;
  const more = reserve(n << 1);
  memory.copy(more, gs, (<usize>gCapacity) << 1);
  gs = more;
  gCapacity = n;
}
