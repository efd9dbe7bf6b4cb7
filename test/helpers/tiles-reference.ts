/** Independent helpers for tiles tests: a plain BFS over strings, and a move-by-move replay checker. */

export function neighbours(state: string, width: number, metric: 'move' | 'straight'): string[] {
  const n = state.length;
  const blank = state.indexOf('.');
  const out: string[] = [];
  for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    let r = Math.floor(blank / width);
    let c = blank % width;
    let s = state;
    let b = blank;
    for (;;) {
      r += dr!;
      c += dc!;
      if (r < 0 || c < 0 || c >= width || r * width + c >= n) break;
      const p = r * width + c;
      const chars = [...s];
      chars[b] = chars[p]!;
      chars[p] = '.';
      s = chars.join('');
      b = p;
      out.push(s);
      if (metric === 'move') break;
    }
  }
  return out;
}

/** Distances from `goal` to every reachable state (moves are reversible). */
export function bfsFrom(goal: string, width: number, metric: 'move' | 'straight'): Map<string, number> {
  const dist = new Map([[goal, 0]]);
  let frontier = [goal];
  for (let d = 1; frontier.length; d++) {
    const next: string[] = [];
    for (const s of frontier) for (const t of neighbours(s, width, metric)) if (!dist.has(t)) {
      dist.set(t, d);
      next.push(t);
    }
    frontier = next;
  }
  return dist;
}

/** Replays moves ({from: far end of the run, to: blank cell, path}) checking each one; returns the final state. */
export function replayTiles(state: string, width: number, metric: 'move' | 'straight', moves: Array<{ from: number[]; to: number[]; path: number[][] }>): string {
  let s = state;
  moves.forEach((m, i) => {
    const blank = s.indexOf('.');
    if (m.to[0]! * width + m.to[1]! !== blank) throw new Error(`move ${i + 1}: 'to' is not the blank`);
    const next = neighbours(s, width, metric).find((t) => t.indexOf('.') === m.from[0]! * width + m.from[1]!);
    if (!next) throw new Error(`move ${i + 1}: (${m.from}) cannot slide into the blank`);
    if (metric === 'move' && m.path.length !== 2) throw new Error(`move ${i + 1}: a unit move has a two-cell path`);
    s = next;
  });
  return s;
}

/**
 * Least unit moves between two states by breadth-first search from both ends (each side grows its smaller frontier
 * a whole level at a time, so the first meeting level gives the exact distance). Strings only: slow, simple and
 * independent of the solver. Fine up to about 34 moves on the 4×4.
 */
export function bidirectionalDistance(start: string, goal: string, width: number): number {
  if (start === goal) return 0;
  const sides = [new Map([[start, 0]]), new Map([[goal, 0]])];
  const frontiers = [[start], [goal]];
  const depths = [0, 0];
  for (;;) {
    const s = frontiers[0]!.length <= frontiers[1]!.length ? 0 : 1;
    const mine = sides[s]!;
    const other = sides[1 - s]!;
    const next: string[] = [];
    let best = Infinity;
    for (const state of frontiers[s]!) {
      for (const t of neighbours(state, width, 'move')) {
        if (mine.has(t)) continue;
        mine.set(t, depths[s]! + 1);
        next.push(t);
        const met = other.get(t);
        if (met !== undefined) best = Math.min(best, depths[s]! + 1 + met);
      }
    }
    if (best < Infinity) return best;
    if (next.length === 0) return -1;
    frontiers[s] = next;
    depths[s]!++;
  }
}

/** A random walk of `steps` unit moves from `state` that never steps straight back. */
export function randomWalk(state: string, width: number, steps: number, rand: (n: number) => number): string {
  let s = state;
  let previous = '';
  for (let i = 0; i < steps; i++) {
    const options = neighbours(s, width, 'move').filter((t) => t !== previous);
    previous = s;
    s = options[rand(options.length)]!;
  }
  return s;
}

/** A uniformly shuffled board of `width` × `height` (tile numbers per cell, 0 the blank): half of them unsolvable. */
export function shuffledTiles(random: (n: number) => number, width = 3, height = 3): { width: number; height: number; cells: Uint8Array } {
  const cells = Uint8Array.from({ length: width * height }, (_, i) => i);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return { width, height, cells };
}
