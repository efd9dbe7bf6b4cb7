/**
 * The TypeScript search: breadth-first or best-first (A*) over part-grid keys (model/board.ts), on every board the
 * codec takes. It runs where the WebAssembly engine cannot (a page whose Content-Security-Policy refuses
 * WebAssembly, an old browser) and is the reference the engine is tested against. The table is the queue: states are
 * expanded in insertion order, which is distance order, or in the open list's order when best-first.
 */
import { SearchBoard } from '../model/board.ts';
import type { Puzzle } from '../model/puzzle.ts';
import { hashKey } from '../../shared/keys.ts';
import { knownFromParent, metricCode, MOVE, moveTag, taggedCell } from './move-tags.ts';
import { StateTable } from './state-table.ts';
import { Frontier, type Exploration, type ExploreOptions } from './exploration.ts';

/**
 * Work per expanded position (decoding its key touches every cell, plus the fixed cost of finding movable pieces and
 * their reach) and per successor (its key; on boards past 32 cells the slow path touches every cell of it), in the
 * budget's units (≈ 10 ns each), calibrated with npm run bench:edge.
 */
export function gridWork(puzzle: Puzzle): { nodeWork: number; successorWork: number } {
  return { nodeWork: Math.ceil(0.6 * (puzzle.cells + 32)), successorWork: puzzle.cells > 32 ? Math.ceil(0.6 * puzzle.cells) : 2 * puzzle.words };
}

/**
 * Breadth-first search over part-grid keys; best-first (A*) given `costs`. Best-first, a goal found beyond the f being
 * expanded is not taken at once: it may not be the nearest, and is taken when it comes up.
 */
export function exploreGrid(puzzle: Puzzle, startGrid: Uint8Array, options: ExploreOptions): Exploration {
  const { metric, clock } = options;
  const fold = options.fold && puzzle.mirrorable;
  const board = new SearchBoard(puzzle);
  const words = puzzle.words;
  const { nodeWork, successorWork } = gridWork(puzzle);
  const code = metricCode(metric);
  const width = puzzle.width;
  // Tables no bigger than the budget can fill: allocating and clearing memory is CPU time too.
  const maxStates = Math.min(options.maxStates, clock.entriesWithin(successorWork));
  const table = new StateTable(words, maxStates, Math.min(options.expectedStates ?? 1024, 1 << 10, maxStates));
  const scratch = new Uint32Array(words);
  const maxTargets = puzzle.cells;
  const targets = new Int16Array(maxTargets);
  const via = new Int16Array(maxTargets);
  const goalCell = puzzle.goalCell;
  const candidates = new Int16Array(puzzle.cells);

  board.loadGrid(startGrid);
  if (fold) board.canonicalInto(scratch, 0);
  else scratch.set(board.key);
  table.add(scratch, 0, -1);
  let solvedCount = 0;
  if (board.isSolved()) {
    solvedCount = 1;
    if (options.stopAtGoal) return { status: 'solved', table, layerStarts: [0, 1], goalIndex: 0, solvedCount, nodes: 0, lowerBound: 0 };
  }
  let goalIndex = board.isSolved() ? 0 : -1;
  const costs = options.stopAtGoal && options.costs ? options.costs : null;
  const frontier = new Frontier(table, clock, maxStates, costs ? gridCost(puzzle, costs, startGrid) : null);
  const { open, layerStarts } = frontier;
  let nodes = 0;
  let successors = 0;
  for (let idx = frontier.next(); idx >= 0; idx = frontier.next()) {
    if (clock.charge(nodeWork + successors * successorWork, nodes)) {
      return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
    }
    successors = 0;
    nodes++;
    board.loadKey(table.keys, idx * words);
    // Best-first: a goal queued rather than taken at once is taken when it comes up.
    if (open && board.isSolved()) return { status: 'solved', table, layerStarts, goalIndex: idx, solvedCount: 1, nodes, lowerBound: open.f };
    const g = open ? open.g(idx) + 1 : 0;
    const hHere = open ? open.f - g + 1 : 0;
    const movable = board.movablePieces(candidates);
    const goalPos = board.goalPos;
    const tag = table.tags[idx]!;
    const movedCell = taggedCell(tag);
    for (let i = 0; i < movable; i++) {
      const from = candidates[i]!;
      if (from === movedCell && code === MOVE) continue;
      const end = board.reach(from, metric, targets, via, 0);
      if (end === 0) continue;
      const isGoalPiece = from === goalPos;
      const pieceClass = puzzle.partClass[board.grid[from]!]!;
      const pieceWidth = puzzle.classes[pieceClass]!.width;
      const at = pieceClass * puzzle.cells;
      for (let m = 0; m < end; m++) {
        const to = targets[m]!;
        if (from === movedCell && knownFromParent(code, width, from, tag, to)) continue;
        successors++;
        const mirrored = board.keyAfterMove(from, to, fold, scratch);
        // The move's cells in the stored orientation, for its tag.
        const storedCell = mirrored ? mirroredTopLeft(to, width, pieceWidth) : to;
        const storedFrom = mirrored ? mirroredTopLeft(from, width, pieceWidth) : from;
        const hash = hashKey(scratch, 0, words);
        const slot = table.probe(scratch, 0, hash);
        if (slot < 0) {
          // Best-first: a position found again by a shorter way takes this one as its parent.
          if (open && g < open.g(-slot - 1) && open.improve(-slot - 1, g, hHere - costs![at + from]! + costs![at + to]!)) {
            table.parents[-slot - 1] = idx;
            table.tags[-slot - 1] = moveTag(storedCell, storedFrom);
          }
          continue;
        }
        const added = table.insertAt(slot, scratch, 0, hash, idx, moveTag(storedCell, storedFrom));
        if (added === -2) return { status: 'budget-exceeded', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: frontier.lowerBound() };
        if (open) open.add(added, g, hHere - costs![at + from]! + costs![at + to]!);
        if (isGoalPiece && puzzle.goalByPosition ? to === goalCell : board.solvedAfterMove(from, to)) {
          solvedCount++;
          if (goalIndex < 0) goalIndex = added;
          if (options.stopAtGoal && (!open || g <= open.f)) {
            return { status: 'solved', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: open ? g : layerStarts.length };
          }
        }
      }
    }
  }
  layerStarts.push(table.size);
  return { status: goalIndex >= 0 ? 'solved' : 'exhausted', table, layerStarts, goalIndex, solvedCount, nodes, lowerBound: layerStarts.length };
}

/** The sum of the per-piece costs (by class, then top-left cell) over the pieces of a part grid. */
function gridCost(puzzle: Puzzle, costs: Int16Array, grid: Uint8Array): number {
  let sum = 0;
  for (let cell = 0; cell < puzzle.cells; cell++) {
    const part = grid[cell]!;
    if (part !== 0 && puzzle.partOffset[part] === 0) sum += costs[puzzle.partClass[part]! * puzzle.cells + cell]!;
  }
  return sum;
}

/** Canonical keys from the start to state `index`, following parent links. */
export function pathKeys(table: StateTable, index: number): Uint32Array[] {
  const out: Uint32Array[] = [];
  for (let i = index; i >= 0; i = table.parents[i]!) out.push(table.keys.slice(i * table.words, (i + 1) * table.words));
  return out.reverse();
}

/** The top-left cell, in the mirror image, of a piece `pieceWidth` wide whose top-left is `cell`. */
function mirroredTopLeft(cell: number, width: number, pieceWidth: number): number {
  const col = cell % width;
  return cell - col + (width - pieceWidth - col);
}
