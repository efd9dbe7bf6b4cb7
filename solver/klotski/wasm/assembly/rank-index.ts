/**
 * The visited set of a search that stores positions as their ranks (rank-set.ts) when the ranks are too many for a
 * bitmap: open addressing over the ranks themselves (a slot holds rank + 1; 0 is empty), so a probe reads one slot and
 * no record. Like the hash index of state-table.ts it holds the newest layers only: every move can be undone, so a
 * successor of a position at distance d lies at d - 1, d or d + 1, and at each layer the set is rebuilt from the
 * records of the layer before and the one beginning (`keepRanksFrom`). The set stays small, where the records grow to
 * tens of millions.
 */
import { reserve } from './memory';
import { recordAt, size } from './state-table';

let slots: usize = 0;
let slotCapacity: i32 = 0;
let mask: i32 = 0;
let held: i32 = 0;
/** Most slots the set may take (its room is taken once, up front: memory is written only as the set grows into it). */
let maxSlots: i32 = 0;
/** Set when the set would need more than `maxSlots`: the search stops as with a full table. */
let full = false;
/** The first record the set holds; -1 while the search keeps no rank index. */
let from: i32 = -1;

/** Ranks are spread over the slots by a multiplicative hash (the golden ratio's 64-bit fraction). */
@inline function home(rank: i64): i32 {
  return <i32>((<u64>rank * 0x9e3779b97f4a7c15) >>> 32) & mask;
}

/**
 * Starts an empty set (for a search that stores ranks) of at most `slotLimit` slots, a power of two: with the records,
 * what bounds the search's memory (engine.ts sizes it a third of the records').
 */
export function newRankIndex(slotLimit: i32): void {
  maxSlots = max(1 << 12, slotLimit);
  // The memory was reset for this search: a set kept from the last one is gone.
  slots = reserve(maxSlots << 3);
  slotCapacity = maxSlots;
  full = false;
  from = 0;
  rebuild(0, 1 << 12);
}

/** Whether the set outgrew its room (the search stops: budget exceeded). */
export function rankIndexFull(): bool {
  return full;
}

/** No rank index: `keepRanksFrom` does nothing (the other searches). */
export function noRankIndex(): void {
  from = -1;
}

/** Refills the set with the ranks of records `start …` (their first word), in at least `count` slots (a power of 2). */
function rebuild(start: i32, count: i32): void {
  while ((size - start) * 2 >= count) count *= 2;
  if (count > slotCapacity) {
    full = true;
    count = slotCapacity;
    // Kept usable (the search stops at its next check): at most 0.7 full, the newest records only.
    start = max(start, size - (count / 10) * 7);
  }
  memory.fill(slots, 0, (<usize>count) << 3);
  mask = count - 1;
  held = 0;
  from = start;
  for (let idx = start; idx < size; idx++) {
    const rank = load<i64>(recordAt(idx));
    let slot = home(rank);
    while (load<i64>(slots + ((<usize>slot) << 3)) != 0) slot = (slot + 1) & mask;
    store<i64>(slots + ((<usize>slot) << 3), rank + 1);
    held++;
  }
}

/** Keeps records `start …` only (a new layer begins: `start` is the layer before it). */
export function keepRanksFrom(start: i32): void {
  if (from < 0 || start <= from) return;
  let count = 1 << 12;
  while (count < 2 * (size - start)) count <<= 1;
  rebuild(start, count);
}

/**
 * Adds a rank; returns whether it was there already. Every rank in the set is a record's (the caller stores a new rank
 * as the next record at once), so a set that must grow is rebuilt from the records before the rank goes in.
 */
@inline export function rankSeen(rank: i64): bool {
  if ((held + 1) * 10 > (mask + 1) * 7) {
    rebuild(from, (mask + 1) * 2);
    // Out of room: what follows is not searched (the search stops), so no rank is added.
    if (full) return true;
  }
  const key = rank + 1;
  let slot = home(rank);
  for (let v = load<i64>(slots + ((<usize>slot) << 3)); v != 0; v = load<i64>(slots + ((<usize>(slot = (slot + 1) & mask)) << 3))) {
    if (v == key) return true;
  }
  store<i64>(slots + ((<usize>slot) << 3), key);
  held++;
  return false;
}

/** The first slot a probe of `rank` reads (for reading ahead: see search.ts `takePending`). */
@inline export function peekRank(rank: i64): i64 {
  return load<i64>(slots + ((<usize>home(rank)) << 3));
}
