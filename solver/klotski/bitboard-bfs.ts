/**
 * Breadth-first search over bitboard positions (boards of up to 32 cells): the table of packed positions is the
 * queue, moves are generated only for pieces that touch an empty cell, and a successor's key differs from its
 * parent's in two bits of one word (as does its mirror image's), so nothing is decoded or allocated per position.
 */
import { mirrorTops, occupied, type Bitboard } from './bitboard.ts';
import type { Exploration, ExploreOptions } from './bfs.ts';
import type { Metric } from './puzzle.ts';
import { StateTable } from './state-table.ts';

/**
 * Writes the top-left cells a piece of class c at p can reach in one move of `metric` into `out`; returns how many.
 * `empty` is the board's empty cells (the piece's own cells are added here).
 */
export function targetsOf(board: Bitboard, c: number, p: number, empty: number, metric: Metric, out: Int8Array): number {
  const { cells, need, delta } = board;
  const free = empty | board.cover[c * cells + p]!;
  let n = 0;
  if (metric === 'move') {
    // Flood over top-left cells; `out` doubles as the queue.
    let seen = 1 << p;
    let head = -1;
    let x = p;
    for (;;) {
      const base = (c * cells + x) * 4;
      for (let d = 0; d < 4; d++) {
        const m = need[base + d]!;
        if (m === 0 || (m & free) !== m) continue;
        const y = x + delta[d]!;
        if (seen & (1 << y)) continue;
        seen |= 1 << y;
        out[n++] = y;
      }
      if (++head >= n) return n;
      x = out[head]!;
    }
  }
  for (let d = 0; d < 4; d++) {
    let x = p;
    for (;;) {
      const m = need[(c * cells + x) * 4 + d]!;
      if (m === 0 || (m & free) !== m) break;
      x += delta[d]!;
      out[n++] = x;
      if (metric === 'step') break;
    }
  }
  return n;
}

/** Empty cells of the position `keys[at … at + classes)`. */
function emptyCells(board: Bitboard, keys: Int32Array | Uint32Array, at: number): number {
  let occ = 0;
  for (let c = 0; c < board.classes; c++) occ |= occupied(board, c, keys[at + c]! | 0);
  return board.full & ~occ;
}

/** Writes the key (and, when folding, its mirror's) after class c's piece moves p → q; returns the smaller into `out`. */
function successorKey(board: Bitboard, cur: Int32Array, mir: Int32Array, fold: boolean, c: number, p: number, q: number, out: Uint32Array): void {
  const K = board.classes;
  for (let w = 0; w < K; w++) out[w] = cur[w]!;
  out[c] = (cur[c]! ^ ((1 << p) | (1 << q))) >>> 0;
  if (!fold) return;
  const base = c * board.cells;
  const mc = (mir[c]! ^ ((1 << board.mirror[base + p]!) | (1 << board.mirror[base + q]!))) >>> 0;
  // Lexicographic order, word 0 first: keep the mirror image when it is smaller.
  for (let w = 0; w < K; w++) {
    const a = out[w]!;
    const b = w === c ? mc : mir[w]! >>> 0;
    if (a === b) continue;
    if (b < a) {
      for (let x = 0; x < K; x++) out[x] = mir[x]! >>> 0;
      out[c] = mc;
    }
    return;
  }
}

/** Fills `mir` with the mirror image of `cur`. */
function mirrorInto(board: Bitboard, cur: Int32Array, mir: Int32Array): void {
  for (let c = 0; c < board.classes; c++) mir[c] = mirrorTops(board, c, cur[c]!);
}

/** Canonical key of a position (the smaller of it and its mirror image when folding). */
export function canonicalKey(board: Bitboard, position: Int32Array, fold: boolean, out: Uint32Array): void {
  const mir = new Int32Array(board.classes);
  if (fold) mirrorInto(board, position, mir);
  const K = board.classes;
  for (let w = 0; w < K; w++) out[w] = position[w]! >>> 0;
  if (!fold) return;
  for (let w = 0; w < K; w++) {
    const a = out[w]!;
    const b = mir[w]! >>> 0;
    if (a === b) continue;
    if (b < a) for (let x = 0; x < K; x++) out[x] = mir[x]! >>> 0;
    return;
  }
}

export function bitboardExplore(board: Bitboard, options: ExploreOptions): Exploration {
  const { metric, clock } = options;
  const fold = options.fold && board.mirrorable;
  const K = board.classes;
  const { cells, touch, goalCell } = board;
  // Work in the budget's units (≈ 10 ns each): per expanded position, and per successor. Calibrated with
  // npm run bench:edge, whose costliest inputs must stay at or under about 4 ms warm at the edge budget.
  const nodeWork = 10 + 3 * K;
  const successorWork = 6 + 2 * K;
  const maxStates = Math.min(options.maxStates, clock.entriesWithin(successorWork));
  const table = new StateTable(K, maxStates, Math.min(options.expectedStates ?? 4096, 1 << 12, maxStates));
  const cur = new Int32Array(K);
  const mir = new Int32Array(K);
  const next = new Uint32Array(K);
  const targets = new Int8Array(cells);
  const goalBit = 1 << goalCell;

  canonicalKey(board, board.start, fold, next);
  table.add(next, 0, -1);
  const startSolved = (board.start[0]! & goalBit) !== 0;
  let solvedCount = startSolved ? 1 : 0;
  let goalIndex = startSolved ? 0 : -1;
  if (startSolved && options.stopAtGoal) return { status: 'solved', table, layerStarts: [0, 1], goalIndex: 0, solvedCount, nodes: 0 };
  const layerStarts = [0];
  let layerEnd = 1;
  let nodes = 0;
  let successors = 0;
  for (let idx = 0; idx < table.size; idx++) {
    if (idx === layerEnd) {
      layerStarts.push(idx);
      layerEnd = table.size;
      clock.depth = layerStarts.length - 1;
    }
    if (clock.charge(nodeWork + successors * successorWork, nodes)) {
      return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes };
    }
    successors = 0;
    nodes++;
    const keys = table.keys;
    const at = idx * K;
    let occ = 0;
    for (let c = 0; c < K; c++) {
      const tops = keys[at + c]! | 0;
      cur[c] = tops;
      occ |= occupied(board, c, tops);
    }
    if (fold) mirrorInto(board, cur, mir);
    const empty = board.full & ~occ;
    for (let c = 0; c < K; c++) {
      let tops = cur[c]!;
      while (tops) {
        const p = 31 - Math.clz32(tops & -tops);
        tops &= tops - 1;
        if ((touch[c * cells + p]! & empty) === 0) continue;
        const n = targetsOf(board, c, p, empty, metric, targets);
        successors += n;
        for (let m = 0; m < n; m++) {
          const q = targets[m]!;
          successorKey(board, cur, mir, fold, c, p, q, next);
          const added = table.add(next, 0, idx);
          if (added === -1) continue;
          if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes };
          // The goal piece is class 0; a folded key is solved exactly when its mirror is (the goal is symmetric).
          if (((c === 0 ? (cur[0]! ^ (1 << p)) | (1 << q) : cur[0]!) & goalBit) !== 0) {
            solvedCount++;
            if (goalIndex < 0) goalIndex = added;
            if (options.stopAtGoal) return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes };
          }
        }
      }
    }
  }
  layerStarts.push(table.size);
  return { status: goalIndex >= 0 ? 'solved' : 'exhausted', table, layerStarts, goalIndex, solvedCount, nodes };
}

/**
 * The moves (top-left from → to, in the start's orientation) along a path of canonical keys from the start: at each
 * step, the move whose successor folds to the next key.
 */
export function bitboardPairs(board: Bitboard, metric: Metric, fold: boolean, path: Uint32Array[]): Array<[number, number]> {
  const K = board.classes;
  const cur = Int32Array.from(board.start);
  const mir = new Int32Array(K);
  const next = new Uint32Array(K);
  const targets = new Int8Array(board.cells);
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < path.length; i++) {
    const want = path[i]!;
    if (fold) mirrorInto(board, cur, mir);
    const empty = emptyCells(board, cur, 0);
    let found = false;
    for (let c = 0; c < K && !found; c++) {
      let tops = cur[c]!;
      while (tops && !found) {
        const p = 31 - Math.clz32(tops & -tops);
        tops &= tops - 1;
        const n = targetsOf(board, c, p, empty, metric, targets);
        for (let m = 0; m < n; m++) {
          const q = targets[m]!;
          successorKey(board, cur, mir, fold, c, p, q, next);
          if (next.every((v, w) => v === want[w])) {
            pairs.push([p, q]);
            cur[c] = cur[c]! ^ ((1 << p) | (1 << q));
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
