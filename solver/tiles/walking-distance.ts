/**
 * Walking distance (Ken'ichiro Takahashi) for the 4×4 with the blank's goal in the bottom-right corner.
 *
 * Rows: a 4×4 table of how many tiles whose goal row is j sit in row i, and the blank's row. A vertical move carries
 * one tile between the blank's row and the next; the least number of such moves from a table to the goal's is a lower
 * bound on vertical moves. Columns are the same problem transposed (the goal is symmetric about the main diagonal), so
 * one table serves both: vertical + horizontal is admissible. Built by a breadth-first search over the few thousand
 * tables reachable from the goal, in a few milliseconds; a move updates a state by one lookup.
 */
const SIDE = 4;

export interface WalkingDistance {
  /** Least moves to the goal per state. */
  distance: Uint8Array;
  /** `next[(state * 2 + (blankUp ? 0 : 1)) * 4 + goalLine]`: the state after the blank swaps lines with a tile whose goal line is `goalLine`. */
  next: Int32Array;
  /** State of a position, from each tile's line and goal line. */
  stateOf(lines: ArrayLike<number>, goalLines: ArrayLike<number>, blankLine: number): number;
}

let built: WalkingDistance | undefined;

/** Counts as base-5 digits (16 of them), then the blank's line: exact in a double. */
const encode = (counts: Uint8Array, blankLine: number): number => {
  let code = blankLine;
  for (let i = 0; i < SIDE * SIDE; i++) code = code * 5 + counts[i]!;
  return code;
};

export function walkingDistance(): WalkingDistance {
  if (built) return built;
  const ids = new Map<number, number>();
  const tables: Uint8Array[] = [];
  const blanks: number[] = [];
  const goal = new Uint8Array(SIDE * SIDE);
  for (let i = 0; i < SIDE; i++) goal[i * SIDE + i] = i === SIDE - 1 ? SIDE - 1 : SIDE;
  const add = (counts: Uint8Array, blankLine: number): number => {
    const code = encode(counts, blankLine);
    let id = ids.get(code);
    if (id === undefined) {
      id = tables.length;
      ids.set(code, id);
      tables.push(counts);
      blanks.push(blankLine);
    }
    return id;
  };
  add(goal, SIDE - 1);
  const edges: number[] = [];
  for (let s = 0; s < tables.length; s++) {
    const counts = tables[s]!;
    const b = blanks[s]!;
    for (let dir = 0; dir < 2; dir++) {
      const other = dir === 0 ? b - 1 : b + 1;
      for (let j = 0; j < SIDE; j++) {
        if (other < 0 || other >= SIDE || counts[other * SIDE + j] === 0) {
          edges.push(-1);
          continue;
        }
        const moved = counts.slice();
        moved[other * SIDE + j]!--;
        moved[b * SIDE + j]!++;
        edges.push(add(moved, other));
      }
    }
  }
  const next = Int32Array.from(edges);
  const distance = new Uint8Array(tables.length).fill(255);
  const queue = new Int32Array(tables.length);
  distance[0] = 0;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const s = queue[head++]!;
    for (let e = s * 8; e < s * 8 + 8; e++) {
      const t = next[e]!;
      if (t >= 0 && distance[t] === 255) {
        distance[t] = distance[s]! + 1;
        queue[tail++] = t;
      }
    }
  }
  const stateOf = (lines: ArrayLike<number>, goalLines: ArrayLike<number>, blankLine: number): number => {
    const counts = new Uint8Array(SIDE * SIDE);
    for (let i = 0; i < lines.length; i++) counts[lines[i]! * SIDE + goalLines[i]!]!++;
    const id = ids.get(encode(counts, blankLine));
    if (id === undefined) throw new Error('internal: walking-distance state not reachable from the goal');
    return id;
  };
  built = { distance, next, stateOf };
  return built;
}
