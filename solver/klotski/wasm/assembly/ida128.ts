/**
 * IDA* over 128-bit bitboards (boards of 65 to 128 cells): ida.ts with every mask one v128 (board128.ts), as
 * search128.ts is search.ts.
 */
import {
  around, bit, cells, classes, cover, high, inBounds, isEmpty, low, metric, mirrorPosition, offset, offsetStart, reach, readBoard128, shiftDown,
  zobrist, zobristMirror,
} from './board128';
import { MOVE } from './board';
import { reserve } from './memory';
import { IDA_BUDGET_EXCEEDED, IDA_SOLVED, IDA_UNSOLVABLE, reportIda } from './ida-result';
import { spent, WORK_CHECK } from './result';
import { markExpanded, newTranspositionTable, ttBound, ttClaim, ttDepth, ttFind, ttIteration, ttLostOpen, ttOpen, ttSetBound, ttStamp } from './transposition';

const FOUND: i32 = -1;
const INFINITE: i32 = 0x7fffffff;
/** Deeper searches are reported as over budget (as search/ida.ts). */
const MAX_BOUND: i32 = 3000;


/** The position being searched: class masks (K × u64) and empty cells; its hashes and bound. */
let cur: usize = 0;
let empty: v128 = i64x2(0, 0);
let hash: i32 = 0;
let mirrorHash: i32 = 0;
let cost: i32 = 0;
/** Scratch for the mirror image, and per depth the key a position was stored under (K × u64 each). */
let mir: usize = 0;
let keys: usize = 0;
/** Moves waiting at each depth: (class, from, to), three i32 each, a stack shared by all depths. */
let moves: usize = 0;
let moveCapacity: i32 = 0;
/** The moves from the start to the position being searched: (from, to) per depth. */
let path: usize = 0;

let costs: usize = 0;
let goalBit: v128 = i64x2(0, 0);
let fold = false;
let nodeWork: f64 = 0;
let spentWork: f64 = 0;
let nextCheck: f64 = 0;
let nodes: i32 = 0;
let aborted = false;
let bound: i32 = 0;
let iteration: i32 = 0;

let steps: i32 = 0;

@inline function maskAt(at: usize, c: i32): v128 {
  return v128.load(at + ((<usize>c) << 4));
}

@inline function costOf(c: i32, p: i32): i32 {
  return load<i32>(costs + ((<usize>(c * cells + p)) << 2));
}

/**
 * Runs IDA* as the header at `header` describes (board128.ts `readBoard128`, then the fields read below), with `startWork`
 * units of the budget already spent. ida-result.ts reports it.
 */
export function ida128(header: usize, startWork: f64): void {
  const at = readBoard128(header);
  fold = load<i32>(at) != 0;
  goalBit = bit(load<i32>(at, 4));
  nodeWork = <f64>load<i32>(at, 8);
  costs = <usize>load<u32>(at, 12);
  const start = <usize>load<u32>(at, 16);
  const ttEntries = load<i32>(at, 20);
  const K = classes;

  cur = reserve(K << 4);
  mir = reserve(K << 4);
  keys = reserve((MAX_BOUND + 2) * (K << 4));
  path = reserve((MAX_BOUND + 2) << 3);
  moveCapacity = 3 * 4096;
  moves = reserve(moveCapacity << 2);
  newTranspositionTable(K << 4, ttEntries);

  memory.copy(cur, start, (<usize>K) << 4);
  let taken = i64x2(0, 0);
  hash = 0;
  mirrorHash = 0;
  cost = 0;
  for (let c = 0; c < K; c++) {
    const m = maskAt(cur, c);
    for (let half = 0; half < 2; half++) {
      for (let tops = half == 0 ? low(m) : high(m); tops != 0; tops &= tops - 1) {
        const p = (half << 6) + <i32>ctz(tops);
        taken = v128.or(taken, cover(c, p));
        hash ^= zobrist(c, p);
        mirrorHash ^= zobristMirror(c, p);
        cost += costOf(c, p);
      }
    }
  }
  let all = i64x2(0, 0);
  for (let p = 0; p < cells; p++) all = v128.or(all, bit(p));
  empty = v128.andnot(all, taken);
  spentWork = startWork;
  nextCheck = startWork + WORK_CHECK;
  nodes = 0;
  aborted = false;
  steps = 0;
  iteration = 0;
  bound = cost;
  for (;;) {
    iteration = iteration == 0xffff ? 1 : iteration + 1;
    const result = search(0, -1, 0);
    if (result == FOUND) {
      reportIda(IDA_SOLVED, steps, path, nodes, steps, spentWork);
      return;
    }
    if (aborted) break;
    if ((ttOpen() == 0 && ttLostOpen() == 0) || result == INFINITE) {
      reportIda(IDA_UNSOLVABLE, 0, path, nodes, bound, spentWork);
      return;
    }
    if (result > MAX_BOUND) break;
    // Nothing within the bound solves it; skipped children may report bounds ≤ the current one, so step past it.
    bound = max(result, bound + 1);
  }
  reportIda(IDA_BUDGET_EXCEEDED, 0, path, nodes, bound, spentWork);
}

/** Charges a position's work; every WORK_CHECK units asks the clock (true: stop). */
@inline function charge(): void {
  spentWork += nodeWork;
  if (spentWork >= nextCheck) {
    nextCheck = spentWork + WORK_CHECK;
    if (spent(nodes, bound, spentWork)) aborted = true;
  }
}

/**
 * Writes the current position's table key to `out` (the position or its mirror image, whichever comes first by hash,
 * then by masks, where mirror images fold) and returns its hash.
 */
function keyInto(out: usize): i32 {
  const K = classes;
  if (fold && mirrorHash <= hash) {
    mirrorPosition(cur, empty, mir);
    let useMirror = mirrorHash < hash;
    if (!useMirror) {
      // Word by word, the lowest 32-bit word first.
      for (let j = 0; j < K && !useMirror; j++) {
        const a = maskAt(cur, j);
        const b = maskAt(mir, j);
        const la = low(a);
        const lb = low(b);
        const ha = high(a);
        const hb = high(b);
        if (la == lb && ha == hb) continue;
        if (<u32>la != <u32>lb) useMirror = <u32>lb < <u32>la;
        else if (<u32>(la >> 32) != <u32>(lb >> 32)) useMirror = <u32>(lb >> 32) < <u32>(la >> 32);
        else if (<u32>ha != <u32>hb) useMirror = <u32>hb < <u32>ha;
        else useMirror = <u32>(hb >> 32) < <u32>(ha >> 32);
        break;
      }
    }
    if (useMirror) {
      for (let j = 0; j < K; j++) v128.store(out + ((<usize>j) << 4), maskAt(mir, j));
      return mirrorHash;
    }
  }
  for (let j = 0; j < K; j++) v128.store(out + ((<usize>j) << 4), maskAt(cur, j));
  return hash;
}

/** Moves the class-c piece at p to q (or back, q to p: the same XORs), with the hashes and the bound. */
@inline function move(c: i32, p: i32, q: i32): void {
  const m = cur + ((<usize>c) << 4);
  v128.store(m, v128.xor(v128.load(m), v128.xor(bit(p), bit(q))));
  empty = v128.xor(empty, v128.xor(cover(c, p), cover(c, q)));
  hash ^= zobrist(c, p) ^ zobrist(c, q);
  mirrorHash ^= zobristMirror(c, p) ^ zobristMirror(c, q);
  cost += costOf(c, q) - costOf(c, p);
}

/** Lists the position's moves on the stack from `sp`; returns the new end (search128.ts's generation). */
function listMoves(sp: i32): i32 {
  let end = sp;
  const near = around(empty);
  for (let c = 0; c < classes; c++) {
    const firstOffset = offsetStart(c);
    const last = offsetStart(c + 1);
    let touching = near;
    for (let i = firstOffset + 1; i < last; i++) touching = v128.or(touching, shiftDown(near, offset(i)));
    const tops = v128.and(maskAt(cur, c), touching);
    const fitsAt = inBounds(c);
    for (let half = 0; half < 2; half++) {
      for (let topBits = half == 0 ? low(tops) : high(tops); topBits != 0; topBits &= topBits - 1) {
        const p = (half << 6) + <i32>ctz(topBits);
        const free = v128.or(empty, cover(c, p));
        let fit = fitsAt;
        for (let i = firstOffset; i < last; i++) fit = v128.and(fit, shiftDown(free, offset(i)));
        const targets = reach(p, fit);
        for (let targetHalf = 0; targetHalf < 2; targetHalf++) {
          for (let qBits = targetHalf == 0 ? low(targets) : high(targets); qBits != 0; qBits &= qBits - 1) {
            if (end + 3 > moveCapacity) growMoves();
            const entry = moves + ((<usize>end) << 2);
            store<i32>(entry, c);
            store<i32>(entry, p, 4);
            store<i32>(entry, (targetHalf << 6) + <i32>ctz(qBits), 8);
            end += 3;
          }
        }
      }
    }
  }
  return end;
}

function growMoves(): void {
  const more = reserve(moveCapacity << 3);
  memory.copy(more, moves, (<usize>moveCapacity) << 2);
  moves = more;
  moveCapacity *= 2;
}

/**
 * The bound of a child not searched (in the move metric, the piece just moved moving again): its bound and stored
 * bound, without expanding it. The move is made.
 */
function childBound(g: i32): i32 {
  charge();
  const key = keys + (<usize>(g + 1)) * ((<usize>classes) << 4);
  const slot = ttFind(key, keyInto(key));
  return g + 1 + (slot >= 0 ? max(cost, ttBound(slot)) : cost);
}

/**
 * Searches the current position at depth g within `bound`: FOUND, or the least f beyond the bound seen under it
 * (INFINITE when nothing is left). `lastTo`: where the previous move put its piece, or -1.
 */
function search(g: i32, lastTo: i32, sp: i32): i32 {
  nodes++;
  charge();
  if (aborted) return INFINITE;
  if (!isEmpty(v128.and(maskAt(cur, 0), goalBit))) {
    steps = g;
    return FOUND;
  }
  const key = keys + (<usize>g) * ((<usize>classes) << 4);
  const keyHash = keyInto(key);
  let slot = ttFind(key, keyHash);
  let h = cost;
  if (slot >= 0) {
    h = max(h, ttBound(slot));
    // Expanded at a depth ≤ g in this iteration and not solved there (or in progress: a cycle): no solution within
    // the bound passes through it from here.
    if (ttIteration(slot) == iteration && ttDepth(slot) <= g) return max(g + h, bound + 1);
  } else {
    slot = ttClaim(key, keyHash, iteration);
  }
  if (g + h > bound) {
    ttSetBound(slot, max(ttBound(slot), min(MAX_BOUND, h)));
    return g + h;
  }
  ttStamp(slot, iteration, g);
  markExpanded(slot);
  const end = listMoves(sp);
  let best = INFINITE;
  for (let m = sp; m < end; m += 3) {
    const entry = moves + ((<usize>m) << 2);
    const c = load<i32>(entry);
    const p = load<i32>(entry, 4);
    const q = load<i32>(entry, 8);
    move(c, p, q);
    let f: i32;
    if (metric == MOVE && p == lastTo) {
      f = childBound(g);
    } else {
      store<i32>(path + ((<usize>g) << 3), p);
      store<i32>(path + ((<usize>g) << 3), q, 4);
      f = search(g + 1, q, end);
      if (f == FOUND) {
        move(c, q, p);
        return FOUND;
      }
    }
    move(c, q, p);
    if (f < best) best = f;
    if (aborted) return INFINITE;
  }
  // The entry may have been evicted by the subtree: only a slot that still holds this position is updated.
  const still = ttFind(key, keyHash);
  if (still >= 0 && best != INFINITE) ttSetBound(still, min(MAX_BOUND, max(ttBound(still), best - g)));
  return best;
}
