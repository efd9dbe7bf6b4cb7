/**
 * Breadth-first search over 64-bit bitboards, on boards of up to 64 cells: a mask is one number, and no call here is
 * left out-of-line by a JIT's inlining budget. A stored position is its class masks, its empty cells, its Zobrist hash
 * and its mirror image's; the orientation kept when folding is the one with the smaller hash, ties broken by the masks
 * (board64.ts `storedFormWide` writes the start that way). Boards of soldiers and a few other pieces keep a visited set
 * by rank instead of the hash index (rank-set.ts).
 *
 * Given per-piece costs it searches best-first (A*), expanding positions in the open list's order (open-list.ts)
 * instead of the table's.
 */
import {
  around, bit, cells, classes, cover, inBounds, lane, lowest, metric, mirrorOf, mirrorPosition, MOVE, offset, offsetStart, reach,
  readBoard, STEP, width, zobrist, zobristMirror,
} from './board';
import { reserve } from './memory';
import { targetCount, targetsMet64 } from './targets';
import { knownFromParent, moveTag, taggedCell, taggedOrigin } from './move-tags';
import { classStride, emptyStride, markRank, rankOfCells, rankOfPosition, unrankInto, useRanks } from './rank-set';
import { newRankIndex, peekRank, rankIndexFull, rankSeen } from './rank-index';
import { beginLoop, expand, finish, halt } from './loop';
import { newOpenList, openAdd, openF, openG, openImprove, openPop } from './open-list';
import { beginResult, BUDGET_EXCEEDED, foundSolved, proveBound, pushLayer, SOLVED, takeGoal } from './result';
import { append, appendRank, dropIndex, insertAt, parents, probe, recordAt, size, tags, newTable } from './state-table';

@inline function maskAt(at: usize, c: i32): u64 {
  return load<u64>(at + ((<usize>c) << 3));
}

/** With equal hashes: whether the successor's mirror image comes first in word order (board64.ts `storedFormWide`). */
function mirrorBeforeSelf(cur: usize, mir: usize, c: i32, moved: u64, mirrorMoved: u64): bool {
  for (let j = 0; j < classes; j++) {
    let a = maskAt(cur, j);
    let b = maskAt(mir, j);
    if (j == c) {
      a ^= moved;
      b ^= mirrorMoved;
    }
    if (<u32>a != <u32>b) return <u32>b < <u32>a;
    if (<u32>(a >> 32) != <u32>(b >> 32)) return <u32>(b >> 32) < <u32>(a >> 32);
  }
  return false;
}

/**
 * Runs the search the header at `header` describes (board.ts `readBoard`, then the fields read below), with `startWork`
 * units of the budget already spent. The result getters report it.
 */
export function search(header: usize, startWork: f64): void {
  const at = readBoard(header);
  const fold = load<i32>(at) != 0;
  const goalCell = load<i32>(at, 4);
  const stopAtGoal = load<i32>(at, 8) != 0;
  // Ranked: 1, a bitmap of the ranks seen; 2, positions stored as their ranks, found again in rank-index.ts.
  const ranked = load<i32>(at, 12) != 0;
  const byRank = load<i32>(at, 12) == 2;
  const nodeWork = <f64>load<i32>(at, 16);
  const successorWork = <f64>load<i32>(at, 20);
  const insertWork = <f64>load<i32>(at, 24);
  const limit = load<i32>(at, 28);
  const indexBits = load<i32>(at, 32);
  const initialCapacity = load<i32>(at, 36);
  const alternating = load<i32>(at, 40) != 0;
  const commuteKeys = <usize>load<u32>(at, 44);
  const shapeKinds = <usize>load<u32>(at, 48);
  const quads = <usize>load<u32>(at, 52);
  const start = <usize>load<u32>(at, 76);
  // Best-first: per class and cell, the piece's part of the bound (heuristic.ts `pieceCosts`); 0 for breadth-first.
  const costs = <usize>load<u32>(at, 80);
  const bestFirst = costs != 0;
  const K = classes;

  const cur = reserve(K << 3);
  const mir = reserve(K << 3);
  const classRanks = reserve(K << 3);
  if (ranked) useRanks(<usize>load<u32>(at, 56), <usize>load<u32>(at, 60), load<i32>(at, 64), load<i32>(at, 68), load<i32>(at, 72), load<i32>(at, 84), start);
  newTable(K, 8, limit, indexBits, initialCapacity, byRank);
  beginResult(startWork);

  const startEmpty = maskAt(start, K);
  const startHash = load<i32>(start + ((<usize>K + 1) << 3));
  if (byRank) appendRank(rankOfPosition(start, K, startEmpty), -1, 0);
  else insertAt(probe(startHash, start), start, 0, maskAt(start, 0), startEmpty, startHash, load<i32>(start + ((<usize>K + 1) << 3) + 4), -1, 0);
  if (ranked && !byRank) {
    dropIndex();
    markRank(rankOfPosition(start, K, startEmpty));
    if (fold) markRank(rankOfPosition(mir, K, mirrorPosition(start, startEmpty, mir)));
  }
  const goalBit = bit(goalCell);
  const drawn = targetCount() > 0;
  if (drawn ? targetsMet64(start, -1, 0) : (maskAt(start, 0) & goalBit) != 0) {
    foundSolved(0);
    if (stopAtGoal) {
      pushLayer(0);
      pushLayer(1);
      proveBound(0);
      return;
    }
  }
  beginLoop(startWork, nodeWork, successorWork, insertWork, alternating, bestFirst);
  if (byRank) {
    // At most every piece to every cell: room for any position's successors.
    pending = reserve(cells * cells * <i32>PENDING_BYTES);
    pendingCount = 0;
    // The set starts with the records so far: the start's rank.
    newRankIndex(load<i32>(at, 88));
  }
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
    let empty: u64;
    let hash = 0;
    let mirrorHash = 0;
    if (byRank) empty = unrankInto(load<i64>(rec), cur, cells, classRanks);
    else {
      memory.copy(cur, rec, (<usize>K) << 3);
      empty = maskAt(rec, K);
      hash = load<i32>(rec + ((<usize>K + 1) << 3));
      mirrorHash = load<i32>(rec + ((<usize>K + 1) << 3) + 4);
    }
    const solvedHere = drawn ? targetsMet64(cur, -1, 0) : (maskAt(cur, 0) & goalBit) != 0;
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
    let stepCells: u64 = 0;
    if (commuteKeys != 0 && movedCell >= 0) {
      const from = taggedOrigin(tag);
      let moved = 0;
      while ((maskAt(cur, moved) & bit(movedCell)) == 0) moved++;
      stepCells = cover(moved, movedCell) | cover(moved, from);
      stepKey = load<i32>(commuteKeys + ((<usize>(moved * cells + from)) << 2));
    }
    let mirrorEmpty: u64 = 0;
    let mirrorReady = false;
    let emptyRank: i64 = 0;
    let baseRank: i64 = 0;
    if (byRank) baseRank = load<i64>(rec);
    else if (ranked) {
      emptyRank = rankOfCells(empty);
      baseRank = emptyRank * <i64>emptyStride;
      for (let c = 0; c < K; c++) {
        const s = classStride(c);
        if (s == 0) continue;
        const r = rankOfCells(maskAt(cur, c));
        store<i64>(classRanks + ((<usize>c) << 3), r);
        baseRank += r * s;
      }
    }
    // Only pieces next to an empty cell can move; in the move metric not the piece just moved.
    const near = around(empty);
    const skip: u64 = metric == MOVE && movedCell >= 0 ? ~bit(movedCell) : <u64>-1;
    for (let c = 0; c < K; c++) {
      // Shape kinds: 2 one cell, 1 up to four cells (fits by four shifts, `quads`), 0 larger.
      const kind = load<i32>(shapeKinds + ((<usize>c) << 2));
      const quad = quads + ((<usize>c) << 4);
      const o0 = <u64>load<i32>(quad);
      const o1 = <u64>load<i32>(quad, 4);
      const o2 = <u64>load<i32>(quad, 8);
      const o3 = <u64>load<i32>(quad, 12);
      const fitsAt = inBounds(c);
      let tops = maskAt(cur, c) & skip;
      if (kind != 0) tops &= near | (near >> o1) | (near >> o2) | (near >> o3);
      while (tops != 0) {
        const p = lowest(tops);
        tops &= tops - 1;
        const coverP = cover(c, p);
        if (kind == 0 && (coverP & near) == 0) continue;
        const free = empty | coverP;
        let fit: u64;
        if (kind == 2) fit = fitsAt & free;
        else if (kind == 1) fit = fitsAt & (free >> o0) & (free >> o1) & (free >> o2) & (free >> o3);
        else {
          fit = fitsAt;
          const end = offsetStart(c + 1);
          for (let i = offsetStart(c); i < end; i++) fit &= free >> (<u64>offset(i));
        }
        let targets = reach(p, fit & lane(c, p));
        while (targets != 0) {
          const q = lowest(targets);
          targets &= targets - 1;
          if (p == movedCell && knownFromParent(metric, width, p, tag, q)) continue;
          const coverQ = cover(c, q);
          if (commuteKeys != 0 && load<i32>(commuteKeys + ((<usize>(c * cells + p)) << 2)) < stepKey && (stepCells & (coverP | coverQ)) == 0) continue;
          successors++;
          const moved = bit(p) | bit(q);
          let added: i32;
          if (ranked) {
            // The successor's rank: its empty cells' and its class's change; a seen rank is a known position.
            const nextEmpty = empty ^ coverP ^ coverQ;
            let rank = emptyStride != 0 ? baseRank + (rankOfCells(nextEmpty) - emptyRank) * <i64>emptyStride : baseRank;
            const s = classStride(c);
            if (s != 0) rank += (rankOfCells(maskAt(cur, c) ^ moved) - load<i64>(classRanks + ((<usize>c) << 3))) * s;
            if (byRank) {
              // Probed after every successor of this position is ranked (`takePending`).
              const at = pending + (<usize>pendingCount) * PENDING_BYTES;
              store<i64>(at, rank);
              store<u64>(at, moved, 8);
              store<i32>(at, c, 16);
              store<i32>(at, moveTag(q, p), 20);
              pendingCount++;
              continue;
            }
            if (markRank(rank)) continue;
            if (fold) {
              // Its mirror image is the same position: marked seen, never stored.
              if (!mirrorReady) {
                mirrorEmpty = mirrorPosition(cur, empty, mir);
                mirrorReady = true;
              }
              const mp = mirrorOf(c, p);
              const mq = mirrorOf(c, q);
              const flip = bit(mp) | bit(mq);
              const mc = mir + ((<usize>c) << 3);
              store<u64>(mc, load<u64>(mc) ^ flip);
              markRank(rankOfPosition(mir, K, mirrorEmpty ^ cover(c, mp) ^ cover(c, mq)));
              store<u64>(mc, load<u64>(mc) ^ flip);
            }
            const h = hash ^ zobrist(c, p) ^ zobrist(c, q);
            const hm = mirrorHash ^ zobristMirror(c, p) ^ zobristMirror(c, q);
            added = append(cur, c, maskAt(cur, c) ^ moved, nextEmpty, h, hm, idx, moveTag(q, p));
          } else {
            const h = hash ^ zobrist(c, p) ^ zobrist(c, q);
            const hm = mirrorHash ^ zobristMirror(c, p) ^ zobristMirror(c, q);
            // The mirror image's cells are worked out only when it may be the key.
            let mp = 0;
            let mq = 0;
            let mirrorMoved: u64 = 0;
            let useMirror = false;
            if (fold && hm <= h) {
              mp = mirrorOf(c, p);
              mq = mirrorOf(c, q);
              mirrorMoved = bit(mp) | bit(mq);
              if (!mirrorReady) {
                mirrorEmpty = mirrorPosition(cur, empty, mir);
                mirrorReady = true;
              }
              useMirror = hm < h || mirrorBeforeSelf(cur, mir, c, moved, mirrorMoved);
            }
            // The move made in place on the stored orientation's masks for the probe, and undone after it.
            const src = useMirror ? mir : cur;
            const mc = src + ((<usize>c) << 3);
            const before = load<u64>(mc);
            const changed = before ^ (useMirror ? mirrorMoved : moved);
            const key = useMirror ? hm : h;
            store<u64>(mc, changed);
            const slot = probe(key, src);
            store<u64>(mc, before);
            if (slot < 0) {
              // Best-first: a position found again by a shorter way takes this one as its parent.
              const known = -slot - 1;
              if (bestFirst && g < openG(known) && openImprove(known, g, hHere - costOf(costs, c, p) + costOf(costs, c, q))) {
                store<i32>(parents + ((<usize>known) << 2), idx);
                store<u16>(tags + ((<usize>known) << 1), <u16>(useMirror ? moveTag(mq, mp) : moveTag(q, p)));
              }
              continue;
            }
            const nextEmpty = useMirror ? mirrorEmpty ^ cover(c, mp) ^ cover(c, mq) : empty ^ coverP ^ coverQ;
            added = insertAt(slot, src, c, changed, nextEmpty, key, useMirror ? h : hm, idx, useMirror ? moveTag(mq, mp) : moveTag(q, p));
          }
          if (added == -2) {
            if (bestFirst) proveBound(openF);
            halt(BUDGET_EXCEEDED);
            return;
          }
          if (bestFirst) openAdd(added, g, hHere - costOf(costs, c, p) + costOf(costs, c, q));
          // The goal piece is class 0; a folded key is solved exactly when its mirror is (the goal is symmetric).
          if (drawn ? targetsMet64(cur, c, moved) : c == 0 ? ((maskAt(cur, 0) ^ moved) & goalBit) != 0 : solvedHere) {
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
    }
    if (pendingCount > 0) {
      const why = takePending(idx, cur, drawn, goalBit, solvedHere, stopAtGoal);
      if (why >= 0) {
        halt(why);
        return;
      }
    }
  }
  finish();
}

/** A successor waiting for its probe: rank, moved cells, class, move tag. */
const PENDING_BYTES: usize = 24;
let pending: usize = 0;
let pendingCount = 0;
/** Where the read-ahead's loads go, so that they are not optimised away. */
let warmSink: i64 = 0;

/**
 * Probes and stores the successors of state `idx` (class masks at `cur`) that a search storing ranks has queued. Their
 * slots are read first in a short loop of independent loads, whose cache misses overlap, where probes one by one wait
 * for each. Returns a status to halt with, or -1.
 */
function takePending(idx: i32, cur: usize, drawn: bool, goalBit: u64, solvedHere: bool, stopAtGoal: bool): i32 {
  const n = pendingCount;
  pendingCount = 0;
  if (rankIndexFull()) return BUDGET_EXCEEDED;
  let sink: i64 = 0;
  for (let i = 0; i < n; i++) sink ^= peekRank(load<i64>(pending + (<usize>i) * PENDING_BYTES));
  warmSink ^= sink;
  for (let i = 0; i < n; i++) {
    const at = pending + (<usize>i) * PENDING_BYTES;
    const rank = load<i64>(at);
    if (rankSeen(rank)) {
      if (rankIndexFull()) return BUDGET_EXCEEDED;
      continue;
    }
    const added = appendRank(rank, idx, load<i32>(at, 20));
    if (added == -2) return BUDGET_EXCEEDED;
    const c = load<i32>(at, 16);
    const moved = load<u64>(at, 8);
    if (drawn ? targetsMet64(cur, c, moved) : c == 0 ? ((maskAt(cur, 0) ^ moved) & goalBit) != 0 : solvedHere) {
      foundSolved(added);
      if (stopAtGoal) return SOLVED;
    }
  }
  return -1;
}

@inline function costOf(costs: usize, c: i32, p: i32): i32 {
  return load<i32>(costs + ((<usize>(c * cells + p)) << 2));
}

/** The bound of a position (class masks at `at`): the sum of its pieces' costs. */
function startCost(at: usize, costs: usize): i32 {
  let sum = 0;
  for (let c = 0; c < classes; c++) {
    for (let tops = maskAt(at, c); tops != 0; tops &= tops - 1) sum += costOf(costs, c, lowest(tops));
  }
  return sum;
}
