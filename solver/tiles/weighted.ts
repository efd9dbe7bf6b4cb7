/**
 * Fast, non-optimal solving for big boards (5×5 and up): weighted best-first search on Manhattan + linear conflicts
 * (f = g + w·h). Solutions come back marked `optimal: false`.
 */
import type { BudgetClock } from '../shared/budget.ts';
import type { TilesBoard } from './codec.ts';
import { geometry, linearConflicts, manhattan } from './heuristic.ts';

export const WEIGHT = 3;

export function weightedSearch(start: TilesBoard, goal: TilesBoard, clock: BudgetClock): { blankPath: number[] | null; nodes: number } {
  const geo = geometry(goal);
  const { width, n } = geo;
  const goalKey = String.fromCharCode(...goal.cells);
  const parent = new Map<string, string | null>();
  const heap: Array<[number, number, string]> = []; // [f, g, key]
  const h = (cells: Uint8Array) => manhattan(geo, cells) + linearConflicts(geo, cells);
  const startKey = String.fromCharCode(...start.cells);
  parent.set(startKey, null);
  push(heap, [WEIGHT * h(start.cells), 0, startKey]);
  const gOf = new Map<string, number>([[startKey, 0]]);
  let nodes = 0;
  while (heap.length) {
    const [, g, key] = pop(heap);
    if (g !== gOf.get(key)) continue;
    if (key === goalKey) return { blankPath: rebuild(parent, key), nodes };
    // About 48 budget units (≈ 10 ns each, measured with npm run bench:edge) per cell of each expansion: heap, keys
    // and a full heuristic.
    if (clock.charge(48 * start.cells.length, ++nodes)) return { blankPath: null, nodes };
    const cells = Uint8Array.from(key, (ch) => ch.charCodeAt(0));
    const blank = cells.indexOf(0);
    for (const to of [blank - width, blank + width, blank % width ? blank - 1 : -1, blank % width !== width - 1 ? blank + 1 : -1]) {
      if (to < 0 || to >= n) continue;
      cells[blank] = cells[to]!;
      cells[to] = 0;
      const next = String.fromCharCode(...cells);
      const known = gOf.get(next);
      if (known === undefined || known > g + 1) {
        gOf.set(next, g + 1);
        parent.set(next, key);
        push(heap, [g + 1 + WEIGHT * h(cells), g + 1, next]);
      }
      cells[to] = cells[blank]!;
      cells[blank] = 0;
    }
  }
  return { blankPath: null, nodes };
}

function rebuild(parent: Map<string, string | null>, key: string): number[] {
  const out: number[] = [];
  for (let k: string | null = key; parent.get(k!) !== null; k = parent.get(k!)!) out.push(k!.indexOf('\u0000'));
  return out.reverse();
}

function push(heap: Array<[number, number, string]>, item: [number, number, string]): void {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const up = (i - 1) >> 1;
    if (less(heap[up]!, heap[i]!)) break;
    [heap[up], heap[i]] = [heap[i]!, heap[up]!];
    i = up;
  }
}

function pop(heap: Array<[number, number, string]>): [number, number, string] {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[m], heap[i]] = [heap[i]!, heap[m]!];
      i = m;
    }
  }
  return top;
}

/** Lower f first; on ties, deeper g first (closer to the goal). */
function less(a: [number, number, string], b: [number, number, string]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] > b[1]);
}
