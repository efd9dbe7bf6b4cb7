/**
 * IDA* on the engine's bitboards (boards of up to 128 cells): search/ida.ts of the TypeScript search, with the same
 * memory-lean transposition table (transposition.ts here). Depth-first, so it stores nothing per position but the
 * table's entries: what runs when a space outgrows the memory breadth-first search and A* would fill.
 *
 * The board is moved in place and moved back (ida-masks64.ts on 64-bit masks, ida-masks128.ts on 128-bit ones: the
 * only parts that depend on the masks' width). Table keys are the position or its mirror image, whichever comes first
 * (by hash, then masks), where mirror images fold. The bound is the sum of per-piece costs (heuristic.ts
 * `pieceCosts`), consistent, so it changes by a difference of two lookups a move.
 *
 * Resumable: a search stopped by its budget leaves a checkpoint (`idaCheckpoint`): the bound, the iteration, per depth
 * the index of the move being searched and the best bound its earlier moves returned, the table's counts and the trace
 * (a hash of every position expanded, in order). `idaContinue` resumes from it with this search's table still in
 * memory: exactly the positions the uninterrupted search would expand, in the same order. (Without that table a search
 * starts again: engine-ida.ts.) The stop falls on a position's entry, before it is counted, so none is counted twice.
 */
import { MOVE } from './board';
import { begin64, classes64, cost64, key64, list64, metric64, move64, solved64 } from './ida-masks64';
import { begin128, classes128, cost128, key128, list128, metric128, move128, solved128 } from './ida-masks128';
import { moves, newMoves } from './ida-moves';
import { IDA_BAD_CHECKPOINT, IDA_BUDGET_EXCEEDED, IDA_SOLVED, IDA_UNSOLVABLE, reportIda } from './ida-result';
import { reserve } from './memory';
import { spent, WORK_CHECK } from './result';
import { markExpanded, newTranspositionTable, ttBound, ttClaim, ttDepth, ttFind, ttForgetExpanded, ttIteration, ttLostOpen, ttOpen, ttSetBound, ttStamp } from './transposition';

const FOUND: i32 = -1;
const INFINITE: i32 = 0x7fffffff;
/** Deeper searches are reported as over budget (as search/ida.ts). */
const MAX_BOUND: i32 = 3000;
/** A checkpoint: depth, bound, iteration, open, lost open, trace; then (move index, best bound) per depth. */
const CHECKPOINT_FIELDS: i32 = 6;

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
/** The budget is spent: the search stops at the next position it enters. */
let stopping = false;
/** Stopped: the frames unwinding write the checkpoint. */
let aborted = false;
let badCheckpoint = false;
let bound: i32 = 0;
let iteration: i32 = 0;
let steps: i32 = 0;
/** A hash of the positions expanded, in order (resumed searches are checked against uninterrupted ones by it). */
let trace: i32 = 0;
let checkpoint: usize = 0;
/** Resuming: positions above this depth are re-entered along the checkpoint's moves (-1: not resuming). */
let replayDepth: i32 = -1;
let replayFrom: usize = 0;
/** Resuming with a table copied before the checkpoint (`idaContinueLate`): re-entered positions are put in the table. */
let replayClaims = false;

/**
 * Runs IDA* on 64-bit masks as the header at `header` describes (board.ts `readBoard`, then the fields `setup` and
 * ida-masks64.ts read), with `startWork` units of the budget already spent. ida-result.ts reports it.
 */
export function ida(header: usize, startWork: f64): void {
  wide = false;
  newMoves();
  setup(begin64(header), classes64() << 3, metric64());
  begin();
  run(startWork, false);
}

/** As `ida`, on 128-bit masks (board128.ts `readBoard128`, then ida-masks128.ts). */
export function ida128(header: usize, startWork: f64): void {
  wide = true;
  newMoves();
  setup(begin128(header), classes128() << 4, metric128());
  begin();
  run(startWork, false);
}

/**
 * Sets up a search as `ida`/`ida128` do (`wide`: 128-bit masks) without running it: its table's arrays are then
 * written over with a copy of a stopped search's (transposition.ts `ttRegion`), and `idaContinue` goes on from the
 * checkpoint the copy was taken at.
 */
export function idaPrepare(header: usize, wideBoard: bool): void {
  wide = wideBoard;
  newMoves();
  if (wide) setup(begin128(header), classes128() << 4, metric128());
  else setup(begin64(header), classes64() << 3, metric64());
}

/** Resumes the search that stopped last, from the checkpoint at `input` (a copy of its own), with its table. */
export function idaContinue(startWork: f64, input: usize): void {
  restore(input);
  replayClaims = false;
  run(startWork, true);
}

/**
 * Resumes the search from the checkpoint at `input` with a copy of its table taken some slices *before* that checkpoint
 * (written over the table after `idaPrepare`, its counts by `ttAdoptCounts`): nothing is searched again, the slices since
 * the copy only lose what they had added to the table. Every fact the copy holds is still true, so solutions stay
 * optimal; for the proof of unsolvability (every position ever seen expanded, none lost) the copy's expansions count as
 * open until done again, and the positions along the checkpoint's path, whose expansions the lost slices went on with,
 * are entered open (transposition.ts `ttForgetExpanded`).
 */
export function idaContinueLate(startWork: f64, input: usize): void {
  restore(input);
  ttForgetExpanded();
  replayClaims = true;
  run(startWork, true);
}

/** Where the last stopped search's checkpoint is (CHECKPOINT_FIELDS, then two i32 per depth). */
export function idaCheckpoint(): usize {
  return checkpoint;
}

/** The hash of the positions the last search expanded, in order, from the start of the search (resumed or not). */
export function idaTrace(): i32 {
  return trace;
}

/** Whether the last search stopped with a checkpoint (its budget spent), rather than ending. */
export function idaCheckpointed(): bool {
  return aborted && !badCheckpoint;
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

function setup(at: usize, bytes: i32, metric: i32): void {
  nodeWork = <f64>load<i32>(at, 8);
  const ttEntries = load<i32>(at, 20);
  keyBytes = <usize>bytes;
  skipSamePiece = metric == MOVE;
  keys = reserve((MAX_BOUND + 2) * bytes);
  path = reserve((MAX_BOUND + 2) << 3);
  checkpoint = reserve((CHECKPOINT_FIELDS + 2 * (MAX_BOUND + 2)) << 2);
  newTranspositionTable(bytes, ttEntries);
}

/** A search from the start: the first bound is the start's. */
function begin(): void {
  iteration = 0;
  bound = cost();
  trace = 0;
  replayDepth = -1;
}

/**
 * Takes up a checkpoint of the search whose table and board are still in memory (the table's counts are its own; the
 * checkpoint's are there to be checked by the caller).
 */
function restore(input: usize): void {
  replayDepth = load<i32>(input);
  bound = load<i32>(input, 4);
  iteration = load<i32>(input, 8);
  trace = load<i32>(input, 20);
  replayFrom = input + (<usize>CHECKPOINT_FIELDS << 2);
}

/** The iterations: the bound rises until a solution is found within it, nothing is left, or the budget is spent. */
function run(startWork: f64, resuming: bool): void {
  spentWork = startWork;
  nextCheck = startWork + WORK_CHECK;
  nodes = 0;
  stopping = false;
  aborted = false;
  badCheckpoint = false;
  steps = 0;
  for (let first = true; ; first = false) {
    // A resumed search goes on with the iteration it stopped in.
    if (!(first && resuming)) iteration = iteration == 0xffff ? 1 : iteration + 1;
    const result = search(0, -1, 0);
    if (badCheckpoint) {
      reportIda(IDA_BAD_CHECKPOINT, 0, path, nodes, bound, spentWork);
      return;
    }
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

/** Charges a position's work; every WORK_CHECK units asks the clock (true: stop at the next position entered). */
@inline function charge(): void {
  spentWork += nodeWork;
  if (spentWork >= nextCheck) {
    nextCheck = spentWork + WORK_CHECK;
    if (spent(nodes, bound, spentWork)) stopping = true;
  }
}

/** Stops at the entry of a position at depth g: the checkpoint's head (the frames above write their moves). */
function stopAt(g: i32): i32 {
  aborted = true;
  store<i32>(checkpoint, g);
  store<i32>(checkpoint, bound, 4);
  store<i32>(checkpoint, iteration, 8);
  store<i32>(checkpoint, ttOpen(), 12);
  store<i32>(checkpoint, ttLostOpen(), 16);
  store<i32>(checkpoint, trace, 20);
  return INFINITE;
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
 * (INFINITE when nothing is left). `lastTo`: where the previous move put its piece, or -1. Above a checkpoint's depth
 * (resuming) the position was entered before the stop: it is re-entered without being counted or tested, and its
 * moves taken up at the checkpoint's.
 */
function search(g: i32, lastTo: i32, sp: i32): i32 {
  const replaying = g < replayDepth;
  if (!replaying) {
    if (stopping) return stopAt(g);
    if (g == replayDepth) replayDepth = -1;
    nodes++;
    charge();
    if (wide ? solved128() : solved64()) {
      steps = g;
      return FOUND;
    }
  } else {
    spentWork += nodeWork;
  }
  const key = keys + (<usize>g) * keyBytes;
  const keyHash = keyInto(key);
  if (replaying && replayClaims) {
    // In the table, open, and stamped as the stop left it (in progress at depth g: cycles through the path are cut).
    let slot = ttFind(key, keyHash);
    if (slot < 0) slot = ttClaim(key, keyHash, iteration);
    if (ttIteration(slot) != iteration || ttDepth(slot) > g) ttStamp(slot, iteration, g);
  }
  // Re-entered positions are in the table as the stop left them (stamped: cycles through the path are still cut).
  if (!replaying) {
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
    trace = (trace ^ keyHash) * 0x01000193;
  }
  const end = wide ? list128(sp) : list64(sp);
  let best = INFINITE;
  let m = sp;
  if (replaying) {
    const at = replayFrom + ((<usize>g) << 3);
    const index = load<i32>(at);
    best = load<i32>(at, 4);
    m = sp + 3 * index;
    // A checkpoint not made by this search: a move that does not exist, or one that is never searched.
    if (index < 0 || m >= end || (skipSamePiece && load<i32>(moves + ((<usize>m) << 2), 4) == lastTo)) {
      badCheckpoint = true;
      aborted = true;
      return INFINITE;
    }
  }
  for (; m < end; m += 3) {
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
    if (aborted) {
      const at = checkpoint + ((<usize>(CHECKPOINT_FIELDS + 2 * g)) << 2);
      store<i32>(at, (m - sp) / 3);
      store<i32>(at, best, 4);
      return INFINITE;
    }
    if (f < best) best = f;
  }
  // The entry may have been evicted by the subtree: only a slot that still holds this position is updated.
  const still = ttFind(key, keyHash);
  if (still >= 0 && best != INFINITE) ttSetBound(still, min(MAX_BOUND, max(ttBound(still), best - g)));
  return best;
}
