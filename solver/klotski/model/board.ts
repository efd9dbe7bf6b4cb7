/**
 * A mutable search position: the grid of parts and its packed key, kept up to date incrementally as pieces move.
 * A piece is named by its top-left cell; the part in any cell tells which piece covers it. All storage is typed
 * arrays allocated once per search.
 */
import { GOAL_CLASS, decodeKey, encodeGrid, mirrorKeyInto, type Puzzle } from './puzzle.ts';
import type { Metric } from '../../shared/metric.ts';
import { buildMoveTables, MAX_MASK_CELLS, type MoveTables } from './tables.ts';

export class SearchBoard {
  readonly puzzle: Puzzle;
  /** Part per cell (0 = empty). */
  readonly grid: Uint8Array;
  readonly key: Uint32Array;
  /** Key of the mirror image, maintained only on the fast path (boards of ≤ 32 cells). */
  readonly mirrorKey: Uint32Array;
  /** Bit i set when cell i is empty (fast path only). */
  emptyMask = 0;
  private readonly tables: MoveTables;
  /** Cells fit in one int32 mask (≤ 32): slides are mask tests and `emptyMask` is kept. */
  private readonly masks: boolean;
  /** Top-left cell of the goal piece. */
  goalPos = -1;
  /** Empty cells, in row-major order, as of the last load or `scanEmpties`. */
  readonly empties: Int16Array;
  emptyCount = 0;
  private readonly mark: Int32Array;
  private markStamp = 0;
  private readonly seen: Int32Array;
  private seenStamp = 0;
  private readonly queue: Int16Array;
  /** Per class, the directions its pieces may slide (bit d for direction d: 0 left, 1 right, 2 up, 3 down). */
  private readonly directions: Uint8Array;

  constructor(puzzle: Puzzle) {
    this.puzzle = puzzle;
    this.grid = new Uint8Array(puzzle.cells);
    this.key = new Uint32Array(puzzle.words);
    this.empties = new Int16Array(puzzle.cells);
    this.mark = new Int32Array(puzzle.cells);
    this.seen = new Int32Array(puzzle.cells);
    this.queue = new Int16Array(puzzle.cells);
    this.mirrorKey = new Uint32Array(puzzle.words);
    this.tables = buildMoveTables(puzzle);
    this.masks = puzzle.cells <= MAX_MASK_CELLS;
    this.directions = Uint8Array.from(puzzle.classes, (cls) => cls.directions);
  }

  loadGrid(grid: Uint8Array): void {
    this.grid.set(grid);
    encodeGrid(this.puzzle, this.grid, this.key, 0);
    this.scanEmpties();
  }

  /** Loads the state packed at `keys[offset…]`. */
  loadKey(keys: Uint32Array, offset: number): void {
    decodeKey(this.puzzle, keys, offset, this.grid);
    for (let w = 0; w < this.puzzle.words; w++) this.key[w] = keys[offset + w]!;
    this.scanEmpties();
  }

  /** Refreshes the empty-cell list and the goal piece's position from the grid. */
  scanEmpties(): void {
    const { cells, firstPart } = this.puzzle;
    const goalPart = firstPart[GOAL_CLASS]!;
    const { grid, empties } = this;
    let e = 0;
    let mask = 0;
    for (let i = 0; i < cells; i++) {
      const p = grid[i]!;
      if (p === 0) {
        empties[e++] = i;
        mask |= 1 << i;
      } else if (p === goalPart) this.goalPos = i;
    }
    this.emptyCount = e;
    this.emptyMask = mask;
    if (this.puzzle.mirrorable) mirrorKeyInto(this.puzzle, this.key, 0, this.mirrorKey, 0);
  }

  isSolved(): boolean {
    const { targets, targetClasses, firstPart, goalByPosition } = this.puzzle;
    if (goalByPosition) return this.goalPos === this.puzzle.goalCell;
    for (let i = 0; i < targets.length; i++) if (this.grid[targets[i]!] !== firstPart[targetClasses[i]!]) return false;
    return true;
  }

  /** Whether the position after moving the piece at `from` to `to` is solved (the board is left as it was). */
  solvedAfterMove(from: number, to: number): boolean {
    if (this.puzzle.goalByPosition) return (from === this.goalPos ? to : this.goalPos) === this.puzzle.goalCell;
    this.move(from, to);
    const solved = this.isSolved();
    this.move(to, from);
    return solved;
  }

  /** Writes the top-left cells of the pieces touching an empty cell (the only ones that can move); returns how many. */
  movablePieces(out: Int16Array): number {
    const { width, cells, partOffset, fixedPart } = this.puzzle;
    const { grid, empties, mark } = this;
    const stamp = ++this.markStamp;
    let n = 0;
    for (let j = 0; j < this.emptyCount; j++) {
      const e = empties[j]!;
      const col = e % width;
      for (let d = 0; d < 4; d++) {
        let t: number;
        if (d === 0) { if (col === 0) continue; t = e - 1; }
        else if (d === 1) { if (col === width - 1) continue; t = e + 1; }
        else if (d === 2) { t = e - width; if (t < 0) continue; }
        else { t = e + width; if (t >= cells) continue; }
        const p = grid[t]!;
        if (p === 0 || p >= fixedPart) continue;
        const tl = t - partOffset[p]!;
        if (mark[tl] === stamp) continue;
        mark[tl] = stamp;
        out[n++] = tl;
      }
    }
    return n;
  }

  /** Moves the piece whose top-left is `from` so its top-left is `to`, updating grid and key. */
  move(from: number, to: number): void {
    const { partClass, firstPart, classes, cells, words } = this.puzzle;
    const { grid, key, tables } = this;
    const first = grid[from]!;
    const c = partClass[first]!;
    const offsets = classes[c]!.offsets;
    const n = offsets.length;
    for (let j = 0; j < n; j++) grid[from + offsets[j]!] = 0;
    for (let j = 0; j < n; j++) grid[to + offsets[j]!] = first + j;
    if (first === firstPart[GOAL_CLASS]) this.goalPos = to;
    const a = (c * cells + from) * words;
    const b = (c * cells + to) * words;
    const { keyPart, mirrorPart } = tables;
    const mirrorKey = this.mirrorKey;
    for (let w = 0; w < words; w++) {
      key[w] = key[w]! ^ keyPart[a + w]! ^ keyPart[b + w]!;
      mirrorKey[w] = mirrorKey[w]! ^ mirrorPart[a + w]! ^ mirrorPart[b + w]!;
    }
    if (this.masks) this.emptyMask = (this.emptyMask | tables.cover[c * cells + from]!) & ~tables.cover[c * cells + to]!;
  }

  /**
   * Writes the key the position would have after moving piece `from` to `to` (folded if `fold`), without moving;
   * true when the folded key is the mirror image's.
   */
  keyAfterMove(from: number, to: number, fold: boolean, out: Uint32Array): boolean {
    const puzzle = this.puzzle;
    const { partClass, words } = puzzle;
    const key = this.key;
    const first = this.grid[from]!;
    const c = partClass[first]!;
    const a = (c * puzzle.cells + from) * words;
    const b = (c * puzzle.cells + to) * words;
    const { keyPart, mirrorPart } = this.tables;
    for (let w = 0; w < words; w++) out[w] = key[w]! ^ keyPart[a + w]! ^ keyPart[b + w]!;
    if (!fold) return false;
    // Compare with the mirror image's key from the high word down; keep the smaller.
    const mirrorKey = this.mirrorKey;
    for (let w = words - 1; w >= 0; w--) {
      const m = (mirrorKey[w]! ^ mirrorPart[a + w]! ^ mirrorPart[b + w]!) >>> 0;
      const k = out[w]!;
      if (m === k) continue;
      if (m > k) return false;
      for (let x = 0; x < words; x++) out[x] = mirrorKey[x]! ^ mirrorPart[a + x]! ^ mirrorPart[b + x]!;
      return true;
    }
    return false;
  }

  /** Writes the current key, folded with its mirror image's when the puzzle allows it. */
  canonicalInto(out: Uint32Array, offset: number): void {
    const words = this.puzzle.words;
    const { key, mirrorKey } = this;
    for (let w = 0; w < words; w++) out[offset + w] = key[w]!;
    if (!this.puzzle.mirrorable) return;
    for (let w = words - 1; w >= 0; w--) {
      if (mirrorKey[w] === key[w]) continue;
      if (mirrorKey[w]! < key[w]!) for (let x = 0; x < words; x++) out[offset + x] = mirrorKey[x]!;
      return;
    }
  }

  /**
   * Writes every top-left cell the piece at `from` can reach in one move of `metric` into `targets[at…]`, and for
   * each the index (into the same buffer, or -1 for the start) of the position it came from, so paths can be
   * rebuilt. Returns the new end of the buffer.
   */
  reach(from: number, metric: Metric, targets: Int16Array, via: Int16Array, at: number): number {
    if (this.masks) return this.reachByMasks(from, metric, targets, via, at);
    const { width, cells, classes, partClass } = this.puzzle;
    const grid = this.grid;
    const first = grid[from]!;
    const cl = classes[partClass[first]!]!;
    const directions = cl.directions;
    if (directions === 0) return at;
    const offsets = cl.offsets;
    const fits = cl.fits;
    const n = offsets.length;
    // Lift the piece off the board so its own cells count as free.
    for (let j = 0; j < n; j++) grid[from + offsets[j]!] = 0;
    let end = at;
    if (metric === 'move') {
      const seen = this.seen;
      const stamp = ++this.seenStamp;
      const queue = this.queue;
      seen[from] = stamp;
      queue[0] = from;
      let head = 0;
      let tail = 1;
      // Flood over top-left cells; queue slot q > 0 was written to targets[at + q - 1].
      while (head < tail) {
        const p = queue[head]!;
        const cameFrom = head === 0 ? -1 : at + head - 1;
        head++;
        const col = p % width;
        for (let d = 0; d < 4; d++) {
          if (((directions >> d) & 1) === 0) continue;
          let t: number;
          if (d === 0) { if (col === 0) continue; t = p - 1; }
          else if (d === 1) { if (col === width - 1) continue; t = p + 1; }
          else if (d === 2) { t = p - width; if (t < 0) continue; }
          else { t = p + width; if (t >= cells) continue; }
          if (fits[t] !== 1 || seen[t] === stamp) continue;
          let free = true;
          for (let j = 0; j < n; j++) if (grid[t + offsets[j]!] !== 0) { free = false; break; }
          if (!free) continue;
          seen[t] = stamp;
          queue[tail++] = t;
          targets[end] = t;
          via[end] = cameFrom;
          end++;
        }
      }
    } else {
      for (let d = 0; d < 4; d++) {
        if (((directions >> d) & 1) === 0) continue;
        let p = from;
        let cameFrom = -1;
        for (;;) {
          const col = p % width;
          let t: number;
          if (d === 0) { if (col === 0) break; t = p - 1; }
          else if (d === 1) { if (col === width - 1) break; t = p + 1; }
          else if (d === 2) { t = p - width; if (t < 0) break; }
          else { t = p + width; if (t >= cells) break; }
          if (fits[t] !== 1) break;
          let free = true;
          for (let j = 0; j < n; j++) if (grid[t + offsets[j]!] !== 0) { free = false; break; }
          if (!free) break;
          targets[end] = t;
          via[end] = cameFrom;
          cameFrom = end;
          end++;
          p = t;
          if (metric === 'step') break;
        }
      }
    }
    for (let j = 0; j < n; j++) grid[from + offsets[j]!] = first + j;
    return end;
  }

  /** `reach` for boards of ≤ 32 cells: each one-cell slide is one mask test against the empty cells. */
  private reachByMasks(from: number, metric: Metric, targets: Int16Array, via: Int16Array, at: number): number {
    const cells = this.puzzle.cells;
    const tables = this.tables!;
    const { need, cover } = tables;
    const c = this.puzzle.partClass[this.grid[from]!]!;
    const directions = this.directions[c]!;
    if (directions === 0) return at;
    const base = c * cells;
    // The piece's own cells count as free while it moves.
    const empty = this.emptyMask | cover[base + from]!;
    let end = at;
    if (metric === 'move') {
      const seen = this.seen;
      const stamp = ++this.seenStamp;
      const queue = this.queue;
      seen[from] = stamp;
      queue[0] = from;
      let head = 0;
      let tail = 1;
      while (head < tail) {
        const p = queue[head]!;
        const cameFrom = head === 0 ? -1 : at + head - 1;
        head++;
        const row = (base + p) * 4;
        for (let d = 0; d < 4; d++) {
          if (((directions >> d) & 1) === 0) continue;
          const m = need[row + d]!;
          if ((m & empty) !== m || m === -1) continue;
          const t = d === 0 ? p - 1 : d === 1 ? p + 1 : d === 2 ? p - this.puzzle.width : p + this.puzzle.width;
          if (seen[t] === stamp) continue;
          seen[t] = stamp;
          queue[tail++] = t;
          targets[end] = t;
          via[end] = cameFrom;
          end++;
        }
      }
      return end;
    }
    const width = this.puzzle.width;
    for (let d = 0; d < 4; d++) {
      if (((directions >> d) & 1) === 0) continue;
      const delta = d === 0 ? -1 : d === 1 ? 1 : d === 2 ? -width : width;
      let p = from;
      let cameFrom = -1;
      for (;;) {
        const m = need[(base + p) * 4 + d]!;
        if (m === -1 || (m & empty) !== m) break;
        p += delta;
        targets[end] = p;
        via[end] = cameFrom;
        cameFrom = end;
        end++;
        if (metric === 'step') break;
      }
    }
    return end;
  }
}
