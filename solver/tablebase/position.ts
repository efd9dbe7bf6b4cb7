/**
 * A mutable classic position of one mix: rank/unrank against the mix's numbering, and move generation in the three
 * metrics. Typed arrays allocated once; nothing is allocated per position or per move.
 */
import {
  BLOCK, BLOCK_CELL, CELLS, EMPTY, H_RIGHT, SHAPE_CODES, SHAPE_OFFSETS, SOLDIER, V_BOTTOM, WIDTH,
  blockCellOf, blockPlaceOf, cover, need, step,
} from './geometry.ts';
import { STRIDE, UNIT_EMPTY, UNIT_H, UNIT_S, UNIT_V, below, remaining, startState, type Mix } from './mixes.ts';
import type { Metric } from '../shared/metric.ts';

/** Unit symbol of a cell code where a unit starts (an empty cell or a piece's top-left), else -1. */
const UNIT_OF_CODE = Int8Array.from([UNIT_EMPTY, -1, UNIT_V, -1, UNIT_H, -1, UNIT_S]);
/** Shape of the piece covering a cell, by cell code. */
const SHAPE_OF_CODE = Int8Array.from([-1, BLOCK, 1, 1, 2, 2, SOLDIER]);
/** Shape placed for a unit symbol (empty has none). */
const SHAPE_OF_UNIT = Int8Array.from([-1, 1, 2, SOLDIER]);

/**
 * More moves than one position can have: at most 12 pieces touch three empty cells, and none reaches more than 3
 * places (its shape fits its own cells plus the empty ones at most 4 ways).
 */
export const MAX_MOVES = 48;

export class ClassicPosition {
  readonly mix: Mix;
  readonly cells = new Uint8Array(CELLS);
  /** Top-left cell of the 2×2 block. */
  blockTop = 0;
  private readonly start: number;
  /** Scratch for the flood of the move metric. */
  private readonly flood = new Int8Array(CELLS);

  constructor(mix: Mix) {
    this.mix = mix;
    this.start = startState(mix);
  }

  /** This position's number in its mix's table. */
  rank(): number {
    const cells = this.cells;
    let state = this.start;
    let r = 0;
    for (let i = 0; i < CELLS; i++) {
      const u = UNIT_OF_CODE[cells[i]!]!;
      if (u < 0) continue;
      r += below[state * 4 + u]!;
      state -= STRIDE[u]!;
    }
    return blockPlaceOf(this.blockTop) * this.mix.sequences + r;
  }

  /** Sets the position numbered `index`; false (and the cells undefined) when that number is not a position. */
  unrank(index: number): boolean {
    const sequences = this.mix.sequences;
    const place = Math.floor(index / sequences);
    let r = index - place * sequences;
    const cells = this.cells;
    cells.fill(EMPTY);
    const top = blockCellOf(place);
    this.blockTop = top;
    let taken = cover[BLOCK * CELLS + top]!;
    for (const o of SHAPE_OFFSETS[BLOCK]!) cells[top + o] = BLOCK_CELL;
    let state = this.start;
    let cursor = 0;
    while (taken !== 0xfffff) {
      while (taken & (1 << cursor)) cursor++;
      let u = UNIT_S;
      while (u > 0 && (remaining[state * 4 + u] === 0 || below[state * 4 + u]! > r)) u--;
      r -= below[state * 4 + u]!;
      state -= STRIDE[u]!;
      if (u === UNIT_EMPTY) {
        taken |= 1 << cursor;
        continue;
      }
      const shape = SHAPE_OF_UNIT[u]!;
      const mask = cover[shape * CELLS + cursor]!;
      if (mask === 0 || (mask & taken) !== 0) return false;
      taken |= mask;
      const codes = SHAPE_CODES[shape]!;
      const offsets = SHAPE_OFFSETS[shape]!;
      for (let k = 0; k < codes.length; k++) cells[cursor + offsets[k]!] = codes[k]!;
    }
    return true;
  }

  /** Bit i set where cell i is empty. */
  emptyMask(): number {
    let mask = 0;
    for (let i = 0; i < CELLS; i++) if (this.cells[i] === EMPTY) mask |= 1 << i;
    return mask;
  }

  /**
   * Writes every move of the metric as (top-left before, top-left after, shape) into the three arrays (at least
   * MAX_MOVES long); returns how many. Only pieces touching an empty cell can move.
   */
  moves(metric: Metric, from: Int8Array, to: Int8Array, shapes: Int8Array): number {
    const cells = this.cells;
    const empty = this.emptyMask();
    let n = 0;
    let seen = 0;
    for (let rest = empty; rest !== 0; rest &= rest - 1) {
      const e = 31 - Math.clz32(rest & -rest);
      for (let d = 0; d < 4; d++) {
        const c = step[(SOLDIER * CELLS + e) * 4 + d]!;
        if (c < 0) continue;
        const code = cells[c]!;
        if (code === EMPTY) continue;
        const t = code === BLOCK_CELL ? this.blockTop : code === V_BOTTOM ? c - WIDTH : code === H_RIGHT ? c - 1 : c;
        if (seen & (1 << t)) continue;
        seen |= 1 << t;
        n = this.pieceMoves(metric, t, SHAPE_OF_CODE[code]!, empty, from, to, shapes, n);
      }
    }
    return n;
  }

  private pieceMoves(metric: Metric, t: number, shape: number, empty: number, from: Int8Array, to: Int8Array, shapes: Int8Array, n: number): number {
    const base = shape * CELLS;
    if (metric === 'step') {
      for (let d = 0; d < 4; d++) {
        const u = step[(base + t) * 4 + d]!;
        if (u < 0 || (need[(base + t) * 4 + d]! & ~empty) !== 0) continue;
        from[n] = t; to[n] = u; shapes[n++] = shape;
      }
      return n;
    }
    const free = empty | cover[base + t]!;
    if (metric === 'straight') {
      for (let d = 0; d < 4; d++) {
        for (let at = t; ;) {
          const u = step[(base + at) * 4 + d]!;
          if (u < 0 || (cover[base + u]! & ~free) !== 0) break;
          from[n] = t; to[n] = u; shapes[n++] = shape;
          at = u;
        }
      }
      return n;
    }
    // move: every top-left reachable by one-cell slides through the empty cells and the piece's own.
    const queue = this.flood;
    let visited = 1 << t;
    let head = 0;
    let tail = 0;
    queue[tail++] = t;
    while (head < tail) {
      const at = queue[head++]!;
      for (let d = 0; d < 4; d++) {
        const u = step[(base + at) * 4 + d]!;
        if (u < 0 || visited & (1 << u) || (cover[base + u]! & ~free) !== 0) continue;
        visited |= 1 << u;
        queue[tail++] = u;
        from[n] = t; to[n] = u; shapes[n++] = shape;
      }
    }
    return n;
  }

  /** Moves the piece of `shape` whose top-left is `from` so that its top-left is `to` (no legality check). */
  move(from: number, to: number, shape: number): void {
    const cells = this.cells;
    const codes = SHAPE_CODES[shape]!;
    const offsets = SHAPE_OFFSETS[shape]!;
    for (let k = 0; k < offsets.length; k++) cells[from + offsets[k]!] = EMPTY;
    for (let k = 0; k < offsets.length; k++) cells[to + offsets[k]!] = codes[k]!;
    if (shape === BLOCK) this.blockTop = to;
  }

  /** The cells the top-left passes on the way from `from` to `to` in one move of the metric (both ends included). */
  pathOf(metric: Metric, from: number, to: number, shape: number): number[] {
    if (metric !== 'move') {
      const path = [from];
      const d = Math.sign(to - from) * (Math.abs(to - from) >= WIDTH ? WIDTH : 1);
      for (let at = from; at !== to; ) path.push((at += d));
      return path;
    }
    const base = shape * CELLS;
    const free = this.emptyMask() | cover[base + from]!;
    const parent = new Int8Array(CELLS).fill(-1);
    parent[from] = from;
    const queue = [from];
    for (let head = 0; head < queue.length && parent[to]! < 0; head++) {
      const at = queue[head]!;
      for (let d = 0; d < 4; d++) {
        const u = step[(base + at) * 4 + d]!;
        if (u < 0 || parent[u]! >= 0 || (cover[base + u]! & ~free) !== 0) continue;
        parent[u] = at;
        queue.push(u);
      }
    }
    const path = [to];
    for (let at = to; at !== from; ) path.push((at = parent[at]!));
    return path.reverse();
  }
}
