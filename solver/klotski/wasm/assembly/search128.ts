/**
 * Breadth-first search over 128-bit bitboards (boards of 65 to 128 cells, up to 10×10): search.ts with every mask one
 * v128, shifted whole as search.ts shifts its 64-bit words.
 *
 * A position's moves are listed first, and their probes' memory (index slots, then the records they name) read in two
 * short loops before the probes run: the tables of a 10×10 search outgrow the processor's caches, and misses issued
 * together overlap where a probe's own wait for each other (about 1.2× on the bench's 10×10).
 *
 * Given per-piece costs it searches best-first (A*), as search.ts does.
 */
import {
  around, bit, cells, classes, cover, high, inBounds, isEmpty, lane128, low, metric, mirrorOf, mirrorPosition, offset, offsetStart, reach,
  readBoard128, shiftDown, width, zobrist, zobristMirror,
} from './board128';
import { MOVE } from './board';
import { reserve } from './memory';
import { targetCount, targetsMet128 } from './targets';
import { knownFromParent, moveTag, taggedCell, taggedOrigin } from './move-tags';
import { beginLoop, expand, finish, halt } from './loop';
import { newOpenList, openAdd, openF, openG, openImprove, openPop } from './open-list';
import { beginResult, BUDGET_EXCEEDED, foundSolved, proveBound, pushLayer, SOLVED, takeGoal } from './result';
import { claim, indexAt, newTable, parents, probe, recordAt, size, tags, firstSlot, warmRecord } from './state-table';

/** What the reads ahead (`warmRecord`) returned, kept so that they are not optimised away. */
let warmth = 0;

@inline function maskAt(at: usize, c: i32): v128 {
  return v128.load(at + ((<usize>c) << 4));
}

/** The 32-bit word i (0–3) of a mask, unsigned. */
@inline function wordOf(m: v128, i: i32): u32 {
  if (i == 0) return i32x4.extract_lane(m, 0);
  if (i == 1) return i32x4.extract_lane(m, 1);
  if (i == 2) return i32x4.extract_lane(m, 2);
  return i32x4.extract_lane(m, 3);
}

/** With equal hashes: whether the successor's mirror image comes first in word order (board128.ts `storedFormMultiword`). */
function mirrorBeforeSelf(cur: usize, mir: usize, c: i32, moved: v128, mirrorMoved: v128): bool {
  for (let j = 0; j < classes; j++) {
    let a = maskAt(cur, j);
    let b = maskAt(mir, j);
    if (j == c) {
      a = v128.xor(a, moved);
      b = v128.xor(b, mirrorMoved);
    }
    for (let i = 0; i < 4; i++) {
      const x = wordOf(a, i);
      const y = wordOf(b, i);
      if (x != y) return y < x;
    }
  }
  return false;
}

/**
 * Runs the search the header at `header` describes (board128.ts `readBoard128`, then the fields read below), with
 * `startWork` units of the budget already spent. The result getters (result.ts) report it.
 */
export function search128(header: usize, startWork: f64): void {
  const at = readBoard128(header);
  const fold = load<i32>(at) != 0;
  const goalCell = load<i32>(at, 4);
  const stopAtGoal = load<i32>(at, 8) != 0;
  const nodeWork = <f64>load<i32>(at, 12);
  const successorWork = <f64>load<i32>(at, 16);
  const insertWork = <f64>load<i32>(at, 20);
  const limit = load<i32>(at, 24);
  const indexBits = load<i32>(at, 28);
  const initialCapacity = load<i32>(at, 32);
  const alternating = load<i32>(at, 36) != 0;
  const commuteKeys = <usize>load<u32>(at, 40);
  const start = <usize>load<u32>(at, 44);
  // Best-first: per class and cell, the piece's part of the bound (heuristic.ts `pieceCosts`); 0 for breadth-first.
  const costs = <usize>load<u32>(at, 48);
  const bestFirst = costs != 0;
  const K = classes;
  const emptyAt = (<usize>K) << 4;
  const hashAt = emptyAt + 16;

  const cur = reserve(K << 4);
  const mir = reserve(K << 4);
  // A position's moves (class, from, to, hash: at most one per piece and cell), their probes' keys and first slots.
  const moves = reserve(cells * cells << 4);
  const keys = reserve(cells * cells << 2);
  const slotsAhead = reserve(cells * cells << 2);
  let sink = 0;
  newTable(K, 16, limit, indexBits, initialCapacity);
  beginResult(startWork);

  const startHash = load<i32>(start + hashAt);
  const first = claim(start, startHash, load<i32>(start + hashAt + 4), -1, 0);
  v128.store(recordAt(first) + emptyAt, v128.load(start + emptyAt));
  indexAt(probe(startHash, start), startHash, first);
  const goalBit = bit(goalCell);
  const drawn = targetCount() > 0;
  if (drawn ? targetsMet128(start, -1, i64x2(0, 0)) : !isEmpty(v128.and(maskAt(start, 0), goalBit))) {
    foundSolved(0);
    if (stopAtGoal) {
      pushLayer(0);
      pushLayer(1);
      proveBound(0);
      return;
    }
  }
  beginLoop(startWork, nodeWork, successorWork, insertWork, alternating, bestFirst);
  if (bestFirst) {
    newOpenList(initialCapacity);
    openAdd(0, 0, startCost(start, costs));
  }
  let successors = 0;
  let order = 0;
  for (;;) {
    let idx: i32;
    if (bestFirst) {
      idx = openPop();
      if (idx < 0) break;
    } else {
      if (order >= size) break;
      idx = order++;
    }
    if (!expand(idx, successors)) {
      if (bestFirst) proveBound(openF);
      return;
    }
    successors = 0;
    const rec = recordAt(idx);
    for (let c = 0; c < K; c++) v128.store(cur + ((<usize>c) << 4), maskAt(rec, c));
    const empty = v128.load(rec + emptyAt);
    const hash = load<i32>(rec + hashAt);
    const mirrorHash = load<i32>(rec + hashAt + 4);
    const solvedHere = drawn ? targetsMet128(cur, -1, i64x2(0, 0)) : !isEmpty(v128.and(maskAt(cur, 0), goalBit));
    // Best-first: a goal queued rather than taken at once is taken when it comes up.
    if (bestFirst && solvedHere) {
      takeGoal(idx);
      proveBound(openF);
      halt(SOLVED);
      return;
    }
    const g = bestFirst ? openG(idx) + 1 : 0;
    const hHere = bestFirst ? openF - g + 1 : 0;
    const tag = <i32>load<u16>(tags + ((<usize>idx) << 1));
    const movedCell = taggedCell(tag);
    // The step metric skips steps that commute with the one that made this position and come first (move-tags.ts).
    let stepKey = -1;
    let stepCells = i64x2(0, 0);
    if (commuteKeys != 0 && movedCell >= 0) {
      const from = taggedOrigin(tag);
      let moved = 0;
      while (isEmpty(v128.and(maskAt(cur, moved), bit(movedCell)))) moved++;
      stepCells = v128.or(cover(moved, movedCell), cover(moved, from));
      stepKey = load<i32>(commuteKeys + ((<usize>(moved * cells + from)) << 2));
    }
    let mirrorEmpty = i64x2(0, 0);
    let mirrorReady = false;
    // First the moves, listed in `moves`. Only pieces with a cell next to an empty one can move; in the move metric
    // not the piece just moved.
    const near = around(empty);
    let count = 0;
    for (let c = 0; c < K; c++) {
      const firstOffset = offsetStart(c);
      const end = offsetStart(c + 1);
      let touching = near;
      for (let i = firstOffset + 1; i < end; i++) touching = v128.or(touching, shiftDown(near, offset(i)));
      let tops = v128.and(maskAt(cur, c), touching);
      if (metric == MOVE && movedCell >= 0) tops = v128.andnot(tops, bit(movedCell));
      const fitsAt = inBounds(c);
      for (let half = 0; half < 2; half++) {
        for (let topBits = half == 0 ? low(tops) : high(tops); topBits != 0; topBits &= topBits - 1) {
          const p = (half << 6) + <i32>ctz(topBits);
          const coverP = cover(c, p);
          const free = v128.or(empty, coverP);
          let fit = fitsAt;
          for (let i = firstOffset; i < end; i++) fit = v128.and(fit, shiftDown(free, offset(i)));
          const targets = reach(p, lane128(c, p, fit));
          for (let targetHalf = 0; targetHalf < 2; targetHalf++) {
            for (let qBits = targetHalf == 0 ? low(targets) : high(targets); qBits != 0; qBits &= qBits - 1) {
              const q = (targetHalf << 6) + <i32>ctz(qBits);
              if (p == movedCell && knownFromParent(metric, width, p, tag, q)) continue;
              if (commuteKeys != 0 && load<i32>(commuteKeys + ((<usize>(c * cells + p)) << 2)) < stepKey && isEmpty(v128.and(stepCells, v128.or(coverP, cover(c, q))))) continue;
              const h = hash ^ zobrist(c, p) ^ zobrist(c, q);
              const hm = mirrorHash ^ zobristMirror(c, p) ^ zobristMirror(c, q);
              const entry = moves + ((<usize>count) << 4);
              store<i32>(entry, c);
              store<i32>(entry, p, 4);
              store<i32>(entry, q, 8);
              store<i32>(entry, h, 12);
              store<i32>(keys + ((<usize>count) << 2), fold && hm < h ? hm : h);
              count++;
            }
          }
        }
      }
    }
    // The probes' first slots and records, read ahead (see `firstSlot`).
    for (let i = 0; i < count; i++) store<i32>(slotsAhead + ((<usize>i) << 2), firstSlot(load<i32>(keys + ((<usize>i) << 2))));
    for (let i = 0; i < count; i++) sink ^= warmRecord(load<i32>(keys + ((<usize>i) << 2)), load<i32>(slotsAhead + ((<usize>i) << 2)));
    // Then each successor in turn: its stored orientation, its probe, and where new, its record.
    for (let i = 0; i < count; i++) {
      const entry = moves + ((<usize>i) << 4);
      const c = load<i32>(entry);
      const p = load<i32>(entry, 4);
      const q = load<i32>(entry, 8);
      const h = load<i32>(entry, 12);
      successors++;
      const moved = v128.or(bit(p), bit(q));
      const hm = mirrorHash ^ zobristMirror(c, p) ^ zobristMirror(c, q);
      // The mirror image's cells are worked out only when it may be the key.
      let mp = 0;
      let mq = 0;
      let mirrorMoved = i64x2(0, 0);
      let useMirror = false;
      if (fold && hm <= h) {
        mp = mirrorOf(c, p);
        mq = mirrorOf(c, q);
        mirrorMoved = v128.or(bit(mp), bit(mq));
        if (!mirrorReady) {
          mirrorEmpty = mirrorPosition(cur, empty, mir);
          mirrorReady = true;
        }
        useMirror = hm < h || mirrorBeforeSelf(cur, mir, c, moved, mirrorMoved);
      }
      // The move made in place on the stored orientation's masks for the probe (and the copy), undone after.
      const src = useMirror ? mir : cur;
      const mc = src + ((<usize>c) << 4);
      const before = v128.load(mc);
      const key = useMirror ? hm : h;
      v128.store(mc, v128.xor(before, useMirror ? mirrorMoved : moved));
      const slot = probe(key, src);
      let added = -1;
      if (slot >= 0) {
        added = claim(src, key, useMirror ? h : hm, idx, useMirror ? moveTag(mq, mp) : moveTag(q, p));
        if (added >= 0) {
          const nextEmpty = useMirror ? v128.xor(mirrorEmpty, v128.xor(cover(c, mp), cover(c, mq))) : v128.xor(empty, v128.xor(cover(c, p), cover(c, q)));
          v128.store(recordAt(added) + emptyAt, nextEmpty);
          indexAt(slot, key, added);
        }
      }
      v128.store(mc, before);
      if (slot < 0) {
        // Best-first: a position found again by a shorter way takes this one as its parent.
        const known = -slot - 1;
        if (bestFirst && g < openG(known) && openImprove(known, g, hHere - costOf(costs, c, p) + costOf(costs, c, q))) {
          store<i32>(parents + ((<usize>known) << 2), idx);
          store<u16>(tags + ((<usize>known) << 1), <u16>(useMirror ? moveTag(mq, mp) : moveTag(q, p)));
        }
        continue;
      }
      if (added == -2) {
        if (bestFirst) proveBound(openF);
        halt(BUDGET_EXCEEDED);
        return;
      }
      if (bestFirst) openAdd(added, g, hHere - costOf(costs, c, p) + costOf(costs, c, q));
      // The goal piece is class 0; a folded key is solved exactly when its mirror is (the goal is symmetric).
      if (drawn ? targetsMet128(cur, c, moved) : c == 0 ? !isEmpty(v128.and(v128.xor(maskAt(cur, 0), moved), goalBit)) : solvedHere) {
        foundSolved(added);
        // Best-first: a goal beyond the f being expanded may not be the nearest; it waits its turn.
        if (stopAtGoal && (!bestFirst || g <= openF)) {
          if (bestFirst) proveBound(g);
          halt(SOLVED);
          return;
        }
      }
    }
  }
  warmth = sink;
  finish();
}

@inline function costOf(costs: usize, c: i32, p: i32): i32 {
  return load<i32>(costs + ((<usize>(c * cells + p)) << 2));
}

/** The bound of a position (class masks at `at`): the sum of its pieces' costs. */
function startCost(at: usize, costs: usize): i32 {
  let sum = 0;
  for (let c = 0; c < classes; c++) {
    const m = maskAt(at, c);
    for (let half = 0; half < 2; half++) {
      for (let tops = half == 0 ? low(m) : high(m); tops != 0; tops &= tops - 1) sum += costOf(costs, c, (half << 6) + <i32>ctz(tops));
    }
  }
  return sum;
}
