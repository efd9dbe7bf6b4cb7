/**
 * Breadth-first search over bitboard positions (boards of up to 32 cells). The table of packed positions is the
 * queue. A stored position is its class masks, then its empty cells and its Zobrist hashes (its own and its mirror
 * image's), so expanding it decodes nothing: a successor's masks, empty cells and both hashes each change by XORs.
 * With mirror folding, a position is stored in the orientation whose hash is smaller (ties broken by the masks), so
 * choosing the orientation costs one compare; the mirror image's masks are computed only when it wins.
 *
 * Given per-piece costs (`ExploreOptions.costs`) the same search runs best-first (A*): positions come from an open
 * list by moves so far plus the bound (open-list.ts) instead of in table order; everything else is shared.
 */
import { bitCount, fitting, hashOf, mirrorCells, mirrorPosition, mirrorTops, occupied, type Bitboard } from './bitboard.ts';
import { Frontier, layersAlternate, type Exploration, type ExploreOptions } from '../exploration.ts';
import type { Metric } from '../../../shared/metric.ts';
import { freshAxes, metricCode, MOVE, moveTag, STEP, stepKeys, STRAIGHT, taggedCell, taggedOrigin } from '../move-tags.ts';
import { markRank, rankOfCells, rankOfPosition, rankSetFor, type RankSet } from '../rank-set.ts';
import { StateTable } from '../state-table.ts';

/** Words per stored position: the class masks, then empty cells, hash, mirror image's hash. */
export function bitboardWords(board: Bitboard): number {
  return board.classes + 3;
}

/**
 * The top-left cells a piece of class c at p can reach in one move of `metric`, as a mask: a flood (move), runs in
 * each direction (straight) or the four neighbours (step), inside the cells where its shape fits in `empty` plus its
 * own cells.
 */
export function reachOf(board: Bitboard, c: number, p: number, empty: number, metric: Metric): number {
  const fits = fitting(board, c, empty | board.cover[c * board.cells + p]!);
  return reachIn(fits, p, metricCode(metric), board.width, board.notFirstColumn, board.notLastColumn);
}

/**
 * As `reachOf`, given the cells where the shape fits (`fits`) and the metric's code; `left`/`right`: the cells that
 * may move so. In the straight metric `axes` picks the runs: 1 across, 2 up and down, 3 both.
 */
function reachIn(fits: number, p: number, code: number, width: number, left: number, right: number, axes = 3): number {
  const from = 1 << p;
  if (code === MOVE) {
    let seen = from;
    let frontier = from;
    for (;;) {
      const next = (((frontier & right) << 1) | ((frontier & left) >>> 1) | (frontier >>> width) | (frontier << width)) & fits & ~seen;
      if (next === 0) return seen & ~from;
      seen |= next;
      frontier = next;
    }
  }
  if (code === STEP) return (((from & right) << 1) | ((from & left) >>> 1) | (from >>> width) | (from << width)) & fits;
  let out = 0;
  if (axes & 1) {
    for (let x = from; (x = ((x & right) << 1) & fits) !== 0; ) out |= x;
    for (let x = from; (x = ((x & left) >>> 1) & fits) !== 0; ) out |= x;
  }
  if (axes & 2) {
    for (let x = from; (x = (x >>> width) & fits) !== 0; ) out |= x;
    for (let x = from; (x = (x << width) & fits) !== 0; ) out |= x;
  }
  return out;
}

/** Writes the stored form of a position (class masks; the orientation the table keeps when folding) into `out`. */
export function storedForm(board: Bitboard, position: ArrayLike<number>, fold: boolean, out: Uint32Array): void {
  const K = board.classes;
  const mirrored = new Int32Array(K);
  let occ = 0;
  for (let c = 0; c < K; c++) {
    occ |= occupied(board, c, position[c]! | 0);
    mirrored[c] = mirrorTops(board, c, position[c]! | 0);
  }
  const empty = board.full & ~occ;
  const h = hashOf(board, position, board.zobrist);
  const hm = hashOf(board, position, board.zobristMirror);
  const useMirror = fold && (hm < h || (hm === h && lexLess(mirrored, position, K)));
  for (let c = 0; c < K; c++) out[c] = useMirror ? mirrored[c]! : position[c]!;
  out[K] = useMirror ? mirrorCells(board, empty) : empty;
  out[K + 1] = useMirror ? hm : h;
  out[K + 2] = useMirror ? h : hm;
}

function lexLess(a: ArrayLike<number>, b: ArrayLike<number>, n: number): boolean {
  for (let w = 0; w < n; w++) {
    const x = a[w]! >>> 0;
    const y = b[w]! >>> 0;
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * Work in the budget's units (≈ 10 ns each) per expanded position, per successor probed and per position stored (a
 * board whose expansions find many new positions costs more). Calibrated with npm run bench:edge, whose costliest
 * inputs must stay at or under about 4 ms warm at the edge budget.
 */
export function bitboardWork(board: Bitboard): { nodeWork: number; successorWork: number; insertWork: number } {
  return { nodeWork: 4 + board.classes, successorWork: 4 + board.classes, insertWork: 4 + board.classes };
}

export function bitboardExplore(board: Bitboard, options: ExploreOptions): Exploration {
  // Breadth-first search on a board whose positions rank into a small range keeps a bitmap of ranks instead of the
  // hash index (rank-set.ts), and stores positions as found: it marks each one's mirror image seen instead of folding.
  const bestFirst = options.stopAtGoal && !!options.costs;
  const ranks = bestFirst ? null : rankSetFor(board.cells, pairsOf(board.start), board.classes, board.filler, emptyCount(board));
  const run = bitboardSearch(board, options, ranks);
  return ranks ? { ...run, storedAsFound: true } : run;
}

/** One-word masks as lo/hi pairs (hi 0), as rank-set.ts reads them. */
function pairsOf(masks: Int32Array): Int32Array {
  const pairs = new Int32Array(2 * masks.length);
  for (let c = 0; c < masks.length; c++) pairs[2 * c] = masks[c]!;
  return pairs;
}

/** How many cells are empty (the same in every position). */
function emptyCount(board: Bitboard): number {
  let occ = 0;
  for (let c = 0; c < board.classes; c++) occ |= occupied(board, c, board.start[c]!);
  return bitCount(board.full & ~occ);
}

function bitboardSearch(board: Bitboard, options: ExploreOptions, ranks: RankSet | null): Exploration {
  const { metric, clock } = options;
  const fold = options.fold && board.mirrorable;
  const K = board.classes;
  const words = bitboardWords(board);
  const { cells, touch, cover, mirror, zobrist, zobristMirror, goalCell } = board;
  const { nodeWork, successorWork, insertWork } = bitboardWork(board);
  const maxStates = Math.min(options.maxStates, clock.entriesWithin(successorWork + insertWork));
  const table = new StateTable(words, maxStates, Math.min(options.expectedStates ?? 1024, 1 << 10, maxStates));
  const cur = new Int32Array(K);
  const mir = new Int32Array(K);
  const next = new Uint32Array(words);
  const goalBit = 1 << goalCell;
  const { inBounds, offsets, offsetStart, width, notFirstColumn: left, notLastColumn: right } = board;
  // Shapes of up to four cells test their fit with four shifts (missing offsets repeat the first).
  const small = new Uint8Array(K);
  const quad = new Int32Array(4 * K);
  for (let c = 0; c < K; c++) {
    const n = offsetStart[c + 1]! - offsetStart[c]!;
    small[c] = n <= 4 ? 1 : 0;
    for (let i = 0; i < 4; i++) quad[4 * c + i] = offsets[offsetStart[c]! + (i < n ? i : 0)]!;
  }
  const code = metricCode(metric);
  // Breadth-first search in the step metric skips one of each pair of steps that commute (move-tags.ts).
  const commuteKeys = code === STEP && !(options.stopAtGoal && options.costs) ? stepKeys(width, cells, K, offsets, offsetStart) : null;

  storedForm(board, board.start, fold && !ranks, next);
  table.addHashed(next, 0, next[K + 1]!, -1);
  // Searching by rank: the position's and its mirror image's masks as lo/hi pairs, and each class's rank.
  const pairs = new Int32Array(2 * K);
  const mirrorPairs = new Int32Array(2 * K);
  const classRank = new Int32Array(K);
  if (ranks) {
    table.dropIndex();
    for (let c = 0; c < K; c++) pairs[2 * c] = next[c]! | 0;
    markRank(ranks, rankOfPosition(ranks, pairs, next[K]! | 0, 0));
    if (fold) {
      for (let c = 0; c < K; c++) cur[c] = next[c]! | 0;
      const mirrorEmpty = mirrorPosition(board, cur, next[K]! | 0, mir);
      for (let c = 0; c < K; c++) mirrorPairs[2 * c] = mir[c]!;
      markRank(ranks, rankOfPosition(ranks, mirrorPairs, mirrorEmpty, 0));
    }
  }
  const startSolved = (board.start[0]! & goalBit) !== 0;
  let solvedCount = startSolved ? 1 : 0;
  let goalIndex = startSolved ? 0 : -1;
  if (startSolved && options.stopAtGoal) return { status: 'solved', table, layerStarts: [0, 1], goalIndex: 0, solvedCount, nodes: 0, lowerBound: 0 };
  // Best-first: per-piece costs by bitboard class (class c is the puzzle's class c + 1).
  const costs = options.stopAtGoal && options.costs ? options.costs.subarray(cells) : null;
  const frontier = new Frontier(table, clock, maxStates, costs ? positionCost(costs, board.start, K, cells) : null, layersAlternate(metric, fold, board));
  const { open, layerStarts } = frontier;
  let nodes = 0;
  let successors = 0;
  // Positions stored so far that the clock has been charged for.
  let charged = 1;
  for (let idx = frontier.next(); idx >= 0; idx = frontier.next()) {
    if (clock.charge(nodeWork + successors * successorWork + (table.size - charged) * insertWork, nodes)) {
      return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
    }
    successors = 0;
    charged = table.size;
    nodes++;
    const keys = table.keys;
    const at = idx * words;
    for (let c = 0; c < K; c++) cur[c] = keys[at + c]! | 0;
    const empty = keys[at + K]! | 0;
    const hash = keys[at + K + 1]! | 0;
    const mirrorHash = keys[at + K + 2]! | 0;
    const solvedHere = (cur[0]! & goalBit) !== 0;
    // Best-first: a goal queued rather than taken at once (see below) is taken when it comes up.
    if (open && solvedHere) return { status: 'solved', table, layerStarts, goalIndex: idx, solvedCount: 1, nodes, lowerBound: open.f };
    const g = open ? open.g(idx) + 1 : 0;
    const hHere = open ? open.f - g + 1 : 0;
    // The piece that made this position, and how: its moves that lead back to positions already found are skipped.
    const tag = table.tags[idx]!;
    const movedCell = taggedCell(tag);
    // The step that made this position: its key and its piece's cells, old and new.
    let stepKey = -1;
    let stepCells = 0;
    if (commuteKeys && movedCell >= 0) {
      const from = taggedOrigin(tag);
      let moved = 0;
      while ((cur[moved]! & (1 << movedCell)) === 0) moved++;
      stepCells = cover[moved * cells + movedCell]! | cover[moved * cells + from]!;
      stepKey = commuteKeys[moved * cells + from]!;
    }
    let mirrorEmpty = 0;
    let mirrorReady = false;
    let emptyRank = 0;
    let baseRank = 0;
    if (ranks) {
      emptyRank = rankOfCells(ranks, empty, 0);
      baseRank = emptyRank * ranks.emptyStride;
      for (let x = 0; x < K; x++) {
        if (ranks.strides[x] === 0) continue;
        classRank[x] = rankOfCells(ranks, cur[x]!, 0);
        baseRank += classRank[x]! * ranks.strides[x]!;
      }
    }
    // Cells next to an empty cell: only pieces covering one of them can move. In the move metric the piece just
    // moved is left out: every move of it lands one move from the parent.
    const nearEmpty = ((empty & right) << 1) | ((empty & left) >>> 1) | (empty >>> width) | (empty << width);
    const skip = code === MOVE && movedCell >= 0 ? ~(1 << movedCell) : -1;
    for (let c = 0; c < K; c++) {
      const base = c * cells;
      const o = 4 * c;
      let tops = cur[c]! & skip;
      tops &= small[c] ? nearEmpty | (nearEmpty >>> quad[o + 1]!) | (nearEmpty >>> quad[o + 2]!) | (nearEmpty >>> quad[o + 3]!) : -1;
      while (tops) {
        const p = 31 - Math.clz32(tops & -tops);
        tops &= tops - 1;
        if (!small[c] && (touch[base + p]! & empty) === 0) continue;
        const free = empty | cover[base + p]!;
        const fits = small[c] ? inBounds[c]! & (free >>> quad[o]!) & (free >>> quad[o + 1]!) & (free >>> quad[o + 2]!) & (free >>> quad[o + 3]!) : fitting(board, c, free);
        // The piece that made this position: straight slides along the axis it came by are known (move-tags.ts).
        const known = p === movedCell;
        let reach = reachIn(fits, p, code, width, left, right, known && code === STRAIGHT ? freshAxes(width, p, tag) : 3);
        while (reach) {
          const q = 31 - Math.clz32(reach & -reach);
          reach &= reach - 1;
          // The step back to the parent (move-tags.ts `knownFromParent`).
          if (known && code === STEP && q === taggedOrigin(tag)) continue;
          // A step that commutes with the one that made this position and comes first in key order: the position it
          // leads to is found from the parent's other successor (move-tags.ts).
          if (commuteKeys !== null && commuteKeys[base + p]! < stepKey && (stepCells & (cover[base + p]! | cover[base + q]!)) === 0) continue;
          successors++;
          const moved = (1 << p) | (1 << q);
          if (ranks) {
            // The successor's rank: its empty cells' and its class's change; a seen rank is a known position.
            const nextEmpty = empty ^ cover[base + p]! ^ cover[base + q]!;
            let rank = baseRank + (rankOfCells(ranks, nextEmpty, 0) - emptyRank) * ranks.emptyStride;
            const stride = ranks.strides[c]!;
            if (stride !== 0) rank += (rankOfCells(ranks, cur[c]! ^ moved, 0) - classRank[c]!) * stride;
            if (markRank(ranks, rank)) continue;
            if (fold) {
              // Its mirror image is the same position: marked seen, never stored.
              if (!mirrorReady) {
                mirrorEmpty = mirrorPosition(board, cur, empty, mir);
                for (let x = 0; x < K; x++) mirrorPairs[2 * x] = mir[x]!;
                mirrorReady = true;
              }
              const mp = mirror[base + p]!;
              const mq = mirror[base + q]!;
              mirrorPairs[2 * c] = mir[c]! ^ (1 << mp) ^ (1 << mq);
              markRank(ranks, rankOfPosition(ranks, mirrorPairs, mirrorEmpty ^ cover[base + mp]! ^ cover[base + mq]!, 0));
              mirrorPairs[2 * c] = mir[c]!;
            }
            for (let w = 0; w < K; w++) next[w] = cur[w]!;
            next[c] = cur[c]! ^ moved;
            next[K] = nextEmpty;
            const h = hash ^ zobrist[base + p]! ^ zobrist[base + q]!;
            next[K + 1] = h;
            next[K + 2] = mirrorHash ^ zobristMirror[base + p]! ^ zobristMirror[base + q]!;
            const added = table.append(next, 0, h, idx, moveTag(q, p));
            if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
            if (c === 0 ? ((cur[0]! ^ moved) & goalBit) !== 0 : solvedHere) {
              solvedCount++;
              if (goalIndex < 0) goalIndex = added;
              if (options.stopAtGoal) return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: layerStarts.length };
            }
            continue;
          }
          const h = hash ^ zobrist[base + p]! ^ zobrist[base + q]!;
          const hm = mirrorHash ^ zobristMirror[base + p]! ^ zobristMirror[base + q]!;
          let useMirror = false;
          if (fold && hm <= h) {
            if (!mirrorReady) {
              mirrorEmpty = mirrorPosition(board, cur, empty, mir);
              mirrorReady = true;
            }
            useMirror = hm < h || mirrorBeforeSelf(cur, mir, c, moved, (1 << mirror[base + p]!) | (1 << mirror[base + q]!), K);
          }
          const src = useMirror ? mir : cur;
          const before = src[c]!;
          const changed = useMirror ? before ^ (1 << mirror[base + p]!) ^ (1 << mirror[base + q]!) : before ^ moved;
          const key = useMirror ? hm : h;
          // The masks decide the rest of the key: the move is made in place for the probe and undone after it.
          src[c] = changed;
          const slot = table.probePrefix(key, src, K);
          src[c] = before;
          if (slot < 0) {
            // Best-first: a position found again by a shorter way takes this one as its parent.
            if (open && g < open.g(-slot - 1) && open.improve(-slot - 1, g, hHere - costs![base + p]! + costs![base + q]!)) {
              table.parents[-slot - 1] = idx;
              table.tags[-slot - 1] = useMirror ? moveTag(mirror[base + q]!, mirror[base + p]!) : moveTag(q, p);
            }
            continue;
          }
          for (let w = 0; w < K; w++) next[w] = src[w]!;
          next[c] = changed;
          if (useMirror) {
            const mp = mirror[base + p]!;
            const mq = mirror[base + q]!;
            next[K] = mirrorEmpty ^ cover[base + mp]! ^ cover[base + mq]!;
            next[K + 1] = hm;
            next[K + 2] = h;
          } else {
            next[K] = empty ^ cover[base + p]! ^ cover[base + q]!;
            next[K + 1] = h;
            next[K + 2] = hm;
          }
          const added = table.insertAt(slot, next, 0, key, idx, useMirror ? moveTag(mirror[base + q]!, mirror[base + p]!) : moveTag(q, p));
          if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
          if (open) open.add(added, g, hHere - costs![base + p]! + costs![base + q]!);
          // The goal piece is class 0; a folded key is solved exactly when its mirror is (the goal is symmetric).
          if (c === 0 ? ((cur[0]! ^ moved) & goalBit) !== 0 : solvedHere) {
            solvedCount++;
            if (goalIndex < 0) goalIndex = added;
            // Best-first: a goal at g is the nearest when every position of f below g has been expanded (always, for a
            // consistent bound); otherwise it waits in the queue for its turn.
            if (options.stopAtGoal && (!open || g <= open.f)) return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: open ? g : layerStarts.length };
          }
        }
      }
    }
  }
  layerStarts.push(table.size);
  return { status: goalIndex >= 0 ? 'solved' : 'exhausted', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: layerStarts.length };
}

/** The sum of the per-piece costs (by class, then cell) over a position's pieces. */
function positionCost(costs: Int16Array, position: ArrayLike<number>, K: number, cells: number): number {
  let sum = 0;
  for (let c = 0; c < K; c++) {
    for (let tops = position[c]! | 0; tops; tops &= tops - 1) sum += costs[c * cells + 31 - Math.clz32(tops & -tops)]!;
  }
  return sum;
}

/** With equal hashes: whether the successor's mirror image comes first in mask order (the tie-break of `storedForm`). */
function mirrorBeforeSelf(cur: Int32Array, mir: Int32Array, c: number, moved: number, mirrorMoved: number, K: number): boolean {
  for (let w = 0; w < K; w++) {
    const a = (w === c ? cur[w]! ^ moved : cur[w]!) >>> 0;
    const b = (w === c ? mir[w]! ^ mirrorMoved : mir[w]!) >>> 0;
    if (a !== b) return b < a;
  }
  return false;
}

/**
 * The moves (top-left from → to, in the start's orientation) along a path of stored positions from the start: at
 * each step, the move whose successor is stored as the next one.
 */
export function bitboardPairs(board: Bitboard, metric: Metric, fold: boolean, path: Uint32Array[]): Array<[number, number]> {
  const K = board.classes;
  const words = bitboardWords(board);
  const cur = Int32Array.from(board.start);
  const trial = new Int32Array(K);
  const stored = new Uint32Array(words);
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < path.length; i++) {
    const want = path[i]!;
    let occ = 0;
    for (let c = 0; c < K; c++) occ |= occupied(board, c, cur[c]!);
    const empty = board.full & ~occ;
    // A move's hashes change by two XORs each: only a move that gives the wanted hash (either way round) is checked.
    const h = hashOf(board, cur, board.zobrist);
    const hm = hashOf(board, cur, board.zobristMirror);
    const wanted = want[K + 1]! | 0;
    let found = false;
    for (let c = 0; c < K && !found; c++) {
      for (let tops = cur[c]!; tops && !found; tops &= tops - 1) {
        const p = 31 - Math.clz32(tops & -tops);
        for (let reach = reachOf(board, c, p, empty, metric); reach; reach &= reach - 1) {
          const q = 31 - Math.clz32(reach & -reach);
          const at = c * board.cells;
          if ((h ^ board.zobrist[at + p]! ^ board.zobrist[at + q]!) !== wanted && (hm ^ board.zobristMirror[at + p]! ^ board.zobristMirror[at + q]!) !== wanted) continue;
          trial.set(cur);
          trial[c] = cur[c]! ^ ((1 << p) | (1 << q));
          storedForm(board, trial, fold, stored);
          if (stored.every((v, w) => v === want[w])) {
            pairs.push([p, q]);
            cur.set(trial);
            found = true;
            break;
          }
        }
      }
    }
    if (!found) throw new Error(`internal: no move leads to step ${i} of the solution`);
  }
  return pairs;
}
