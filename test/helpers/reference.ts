/**
 * An independent, deliberately plain reference: boards as arrays of letter strings, pieces found by flood fill of
 * equal letters per piece id, states as strings in a Map. Shares no code with the solver's search.
 */

export type RefMetric = 'move' | 'straight' | 'step';

interface RefPiece {
  id: number;
  shape: string; // "LETTERwxh", equal shapes are interchangeable
  r: number;
  c: number;
  w: number;
  h: number;
}

/** Board as a grid of piece ids (-1 empty) plus the pieces. */
export interface RefBoard {
  w: number;
  h: number;
  pieces: RefPiece[];
}

export function refBoard(w: number, h: number, pieces: Array<{ letter: string; row: number; col: number; width: number; height: number }>): RefBoard {
  return {
    w,
    h,
    pieces: pieces.map((p, id) => ({ id, shape: `${p.letter}${p.width}x${p.height}`, r: p.row, c: p.col, w: p.width, h: p.height })),
  };
}

function occupancy(b: RefBoard): number[] {
  const occ = new Array<number>(b.w * b.h).fill(-1);
  for (const p of b.pieces) for (let r = p.r; r < p.r + p.h; r++) for (let c = p.c; c < p.c + p.w; c++) occ[r * b.w + c] = p.id;
  return occ;
}

/** Key by shape per cell, with the goal piece marked, so interchangeable pieces give one key. */
function keyOf(b: RefBoard, goalId: number): string {
  const cells = new Array<string>(b.w * b.h).fill('.');
  for (const p of b.pieces) {
    const tag = p.id === goalId ? '*' : p.shape;
    for (let r = p.r; r < p.r + p.h; r++) for (let c = p.c; c < p.c + p.w; c++) cells[r * b.w + c] = `${tag}@${r - p.r},${c - p.c}`;
  }
  return cells.join('|');
}

function fits(b: RefBoard, occ: number[], p: RefPiece, r: number, c: number): boolean {
  if (r < 0 || c < 0 || r + p.h > b.h || c + p.w > b.w) return false;
  for (let rr = r; rr < r + p.h; rr++) for (let cc = c; cc < c + p.w; cc++) {
    const o = occ[rr * b.w + cc]!;
    if (o !== -1 && o !== p.id) return false;
  }
  return true;
}

const DIRS = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;

/** Positions piece p can reach in one move of the metric. */
export function refTargets(b: RefBoard, p: RefPiece, metric: RefMetric): Array<[number, number]> {
  const occ = occupancy(b);
  const out: Array<[number, number]> = [];
  if (metric === 'move') {
    const seen = new Set([`${p.r},${p.c}`]);
    const queue: Array<[number, number]> = [[p.r, p.c]];
    while (queue.length) {
      const [r, c] = queue.shift()!;
      for (const [dr, dc] of DIRS) {
        const nr = r + dr;
        const nc = c + dc;
        if (seen.has(`${nr},${nc}`) || !fits(b, occ, p, nr, nc)) continue;
        seen.add(`${nr},${nc}`);
        queue.push([nr, nc]);
        out.push([nr, nc]);
      }
    }
    return out;
  }
  for (const [dr, dc] of DIRS) {
    for (let d = 1; ; d++) {
      if (!fits(b, occ, p, p.r + dr * d, p.c + dc * d)) break;
      out.push([p.r + dr * d, p.c + dc * d]);
      if (metric === 'step') break;
    }
  }
  return out;
}

/**
 * Plain BFS, layer by layer: `visit` gets each layer (the start alone first) with its distance and stops the walk by
 * returning true; `cap` stops it once more positions than that have been seen (the walk then returns false).
 */
export function walkLayers(b: RefBoard, goalId: number, metric: RefMetric, cap: number, visit: (layer: RefBoard[], depth: number) => boolean): boolean {
  const seen = new Set([keyOf(b, goalId)]);
  for (let frontier = [b], depth = 0; frontier.length; depth++) {
    if (visit(frontier, depth)) return true;
    const next: RefBoard[] = [];
    for (const x of frontier) {
      for (const p of x.pieces) {
        for (const [r, c] of refTargets(x, p, metric)) {
          const y: RefBoard = { ...x, pieces: x.pieces.map((q) => (q.id === p.id ? { ...q, r, c } : q)) };
          const k = keyOf(y, goalId);
          if (seen.has(k)) continue;
          seen.add(k);
          next.push(y);
        }
      }
    }
    if (seen.size > cap) return false;
    frontier = next;
  }
  return true;
}

/** Plain BFS: the optimal length, or null when no solved position is reachable. */
export function refDistance(b: RefBoard, goalId: number, target: [number, number], metric: RefMetric): number | null {
  const solved = (x: RefBoard) => x.pieces[goalId]!.r === target[0] && x.pieces[goalId]!.c === target[1];
  let found: number | null = null;
  walkLayers(b, goalId, metric, Infinity, (layer, depth) => {
    if (layer.some(solved)) found = depth;
    return found !== null;
  });
  return found;
}

/** Plain BFS over the whole space: the number of positions at each distance (no mirror folding), or null past `cap`. */
export function refLayerSizes(b: RefBoard, goalId: number, metric: RefMetric, cap: number): number[] | null {
  const sizes: number[] = [];
  const complete = walkLayers(b, goalId, metric, cap, (layer) => {
    sizes.push(layer.length);
    return false;
  });
  return complete ? sizes : null;
}

/**
 * Replays moves on the board and checks each one: a piece stands at `from`, the path starts there and ends at `to`,
 * every path step is one cell onto free cells, and the shape of the path suits the metric. Returns the final board.
 */
export function refReplay(
  start: RefBoard,
  metric: RefMetric,
  moves: Array<{ from: [number, number]; to: [number, number]; path: Array<[number, number]> }>,
): RefBoard {
  let b = start;
  moves.forEach((m, i) => {
    const where = `move ${i + 1} (${m.from} → ${m.to})`;
    const p = b.pieces.find((q) => q.r === m.from[0] && q.c === m.from[1]);
    if (!p) throw new Error(`${where}: no piece has its top-left at ${m.from}`);
    const path = m.path;
    if (path.length < 2) throw new Error(`${where}: path too short`);
    if (String(path[0]) !== String(m.from) || String(path[path.length - 1]) !== String(m.to)) throw new Error(`${where}: path ends do not match`);
    const occ = occupancy(b);
    let dir = '';
    for (let j = 1; j < path.length; j++) {
      const [r0, c0] = path[j - 1]!;
      const [r1, c1] = path[j]!;
      if (Math.abs(r1 - r0) + Math.abs(c1 - c0) !== 1) throw new Error(`${where}: path step ${j} is not one cell`);
      if (!fits(b, occ, p, r1, c1)) throw new Error(`${where}: path step ${j} runs into another piece or off the board`);
      const d = `${r1 - r0},${c1 - c0}`;
      if (metric === 'straight' && dir && d !== dir) throw new Error(`${where}: a straight move turned a corner`);
      dir = d;
    }
    if (metric === 'step' && path.length !== 2) throw new Error(`${where}: a step moves exactly one cell`);
    if (String(m.from) === String(m.to)) throw new Error(`${where}: the piece did not move`);
    b = { ...b, pieces: b.pieces.map((q) => (q.id === p.id ? { ...q, r: m.to[0], c: m.to[1] } : q)) };
  });
  return b;
}
