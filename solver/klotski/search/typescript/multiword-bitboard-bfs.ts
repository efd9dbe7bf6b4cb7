/**
 * Breadth-first search over multiword bitboards (boards of 65 cells and more): wide-bitboard-bfs.ts with every mask
 * W words. A stored position is its class masks, its empty cells, its Zobrist hash and its mirror image's; the
 * orientation kept when folding is the one with the smaller hash, ties broken by the masks. Given per-piece costs it
 * runs best-first (A*), as bitboard-bfs.ts does.
 *
 * Reaches are found cell by cell, into a list of target cells: a step is legal when the cells the piece enters are
 * free (entry lists per class, cell and direction), so nothing is computed for the rest of the board; in the move
 * metric a single-cell piece reaches the regions of empty cells next to it, found once per position. A move changes at
 * most two words of one mask: the search makes it in place for the probe and undoes it.
 */
import { Frontier, layersAlternate, type Exploration, type ExploreOptions } from '../exploration.ts';
import { knownFromParent, metricCode, MOVE, moveTag, STEP, stepKeys, taggedCell, taggedOrigin } from '../move-tags.ts';
import { hasCell, mirrorCellsMultiword, mirrorPositionMultiword, mirrorTopsMultiword, type MultiwordBitboard } from './multiword-bitboard.ts';
import type { Metric } from '../../../shared/metric.ts';
import { StateTable } from '../state-table.ts';

/** Words per stored position: W per class, W for the empty cells, the hash and the mirror image's hash. */
export function multiwordWords(board: MultiwordBitboard): number {
  return (board.classes + 1) * board.W + 2;
}

/**
 * Work in the budget's units (≈ 10 ns each) per expanded position, per successor and per position stored; see
 * bitboardWork. Calibrated with npm run bench:edge.
 */
export function multiwordWork(board: MultiwordBitboard): { nodeWork: number; successorWork: number; insertWork: number } {
  const words = board.classes * board.W;
  const half = Math.ceil(words / 2);
  return { nodeWork: 20 + 2 * words, successorWork: 11 + half, insertWork: 6 + half };
}

/**
 * Writes into `targets` the top-left cells the class-c piece at p can reach in one move of the metric (by its code),
 * among the empty cells `empty[0 … W)` (with the piece lifted off: its own cells count as free too); returns how many.
 * Steps are checked cell by cell through the board's entry lists, so nothing is computed for the rest of the board.
 * `seen` marks the cells a flood has reached with the stamp `stamp`.
 */
function reachCells(
  board: MultiwordBitboard, c: number, p: number, code: number, empty: Int32Array, seen: Int32Array, stamp: number, targets: Int16Array,
): number {
  const nb = board.neighbours;
  const own = board.W * (c * board.cells + p);
  const base = 4 * c * board.cells;
  let n = 0;
  if (code === STEP) {
    // A step from p never enters the piece's own cells: only empty ones count (own: -1).
    for (let d = 0; d < 4; d++) if (stepFree(board, base + 4 * p + d, empty, -1)) targets[n++] = nb[4 * p + d]!;
    return n;
  }
  if (code === MOVE) {
    // A flood over top-left cells; `targets` is its queue.
    seen[p] = stamp;
    for (let r = p, head = 0; ; r = targets[head++]!) {
      for (let d = 0; d < 4; d++) {
        const s = nb[4 * r + d]!;
        if (s < 0 || seen[s] === stamp || !stepFree(board, base + 4 * r + d, empty, own)) continue;
        seen[s] = stamp;
        targets[n++] = s;
      }
      if (head >= n) return n;
    }
  }
  // Straight: from p, a step at a time in each direction while the entered cells are free.
  for (let d = 0; d < 4; d++) {
    for (let r = p; stepFree(board, base + 4 * r + d, empty, own); ) {
      r = nb[4 * r + d]!;
      targets[n++] = r;
    }
  }
  return n;
}

/**
 * Whether step i (see `entryStart`) stays on the board and enters only free cells: empty ones, or the cells of the
 * moving piece at its start (`cover[own …]`), which it has left; own -1: empty ones only.
 */
function stepFree(board: MultiwordBitboard, i: number, empty: Int32Array, own: number): boolean {
  const { entryStart, entryCells, cover } = board;
  const end = entryStart[i + 1]!;
  let k = entryStart[i]!;
  if (k === end) return false;
  for (; k < end; k++) {
    const x = entryCells[k]!;
    if (!hasCell(empty, 0, x) && (own < 0 || !hasCell(cover, own, x))) return false;
  }
  return true;
}

/**
 * Splits the empty cells (W words) into regions of cells connected through each other: region r's cells are
 * `regionCells[regionStart[r] … regionStart[r + 1])`, and `regionOf[e]` is the region of empty cell e (other cells'
 * entries are stale). `seen` and `stamp` mark the cells placed, as in a flood.
 */
function findRegions(
  empty: Int32Array, W: number, nb: Int16Array, seen: Int32Array, stamp: number, regionOf: Int16Array, regionStart: Int16Array, regionCells: Int16Array,
): void {
  let n = 0;
  let regions = 0;
  for (let w = 0; w < W; w++) {
    for (let m = empty[w]!; m; m &= m - 1) {
      const e = 32 * w + 31 - Math.clz32(m & -m);
      if (seen[e] === stamp) continue;
      seen[e] = stamp;
      regionStart[regions] = n;
      regionOf[e] = regions;
      regionCells[n++] = e;
      for (let head = n - 1; head < n; head++) {
        const r = regionCells[head]!;
        for (let d = 0; d < 4; d++) {
          const s = nb[4 * r + d]!;
          if (s < 0 || seen[s] === stamp || !hasCell(empty, 0, s)) continue;
          seen[s] = stamp;
          regionOf[s] = regions;
          regionCells[n++] = s;
        }
      }
      regions++;
    }
  }
  regionStart[regions] = n;
}

/** The move metric's reach of a single-cell piece at p: every cell of the regions of empty cells next to it. */
function regionsNextTo(
  p: number, nb: Int16Array, empty: Int32Array, regionOf: Int16Array, regionStart: Int16Array, regionCells: Int16Array, targets: Int16Array,
): number {
  let n = 0;
  // The regions taken so far: a fourth side's region is new or one of the first three.
  let a = -1;
  let b = -1;
  let c = -1;
  for (let d = 0; d < 4; d++) {
    const s = nb[4 * p + d]!;
    if (s < 0 || !hasCell(empty, 0, s)) continue;
    const r = regionOf[s]!;
    if (r === a || r === b || r === c) continue;
    if (a < 0) a = r;
    else if (b < 0) b = r;
    else c = r;
    for (let k = regionStart[r]!, end = regionStart[r + 1]!; k < end; k++) targets[n++] = regionCells[k]!;
  }
  return n;
}

/**
 * Puts the first n cells of `cells` in increasing order, so that successors are stored in the order of the 64-bit
 * engines and the WebAssembly one (which take a reach's cells lowest first). A short list is sorted in place; a longer
 * one goes through a set of cells (`set`, W words).
 */
function sortCells(cells: Int16Array, n: number, set: Int32Array): void {
  if (n <= 8) {
    for (let i = 1; i < n; i++) {
      const x = cells[i]!;
      let j = i - 1;
      for (; j >= 0 && cells[j]! > x; j--) cells[j + 1] = cells[j]!;
      cells[j + 1] = x;
    }
    return;
  }
  set.fill(0);
  for (let i = 0; i < n; i++) set[cells[i]! >>> 5] = set[cells[i]! >>> 5]! | (1 << (cells[i]! & 31));
  let k = 0;
  for (let w = 0; w < set.length; w++) for (let m = set[w]!; m; m &= m - 1) cells[k++] = 32 * w + 31 - Math.clz32(m & -m);
}

/** Zero words after a mask that is read shifted: enough for any shape's offset on a board of up to 128 cells. */
const PAD = 4;

/**
 * Word w of a mask shifted towards cell 0 by k cells (k < 128), without branches: the mask must be followed by PAD zero
 * words. JavaScript counts shifts mod 32, so the bits from the next word move in two steps (`<< (31 - b) << 1` is 0 for
 * b = 0, not the word itself).
 */
function shiftedDown(mask: Int32Array, w: number, k: number): number {
  const i = w + (k >>> 5);
  const b = k & 31;
  return (mask[i]! >>> b) | ((mask[i + 1]! << (31 - b)) << 1);
}

/** Writes the stored form of a position (W words per class; the orientation kept when folding) into `out`. */
export function storedFormMultiword(board: MultiwordBitboard, position: Int32Array, fold: boolean, out: Uint32Array): void {
  const { W, classes, cells, cover, zobrist, zobristMirror, full } = board;
  const KW = classes * W;
  // Masks, then empty cells, for the position and its mirror image.
  const own = new Int32Array(KW + W);
  const mirrored = new Int32Array(KW + W);
  own.set(position.subarray(0, KW));
  own.set(full, KW);
  let h = 0;
  let hm = 0;
  for (let c = 0; c < classes; c++) {
    mirrorTopsMultiword(board, c, position, W * c, mirrored, W * c);
    for (let w = 0; w < W; w++) {
      for (let tops = position[W * c + w]!; tops; tops &= tops - 1) {
        const p = 32 * w + 31 - Math.clz32(tops & -tops);
        for (let x = 0; x < W; x++) own[KW + x] = own[KW + x]! & ~cover[W * (c * cells + p) + x]!;
        h ^= zobrist[c * cells + p]!;
        hm ^= zobristMirror[c * cells + p]!;
      }
    }
  }
  mirrorCellsMultiword(board, own, KW, mirrored, KW);
  const useMirror = fold && (hm < h || (hm === h && wordsBefore(mirrored, own, KW)));
  const src = useMirror ? mirrored : own;
  for (let w = 0; w < KW + W; w++) out[w] = src[w]!;
  out[KW + W] = useMirror ? hm : h;
  out[KW + W + 1] = useMirror ? h : hm;
}

/** Whether masks `a` come before masks `b` (unsigned, word by word). */
function wordsBefore(a: ArrayLike<number>, b: ArrayLike<number>, n: number): boolean {
  for (let w = 0; w < n; w++) {
    const x = a[w]! >>> 0;
    const y = b[w]! >>> 0;
    if (x !== y) return x < y;
  }
  return false;
}

/** Whether `cells` (W words) meets neither of the masks at `cover[a …]` and `cover[b …]`. */
function disjoint(cells: Int32Array, cover: Int32Array, a: number, b: number, W: number): boolean {
  for (let x = 0; x < W; x++) if ((cells[x]! & (cover[a + x]! | cover[b + x]!)) !== 0) return false;
  return true;
}

export function multiwordExplore(board: MultiwordBitboard, options: ExploreOptions): Exploration {
  const { metric, clock } = options;
  const fold = options.fold && board.mirrorable;
  const { W, cells, width, cover, mirror, zobrist, zobristMirror, goalCell, offsets, offsetStart, neighbours } = board;
  const K = board.classes;
  const KW = K * W;
  const words = multiwordWords(board);
  const { nodeWork, successorWork, insertWork } = multiwordWork(board);
  const maxStates = Math.min(options.maxStates, clock.entriesWithin(successorWork + insertWork));
  const table = new StateTable(words, maxStates, Math.min(options.expectedStates ?? 1024, 1 << 10, maxStates));
  // The position being expanded and its mirror image: class masks, then empty cells.
  const cur = new Int32Array(KW + W);
  const mir = new Int32Array(KW + W);
  // Masks read shifted (`shiftedDown`) carry zero words past their end.
  const near = new Int32Array(W + PAD);
  const empty = new Int32Array(W);
  // Flood marks: cell s is reached in the current flood when seen[s] === stamp.
  const seen = new Int32Array(cells);
  let stamp = 0;
  const targets = new Int16Array(cells);
  const targetSet = new Int32Array(W);
  const next = new Uint32Array(words);
  const code = metricCode(metric);
  // The move metric: a single-cell piece reaches every cell of the regions of empty cells next to it, found once per
  // position (`findRegions`) rather than flooded once per piece.
  const unit = new Uint8Array(K);
  for (let c = 0; c < K; c++) unit[c] = offsetStart[c + 1]! - offsetStart[c]! === 1 ? 1 : 0;
  const unitFlood = code === MOVE && unit.includes(1);
  const regionOf = new Int16Array(cells);
  const regionStart = new Int16Array(cells + 1);
  const regionCells = new Int16Array(cells);
  // Breadth-first search in the step metric skips one of each pair of steps that commute (move-tags.ts): the step
  // that made the position being expanded, its key and its piece's cells (old and new).
  const commuteKeys = code === STEP && !(options.stopAtGoal && options.costs) ? stepKeys(width, cells, K, offsets, offsetStart) : null;
  const stepCells = new Int32Array(W);

  storedFormMultiword(board, board.start, fold, next);
  table.addHashed(next, 0, next[KW + W]!, -1);
  const startSolved = hasCell(board.start, 0, goalCell);
  let solvedCount = startSolved ? 1 : 0;
  let goalIndex = startSolved ? 0 : -1;
  if (startSolved && options.stopAtGoal) return { status: 'solved', table, layerStarts: [0, 1], goalIndex: 0, solvedCount, nodes: 0, lowerBound: 0 };
  // Best-first: per-piece costs by bitboard class (class c is the puzzle's class c + 1).
  const costs = options.stopAtGoal && options.costs ? options.costs.subarray(cells) : null;
  const frontier = new Frontier(table, clock, maxStates, costs ? positionCostMultiword(costs, board.start, K, W, cells) : null, layersAlternate(metric, fold, board));
  const { open: openList, layerStarts } = frontier;
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
    for (let w = 0; w < KW + W; w++) cur[w] = keys[at + w]! | 0;
    for (let w = 0; w < W; w++) empty[w] = cur[KW + w]!;
    const hash = keys[at + KW + W]! | 0;
    const mirrorHash = keys[at + KW + W + 1]! | 0;
    const solvedHere = hasCell(cur, 0, goalCell);
    // Best-first: a goal queued rather than taken at once is taken when it comes up (see bitboard-bfs.ts).
    if (openList && solvedHere) return { status: 'solved', table, layerStarts, goalIndex: idx, solvedCount: 1, nodes, lowerBound: openList.f };
    const g = openList ? openList.g(idx) + 1 : 0;
    const hHere = openList ? openList.f - g + 1 : 0;
    const tag = table.tags[idx]!;
    const movedCell = taggedCell(tag);
    let stepKey = -1;
    if (commuteKeys && movedCell >= 0) {
      const from = taggedOrigin(tag);
      let moved = 0;
      while (!hasCell(cur, moved * W, movedCell)) moved++;
      for (let x = 0; x < W; x++) stepCells[x] = cover[W * (moved * cells + movedCell) + x]! | cover[W * (moved * cells + from) + x]!;
      stepKey = commuteKeys[moved * cells + from]!;
    }
    let mirrorReady = false;
    // Cells next to an empty cell: only pieces covering one of them can move.
    for (let w = 0; w < W; w++) near[w] = 0;
    if (unitFlood) findRegions(empty, W, neighbours, seen, ++stamp, regionOf, regionStart, regionCells);
    for (let w = 0; w < W; w++) {
      for (let m = cur[KW + w]!; m; m &= m - 1) {
        const e = 4 * (32 * w + 31 - Math.clz32(m & -m));
        for (let d = 0; d < 4; d++) {
          const n = neighbours[e + d]!;
          if (n >= 0) near[n >>> 5] = near[n >>> 5]! | (1 << (n & 31));
        }
      }
    }
    for (let c = 0; c < K; c++) {
      const base = c * cells;
      for (let w = 0; w < W; w++) {
        // The pieces of class c with a cell next to an empty one.
        let touching = near[w]!;
        for (let i = offsetStart[c]! + 1; i < offsetStart[c + 1]!; i++) touching |= shiftedDown(near, w, offsets[i]!);
        for (let tops = cur[W * c + w]! & touching; tops; tops &= tops - 1) {
          const p = 32 * w + 31 - Math.clz32(tops & -tops);
          // The move metric: every move of the piece just moved lands one move from the parent (move-tags.ts).
          if (p === movedCell && code === MOVE) continue;
          const reached = unitFlood && unit[c] ? regionsNextTo(p, neighbours, empty, regionOf, regionStart, regionCells, targets) : reachCells(board, c, p, code, empty, seen, ++stamp, targets);
          // Breadth-first search takes them lowest first, as the WebAssembly engine does (the tests compare their
          // tables); best-first search, which only TypeScript runs, at the edge, skips the cost.
          if (!openList) sortCells(targets, reached, targetSet);
          for (let t = 0; t < reached; t++) {
            const q = targets[t]!;
            if (p === movedCell && knownFromParent(code, width, p, tag, q)) continue;
            // A step that commutes with the one that made this position and comes first in key order: the position it
            // leads to is found from the parent's other successor (move-tags.ts).
            if (commuteKeys !== null && commuteKeys[base + p]! < stepKey && disjoint(stepCells, cover, W * (base + p), W * (base + q), W)) continue;
            successors++;
            const h = hash ^ zobrist[base + p]! ^ zobrist[base + q]!;
            const hm = mirrorHash ^ zobristMirror[base + p]! ^ zobristMirror[base + q]!;
            let useMirror = false;
            if (fold && hm <= h) {
              if (!mirrorReady) {
                mirrorPositionMultiword(board, cur, mir);
                mirrorReady = true;
              }
              useMirror = hm < h || mirrorBeforeSelf(cur, mir, W * c, p, q, mirror[base + p]!, mirror[base + q]!, KW);
            }
            // The move in the stored orientation, made in place on its masks for the probe and undone after it.
            const src = useMirror ? mir : cur;
            const from = useMirror ? mirror[base + p]! : p;
            const to = useMirror ? mirror[base + q]! : q;
            const at1 = W * c + (from >>> 5);
            const at2 = W * c + (to >>> 5);
            const bit1 = 1 << (from & 31);
            const bit2 = 1 << (to & 31);
            src[at1] = src[at1]! ^ bit1;
            src[at2] = src[at2]! ^ bit2;
            const key = useMirror ? hm : h;
            const slot = table.probePrefix(key, src, KW);
            if (slot >= 0) for (let w2 = 0; w2 < KW; w2++) next[w2] = src[w2]!;
            src[at1] = src[at1]! ^ bit1;
            src[at2] = src[at2]! ^ bit2;
            if (slot < 0) {
              if (openList && g < openList.g(-slot - 1) && openList.improve(-slot - 1, g, hHere - costs![base + p]! + costs![base + q]!)) {
                table.parents[-slot - 1] = idx;
                table.tags[-slot - 1] = moveTag(to, from);
              }
              continue;
            }
            const coverFrom = W * (base + from);
            const coverTo = W * (base + to);
            for (let x = 0; x < W; x++) next[KW + x] = src[KW + x]! ^ cover[coverFrom + x]! ^ cover[coverTo + x]!;
            next[KW + W] = key;
            next[KW + W + 1] = useMirror ? h : hm;
            const added = table.insertAt(slot, next, 0, key, idx, moveTag(to, from));
            if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
            if (openList) openList.add(added, g, hHere - costs![base + p]! + costs![base + q]!);
            // The goal piece is class 0; a folded key is solved exactly when its mirror is (the goal is symmetric).
            if (c === 0 ? q === goalCell || (p !== goalCell && solvedHere) : solvedHere) {
              solvedCount++;
              if (goalIndex < 0) goalIndex = added;
              if (options.stopAtGoal && (!openList || g <= openList.f)) {
                return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: openList ? g : layerStarts.length };
              }
            }
          }
        }
      }
    }
  }
  layerStarts.push(table.size);
  return { status: goalIndex >= 0 ? 'solved' : 'exhausted', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: layerStarts.length };
}

/** The sum of the per-piece costs (by class, then cell) over a position's pieces (W words per class). */
function positionCostMultiword(costs: Int16Array, position: Int32Array, K: number, W: number, cells: number): number {
  let sum = 0;
  for (let c = 0; c < K; c++) {
    for (let w = 0; w < W; w++) {
      for (let tops = position[W * c + w]!; tops; tops &= tops - 1) sum += costs[c * cells + 32 * w + 31 - Math.clz32(tops & -tops)]!;
    }
  }
  return sum;
}

/**
 * With equal hashes: whether the successor's mirror image comes first in mask order (the tie-break of
 * storedFormMultiword). The move is p → q in class mask `at` of `cur`, mp → mq in the same mask of `mir`.
 */
function mirrorBeforeSelf(cur: Int32Array, mir: Int32Array, at: number, p: number, q: number, mp: number, mq: number, KW: number): boolean {
  for (let w = 0; w < KW; w++) {
    let a = cur[w]!;
    let b = mir[w]!;
    if (w === at + (p >>> 5)) a ^= 1 << (p & 31);
    if (w === at + (q >>> 5)) a ^= 1 << (q & 31);
    if (w === at + (mp >>> 5)) b ^= 1 << (mp & 31);
    if (w === at + (mq >>> 5)) b ^= 1 << (mq & 31);
    if (a !== b) return b >>> 0 < a >>> 0;
  }
  return false;
}

/** The moves (top-left from → to, in the start's orientation) along a path of stored positions from the start. */
export function multiwordPairs(board: MultiwordBitboard, metric: Metric, fold: boolean, path: Uint32Array[]): Array<[number, number]> {
  const { W, cells } = board;
  const K = board.classes;
  const KW = K * W;
  const code = metricCode(metric);
  const cur = Int32Array.from(board.start);
  const trial = new Int32Array(KW);
  const stored = new Uint32Array(multiwordWords(board));
  const empty = new Int32Array(W);
  const seen = new Int32Array(cells);
  const targets = new Int16Array(cells);
  const candidate = new Uint32Array(stored.length);
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < path.length; i++) {
    const want = path[i]!;
    storedFormMultiword(board, cur, false, stored);
    // A move's hashes change by two XORs each: only a move that gives the wanted hash (either way round) is checked.
    const h = stored[KW + W]! | 0;
    const hm = stored[KW + W + 1]! | 0;
    const wanted = want[KW + W]! | 0;
    let found = false;
    for (let c = 0; c < K && !found; c++) {
      for (let p = 0; p < cells && !found; p++) {
        if (!hasCell(cur, W * c, p)) continue;
        for (let x = 0; x < W; x++) empty[x] = stored[KW + x]!;
        const reached = reachCells(board, c, p, code, empty, seen, i * cells + p + 1, targets);
        for (let t = 0; t < reached && !found; t++) {
          const q = targets[t]!;
          const at = c * cells;
          if ((h ^ board.zobrist[at + p]! ^ board.zobrist[at + q]!) !== wanted && (hm ^ board.zobristMirror[at + p]! ^ board.zobristMirror[at + q]!) !== wanted) continue;
          trial.set(cur);
          trial[W * c + (p >>> 5)] = trial[W * c + (p >>> 5)]! ^ (1 << (p & 31));
          trial[W * c + (q >>> 5)] = trial[W * c + (q >>> 5)]! ^ (1 << (q & 31));
          storedFormMultiword(board, trial, fold, candidate);
          if (candidate.every((v, w) => v === want[w])) {
            pairs.push([p, q]);
            cur.set(trial);
            found = true;
          }
        }
      }
    }
    if (!found) throw new Error(`internal: no move leads to step ${i} of the solution`);
  }
  return pairs;
}
