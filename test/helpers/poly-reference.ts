/**
 * An independent reference for sliding-block puzzles with pieces of any shape, boards with holes and goals naming
 * several pieces, shared with no product code: it parses the public code format itself, a position is an array of
 * piece anchors, and distances come from a plain breadth-first search over string keys in a Map. Slow and simple on
 * purpose: it exists to check the product's solver.
 */
export type PolyMetric = 'move' | 'straight' | 'step';

export interface PolyPiece {
  letter: string;
  /** Absolute cell indices (row-major), sorted. */
  cells: number[];
}

export interface PolyBoard {
  width: number;
  height: number;
  /** Per cell, row-major: true where the cell is not part of the board. */
  holes: boolean[];
  pieces: PolyPiece[];
}

export interface PolyMove {
  from: [number, number];
  to: [number, number];
  path: [number, number][];
}

/** Letters whose pieces are fixed rectangles [width, height], parsed greedily; all other letters are one-off pieces. */
const FIXED: Record<string, [number, number]> = { B: [2, 2], V: [1, 2], H: [2, 1], S: [1, 1] };

const isFixed = (letter: string) => letter in FIXED;

const DIRS: Array<[number, number]> = [[-1, 0], [1, 0], [0, -1], [0, 1]];

// ---------------------------------------------------------------------------------------------------------------
// Parsing

/** Rows of a code, upper-cased, '#' read as '_', short rows padded on the right with '_'. */
function gridOf(code: string): { width: number; height: number; cells: string[] } {
  const rows = code.trim().toUpperCase().replace(/#/g, '_').split(/\r?\n|-|\//).map((row) => row.trim());
  if (rows.some((row) => row === '')) throw new Error(`empty row in ${JSON.stringify(code)}`);
  for (const row of rows) if (!/^[A-Z._]+$/.test(row)) throw new Error(`bad character in row ${JSON.stringify(row)}`);
  const width = Math.max(...rows.map((row) => row.length));
  const cells = rows.flatMap((row) => [...row.padEnd(width, '_')]);
  if (!cells.some((ch) => ch !== '_')) throw new Error('a board needs at least one cell');
  return { width, height: rows.length, cells };
}

/**
 * Splits a grid's letters into pieces: a fixed letter's first unclaimed cell in reading order is the top-left of a
 * new rectangle of its size; every other letter is one piece made of all its cells.
 */
function piecesOf(width: number, height: number, cells: string[]): PolyPiece[] {
  const claimed = new Array<boolean>(cells.length).fill(false);
  const pieces: PolyPiece[] = [];
  const oneOff = new Map<string, PolyPiece>();
  cells.forEach((letter, i) => {
    if (letter === '.' || letter === '_' || claimed[i]) return;
    if (!isFixed(letter)) {
      const piece = oneOff.get(letter) ?? { letter, cells: [] };
      if (!oneOff.has(letter)) pieces.push(piece);
      oneOff.set(letter, piece);
      piece.cells.push(i);
      claimed[i] = true;
      return;
    }
    const [w, h] = FIXED[letter]!;
    const r0 = Math.floor(i / width);
    const c0 = i % width;
    const rect: number[] = [];
    for (let r = r0; r < r0 + h; r++) {
      for (let c = c0; c < c0 + w; c++) {
        const j = r * width + c;
        if (r >= height || c >= width || cells[j] !== letter || claimed[j]) throw new Error(`${letter} at row ${r0}, col ${c0} is not a whole ${w}×${h}`);
        rect.push(j);
      }
    }
    for (const j of rect) claimed[j] = true;
    pieces.push({ letter, cells: rect });
  });
  return pieces;
}

export function parsePolyCode(code: string): PolyBoard {
  const { width, height, cells } = gridOf(code);
  return { width, height, holes: cells.map((ch) => ch === '_'), pieces: piecesOf(width, height, cells) };
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes and placements: a piece is its shape (cell offsets from its anchor, the first cell in reading order) plus
// where its anchor is. Pieces only translate, so the anchor stays the same cell of the shape.

type Offsets = Array<[number, number]>;

function shapeOf(cells: number[], width: number): Offsets {
  const r0 = Math.floor(cells[0]! / width);
  const c0 = cells[0]! % width;
  return cells.map((i) => [Math.floor(i / width) - r0, (i % width) - c0]);
}

const sameShape = (a: Offsets, b: Offsets) => a.length === b.length && a.every(([r, c], k) => r === b[k]![0] && c === b[k]![1]);

interface Puzzle {
  width: number;
  height: number;
  holes: boolean[];
  letters: string[];
  shapes: Offsets[];
  /** Indices of pieces that are interchangeable (same fixed letter), in groups; one-off pieces are alone. */
  groups: number[][];
}

function puzzleOf(board: PolyBoard): { puzzle: Puzzle; anchors: number[] } {
  const { width, height, holes, pieces } = board;
  const groups: number[][] = [];
  const byLetter = new Map<string, number[]>();
  pieces.forEach((piece, i) => {
    if (!isFixed(piece.letter)) return void groups.push([i]);
    if (!byLetter.has(piece.letter)) groups.push(byLetter.set(piece.letter, []).get(piece.letter)!);
    byLetter.get(piece.letter)!.push(i);
  });
  const puzzle = { width, height, holes, letters: pieces.map((p) => p.letter), shapes: pieces.map((p) => shapeOf(p.cells, width)), groups };
  return { puzzle, anchors: canonical(puzzle, pieces.map((p) => p.cells[0]!)) };
}

/** Sorts the anchors within each group of interchangeable pieces, so equal positions get equal keys. */
function canonical(puzzle: Puzzle, anchors: number[]): number[] {
  const out = anchors.slice();
  for (const group of puzzle.groups) {
    if (group.length < 2) continue;
    const sorted = group.map((i) => anchors[i]!).sort((a, b) => a - b);
    group.forEach((i, k) => (out[i] = sorted[k]!));
  }
  return out;
}

/** Which piece covers each cell (-1 none), for a position. */
function occupancy(puzzle: Puzzle, anchors: number[]): number[] {
  const occ = new Array<number>(puzzle.width * puzzle.height).fill(-1);
  anchors.forEach((anchor, p) => {
    for (const cell of cellsAt(puzzle, p, Math.floor(anchor / puzzle.width), anchor % puzzle.width)!) occ[cell] = p;
  });
  return occ;
}

/** The cells of piece p with its anchor at (row, col), or null if any falls outside the grid or on a hole. */
function cellsAt(puzzle: Puzzle, p: number, row: number, col: number): number[] | null {
  const out: number[] = [];
  for (const [dr, dc] of puzzle.shapes[p]!) {
    const r = row + dr;
    const c = col + dc;
    if (r < 0 || r >= puzzle.height || c < 0 || c >= puzzle.width || puzzle.holes[r * puzzle.width + c]) return null;
    out.push(r * puzzle.width + c);
  }
  return out;
}

/** Whether piece p may stand with its anchor at (row, col): board cells only, empty or its own. */
function fits(puzzle: Puzzle, occ: number[], p: number, row: number, col: number): boolean {
  const cells = cellsAt(puzzle, p, row, col);
  return cells !== null && cells.every((cell) => occ[cell] === -1 || occ[cell] === p);
}

/** Anchor cells piece p can reach in one move of the metric (never its current one). */
function reachable(puzzle: Puzzle, occ: number[], p: number, anchor: number, metric: PolyMetric): number[] {
  const { width } = puzzle;
  const r0 = Math.floor(anchor / width);
  const c0 = anchor % width;
  const out: number[] = [];
  if (metric === 'move') {
    const seen = new Set([anchor]);
    const queue = [anchor];
    for (let k = 0; k < queue.length; k++) {
      const r = Math.floor(queue[k]! / width);
      const c = queue[k]! % width;
      for (const [dr, dc] of DIRS) {
        if (!fits(puzzle, occ, p, r + dr, c + dc)) continue;
        const next = (r + dr) * width + c + dc;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
        out.push(next);
      }
    }
    return out;
  }
  for (const [dr, dc] of DIRS) {
    for (let d = 1; fits(puzzle, occ, p, r0 + dr * d, c0 + dc * d); d++) {
      out.push((r0 + dr * d) * width + c0 + dc * d);
      if (metric === 'step') break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Goals

/** For each group of interchangeable pieces named in the goal, the anchors its pieces must occupy. */
interface Goal {
  targets: Array<{ pieces: number[]; anchors: number[] }>;
}

function goalOf(puzzle: Puzzle, goalDrawing: string): Goal {
  const { width, height, cells } = gridOf(goalDrawing);
  if (width !== puzzle.width || height !== puzzle.height) throw new Error(`goal is ${width}×${height}, board is ${puzzle.width}×${puzzle.height}`);
  cells.forEach((ch, i) => {
    if ((ch === '_') !== puzzle.holes[i]) throw new Error(`goal and board disagree on a hole at cell ${i}`);
  });
  const targets: Goal['targets'] = [];
  const byLetter = new Map<string, number[]>();
  for (const target of piecesOf(width, height, cells)) {
    const shape = shapeOf(target.cells, width);
    const group = puzzle.groups.find((g) => puzzle.letters[g[0]!] === target.letter);
    if (!group) throw new Error(`goal names ${target.letter}, which is not on the board`);
    if (!sameShape(shape, puzzle.shapes[group[0]!]!)) throw new Error(`goal's ${target.letter} has another shape than the piece`);
    if (!byLetter.has(target.letter)) targets.push({ pieces: group, anchors: byLetter.set(target.letter, []).get(target.letter)! });
    byLetter.get(target.letter)!.push(target.cells[0]!);
  }
  for (const { pieces, anchors } of targets) {
    if (anchors.length > pieces.length) throw new Error(`goal has more ${puzzle.letters[pieces[0]!]} than the board`);
  }
  if (targets.length === 0) throw new Error('goal names no piece');
  return { targets };
}

/** Every target anchor is taken by one of its group's pieces (pieces of a group are interchangeable). */
function isGoal(goal: Goal, anchors: number[]): boolean {
  return goal.targets.every(({ pieces, anchors: want }) => want.every((a) => pieces.some((p) => anchors[p] === a)));
}

// ---------------------------------------------------------------------------------------------------------------
// Search

const DEFAULT_CAP = 2_000_000;

/** Exact minimum number of moves from the layout to the goal, null if unreachable; throws past `cap` positions. */
export function polyDistance(code: string, goalDrawing: string, metric: PolyMetric, cap = DEFAULT_CAP): number | null {
  const { puzzle, anchors: start } = puzzleOf(parsePolyCode(code));
  const goal = goalOf(puzzle, goalDrawing);
  if (isGoal(goal, start)) return 0;
  const seen = new Set([start.join(',')]);
  let frontier = [start];
  for (let depth = 1; frontier.length; depth++) {
    const next: number[][] = [];
    for (const anchors of frontier) {
      const occ = occupancy(puzzle, anchors);
      for (let p = 0; p < anchors.length; p++) {
        for (const to of reachable(puzzle, occ, p, anchors[p]!, metric)) {
          const moved = anchors.slice();
          moved[p] = to;
          const child = canonical(puzzle, moved);
          const key = child.join(',');
          if (seen.has(key)) continue;
          if (isGoal(goal, child)) return depth;
          seen.add(key);
          if (seen.size > cap) throw new Error(`more than ${cap} positions`);
          next.push(child);
        }
      }
    }
    frontier = next;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Replaying and checking a solution

/** A layout code for a position: piece letters on their cells, '.' empty, '_' not on the board. */
function codeOf(puzzle: Puzzle, anchors: number[]): string {
  const occ = occupancy(puzzle, anchors);
  const chars = occ.map((p, i) => (puzzle.holes[i] ? '_' : p === -1 ? '.' : puzzle.letters[p]!));
  const rows: string[] = [];
  for (let r = 0; r < puzzle.height; r++) rows.push(chars.slice(r * puzzle.width, (r + 1) * puzzle.width).join(''));
  return rows.join('-');
}

const isPair = (x: unknown): x is [number, number] => Array.isArray(x) && x.length === 2 && x.every((n) => Number.isInteger(n));

/** Plays the moves, checking each against the metric's rules; returns the final position's code. */
export function polyReplay(code: string, metric: PolyMetric, moves: PolyMove[]): string {
  const { puzzle, anchors: start } = puzzleOf(parsePolyCode(code));
  const { width } = puzzle;
  const anchors = start.slice();
  moves.forEach((move, index) => {
    const fail = (why: string): never => {
      throw new Error(`move ${index}: ${why} (${JSON.stringify(move)})`);
    };
    const { from, to, path } = move;
    if (!isPair(from) || !isPair(to) || !Array.isArray(path) || !path.every(isPair)) fail('malformed move');
    const p = anchors.findIndex((a) => a === from[0] * width + from[1] && from[1] >= 0 && from[1] < width);
    if (p < 0) fail(`no piece has its anchor at row ${from[0]}, col ${from[1]}`);
    if (path.length < 2) fail('path has fewer than 2 entries');
    if (path[0]![0] !== from[0] || path[0]![1] !== from[1]) fail('path does not start at from');
    const last = path[path.length - 1]!;
    if (last[0] !== to[0] || last[1] !== to[1]) fail('path does not end at to');
    if (to[0] === from[0] && to[1] === from[1]) fail('the piece ends where it started');
    if (metric === 'step' && path.length !== 2) fail(`a step has exactly 2 path entries, not ${path.length}`);
    const occ = occupancy(puzzle, anchors);
    let direction: string | null = null;
    for (let k = 1; k < path.length; k++) {
      const dr = path[k]![0] - path[k - 1]![0];
      const dc = path[k]![1] - path[k - 1]![1];
      if (Math.abs(dr) + Math.abs(dc) !== 1) fail(`path entry ${k} is not one cell up, down, left or right of entry ${k - 1}`);
      if (metric === 'straight' && direction !== null && direction !== `${dr},${dc}`) fail(`path entry ${k} turns (straight moves go one way)`);
      direction = `${dr},${dc}`;
      if (!fits(puzzle, occ, p, path[k]![0], path[k]![1])) fail(`path entry ${k} puts the piece off the board, on a hole or on another piece`);
    }
    anchors[p] = to[0] * width + to[1];
  });
  return codeOf(puzzle, anchors);
}

/** Whether a final position (a code) meets a goal drawing. */
export function polySolved(finalCode: string, goalDrawing: string): boolean {
  const { puzzle, anchors } = puzzleOf(parsePolyCode(finalCode));
  return isGoal(goalOf(puzzle, goalDrawing), anchors);
}

// ---------------------------------------------------------------------------------------------------------------
// Random puzzles

/** Base shapes drawn as rows ('#' a cell), turned and mirrored below; the last three are in two parts. */
const BASE_SHAPES: string[][] = [
  ['#'], ['##'],
  ['###'], ['##', '#.'],
  ['####'], ['###', '#..'], ['###', '.#.'], ['##.', '.##'], ['##', '##'],
  ['.#.', '###', '.#.'], ['#.#', '###'], ['###', '#..', '#..'], ['####', '#...'], ['###', '.#.', '.#.'], ['##', '##', '#.'], ['#####'],
  ['#.#'], ['#.', '.#'], ['##.#'],
];
const DISCONNECTED_FROM = BASE_SHAPES.length - 3;

/** Cells of a shape as [row, col] with the bounding box at 0,0, in reading order. */
function normalised(cells: Offsets): Offsets {
  const r0 = Math.min(...cells.map(([r]) => r));
  const c0 = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]): [number, number] => [r - r0, c - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** The distinct turns and mirror images of a drawn shape. */
function orientations(rows: string[]): Offsets[] {
  let cells: Offsets = [];
  rows.forEach((row, r) => [...row].forEach((ch, c) => ch === '#' && cells.push([r, c])));
  const out: Offsets[] = [];
  for (let mirror = 0; mirror < 2; mirror++) {
    for (let turn = 0; turn < 4; turn++) {
      const shape = normalised(cells);
      if (!out.some((s) => sameShape(s, shape))) out.push(shape);
      cells = cells.map(([r, c]): [number, number] => [c, -r]);
    }
    cells = cells.map(([r, c]): [number, number] => [r, -c]);
  }
  return out;
}

const SHAPES = BASE_SHAPES.map(orientations);
const ONE_OFF_LETTERS = 'ACDEFGIJKLMNOPQRTUWXYZ';
const FIXED_LETTERS = 'SVHB';

const rectangle = (w: number, h: number): Offsets => Array.from({ length: w * h }, (_, k): [number, number] => [Math.floor(k / w), k % w]);

/**
 * A random small board (holes now and then), random polyomino pieces with one-off letters (sometimes fixed letters
 * too), at least 2 empty cells, and a goal naming 1 to `goalPieces` one-off pieces at random non-overlapping target
 * placements on board cells — sometimes two same-shaped pieces that must trade places. It may be unsolvable.
 */
export function randomPolyPuzzle(rand: (n: number) => number, options: { width?: number; height?: number; goalPieces?: number } = {}): { code: string; goal: string } {
  for (;;) {
    const made = tryRandomPolyPuzzle(rand, options);
    if (made) return made;
  }
}

function tryRandomPolyPuzzle(rand: (n: number) => number, options: { width?: number; height?: number; goalPieces?: number }): { code: string; goal: string } | null {
  let width = options.width ?? 3 + rand(3);
  let height = options.height ?? 3 + rand(3);
  while (width * height > 20 && options.height === undefined) height--;
  while (width * height > 20 && options.width === undefined) width--;
  const grid = new Array<string>(width * height).fill('.');
  if (rand(2) === 0) for (let n = 1 + rand(3); n > 0; n--) grid[rand(grid.length)] = '_';
  const boardCells = grid.filter((ch) => ch === '.').length;
  // Few empty cells and few small distinct pieces keep the space of positions small enough to search exhaustively.
  const emptyAtLeast = 2;
  const stopAt = 3 + rand(3);
  let free = boardCells;
  const letters = [...ONE_OFF_LETTERS];
  const placed: Array<{ letter: string; cells: number[]; shape: Offsets }> = [];

  /** Puts a shape at a random spot on empty board cells; false if the spot does not fit. */
  const tryPut = (letter: string, shape: Offsets): boolean => {
    if (free - shape.length < emptyAtLeast) return false;
    const r0 = rand(height);
    const c0 = rand(width);
    const cells: number[] = [];
    for (const [dr, dc] of shape) {
      const r = r0 + dr;
      const c = c0 + dc;
      if (r >= height || c >= width || grid[r * width + c] !== '.') return false;
      cells.push(r * width + c);
    }
    for (const cell of cells) grid[cell] = letter;
    free -= shape.length;
    placed.push({ letter, cells, shape });
    return true;
  };
  let small = 0;
  const randomShape = (): Offsets => {
    // Mostly trominoes to pentominoes; a monomino, a domino or a two-part piece now and then (at most two pieces of
    // one or two cells: many small distinct pieces make the space of positions too large to search exhaustively).
    const pick = small < 2 && rand(8) === 0 ? rand(2) : rand(6) === 0 ? DISCONNECTED_FROM + rand(3) : 2 + rand(DISCONNECTED_FROM - 2);
    const turns = SHAPES[pick]!;
    return turns[rand(turns.length)]!;
  };

  const wantSwap = (options.goalPieces ?? 3) >= 2 && rand(4) === 0;
  if (wantSwap) {
    const shape = randomShape();
    for (let tries = 0; placed.length < 2 && tries < 50; tries++) if (tryPut(letters[0]!, shape)) letters.shift();
  }
  const withFixed = rand(3) === 0;
  let fixedCount = 0;
  for (let attempt = 0; attempt < 200 && free > stopAt; attempt++) {
    if (withFixed && fixedCount < 3 && rand(3) === 0) {
      const letter = FIXED_LETTERS[rand(FIXED_LETTERS.length)]!;
      const [w, h] = FIXED[letter]!;
      if (tryPut(letter, rectangle(w, h))) fixedCount++;
    } else if (letters.length > 0 && tryPut(letters[0]!, randomShape())) {
      if (placed.at(-1)!.shape.length <= 2) small++;
      letters.shift();
    }
  }
  const oneOffs = placed.filter((p) => !isFixed(p.letter));
  if (oneOffs.length === 0) return null;
  const code = rowsOf(grid, width);

  const goal = grid.map((ch): string => (ch === '_' ? '_' : '.'));
  const covered = (cells: number[]) => cells.some((cell) => goal[cell] !== '.');
  const named: string[] = [];
  const target = (letter: string, cells: number[]) => {
    for (const cell of cells) goal[cell] = letter;
    named.push(letter);
  };
  const swap = wantSwap && placed.length >= 2 && sameShape(placed[0]!.shape, placed[1]!.shape) && !isFixed(placed[0]!.letter);
  if (swap) {
    target(placed[0]!.letter, placed[1]!.cells);
    target(placed[1]!.letter, placed[0]!.cells);
  }
  const count = Math.max(named.length, 1 + rand(Math.min(options.goalPieces ?? 3, oneOffs.length)));
  if (!swap && rand(2) === 0) {
    // Half the goals are where some pieces are after a random walk of one-cell slides: solvable, and rarely trivial.
    const walked = randomWalk(code, 20 + rand(80), rand);
    const moved = oneOffs.filter((piece) => piece.cells.some((cell) => walked[cell] !== piece.letter));
    while (named.length < Math.min(count, moved.length)) {
      const piece = moved[rand(moved.length)]!;
      if (!named.includes(piece.letter)) target(piece.letter, walked.flatMap((ch, cell) => (ch === piece.letter ? [cell] : [])));
    }
  }
  for (let attempt = 0; attempt < 100 && named.length < count; attempt++) {
    const piece = oneOffs[rand(oneOffs.length)]!;
    if (named.includes(piece.letter)) continue;
    const shape = normalised(shapeOf(piece.cells, width));
    const r0 = rand(height);
    const c0 = rand(width);
    const cells = shape.map(([dr, dc]) => (r0 + dr < height && c0 + dc < width ? (r0 + dr) * width + c0 + dc : -1));
    // A target where the piece already is would make a trivial goal.
    if (cells.some((cell) => cell < 0) || covered(cells) || cells.every((cell, k) => cell === piece.cells[k])) continue;
    target(piece.letter, cells);
  }
  if (named.length === 0) return null;
  return { code, goal: rowsOf(goal, width) };
}

/** The letter on each cell after `steps` random one-cell slides from a layout. */
function randomWalk(code: string, steps: number, rand: (n: number) => number): string[] {
  const { puzzle, anchors } = puzzleOf(parsePolyCode(code));
  for (let k = 0; k < steps; k++) {
    const occ = occupancy(puzzle, anchors);
    const slides = anchors.flatMap((anchor, p) => reachable(puzzle, occ, p, anchor, 'step').map((to) => [p, to] as const));
    if (slides.length === 0) break;
    const [p, to] = slides[rand(slides.length)]!;
    anchors[p] = to;
  }
  return occupancy(puzzle, anchors).map((p, cell) => (puzzle.holes[cell] ? '_' : p === -1 ? '.' : puzzle.letters[p]!));
}

const rowsOf = (cells: string[], width: number) => Array.from({ length: cells.length / width }, (_, r) => cells.slice(r * width, (r + 1) * width).join('')).join('-');
