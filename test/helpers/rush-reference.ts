/**
 * An independent Rush Hour reference for the tests: its own reader of Fogleman's `rush:` strings, a position as each
 * vehicle's offset along its axis, and a plain breadth-first search over positions as strings in a Map. Shares no code
 * with the solver. Moves: one vehicle slid along its axis — any distance (`straight`; under the `line` rule `move`
 * counts the same) or one cell (`step`). Solved when the car A's right end is at the board's right edge.
 */

export interface RushVehicle {
  letter: string;
  horizontal: boolean;
  length: number;
  /** The row of a horizontal vehicle, the column of a vertical one. */
  lane: number;
}

export interface RushPuzzle {
  side: number;
  vehicles: RushVehicle[];
  walls: Set<number>;
  /** Each vehicle's offset along its axis: the column of its left end, or the row of its top end. */
  start: number[];
  /** Index of the car A, or -1. */
  car: number;
}

export type RushMetric = 'straight' | 'step';

export function readRush(code: string): RushPuzzle {
  const board = code.replace(/^rush:/, '');
  const side = Math.sqrt(board.length);
  if (!Number.isInteger(side)) throw new Error(`not square: ${board.length}`);
  const walls = new Set<number>();
  const cells = new Map<string, number[]>();
  [...board].forEach((ch, i) => {
    if (ch === 'x') walls.add(i);
    else if (ch !== 'o' && ch !== '.') cells.set(ch, [...(cells.get(ch) ?? []), i]);
  });
  const vehicles: RushVehicle[] = [];
  const start: number[] = [];
  for (const [letter, at] of cells) {
    const horizontal = at.every((i) => Math.floor(i / side) === Math.floor(at[0]! / side));
    vehicles.push({ letter, horizontal, length: at.length, lane: horizontal ? Math.floor(at[0]! / side) : at[0]! % side });
    start.push(horizontal ? at[0]! % side : Math.floor(at[0]! / side));
  }
  return { side, vehicles, walls, start, car: vehicles.findIndex((v) => v.letter === 'A') };
}

/** The cells of vehicle v at offset o. */
function cellsOf(p: RushPuzzle, v: number, o: number): number[] {
  const { horizontal, length, lane } = p.vehicles[v]!;
  return Array.from({ length }, (_, k) => (horizontal ? lane * p.side + o + k : (o + k) * p.side + lane));
}

function occupied(p: RushPuzzle, pos: number[]): Int8Array {
  const occ = new Int8Array(p.side * p.side).fill(-1);
  for (const w of p.walls) occ[w] = -2;
  pos.forEach((o, v) => cellsOf(p, v, o).forEach((c) => (occ[c] = v)));
  return occ;
}

/** Every position one move away: [vehicle, new offset, position]. */
export function rushMoves(p: RushPuzzle, pos: number[], metric: RushMetric): Array<[number, number, number[]]> {
  const occ = occupied(p, pos);
  const out: Array<[number, number, number[]]> = [];
  pos.forEach((o, v) => {
    const { length } = p.vehicles[v]!;
    for (const dir of [-1, 1]) {
      for (let next = o + dir; next >= 0 && next + length <= p.side; next += dir) {
        // The cell it slides into must be free.
        const entering = cellsOf(p, v, next)[dir < 0 ? 0 : length - 1]!;
        if (occ[entering] !== -1) break;
        const moved = pos.slice();
        moved[v] = next;
        out.push([v, next, moved]);
        if (metric === 'step') break;
      }
    }
  });
  return out;
}

export function rushSolved(p: RushPuzzle, pos: number[]): boolean {
  return p.car >= 0 && pos[p.car] === p.side - p.vehicles[p.car]!.length;
}

/** Breadth-first search from the start: the distance to the nearest solved position (null: none) and the cluster's size. */
export function rushSearch(p: RushPuzzle, metric: RushMetric): { distance: number | null; cluster: number } {
  const seen = new Map<string, number>([[p.start.join(','), 0]]);
  let layer = [p.start];
  let distance: number | null = rushSolved(p, p.start) ? 0 : null;
  for (let d = 1; layer.length > 0; d++) {
    const next: number[][] = [];
    for (const pos of layer) {
      for (const [, , moved] of rushMoves(p, pos, metric)) {
        const key = moved.join(',');
        if (seen.has(key)) continue;
        seen.set(key, d);
        next.push(moved);
        if (distance === null && rushSolved(p, moved)) distance = d;
      }
    }
    layer = next;
  }
  return { distance, cluster: seen.size };
}

/**
 * Replays moves given as top-left cells ([row, col] from → to, and the path of the top-left) under the reference's
 * rules; returns null when each is one vehicle on its axis through free cells (one cell a move for `step`) and the car
 * ends at the exit, else what is wrong.
 */
export function rushReplay(p: RushPuzzle, moves: Array<{ from: number[]; to: number[]; path: number[][] }>, metric: RushMetric): string | null {
  let pos = p.start.slice();
  for (let i = 0; i < moves.length; i++) {
    const { from, to, path } = moves[i]!;
    const v = pos.findIndex((o, k) => cellsOf(p, k, o)[0] === from[0]! * p.side + from[1]!);
    if (v < 0) return `move ${i + 1}: no vehicle at ${from}`;
    const { horizontal } = p.vehicles[v]!;
    if (horizontal ? to[0] !== from[0] : to[1] !== from[1]) return `move ${i + 1}: ${p.vehicles[v]!.letter} leaves its axis`;
    const target = horizontal ? to[1]! : to[0]!;
    const legal = rushMoves(p, pos, metric).find(([u, o]) => u === v && o === target);
    if (!legal) return `move ${i + 1}: ${p.vehicles[v]!.letter} cannot slide to ${to}`;
    const along = path.map(([r, c]) => (horizontal ? c! : r!));
    const expected = Array.from({ length: Math.abs(target - pos[v]!) + 1 }, (_, k) => pos[v]! + Math.sign(target - pos[v]!) * k);
    if (path.some(([r, c]) => (horizontal ? r !== from[0] : c !== from[1])) || along.join() !== expected.join()) return `move ${i + 1}: wrong path`;
    pos = legal[2];
  }
  return rushSolved(p, pos) ? null : 'the car does not reach the exit';
}

/**
 * A random lot in Fogleman's notation: `side`×`side`, the car A horizontal in row ⌊(side − 1) / 2⌋, then cars (2) and
 * trucks (3) of both orientations and `walls` walls at random free places, `vehicles` tries. Letters include B, H, S
 * and V (which the solver's codec reads as fixed shapes: the rush: reader must letter them again).
 */
export function randomRush(rand: (n: number) => number, side: number, vehicles: number, walls: number): string {
  const grid = new Array<string>(side * side).fill('o');
  const row = Math.floor((side - 1) / 2);
  const carCol = rand(side - 2);
  grid[row * side + carCol] = grid[row * side + carCol + 1] = 'A';
  const letters = [...'BCDEFGHIJKLMNOPQRSTUVWYZ'];
  for (let t = 0; t < vehicles && letters.length > 0; t++) {
    const horizontal = rand(2) === 0;
    const length = rand(4) === 0 ? 3 : 2;
    const r = rand(horizontal ? side : side - length + 1);
    const c = rand(horizontal ? side - length + 1 : side);
    const at = Array.from({ length }, (_, k) => (horizontal ? r * side + c + k : (r + k) * side + c));
    // No horizontal vehicle in the car's row to the right of it would leave most lots unsolvable: allowed anyway.
    if (at.some((i) => grid[i] !== 'o')) continue;
    const letter = letters.splice(rand(letters.length), 1)[0]!;
    for (const i of at) grid[i] = letter;
  }
  for (let t = 0; t < walls; t++) {
    const i = rand(side * side);
    if (grid[i] === 'o') grid[i] = 'x';
  }
  return `rush:${grid.join('')}`;
}

/** Every position of the start's cluster with its distance to the nearest solved one (breadth-first search from them all). */
export function rushDistancesToGoal(p: RushPuzzle, metric: RushMetric): Array<{ position: number[]; distance: number }> {
  const cluster = new Map<string, number[]>([[p.start.join(','), p.start]]);
  for (let layer = [p.start]; layer.length > 0; ) {
    const next: number[][] = [];
    for (const pos of layer) for (const [, , moved] of rushMoves(p, pos, metric)) if (!cluster.has(moved.join(','))) (cluster.set(moved.join(','), moved), next.push(moved));
    layer = next;
  }
  // Moves are reversible: the distance to the goal is a breadth-first search from every solved position.
  const distance = new Map<string, number>();
  let layer = [...cluster.values()].filter((pos) => rushSolved(p, pos));
  for (const pos of layer) distance.set(pos.join(','), 0);
  for (let d = 1; layer.length > 0; d++) {
    const next: number[][] = [];
    for (const pos of layer) for (const [, , moved] of rushMoves(p, pos, metric)) if (!distance.has(moved.join(','))) (distance.set(moved.join(','), d), next.push(moved));
    layer = next;
  }
  return [...distance].map(([key, d]) => ({ position: cluster.get(key)!, distance: d }));
}

/** A position of a puzzle's cluster written in Fogleman's notation (`rush:`, `o` empty, `x` walls). */
export function rushCodeOf(p: RushPuzzle, position: number[]): string {
  const cells = new Array<string>(p.side * p.side).fill('o');
  for (const w of p.walls) cells[w] = 'x';
  position.forEach((o, v) => cellsOf(p, v, o).forEach((c) => (cells[c] = p.vehicles[v]!.letter)));
  return `rush:${cells.join('')}`;
}
