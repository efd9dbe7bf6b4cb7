/**
 * IDA* on the engine's bitboards (boards of up to 128 cells): search/ida.ts of the TypeScript search, with the same
 * memory-lean transposition table (transposition.ts here). Depth-first, so it stores nothing per position but the
 * table's entries: what runs when a space outgrows the memory breadth-first search and A* would fill.
 *
 * The board is moved in place and moved back (ida-masks64.ts on 64-bit masks, ida-masks128.ts on 128-bit ones: the
 * only parts that depend on the masks' width). Table keys are the position or its mirror image, whichever comes first
 * (by hash, then masks), where mirror images fold. The bound is the sum of per-piece costs (heuristic.ts
 * `pieceCosts`), consistent, so it changes by a difference of two lookups a move.
 */
import { MOVE } from './board';
import { begin64, classes64, cost64, key64, list64, metric64, move64, solved64 } from './ida-masks64';
import { begin128, classes128, cost128, key128, list128, metric128, move128, solved128 } from './ida-masks128';
import { moves, newMoves } from './ida-moves';
import { IDA_BUDGET_EXCEEDED, IDA_SOLVED, IDA_UNSOLVABLE, reportIda } from './ida-result';
import { reserve } from './memory';
import { spent, WORK_CHECK } from './result';
import { markExpanded, newTranspositionTable, ttBound, ttClaim, ttDepth, ttFind, ttIteration, ttLostOpen, ttOpen, ttSetBound, ttStamp } from './transposition';

const FOUND: i32 = -1;
const INFINITE: i32 = 0x7fffffff;
/** Deeper searches are reported as over budget (as search/ida.ts). */
const MAX_BOUND: i32 = 3000;

/** Whether the board is on 128-bit masks. */
let wide = false;
/** Bytes of a table key: the class masks. */
let keyBytes: usize = 0;
/** Per depth, the key a position was stored under. */
let keys: usize = 0;
/** The moves from the start to the position being searched: (from, to) per depth. */
let path: usize = 0;
/** The move metric: the piece just moved is not searched moving again (its bound is taken instead). */
let skipSamePiece = false;
let nodeWork: f64 = 0;
let spentWork: f64 = 0;
let nextCheck: f64 = 0;
let nodes: i32 = 0;
let aborted = false;
let bound: i32 = 0;
let iteration: i32 = 0;
let steps: i32 = 0;

/**
 * Runs IDA* on 64-bit masks as the header at `header` describes (board.ts `readBoard`, then the fields `run` and
 * ida-masks64.ts read), with `startWork` units of the budget already spent. ida-result.ts reports it.
 */
export function ida(header: usize, startWork: f64): void {
  wide = false;
  newMoves();
  const at = begin64(header);
  run(at, classes64() << 3, metric64(), startWork);
}

/** As `ida`, on 128-bit masks (board128.ts `readBoard128`, then ida-masks128.ts). */
export function ida128(header: usize, startWork: f64): void {
  wide = true;
  newMoves();
  const at = begin128(header);
  run(at, classes128() << 4, metric128(), startWork);
}

@inline function cost(): i32 {
  return wide ? cost128 : cost64;
}

@inline function keyInto(out: usize): i32 {
  return wide ? key128(out) : key64(out);
}

@inline function move(c: i32, p: i32, q: i32): void {
  if (wide) move128(c, p, q);
  else move64(c, p, q);
}

/** The iterations: the bound rises until a solution is found within it, nothing is left, or the budget is spent. */
function run(at: usize, bytes: i32, metric: i32, startWork: f64): void {
  nodeWork = <f64>load<i32>(at, 8);
  const ttEntries = load<i32>(at, 20);
  keyBytes = <usize>bytes;
  skipSamePiece = metric == MOVE;
  keys = reserve((MAX_BOUND + 2) * bytes);
  path = reserve((MAX_BOUND + 2) << 3);
  newTranspositionTable(bytes, ttEntries);
  spentWork = startWork;
  nextCheck = startWork + WORK_CHECK;
  nodes = 0;
  aborted = false;
  steps = 0;
  iteration = 0;
  bound = cost();
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
 * The bound of a child not searched (in the move metric, the piece just moved moving again): its bound and stored
 * bound, without expanding it. The move is made.
 */
function childBound(g: i32): i32 {
  charge();
  const key = keys + (<usize>(g + 1)) * keyBytes;
  const slot = ttFind(key, keyInto(key));
  const h = cost();
  return g + 1 + (slot >= 0 ? max(h, ttBound(slot)) : h);
}

/**
 * Searches the current position at depth g within `bound`: FOUND, or the least f beyond the bound seen under it
 * (INFINITE when nothing is left). `lastTo`: where the previous move put its piece, or -1.
 */
function search(g: i32, lastTo: i32, sp: i32): i32 {
  nodes++;
  charge();
  if (aborted) return INFINITE;
  if (wide ? solved128() : solved64()) {
    steps = g;
    return FOUND;
  }
  const key = keys + (<usize>g) * keyBytes;
  const keyHash = keyInto(key);
  let slot = ttFind(key, keyHash);
  let h = cost();
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
  const end = wide ? list128(sp) : list64(sp);
  let best = INFINITE;
  for (let m = sp; m < end; m += 3) {
    const entry = moves + ((<usize>m) << 2);
    const c = load<i32>(entry);
    const p = load<i32>(entry, 4);
    const q = load<i32>(entry, 8);
    move(c, p, q);
    let f: i32;
    if (skipSamePiece && p == lastTo) {
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
