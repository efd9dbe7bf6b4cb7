/**
 * A mutable search position: the class grid, the pieces on it, and its packed key and mirrored key, both kept up to
 * date incrementally as pieces move. All storage is typed arrays allocated once per search.
 */
import { GOAL_CLASS, type Metric, type Puzzle } from './puzzle.ts';

export class SearchBoard {
  readonly puzzle: Puzzle;
  readonly grid: Uint8Array;
  /** Piece index covering each cell, -1 when empty. */
  readonly owner: Int16Array;
  /** Top-left cell and class of each piece. Piece indices stay stable while pieces move. */
  readonly pos: Int16Array;
  readonly cls: Uint8Array;
  readonly key: Uint32Array;
  readonly mirrorKey: Uint32Array;
  goalPiece = -1;
  /** Empty cells, in row-major order. */
  readonly empties: Int16Array;
  emptyCount = 0;
  private readonly pieceMark: Int32Array;
  private pieceStamp = 0;
  private readonly seen: Int32Array;
  private stamp = 0;
  private readonly queue: Int16Array;
  private readonly mirrorScratch: Uint32Array;

  constructor(puzzle: Puzzle) {
    this.puzzle = puzzle;
    this.grid = new Uint8Array(puzzle.cells);
    this.owner = new Int16Array(puzzle.cells);
    this.pos = new Int16Array(puzzle.pieceCount);
    this.cls = new Uint8Array(puzzle.pieceCount);
    this.key = new Uint32Array(puzzle.words);
    this.mirrorKey = new Uint32Array(puzzle.words);
    this.empties = new Int16Array(puzzle.cells);
    this.pieceMark = new Int32Array(puzzle.pieceCount);
    this.seen = new Int32Array(puzzle.cells);
    this.queue = new Int16Array(puzzle.cells);
    this.mirrorScratch = new Uint32Array(puzzle.words);
  }

  loadGrid(grid: Uint8Array): void {
    this.grid.set(grid);
    this.index(true);
  }

  /** Loads the state packed at `keys[offset…]`. */
  loadKey(keys: Uint32Array, offset: number): void {
    const { cells, cellsPerWord, bitsPerCell, words } = this.puzzle;
    const mask = (1 << bitsPerCell) - 1;
    const grid = this.grid;
    let i = 0;
    for (let w = 0; w < words; w++) {
      let v = keys[offset + w]!;
      for (let j = 0; j < cellsPerWord && i < cells; j++) {
        grid[i++] = v & mask;
        v >>>= bitsPerCell;
      }
      this.key[w] = keys[offset + w]!;
    }
    this.index(false);
  }

  /** Rebuilds pieces, owners, empties and the mirror key (and the key, unless it was loaded) from the grid. */
  private index(withKey: boolean): void {
    const { cells, wordOf, shiftOf, mirrorCell, words, shapeStart, shapeCells } = this.puzzle;
    const { grid, owner, pos, cls, key, mirrorKey, empties } = this;
    for (let i = 0; i < cells; i++) owner[i] = -1;
    for (let w = 0; w < words; w++) {
      if (withKey) key[w] = 0;
      mirrorKey[w] = 0;
    }
    let n = 0;
    let e = 0;
    for (let i = 0; i < cells; i++) {
      const c = grid[i]!;
      if (c === 0) {
        empties[e++] = i;
        continue;
      }
      if (withKey) key[wordOf[i]!]! |= c << shiftOf[i]!;
      const m = mirrorCell[i]!;
      mirrorKey[wordOf[m]!]! |= c << shiftOf[m]!;
      if (owner[i] !== -1) continue;
      for (let j = shapeStart[c]!, end = shapeStart[c + 1]!; j < end; j++) owner[i + shapeCells[j]!] = n;
      pos[n] = i;
      cls[n] = c;
      if (c === GOAL_CLASS) this.goalPiece = n;
      n++;
    }
    this.emptyCount = e;
  }

  /**
   * Writes the pieces that touch an empty cell (the only ones that can move) into `out`, returns how many.
   * Valid right after a load; `move` does not maintain the empty list.
   */
  movablePieces(out: Int16Array): number {
    const { width, cells } = this.puzzle;
    const { owner, empties, pieceMark } = this;
    const stamp = ++this.pieceStamp;
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
        const k = owner[t]!;
        if (k < 0 || pieceMark[k] === stamp) continue;
        pieceMark[k] = stamp;
        out[n++] = k;
      }
    }
    return n;
  }

  /** Writes the key piece `k` would have after moving to `to`, folded with its mirror when `fold`, without moving it. */
  keyAfterMove(k: number, to: number, fold: boolean, out: Uint32Array): void {
    const { wordOf, shiftOf, mirrorCell, classes, words } = this.puzzle;
    const c = this.cls[k]!;
    const offsets = classes[c]!.offsets;
    const from = this.pos[k]!;
    const key = this.key;
    for (let w = 0; w < words; w++) out[w] = key[w]!;
    for (let j = 0; j < offsets.length; j++) {
      const a = from + offsets[j]!;
      const b = to + offsets[j]!;
      out[wordOf[a]!]! ^= c << shiftOf[a]!;
      out[wordOf[b]!]! ^= c << shiftOf[b]!;
    }
    if (!fold) return;
    const mk = this.mirrorScratch;
    const mirrorKey = this.mirrorKey;
    for (let w = 0; w < words; w++) mk[w] = mirrorKey[w]!;
    for (let j = 0; j < offsets.length; j++) {
      const a = mirrorCell[from + offsets[j]!]!;
      const b = mirrorCell[to + offsets[j]!]!;
      mk[wordOf[a]!]! ^= c << shiftOf[a]!;
      mk[wordOf[b]!]! ^= c << shiftOf[b]!;
    }
    for (let w = words - 1; w >= 0; w--) {
      if (out[w] !== mk[w]) {
        if (mk[w]! < out[w]!) for (let x = 0; x < words; x++) out[x] = mk[x]!;
        return;
      }
    }
  }

  isSolved(): boolean {
    return this.pos[this.goalPiece] === this.puzzle.goalCell;
  }

  /** Moves piece `k` so its top-left is at `to`, updating grid, owners and keys. */
  move(k: number, to: number): void {
    const { wordOf, shiftOf, mirrorCell, classes, width } = this.puzzle;
    const c = this.cls[k]!;
    const cl = classes[c]!;
    const offsets = cl.offsets;
    const from = this.pos[k]!;
    const { grid, owner, key, mirrorKey } = this;
    for (let j = 0; j < offsets.length; j++) {
      const i = from + offsets[j]!;
      grid[i] = 0;
      owner[i] = -1;
    }
    for (let j = 0; j < offsets.length; j++) {
      const i = to + offsets[j]!;
      grid[i] = c;
      owner[i] = k;
    }
    this.pos[k] = to;
    // Keys: the class bits leave the old cells and appear in the new ones. A mirrored rectangle's cells are the
    // mirrored cells of the original, so the same XOR walk serves both keys.
    for (let j = 0; j < offsets.length; j++) {
      const a = from + offsets[j]!;
      const b = to + offsets[j]!;
      key[wordOf[a]!]! ^= c << shiftOf[a]!;
      key[wordOf[b]!]! ^= c << shiftOf[b]!;
      const ma = mirrorCell[a]!;
      const mb = mirrorCell[b]!;
      mirrorKey[wordOf[ma]!]! ^= c << shiftOf[ma]!;
      mirrorKey[wordOf[mb]!]! ^= c << shiftOf[mb]!;
    }
    void width;
  }

  /** Can piece `k` (of class `c`) have its top-left at `t`? Cells it already covers count as free. */
  private fits(k: number, offsets: Int16Array, t: number): boolean {
    const { grid, owner } = this;
    for (let j = 0; j < offsets.length; j++) {
      const i = t + offsets[j]!;
      if (grid[i] !== 0 && owner[i] !== k) return false;
    }
    return true;
  }

  /**
   * Writes every top-left cell piece `k` can reach in one move of `metric` into `targets[at…]`, and for each the index
   * (into the same buffer, or -1 for the piece's current cell) of the position it came from, so paths can be rebuilt.
   * Returns the new end of the buffer.
   */
  reach(k: number, metric: Metric, targets: Int16Array, via: Int16Array, at: number): number {
    const { width, classes } = this.puzzle;
    const cl = classes[this.cls[k]!]!;
    const offsets = cl.offsets;
    const fits = cl.fits;
    const start = this.pos[k]!;
    let end = at;
    if (metric === 'move') {
      const seen = this.seen;
      const stamp = ++this.stamp;
      const queue = this.queue;
      seen[start] = stamp;
      queue[0] = start;
      let head = 0;
      let tail = 1;
      // Flood over top-left cells; queue slot q > 0 is written to targets[at + q - 1].
      while (head < tail) {
        const p = queue[head]!;
        const from = head === 0 ? -1 : at + head - 1;
        head++;
        const col = p % width;
        for (let d = 0; d < 4; d++) {
          let t: number;
          if (d === 0) { if (col === 0) continue; t = p - 1; }
          else if (d === 1) t = p + 1;
          else if (d === 2) t = p - width;
          else t = p + width;
          if (t < 0 || !fits[t] || seen[t] === stamp) continue;
          if (d === 1 && col + cl.width >= width) continue;
          if (!this.fits(k, offsets, t)) continue;
          seen[t] = stamp;
          queue[tail++] = t;
          targets[end] = t;
          via[end] = from;
          end++;
        }
      }
      return end;
    }
    for (let d = 0; d < 4; d++) {
      let p = start;
      let from = -1;
      for (;;) {
        const col = p % width;
        let t: number;
        if (d === 0) { if (col === 0) break; t = p - 1; }
        else if (d === 1) { if (col + cl.width >= width) break; t = p + 1; }
        else if (d === 2) t = p - width;
        else t = p + width;
        if (t < 0 || !fits[t] || !this.fits(k, offsets, t)) break;
        targets[end] = t;
        via[end] = from;
        from = end;
        end++;
        p = t;
        if (metric === 'step') break;
      }
    }
    return end;
  }
}

/** Writes the canonical key of the current position (the smaller of key and mirror key when folding) into `out`. */
export function canonicalInto(board: SearchBoard, out: Uint32Array, outOffset: number): void {
  const { key, mirrorKey } = board;
  const words = key.length;
  let useMirror = false;
  if (board.puzzle.mirrorable) {
    for (let w = words - 1; w >= 0; w--) {
      if (key[w] !== mirrorKey[w]) {
        useMirror = mirrorKey[w]! < key[w]!;
        break;
      }
    }
  }
  const src = useMirror ? mirrorKey : key;
  for (let w = 0; w < words; w++) out[outOffset + w] = src[w]!;
}
