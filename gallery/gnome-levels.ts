/**
 * A GNOME Klotski level (gallery/gnome-level-data.ts) turned into this project's layout code and goal drawing,
 * mechanically. GNOME's rules (src/puzzle.vala, check_valid_move and game_over): `#` wall, ` ` empty, `.` empty and a
 * target, `-` a door only the piece `*` may enter; every other character is one piece (all its cells, any shape); a
 * piece steps one cell into cells that are ' ', '.', its own, or (for '*') '-'; solved when every '*' cell is on a
 * cell that was '.'. GNOME counts one piece's consecutive steps as one move: this project's `move` metric.
 *
 * The board is the tray (the cells the '*' reaches without crossing a wall or a door: every other piece is shut in it
 * too). A target inside the tray is drawn as it is. A target behind a door is modelled by the one placement of '*'
 * inside the tray from which it steps into the door: every way out passes there (the step before '*' first touches a
 * door), so no solution is shorter than reaching it; and from there '*' walks on to the target alone (only '*' can be
 * beyond the door) in the same run of steps, one GNOME move. The walk may cross board cells besides that placement's
 * (`exitCrosses`): then the count is GNOME's only if some optimal solution ends with them empty (gallery/gnome-exit.ts
 * looks for one; GNOME's Agatka and Cleopatra have none, and need more moves in GNOME than to that placement).
 * Levels beyond the codec's boards, with pieces outside the tray, or with several such placements are not converted.
 */
import { MAX_CELLS, MAX_SIDE, parseLayoutOrThrow, resolveGoal, coveredCells } from '../solver/index.ts';
import type { GnomeLevel } from './gnome-level-data.ts';

/** [row, col], 0-based. */
export type Cell = [number, number];

export interface DoorTarget {
  kind: 'door';
  /** The door cells, in the board's coordinates (outside the board). */
  doors: Cell[];
  /** The placement of '*' (A) inside the tray from which it steps into a door: the goal drawn. */
  placement: Cell[];
  /** Board cells besides `placement` the lone '*' crosses on its way from there to the target (fewest such cells). */
  exitCrosses: Cell[];
}

export interface Converted {
  ok: true;
  level: GnomeLevel;
  code: string;
  goal: string;
  width: number;
  height: number;
  /** Where the board's top-left is in GNOME's map. */
  origin: Cell;
  /** GNOME's piece character → this project's letter. */
  letters: Record<string, string>;
  target: { kind: 'inside' } | DoorTarget;
}

export interface NotConverted {
  ok: false;
  level: GnomeLevel;
  why: 'too-large' | 'pieces-outside' | 'several-exits' | 'letters' | 'target';
  reason: string;
}

/** Letters of pieces of other shapes: any but A (the goal piece) and the codec's fixed B, H, S, V. */
export const SHAPED_LETTERS = 'CDEFGIJKLMNOPQRTUWXYZ';
const STATIC = new Set(['#', ' ', '.', '-']);
const STEPS: Cell[] = [[-1, 0], [1, 0], [0, -1], [0, 1]];
const key = ([r, c]: Cell) => `${r},${c}`;
const cellList = (cells: Cell[]) => cells.map(([r, c]) => `(${r + 1},${c + 1})`).join(' ');

export function convertGnomeLevel(level: GnomeLevel): Converted | NotConverted {
  const { rows, width, height } = level;
  const at = (r: number, c: number) => (r >= 0 && c >= 0 && r < height && c < width ? rows[r]![c]! : null);
  const no = (why: NotConverted['why'], reason: string): NotConverted => ({ ok: false, level, why, reason });
  const all: Cell[] = rows.flatMap((row, r) => Array.from(row, (_, c): Cell => [r, c]));
  const star = all.filter(([r, c]) => at(r, c) === '*');
  if (star.length === 0) return no('target', 'no piece * (the one that must reach the targets)');

  // The tray: reached from '*' through anything but walls and doors.
  const tray = flood(star, ([r, c]) => { const ch = at(r, c); return ch !== null && ch !== '#' && ch !== '-'; });
  const pieces = new Map<string, Cell[]>();
  for (const [r, c] of all) if (!STATIC.has(at(r, c)!)) pieces.set(at(r, c)!, [...(pieces.get(at(r, c)!) ?? []), [r, c]]);
  const outside = [...pieces].filter(([, cells]) => cells.some((cell) => !tray.has(key(cell)))).map(([ch]) => ch);
  if (outside.length > 0) {
    const open = all.filter(([r, c]) => at(r, c) !== '#');
    const [w, h] = sizeOf(open);
    const named = outside.slice(0, 6).map((ch) => `'${ch}'`).join(' ') + (outside.length > 6 ? ` and ${outside.length - 6} more` : '');
    const what = `pieces outside the tray move too (${named}), so the puzzle is the whole ${w}×${h} map`;
    return exceeds(w, h) ? no('too-large', `${what}, ${exceeds(w, h)}`) : no('pieces-outside', `${what}: its doors, which only '*' may pass, cannot be drawn on one board`);
  }
  const trayCells = all.filter((cell) => tray.has(key(cell)));
  const [top, left] = [Math.min(...trayCells.map(([r]) => r)), Math.min(...trayCells.map(([, c]) => c))];
  const [w, h] = sizeOf(trayCells);
  if (exceeds(w, h)) return no('too-large', `the tray is ${w}×${h} (${w * h} cells in its rectangle), ${exceeds(w, h)}`);

  const letters = assignLetters(pieces);
  if (typeof letters === 'string') return no('letters', letters);
  const grid = Array.from({ length: h }, (_, r) => Array.from({ length: w }, (_, c) => {
    const ch = at(top + r, left + c)!;
    return !tray.has(key([top + r, left + c])) ? '_' : STATIC.has(ch) ? '.' : letters[ch]!;
  }));
  const toBoard = ([r, c]: Cell): Cell => [r - top, c - left];
  const code = grid.map((row) => row.join('')).join('-');
  // The codec pairs B, H, S and V cells greedily: each must come back as the GNOME piece it was.
  const parsed = parseLayoutOrThrow(code);
  const cellsOfLayout = new Set(parsed.pieces.map((p) => coveredCells(p).map(key).sort().join(' ')));
  const mispaired = [...pieces].filter(([, cells]) => !cellsOfLayout.has(cells.map(toBoard).map(key).sort().join(' ')));
  if (mispaired.length > 0) return no('letters', `the codec would read pieces ${mispaired.map(([ch]) => `'${ch}'`).join(' ')} otherwise than GNOME has them`);

  const targets = all.filter(([r, c]) => at(r, c) === '.');
  const inside = targets.filter((cell) => tray.has(key(cell)));
  const shape = shapeOf(star);
  const drawing = (cells: Cell[]) => {
    const marked = new Set(cells.map(toBoard).map(key));
    return grid.map((row, r) => row.map((ch, c) => (ch === '_' ? '_' : marked.has(key([r, c])) ? 'A' : '.')).join('')).join('-');
  };
  const result = (goal: string, target: Converted['target']): Converted => {
    resolveGoal(parsed, { drawing: goal }); // the product reads it
    return { ok: true, level, code, goal, width: w, height: h, origin: [top, left], letters, target };
  };
  const free = (cells: Set<string>) => (cell: Cell) => cells.has(key(cell));
  const goalCells = new Set(targets.map(key));
  const onTargets = (cells: Cell[]) => cells.every((cell) => goalCells.has(key(cell)));

  if (targets.length === 0) return no('target', "no target cell ('.')");
  if (inside.length === targets.length) {
    if (shapeOf(inside) !== shape) return no('target', `the target cells ${cellList(inside)} are not the shape of '*'`);
    if (!loneWalk(star, free(tray), onTargets)) return no('target', "'*' alone cannot reach the target cells in the tray");
    return result(drawing(inside), { kind: 'inside' });
  }
  if (inside.length > 0) return no('target', `target cells both inside the tray ${cellList(inside)} and outside it`);

  const doors = all.filter(([r, c]) => at(r, c) === '-');
  const doorSet = new Set(doors.map(key));
  const beyond = new Set(all.filter(([r, c]) => (at(r, c) === ' ' || at(r, c) === '.') && !tray.has(key([r, c]))).map(key));
  const placements = innerPlacements(star, tray, doorSet);
  const reach = (p: Cell[]) => loneWalk(p, (cell) => tray.has(key(cell)) || doorSet.has(key(cell)) || beyond.has(key(cell)), onTargets);
  if (placements.length > 1) {
    const listed = placements.map((p) => `${cellList(p.map(toBoard))}${reach(p) ? '' : ' (target not reachable from it)'}`);
    return no('several-exits', `'*' can step into a door from ${placements.length} placements in the tray (board cells, 1-based): ${listed.join('; ')}`);
  }
  if (placements.length === 0 || !reach(placements[0]!)) return no('target', "'*' alone cannot reach the targets through a door");
  const placement = placements[0]!;
  const crosses = exitCrossings(placement, tray, doorSet, beyond, onTargets);
  return result(drawing(placement), { kind: 'door', doors: doors.map(toBoard), placement: placement.map(toBoard), exitCrosses: crosses.map(toBoard) });
}

function sizeOf(cells: Cell[]): [number, number] {
  const rs = cells.map(([r]) => r);
  const cs = cells.map(([, c]) => c);
  return [Math.max(...cs) - Math.min(...cs) + 1, Math.max(...rs) - Math.min(...rs) + 1];
}

/** Why a board of w × h is beyond the codec's (MAX_SIDE, MAX_CELLS in solver/klotski/model/layout.ts), or ''. */
function exceeds(w: number, h: number): string {
  const over = [w > MAX_SIDE || h > MAX_SIDE ? `more than ${MAX_SIDE} cells on a side` : '', w * h > MAX_CELLS ? `more than ${MAX_CELLS} cells (${w * h})` : ''].filter(Boolean);
  return over.length ? `beyond the project's boards: ${over.join(' and ')}` : '';
}

/** '*' is A; a 1×1, 1×2, 2×1 or 2×2 is S, V, H or B; any other shape a letter of its own. */
function assignLetters(pieces: Map<string, Cell[]>): Record<string, string> | string {
  const letters: Record<string, string> = {};
  let next = 0;
  const others: string[] = [];
  for (const [ch, cells] of pieces) {
    const [w, h] = sizeOf(cells);
    const rectangle = cells.length === w * h;
    const fixed = ch === '*' ? 'A' : !rectangle ? undefined : ({ '1x1': 'S', '1x2': 'V', '2x1': 'H', '2x2': 'B' } as Record<string, string>)[`${w}x${h}`];
    if (fixed) letters[ch] = fixed;
    else if (next < SHAPED_LETTERS.length) letters[ch] = SHAPED_LETTERS[next++]!;
    else others.push(ch);
  }
  if (others.length === 0) return letters;
  return `${SHAPED_LETTERS.length + others.length} pieces of other shapes than 1×1, 1×2, 2×1 and 2×2, more than the ${SHAPED_LETTERS.length} letters ${SHAPED_LETTERS} (A is the goal piece; B, H, S, V are the codec's fixed shapes)`;
}

/** A set of cells as offsets from its first cell in reading order, as text (equal shapes, equal text). */
function shapeOf(cells: Cell[]): string {
  const sorted = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const [r0, c0] = sorted[0]!;
  return sorted.map(([r, c]) => `${r - r0},${c - c0}`).join(' ');
}

function flood(start: Cell[], open: (cell: Cell) => boolean): Set<string> {
  const seen = new Set(start.map(key));
  const queue = [...start];
  for (let i = 0; i < queue.length; i++) {
    const [r, c] = queue[i]!;
    for (const [dr, dc] of STEPS) {
      const next: Cell = [r + dr, c + dc];
      if (!seen.has(key(next)) && open(next)) {
        seen.add(key(next));
        queue.push(next);
      }
    }
  }
  return seen;
}

const shift = (cells: Cell[], [dr, dc]: Cell): Cell[] => cells.map(([r, c]) => [r + dr, c + dc]);

/**
 * The placements of '*' wholly in the tray from which one step puts a cell on a door and every cell on the tray or a
 * door: the last place '*' stands before it first touches a door, on any way out.
 */
function innerPlacements(star: Cell[], tray: Set<string>, doors: Set<string>): Cell[][] {
  const [r0, c0] = star[0]!;
  const found: Cell[][] = [];
  for (const anchor of tray) {
    const [r, c] = anchor.split(',').map(Number) as Cell;
    const placed = shift(star, [r - r0, c - c0]);
    if (!placed.every((cell) => tray.has(key(cell)))) continue;
    const stepsOut = STEPS.some((step) => {
      const moved = shift(placed, step);
      return moved.some((cell) => doors.has(key(cell))) && moved.every((cell) => tray.has(key(cell)) || doors.has(key(cell)));
    });
    if (stepsOut) found.push(placed);
  }
  return found.sort((a, b) => a[0]![0] - b[0]![0] || a[0]![1] - b[0]![1]);
}

/** Breadth-first search of the piece alone, one cell at a time over `open` cells: whether it reaches `done`. */
function loneWalk(start: Cell[], open: (cell: Cell) => boolean, done: (cells: Cell[]) => boolean): boolean {
  const seen = new Set([key(start[0]!)]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    if (done(queue[i]!)) return true;
    for (const step of STEPS) {
      const moved = shift(queue[i]!, step);
      if (moved.every(open) && !seen.has(key(moved[0]!))) {
        seen.add(key(moved[0]!));
        queue.push(moved);
      }
    }
  }
  return false;
}

/**
 * The tray cells besides `placement` that '*' must cross on its walk from there to the target: a search by fewest
 * placements that touch such cells (0-1 breadth-first), the cells of its path.
 */
function exitCrossings(placement: Cell[], tray: Set<string>, doors: Set<string>, beyond: Set<string>, done: (cells: Cell[]) => boolean): Cell[] {
  const own = new Set(placement.map(key));
  const extra = (cells: Cell[]) => cells.filter((cell) => tray.has(key(cell)) && !own.has(key(cell)));
  const open = (cell: Cell) => tray.has(key(cell)) || doors.has(key(cell)) || beyond.has(key(cell));
  const cost = new Map<string, number>([[key(placement[0]!), 0]]);
  const from = new Map<string, Cell[] | null>([[key(placement[0]!), null]]);
  const deque: Cell[][] = [placement];
  let best: Cell[] | null = null;
  while (deque.length > 0) {
    const cells = deque.shift()!;
    const here = cost.get(key(cells[0]!))!;
    if (done(cells) && (!best || here < cost.get(key(best[0]!))!)) best = cells;
    for (const step of STEPS) {
      const moved = shift(cells, step);
      const next = here + (extra(moved).length > 0 ? 1 : 0);
      if (!moved.every(open) || next >= (cost.get(key(moved[0]!)) ?? Infinity)) continue;
      cost.set(key(moved[0]!), next);
      from.set(key(moved[0]!), cells);
      if (next === here) deque.unshift(moved);
      else deque.push(moved);
    }
  }
  if (best) {
    const crossed = new Map<string, Cell>();
    for (let at: Cell[] | null = best; at; at = from.get(key(at[0]!))!) for (const cell of extra(at)) crossed.set(key(cell), cell);
    return [...crossed.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }
  throw new Error('internal: the exit walk was found reachable before');
}
