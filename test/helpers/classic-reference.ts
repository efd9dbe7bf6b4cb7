/**
 * An independent reference for the classic 4×5 board, shared with no product code: a position is a 20-character
 * string (B/b the 2×2's top-left/other cells, V/v a vertical piece's top/bottom, H/h a horizontal piece's left/right,
 * S a soldier, . empty), moves are string edits, and distances come from a plain breadth-first search in a Map.
 */
export type RefMetric = 'move' | 'straight' | 'step';

const W = 4;
const H = 5;
const GOAL = 3 * W + 1;
const SHAPES: Record<string, { w: number; h: number; cells: string[] }> = {
  B: { w: 2, h: 2, cells: ['B', 'b', 'b', 'b'] },
  V: { w: 1, h: 2, cells: ['V', 'v'] },
  H: { w: 2, h: 1, cells: ['H', 'h'] },
  S: { w: 1, h: 1, cells: ['S'] },
};

function cellsOf(letter: string, at: number): number[] {
  const { w, h } = SHAPES[letter]!;
  const out: number[] = [];
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) out.push(at + r * W + c);
  return out;
}

function fits(board: string[], letter: string, own: number, at: number): boolean {
  const { w, h } = SHAPES[letter]!;
  const r = Math.floor(at / W);
  const c = at % W;
  if (r < 0 || c < 0 || r + h > H || c + w > W) return false;
  const mine = new Set(cellsOf(letter, own));
  return cellsOf(letter, at).every((i) => board[i] === '.' || mine.has(i));
}

const DIRS: Array<[number, number]> = [[0, -1], [0, 1], [-1, 0], [1, 0]];

/** Top-left cells a piece can reach in one move of the metric. */
function targets(board: string[], letter: string, at: number, metric: RefMetric): number[] {
  const out: number[] = [];
  const r0 = Math.floor(at / W);
  const c0 = at % W;
  if (metric === 'move') {
    const seen = new Set([at]);
    const queue = [at];
    while (queue.length) {
      const p = queue.shift()!;
      for (const [dr, dc] of DIRS) {
        const r = Math.floor(p / W) + dr;
        const c = (p % W) + dc;
        if (c < 0 || c >= W) continue;
        const q = r * W + c;
        if (seen.has(q) || !fits(board, letter, at, q)) continue;
        seen.add(q);
        queue.push(q);
        out.push(q);
      }
    }
    return out;
  }
  for (const [dr, dc] of DIRS) {
    for (let d = 1; ; d++) {
      const r = r0 + dr * d;
      const c = c0 + dc * d;
      if (c < 0 || c >= W || !fits(board, letter, at, r * W + c)) break;
      out.push(r * W + c);
      if (metric === 'step') break;
    }
  }
  return out;
}

export function moveOn(position: string, from: number, to: number): string {
  const board = [...position];
  const letter = board[from]!;
  for (const i of cellsOf(letter, from)) board[i] = '.';
  cellsOf(letter, to).forEach((i, k) => (board[i] = SHAPES[letter]!.cells[k]!));
  return board.join('');
}

/** Every position one move away. */
export function neighbours(position: string, metric: RefMetric): string[] {
  const board = [...position];
  const out: string[] = [];
  board.forEach((ch, at) => {
    if (!SHAPES[ch]) return;
    for (const to of targets(board, ch, at, metric)) out.push(moveOn(position, at, to));
  });
  return out;
}

export const isSolved = (position: string) => position[GOAL] === 'B';

/** Optimal number of moves to the goal, or null when no goal position is reachable. */
export function refClassicDistance(position: string, metric: RefMetric): number | null {
  if (isSolved(position)) return 0;
  const seen = new Set([position]);
  let frontier = [position];
  for (let depth = 1; frontier.length; depth++) {
    const next: string[] = [];
    for (const p of frontier) {
      for (const q of neighbours(p, metric)) {
        if (seen.has(q)) continue;
        if (isSolved(q)) return depth;
        seen.add(q);
        next.push(q);
      }
    }
    frontier = next;
  }
  return null;
}

/** A layout code (rows joined by '-') from a reference position. */
export function toCode(position: string): string {
  const rows: string[] = [];
  for (let r = 0; r < H; r++) rows.push(position.slice(r * W, r * W + W).replace(/[bvhS]/g, (ch) => (ch === 'S' ? 'S' : ch.toUpperCase())));
  return rows.join('-');
}

/**
 * A random arrangement of a mix (v verticals, h horizontals, s soldiers, `empty` empty cells), or null after many
 * failed tries; `blockAt` fixes the 2×2's top-left.
 */
export function randomArrangement(rand: (n: number) => number, v: number, h: number, s: number, blockAt?: number, empty = 2): string | null {
  for (let attempt = 0; attempt < 2000; attempt++) {
    const board = new Array<string>(W * H).fill('');
    const block = blockAt ?? rand(H - 1) * W + rand(W - 1);
    cellsOf('B', block).forEach((i, k) => (board[i] = SHAPES.B!.cells[k]!));
    const units = [...'V'.repeat(v), ...'H'.repeat(h), ...'S'.repeat(s), ...'.'.repeat(empty)];
    let ok = true;
    for (let i = 0; i < W * H && ok; i++) {
      if (board[i] !== '') continue;
      const pick = units.splice(rand(units.length), 1)[0]!;
      if (pick === '.') {
        board[i] = '.';
        continue;
      }
      const r = Math.floor(i / W);
      const c = i % W;
      const { w, h: ht } = SHAPES[pick]!;
      ok = r + ht <= H && c + w <= W && cellsOf(pick, i).every((j) => board[j] === '');
      if (ok) cellsOf(pick, i).forEach((j, k) => (board[j] = SHAPES[pick]!.cells[k]!));
    }
    if (ok) return board.join('');
  }
  return null;
}

/** Counts the arrangements of a mix by exhaustive placement (independent of the product's numbering). */
export function countArrangements(v: number, h: number, s: number, empty = 2): number {
  const board = new Array<string>(W * H).fill('');
  let count = 0;
  const fill = (from: number, left: Record<string, number>) => {
    let i = from;
    while (i < W * H && board[i] !== '') i++;
    if (i === W * H) {
      count++;
      return;
    }
    for (const unit of ['.', 'V', 'H', 'S']) {
      if (!left[unit]) continue;
      const cells = unit === '.' ? [i] : cellsOf(unit, i);
      if (unit !== '.') {
        const { w, h: ht } = SHAPES[unit]!;
        if (Math.floor(i / W) + ht > H || (i % W) + w > W || !cells.every((j) => board[j] === '')) continue;
      }
      cells.forEach((j, k) => (board[j] = unit === '.' ? '.' : SHAPES[unit]!.cells[k]!));
      left[unit]!--;
      fill(i + 1, left);
      left[unit]!++;
      for (const j of cells) board[j] = '';
    }
  };
  for (let block = 0; block < W * H; block++) {
    if (Math.floor(block / W) + 2 > H || (block % W) + 2 > W) continue;
    cellsOf('B', block).forEach((i, k) => (board[i] = SHAPES.B!.cells[k]!));
    fill(0, { '.': empty, V: v, H: h, S: s });
    for (const i of cellsOf('B', block)) board[i] = '';
  }
  return count;
}

/** A reference position from a layout code of B, V, H, S and '.' (a fixed letter's first uncovered cell is its top-left). */
export function fromCode(code: string): string {
  const flat = code.split('-').join('');
  const board = new Array<string>(W * H).fill('');
  for (let i = 0; i < W * H; i++) {
    const letter = flat[i]!;
    if (board[i] !== '') continue;
    if (letter === '.') {
      board[i] = '.';
      continue;
    }
    cellsOf(letter, i).forEach((j, k) => (board[j] = SHAPES[letter]!.cells[k]!));
  }
  return board.join('');
}
