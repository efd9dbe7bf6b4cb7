/**
 * IDA* over 64-bit bitboards (boards of up to 64 cells): search/ida.ts of the TypeScript search on the engine's masks,
 * with the same memory-lean transposition table (transposition.ts here). Depth-first, so it stores nothing per position
 * but the table's entries: what runs when a space outgrows the memory breadth-first search and A* would fill.
 *
 * The board is moved in place (class masks, empty cells, both Zobrist hashes and the bound, each updated by XORs or a
 * difference per move) and moved back. Table keys are the position or its mirror image, whichever comes first (by
 * hash, then masks), where mirror images fold. The bound is the sum of per-piece costs (heuristic.ts `pieceCosts`),
 * consistent, so it changes by a difference of two lookups a move.
 */
import {
  around, bit, cells, classes, cover, inBounds, lowest, metric, mirrorPosition, MOVE, offset, offsetStart, reach, readBoard, zobrist,
  zobristMirror,
} from './board';
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
let empty: u64 = 0;
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
let shapeKinds: usize = 0;
let quads: usize = 0;
let goalBit: u64 = 0;
let fold = false;
let nodeWork: f64 = 0;
let spentWork: f64 = 0;
let nextCheck: f64 = 0;
let nodes: i32 = 0;
let aborted = false;
let bound: i32 = 0;
let iteration: i32 = 0;

let steps: i32 = 0;

@inline function maskAt(at: usize, c: i32): u64 {
  return load<u64>(at + ((<usize>c) << 3));
}

@inline function costOf(c: i32, p: i32): i32 {
  return load<i32>(costs + ((<usize>(c * cells + p)) << 2));
}

/**
 * Runs IDA* as the header at `header` describes (board.ts `readBoard`, then the fields read below), with `startWork`
 * units of the budget already spent. ida-result.ts reports it.
 */
export function ida(header: usize, startWork: f64): void {
  const at = readBoard(header);
  fold = load<i32>(at) != 0;
  goalBit = bit(load<i32>(at, 4));
  nodeWork = <f64>load<i32>(at, 8);
  costs = <usize>load<u32>(at, 12);
  shapeKinds = <usize>load<u32>(at, 16);
  quads = <usize>load<u32>(at, 20);
  const start = <usize>load<u32>(at, 24);
  const ttEntries = load<i32>(at, 28);
  const K = classes;

  cur = reserve(K << 3);
  mir = reserve(K << 3);
  keys = reserve((MAX_BOUND + 2) * (K << 3));
  path = reserve((MAX_BOUND + 2) << 3);
  moveCapacity = 3 * 4096;
  moves = reserve(moveCapacity << 2);
  newTranspositionTable(K << 3, ttEntries);

  memory.copy(cur, start, (<usize>K) << 3);
  let taken: u64 = 0;
  hash = 0;
  mirrorHash = 0;
  cost = 0;
  for (let c = 0; c < K; c++) {
    for (let tops = maskAt(cur, c); tops != 0; tops &= tops - 1) {
      const p = lowest(tops);
      taken |= cover(c, p);
      hash ^= zobrist(c, p);
      mirrorHash ^= zobristMirror(c, p);
      cost += costOf(c, p);
    }
  }
  empty = ~taken & (cells == 64 ? <u64>-1 : (bit(cells) - 1));
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
      for (let j = 0; j < K; j++) {
        const a = maskAt(cur, j);
        const b = maskAt(mir, j);
        if (a == b) continue;
        useMirror = <u32>a != <u32>b ? <u32>b < <u32>a : <u32>(b >> 32) < <u32>(a >> 32);
        break;
      }
    }
    if (useMirror) {
      for (let j = 0; j < K; j++) store<u64>(out + ((<usize>j) << 3), maskAt(mir, j));
      return mirrorHash;
    }
  }
  for (let j = 0; j < K; j++) store<u64>(out + ((<usize>j) << 3), maskAt(cur, j));
  return hash;
}

/** Moves the class-c piece at p to q (or back, q to p: the same XORs), with the hashes and the bound. */
@inline function move(c: i32, p: i32, q: i32): void {
  const m = cur + ((<usize>c) << 3);
  store<u64>(m, load<u64>(m) ^ bit(p) ^ bit(q));
  empty ^= cover(c, p) ^ cover(c, q);
  hash ^= zobrist(c, p) ^ zobrist(c, q);
  mirrorHash ^= zobristMirror(c, p) ^ zobristMirror(c, q);
  cost += costOf(c, q) - costOf(c, p);
}

/** Lists the position's moves on the stack from `sp`; returns the new end. */
function listMoves(sp: i32): i32 {
  let end = sp;
  const near = around(empty);
  for (let c = 0; c < classes; c++) {
    // Shape kinds: 2 one cell, 1 up to four cells (fits by four shifts, `quads`), 0 larger (as search.ts).
    const kind = load<i32>(shapeKinds + ((<usize>c) << 2));
    const quad = quads + ((<usize>c) << 4);
    const o0 = <u64>load<i32>(quad);
    const o1 = <u64>load<i32>(quad, 4);
    const o2 = <u64>load<i32>(quad, 8);
    const o3 = <u64>load<i32>(quad, 12);
    const fitsAt = inBounds(c);
    let tops = maskAt(cur, c);
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
        const last = offsetStart(c + 1);
        for (let i = offsetStart(c); i < last; i++) fit &= free >> (<u64>offset(i));
      }
      for (let targets = reach(p, fit); targets != 0; targets &= targets - 1) {
        if (end + 3 > moveCapacity) growMoves();
        const entry = moves + ((<usize>end) << 2);
        store<i32>(entry, c);
        store<i32>(entry, p, 4);
        store<i32>(entry, lowest(targets), 8);
        end += 3;
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
  const key = keys + (<usize>(g + 1)) * ((<usize>classes) << 3);
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
  if ((maskAt(cur, 0) & goalBit) != 0) {
    steps = g;
    return FOUND;
  }
  const key = keys + (<usize>g) * ((<usize>classes) << 3);
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
