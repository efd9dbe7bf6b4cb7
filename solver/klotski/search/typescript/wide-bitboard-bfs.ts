/**
 * Breadth-first search over wide bitboards (33 to 64 cells): bitboard-bfs.ts with every mask a lo/hi pair of words.
 * A stored position is its class masks (lo, hi per class), its empty cells (lo, hi), its Zobrist hash and its mirror
 * image's; the orientation kept when folding is the one with the smaller hash, ties broken by the masks. Given per-piece
 * costs it runs best-first (A*), as bitboard-bfs.ts does.
 *
 * Helpers that compute a 64-bit mask return its lo word and leave the hi word in a module variable (`fitsHi`,
 * `reachHi`), read at once by the caller: two numbers back without allocating.
 */
import { Frontier, layersAlternate, type Exploration, type ExploreOptions } from '../exploration.ts';
import { knownFromParent, metricCode, MOVE, moveTag, STEP, stepKeys, taggedCell, taggedOrigin } from '../move-tags.ts';
import type { Metric } from '../../../shared/metric.ts';
import { markRank, rankOfCells, rankOfPosition, rankSetFor, type RankSet } from '../rank-set.ts';
import { hasCell } from './multiword-bitboard.ts';
import { StateTable } from '../state-table.ts';
import { aroundHi, aroundLo, mirrorCellsWide, mirrorPositionWide, mirrorTopsWide, shrHi, shrLo, type WideBitboard } from './wide-bitboard.ts';

/** Words per stored position: two per class, two for the empty cells, the hash and the mirror image's hash. */
export function wideWords(board: WideBitboard): number {
  return 2 * board.classes + 4;
}

/** Work in the budget's units (≈ 10 ns each) per expanded position, per successor and per position stored; see bitboardWork. */
export function wideWork(board: WideBitboard): { nodeWork: number; successorWork: number; insertWork: number } {
  return { nodeWork: 11 + 2 * board.classes, successorWork: 9 + 2 * board.classes, insertWork: 9 + 2 * board.classes };
}

// Cell p (0–63) as its lo and hi words, without branches: 1 << p counts mod 32, (p - 32) >> 31 is -1 below 32.
function lowBit(p: number): number {
  return (1 << p) & ((p - 32) >> 31);
}
function highBit(p: number): number {
  return (1 << p) & ~((p - 32) >> 31);
}

/** The cells where the shape of class c fits in `free` (lo, hi): returns lo, leaves hi in `fitsHi`. */
let fitsHi = 0;
function fitsWide(board: WideBitboard, c: number, freeLo: number, freeHi: number): number {
  const { offsets, offsetStart, inBounds } = board;
  let lo = inBounds[2 * c]!;
  let hi = inBounds[2 * c + 1]!;
  for (let i = offsetStart[c]!; i < offsetStart[c + 1]!; i++) {
    const k = offsets[i]!;
    lo &= shrLo(freeLo, freeHi, k);
    hi &= shrHi(freeHi, k);
  }
  fitsHi = hi;
  return lo;
}

/**
 * The top-left cells a piece at p can reach in one move of the metric (by its code) inside the cells where its
 * shape fits (`fitLo`, `fitHi`): returns lo, leaves hi in `reachHi`. A step is a lookup of p's neighbours, a straight
 * slide goes cell by cell, and a move floods: a cell at a time when few cells are empty, else the whole frontier by
 * shifts.
 */
let reachHi = 0;
function reachWide(board: WideBitboard, p: number, code: number, fitLo: number, fitHi: number): number {
  if (code === STEP) {
    reachHi = board.neighbours[2 * p + 1]! & fitHi;
    return board.neighbours[2 * p]! & fitLo;
  }
  if (code === MOVE) return board.emptyCells <= 8 ? floodByCells(p, fitLo, fitHi, board.neighbours) : floodByShifts(board, p, fitLo, fitHi);
  return runsByCells(p, board.width, board.cells, fitLo, fitHi);
}

/** The move metric's reach, the frontier shifted a round at a time: returns lo, leaves hi in `reachHi`. */
function floodByShifts(board: WideBitboard, p: number, fitLo: number, fitHi: number): number {
  const { width, sides } = board;
  const fromLo = lowBit(p);
  const fromHi = highBit(p);
  let seenLo = fromLo;
  let seenHi = fromHi;
  let fl = fromLo;
  let fh = fromHi;
  for (;;) {
    const nl = aroundLo(fl, fh, width, sides) & fitLo & ~seenLo;
    const nh = aroundHi(fl, fh, width, sides) & fitHi & ~seenHi;
    if ((nl | nh) === 0) break;
    seenLo |= nl;
    seenHi |= nh;
    fl = nl;
    fh = nh;
  }
  reachHi = seenHi & ~fromHi;
  return seenLo & ~fromLo;
}

/**
 * The move metric's reach when few cells are empty (so it is a few cells): the frontier's cells one at a time, each
 * adding its neighbours (`neighbours[2p]` lo, `[2p + 1]` hi), which costs less than shifting the whole 64-bit
 * frontier each round. Returns lo, leaves hi in `reachHi`.
 */
function floodByCells(p: number, fitLo: number, fitHi: number, neighbours: Int32Array): number {
  let seenLo = lowBit(p);
  let seenHi = highBit(p);
  let fl = seenLo;
  let fh = seenHi;
  while ((fl | fh) !== 0) {
    let nl = 0;
    let nh = 0;
    for (; fl !== 0; fl &= fl - 1) {
      const b = 2 * (31 - Math.clz32(fl & -fl));
      nl |= neighbours[b]!;
      nh |= neighbours[b + 1]!;
    }
    for (; fh !== 0; fh &= fh - 1) {
      const b = 2 * (63 - Math.clz32(fh & -fh));
      nl |= neighbours[b]!;
      nh |= neighbours[b + 1]!;
    }
    fl = nl & fitLo & ~seenLo;
    fh = nh & fitHi & ~seenHi;
    seenLo |= fl;
    seenHi |= fh;
  }
  reachHi = seenHi & ~highBit(p);
  return seenLo & ~lowBit(p);
}

/**
 * The straight metric's reach: from p, cell by cell in each direction while the shape fits. Returns lo,
 * leaves hi in `reachHi`.
 */
function runsByCells(p: number, width: number, cells: number, fitLo: number, fitHi: number): number {
  let lo = 0;
  let hi = 0;
  const col = p % width;
  // Right, left, up, down: the step, and how many steps stay on the board.
  for (let d = 0; d < 4; d++) {
    const step = d === 0 ? 1 : d === 1 ? -1 : d === 2 ? -width : width;
    const room = d === 0 ? width - 1 - col : d === 1 ? col : d === 2 ? (p - col) / width : (cells - p - width + col) / width;
    for (let i = 1, q = p + step; i <= room; i++, q += step) {
      if (q < 32) {
        if (((fitLo >>> q) & 1) === 0) break;
        lo |= 1 << q;
      } else {
        if (((fitHi >>> q) & 1) === 0) break;
        hi |= 1 << q;
      }
    }
  }
  reachHi = hi;
  return lo;
}

/** The reach of the class-c piece at p among the empty cells (lo, hi): returns lo, leaves hi in `reachHi`. */
function reachOfWide(board: WideBitboard, c: number, p: number, emptyLo: number, emptyHi: number, code: number): number {
  const at = 2 * (c * board.cells + p);
  const lo = fitsWide(board, c, emptyLo | board.cover[at]!, emptyHi | board.cover[at + 1]!);
  return reachWide(board, p, code, lo, fitsHi);
}

/** Writes the stored form of a position (lo/hi per class; the orientation kept when folding) into `out`. */
export function storedFormWide(board: WideBitboard, position: Int32Array, fold: boolean, out: Uint32Array): void {
  const K2 = 2 * board.classes;
  const { cells, cover, zobrist, zobristMirror } = board;
  const mirrored = new Int32Array(K2);
  let emptyLo = board.fullLo;
  let emptyHi = board.fullHi;
  let h = 0;
  let hm = 0;
  for (let c = 0; c < board.classes; c++) {
    mirrorTopsWide(board, c, position[2 * c]!, position[2 * c + 1]!, mirrored, 2 * c);
    for (let half = 0; half < 2; half++) {
      for (let tops = position[2 * c + half]!; tops; tops &= tops - 1) {
        const p = 32 * half + 31 - Math.clz32(tops & -tops);
        emptyLo &= ~cover[2 * (c * cells + p)]!;
        emptyHi &= ~cover[2 * (c * cells + p) + 1]!;
        h ^= zobrist[c * cells + p]!;
        hm ^= zobristMirror[c * cells + p]!;
      }
    }
  }
  const useMirror = fold && (hm < h || (hm === h && wordsBefore(mirrored, position, K2)));
  for (let w = 0; w < K2; w++) out[w] = useMirror ? mirrored[w]! : position[w]!;
  const empty = new Int32Array(2);
  if (useMirror) mirrorCellsWide(board, emptyLo, emptyHi, empty, 0);
  else empty.set([emptyLo, emptyHi]);
  out[K2] = empty[0]!;
  out[K2 + 1] = empty[1]!;
  out[K2 + 2] = useMirror ? hm : h;
  out[K2 + 3] = useMirror ? h : hm;
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

export function wideExplore(board: WideBitboard, options: ExploreOptions): Exploration {
  // Breadth-first search on a board whose positions rank into a small range keeps a bitmap of ranks instead of the
  // hash index (rank-set.ts), and stores positions as found: it marks each one's mirror image seen instead of folding.
  const bestFirst = options.stopAtGoal && !!options.costs;
  const ranks = bestFirst ? null : rankSetFor(board.cells, board.start, board.classes, board.filler, board.emptyCells);
  const run = wideSearch(board, options, ranks);
  return ranks ? { ...run, storedAsFound: true } : run;
}

function wideSearch(board: WideBitboard, options: ExploreOptions, ranks: RankSet | null): Exploration {
  const { metric, clock } = options;
  const fold = options.fold && board.mirrorable;
  const K = board.classes;
  const K2 = 2 * K;
  const words = wideWords(board);
  const { cells, width, cover, mirror, zobrist, zobristMirror, goalCell, inBounds, offsets, offsetStart, sides } = board;
  const { nodeWork, successorWork, insertWork } = wideWork(board);
  const maxStates = Math.min(options.maxStates, clock.entriesWithin(successorWork + insertWork));
  const table = new StateTable(words, maxStates, Math.min(options.expectedStates ?? 1024, 1 << 10, maxStates));
  const cur = new Int32Array(K2);
  const mir = new Int32Array(K2 + 2);
  const next = new Uint32Array(words);
  const goalWord = goalCell >>> 5;
  const goalBit = 1 << (goalCell & 31);
  const code = metricCode(metric);
  // Breadth-first search in the step metric skips one of each pair of steps that commute (move-tags.ts).
  const commuteKeys = code === STEP && !(options.stopAtGoal && options.costs) ? stepKeys(width, cells, K, offsets, offsetStart) : null;
  const unit = new Uint8Array(K);
  for (let c = 0; c < K; c++) unit[c] = offsetStart[c + 1]! - offsetStart[c]! === 1 ? 1 : 0;
  // Shapes of up to four cells test their fit with four shifts (missing offsets repeat the first).
  const small = new Uint8Array(K);
  const quad = new Int32Array(4 * K);
  for (let c = 0; c < K; c++) {
    const n = offsetStart[c + 1]! - offsetStart[c]!;
    small[c] = n <= 4 ? 1 : 0;
    for (let i = 0; i < 4; i++) quad[4 * c + i] = offsets[offsetStart[c]! + (i < n ? i : 0)]!;
  }

  storedFormWide(board, board.start, fold && !ranks, next);
  table.addHashed(next, 0, next[K2 + 2]!, -1);
  const classRank = new Int32Array(K);
  if (ranks) {
    table.dropIndex();
    for (let w = 0; w < K2; w++) cur[w] = next[w]! | 0;
    markRank(ranks, rankOfPosition(ranks, cur, next[K2]! | 0, next[K2 + 1]! | 0));
    if (fold) {
      mirrorPositionWide(board, cur, next[K2]! | 0, next[K2 + 1]! | 0, mir);
      markRank(ranks, rankOfPosition(ranks, mir, mir[K2]!, mir[K2 + 1]!));
    }
  }
  const startSolved = (board.start[goalWord]! & goalBit) !== 0;
  let solvedCount = startSolved ? 1 : 0;
  let goalIndex = startSolved ? 0 : -1;
  if (startSolved && options.stopAtGoal) return { status: 'solved', table, layerStarts: [0, 1], goalIndex: 0, solvedCount, nodes: 0, lowerBound: 0 };
  // Best-first: per-piece costs by bitboard class (class c is the puzzle's class c + 1).
  const costs = options.stopAtGoal && options.costs ? options.costs.subarray(cells) : null;
  const frontier = new Frontier(table, clock, maxStates, costs ? positionCostWide(costs, board.start, K, cells) : null, layersAlternate(metric, fold, board));
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
    for (let w = 0; w < K2; w++) cur[w] = keys[at + w]! | 0;
    const emptyLo = keys[at + K2]! | 0;
    const emptyHi = keys[at + K2 + 1]! | 0;
    const hash = keys[at + K2 + 2]! | 0;
    const mirrorHash = keys[at + K2 + 3]! | 0;
    const solvedHere = (cur[goalWord]! & goalBit) !== 0;
    // Best-first: a goal queued rather than taken at once is taken when it comes up (see bitboard-bfs.ts).
    if (open && solvedHere) return { status: 'solved', table, layerStarts, goalIndex: idx, solvedCount: 1, nodes, lowerBound: open.f };
    const g = open ? open.g(idx) + 1 : 0;
    const hHere = open ? open.f - g + 1 : 0;
    const tag = table.tags[idx]!;
    const movedCell = taggedCell(tag);
    // The step that made this position (its piece's old and new cells), for skipping commuting steps.
    let stepKey = -1;
    let stepLo = 0;
    let stepHi = 0;
    if (commuteKeys && movedCell >= 0) {
      const from = taggedOrigin(tag);
      let moved = 0;
      while (!hasCell(cur, 2 * moved, movedCell)) moved++;
      const at = 2 * (moved * cells);
      stepLo = cover[at + 2 * movedCell]! | cover[at + 2 * from]!;
      stepHi = cover[at + 2 * movedCell + 1]! | cover[at + 2 * from + 1]!;
      stepKey = commuteKeys[moved * cells + from]!;
    }
    let mirrorReady = false;
    let emptyRank = 0;
    let baseRank = 0;
    if (ranks) {
      emptyRank = rankOfCells(ranks, emptyLo, emptyHi);
      baseRank = emptyRank * ranks.emptyStride;
      for (let c = 0; c < K; c++) {
        if (ranks.strides[c] === 0) continue;
        classRank[c] = rankOfCells(ranks, cur[2 * c]!, cur[2 * c + 1]!);
        baseRank += classRank[c]! * ranks.strides[c]!;
      }
    }
    // Cells next to an empty cell: only pieces covering one of them can move; in the move metric not the piece just
    // moved (every move of it lands one move from the parent).
    const nearLo = aroundLo(emptyLo, emptyHi, width, sides);
    const nearHi = aroundHi(emptyLo, emptyHi, width, sides);
    const skipLo = code === MOVE && movedCell >= 0 && movedCell < 32 ? ~(1 << movedCell) : -1;
    const skipHi = code === MOVE && movedCell >= 32 ? ~(1 << (movedCell - 32)) : -1;
    for (let c = 0; c < K; c++) {
      const base = c * cells;
      const o = 4 * c;
      let topsLo = cur[2 * c]! & skipLo;
      let topsHi = cur[2 * c + 1]! & skipHi;
      if (small[c]) {
        const o1 = quad[o + 1]!;
        const o2 = quad[o + 2]!;
        const o3 = quad[o + 3]!;
        topsLo &= nearLo | shrLo(nearLo, nearHi, o1) | shrLo(nearLo, nearHi, o2) | shrLo(nearLo, nearHi, o3);
        topsHi &= nearHi | shrHi(nearHi, o1) | shrHi(nearHi, o2) | shrHi(nearHi, o3);
      }
      for (let half = 0; half < 2; half++) {
        let tops = half === 0 ? topsLo : topsHi;
        while (tops) {
          const p = 32 * half + 31 - Math.clz32(tops & -tops);
          tops &= tops - 1;
          const coverAt = 2 * (base + p);
          if (!small[c] && ((cover[coverAt]! & nearLo) | (cover[coverAt + 1]! & nearHi)) === 0) continue;
          const freeLo = emptyLo | cover[coverAt]!;
          const freeHi = emptyHi | cover[coverAt + 1]!;
          let fitLo: number;
          let fitHi: number;
          if (unit[c]) {
            fitLo = inBounds[2 * c]! & freeLo;
            fitHi = inBounds[2 * c + 1]! & freeHi;
          } else if (small[c]) {
            const o0 = quad[o]!;
            const o1 = quad[o + 1]!;
            const o2 = quad[o + 2]!;
            const o3 = quad[o + 3]!;
            fitLo = inBounds[2 * c]! & shrLo(freeLo, freeHi, o0) & shrLo(freeLo, freeHi, o1) & shrLo(freeLo, freeHi, o2) & shrLo(freeLo, freeHi, o3);
            fitHi = inBounds[2 * c + 1]! & shrHi(freeHi, o0) & shrHi(freeHi, o1) & shrHi(freeHi, o2) & shrHi(freeHi, o3);
          } else {
            fitLo = fitsWide(board, c, freeLo, freeHi);
            fitHi = fitsHi;
          }
          const reachLo = reachWide(board, p, code, fitLo, fitHi);
          for (let qhalf = 0; qhalf < 2; qhalf++) {
            let reach = (qhalf === 0 ? reachLo : reachHi) | 0;
            while (reach) {
              const q = 32 * qhalf + 31 - Math.clz32(reach & -reach);
              reach &= reach - 1;
              if (p === movedCell && knownFromParent(code, width, p, tag, q)) continue;
              // A step that commutes with the one that made this position and comes first in key order: the position
              // it leads to is found from the parent's other successor (move-tags.ts).
              if (commuteKeys !== null && commuteKeys[base + p]! < stepKey && ((stepLo & (cover[coverAt]! | cover[2 * (base + q)]!)) | (stepHi & (cover[coverAt + 1]! | cover[2 * (base + q) + 1]!))) === 0) continue;
              successors++;
              const movedLo = lowBit(p) | lowBit(q);
              const movedHi = highBit(p) | highBit(q);
              if (ranks) {
                // The successor's rank: its empty cells' and its class's change; a seen rank is a known position.
                const nextLo = emptyLo ^ cover[coverAt]! ^ cover[2 * (base + q)]!;
                const nextHi = emptyHi ^ cover[coverAt + 1]! ^ cover[2 * (base + q) + 1]!;
                let rank = baseRank + (rankOfCells(ranks, nextLo, nextHi) - emptyRank) * ranks.emptyStride;
                const stride = ranks.strides[c]!;
                if (stride !== 0) rank += (rankOfCells(ranks, cur[2 * c]! ^ movedLo, cur[2 * c + 1]! ^ movedHi) - classRank[c]!) * stride;
                if (markRank(ranks, rank)) continue;
                if (fold) {
                  // Its mirror image is the same position: marked seen, never stored.
                  if (!mirrorReady) {
                    mirrorPositionWide(board, cur, emptyLo, emptyHi, mir);
                    mirrorReady = true;
                  }
                  const mp = mirror[base + p]!;
                  const mq = mirror[base + q]!;
                  const flipLo = lowBit(mp) | lowBit(mq);
                  const flipHi = highBit(mp) | highBit(mq);
                  mir[2 * c] = mir[2 * c]! ^ flipLo;
                  mir[2 * c + 1] = mir[2 * c + 1]! ^ flipHi;
                  const mirrorLo = mir[K2]! ^ cover[2 * (base + mp)]! ^ cover[2 * (base + mq)]!;
                  const mirrorHi = mir[K2 + 1]! ^ cover[2 * (base + mp) + 1]! ^ cover[2 * (base + mq) + 1]!;
                  markRank(ranks, rankOfPosition(ranks, mir, mirrorLo, mirrorHi));
                  mir[2 * c] = mir[2 * c]! ^ flipLo;
                  mir[2 * c + 1] = mir[2 * c + 1]! ^ flipHi;
                }
                for (let w = 0; w < K2; w++) next[w] = cur[w]!;
                next[2 * c] = cur[2 * c]! ^ movedLo;
                next[2 * c + 1] = cur[2 * c + 1]! ^ movedHi;
                next[K2] = nextLo;
                next[K2 + 1] = nextHi;
                const h = hash ^ zobrist[base + p]! ^ zobrist[base + q]!;
                next[K2 + 2] = h;
                next[K2 + 3] = mirrorHash ^ zobristMirror[base + p]! ^ zobristMirror[base + q]!;
                const added = table.append(next, 0, h, idx, moveTag(q, p));
                if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
                if (c === 0 ? ((cur[goalWord]! ^ (goalWord === 0 ? movedLo : movedHi)) & goalBit) !== 0 : solvedHere) {
                  solvedCount++;
                  if (goalIndex < 0) goalIndex = added;
                  if (options.stopAtGoal) return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: layerStarts.length };
                }
                continue;
              }
              const h = hash ^ zobrist[base + p]! ^ zobrist[base + q]!;
              const hm = mirrorHash ^ zobristMirror[base + p]! ^ zobristMirror[base + q]!;
              // The mirror image's cells are worked out only when it may be the key.
              let mp = 0;
              let mq = 0;
              let mirrorMovedLo = 0;
              let mirrorMovedHi = 0;
              let useMirror = false;
              if (fold && hm <= h) {
                mp = mirror[base + p]!;
                mq = mirror[base + q]!;
                mirrorMovedLo = lowBit(mp) | lowBit(mq);
                mirrorMovedHi = highBit(mp) | highBit(mq);
                if (!mirrorReady) {
                  mirrorPositionWide(board, cur, emptyLo, emptyHi, mir);
                  mirrorReady = true;
                }
                useMirror = hm < h || mirrorBeforeSelf(cur, mir, c, movedLo, movedHi, mirrorMovedLo, mirrorMovedHi, K2);
              }
              // The move made in place on the stored orientation's masks for the probe, and undone after it.
              const src = useMirror ? mir : cur;
              const beforeLo = src[2 * c]!;
              const beforeHi = src[2 * c + 1]!;
              const changedLo = beforeLo ^ (useMirror ? mirrorMovedLo : movedLo);
              const changedHi = beforeHi ^ (useMirror ? mirrorMovedHi : movedHi);
              const key = useMirror ? hm : h;
              src[2 * c] = changedLo;
              src[2 * c + 1] = changedHi;
              const slot = table.probePrefix(key, src, K2);
              src[2 * c] = beforeLo;
              src[2 * c + 1] = beforeHi;
              if (slot < 0) {
                if (open && g < open.g(-slot - 1) && open.improve(-slot - 1, g, hHere - costs![base + p]! + costs![base + q]!)) {
                  table.parents[-slot - 1] = idx;
                  table.tags[-slot - 1] = useMirror ? moveTag(mq, mp) : moveTag(q, p);
                }
                continue;
              }
              for (let w = 0; w < K2; w++) next[w] = src[w]!;
              next[2 * c] = changedLo;
              next[2 * c + 1] = changedHi;
              if (useMirror) {
                next[K2] = mir[K2]! ^ cover[2 * (base + mp)]! ^ cover[2 * (base + mq)]!;
                next[K2 + 1] = mir[K2 + 1]! ^ cover[2 * (base + mp) + 1]! ^ cover[2 * (base + mq) + 1]!;
              } else {
                next[K2] = emptyLo ^ cover[coverAt]! ^ cover[2 * (base + q)]!;
                next[K2 + 1] = emptyHi ^ cover[coverAt + 1]! ^ cover[2 * (base + q) + 1]!;
              }
              next[K2 + 2] = key;
              next[K2 + 3] = useMirror ? h : hm;
              const added = table.insertAt(slot, next, 0, key, idx, useMirror ? moveTag(mq, mp) : moveTag(q, p));
              if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
              if (open) open.add(added, g, hHere - costs![base + p]! + costs![base + q]!);
              // The goal piece is class 0; a folded key is solved exactly when its mirror is (the goal is symmetric).
              if (c === 0 ? ((cur[goalWord]! ^ (goalWord === 0 ? movedLo : movedHi)) & goalBit) !== 0 : solvedHere) {
                solvedCount++;
                if (goalIndex < 0) goalIndex = added;
                if (options.stopAtGoal && (!open || g <= open.f)) return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: open ? g : layerStarts.length };
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

/** The sum of the per-piece costs (by class, then cell) over a position's pieces (lo, hi per class). */
function positionCostWide(costs: Int16Array, position: Int32Array, K: number, cells: number): number {
  let sum = 0;
  for (let c = 0; c < K; c++) {
    for (let half = 0; half < 2; half++) {
      for (let tops = position[2 * c + half]!; tops; tops &= tops - 1) sum += costs[c * cells + 32 * half + 31 - Math.clz32(tops & -tops)]!;
    }
  }
  return sum;
}

/** With equal hashes: whether the successor's mirror image comes first in mask order (the tie-break of storedFormWide). */
function mirrorBeforeSelf(
  cur: Int32Array, mir: Int32Array, c: number, movedLo: number, movedHi: number, mirrorMovedLo: number, mirrorMovedHi: number, K2: number,
): boolean {
  for (let w = 0; w < K2; w++) {
    const a = (w === 2 * c ? cur[w]! ^ movedLo : w === 2 * c + 1 ? cur[w]! ^ movedHi : cur[w]!) >>> 0;
    const b = (w === 2 * c ? mir[w]! ^ mirrorMovedLo : w === 2 * c + 1 ? mir[w]! ^ mirrorMovedHi : mir[w]!) >>> 0;
    if (a !== b) return b < a;
  }
  return false;
}

/** The moves (top-left from → to, in the start's orientation) along a path of stored positions from the start. */
export function widePairs(board: WideBitboard, metric: Metric, fold: boolean, path: Uint32Array[]): Array<[number, number]> {
  const K = board.classes;
  const K2 = 2 * K;
  const code = metricCode(metric);
  const cur = Int32Array.from(board.start);
  const trial = new Int32Array(K2);
  const stored = new Uint32Array(K2 + 4);
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < path.length; i++) {
    const want = path[i]!;
    storedFormWide(board, cur, false, stored);
    const emptyLo = stored[K2]! | 0;
    const emptyHi = stored[K2 + 1]! | 0;
    // A move's hashes change by two XORs each: only a move that gives the wanted hash (either way round) is checked.
    const h = stored[K2 + 2]! | 0;
    const hm = stored[K2 + 3]! | 0;
    const wanted = want[K2 + 2]! | 0;
    let found = false;
    for (let c = 0; c < K && !found; c++) {
      for (let p = 0; p < board.cells && !found; p++) {
        if (((cur[2 * c + (p >>> 5)]! >>> (p & 31)) & 1) === 0) continue;
        const reachLo = reachOfWide(board, c, p, emptyLo, emptyHi, code);
        const reach = [reachLo, reachHi];
        for (let q = 0; q < board.cells && !found; q++) {
          if (((reach[q >>> 5]! >>> (q & 31)) & 1) === 0) continue;
          const at = c * board.cells;
          if ((h ^ board.zobrist[at + p]! ^ board.zobrist[at + q]!) !== wanted && (hm ^ board.zobristMirror[at + p]! ^ board.zobristMirror[at + q]!) !== wanted) continue;
          trial.set(cur);
          trial[2 * c + (p >>> 5)] = trial[2 * c + (p >>> 5)]! ^ (1 << (p & 31));
          trial[2 * c + (q >>> 5)] = trial[2 * c + (q >>> 5)]! ^ (1 << (q & 31));
          storedFormWide(board, trial, fold, stored);
          if (stored.every((v, w) => v === want[w])) {
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
