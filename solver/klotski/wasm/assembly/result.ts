/**
 * What a search reports, shared by the 64-bit and the 128-bit search: its status, goal, counts and layer starts (the
 * loader reads them through the getters; the table's records, parents and tags too), and the budget clock it asks.
 */
import { reserve } from './memory';
import { parents, records, size, tags } from './state-table';

/** Asks the budget clock (budget.ts) whether to stop: true when the budget is spent. Also reports progress. */
@external("env", "spent")
export declare function spent(nodes: i32, depth: i32, work: f64): bool;

/** The clock is asked every this many work units (budget.ts WORK_CHECK). */
export const WORK_CHECK: f64 = 4096;

export const SOLVED: i32 = 0;
export const EXHAUSTED: i32 = 1;
export const BUDGET_EXCEEDED: i32 = 2;

let status: i32 = 0;
let goalIndex: i32 = -1;
let solvedCount: i32 = 0;
let nodes: i32 = 0;
let work: f64 = 0;
/** Best-first: no solution is shorter than this (-1: breadth-first, whose bound is its layers). */
let bound: i32 = -1;
let layerStarts: usize = 0;
let layerCount: i32 = 0;
let layerCapacity: i32 = 0;

export function resultStatus(): i32 { return status; }
export function resultGoalIndex(): i32 { return goalIndex; }
export function resultSolvedCount(): i32 { return solvedCount; }
export function resultNodes(): i32 { return nodes; }
export function resultWork(): f64 { return work; }
export function resultSize(): i32 { return size; }
export function resultRecords(): usize { return records; }
export function resultParents(): usize { return parents; }
export function resultTags(): usize { return tags; }
export function resultLayerStarts(): usize { return layerStarts; }
export function resultLayerCount(): i32 { return layerCount; }
export function resultBound(): i32 { return bound; }

/** Starts a result: no layers, no goal, `startWork` units spent. */
export function beginResult(startWork: f64): void {
  layerCapacity = 64;
  layerStarts = reserve(layerCapacity << 2);
  layerCount = 0;
  status = SOLVED;
  goalIndex = -1;
  solvedCount = 0;
  nodes = 0;
  work = startWork;
  bound = -1;
}

/** Best-first: the lower bound the search proved where it stopped. */
export function proveBound(lowerBound: i32): void {
  bound = lowerBound;
}

export function pushLayer(start: i32): void {
  if (layerCount == layerCapacity) {
    const more = reserve(layerCapacity << 3);
    memory.copy(more, layerStarts, (<usize>layerCount) << 2);
    layerStarts = more;
    layerCapacity *= 2;
  }
  store<i32>(layerStarts + ((<usize>layerCount) << 2), start);
  layerCount++;
}

/** The start of the newest layer, and how many layers have begun. */
@inline export function lastLayerStart(): i32 {
  return load<i32>(layerStarts + ((<usize>layerCount - 1) << 2));
}

@inline export function layersBegun(): i32 {
  return layerCount;
}

/** Counts a solved position (state `idx`); the first one found is the goal. */
@inline export function foundSolved(idx: i32): void {
  solvedCount++;
  if (goalIndex < 0) goalIndex = idx;
}

/** Best-first: state `idx`, about to be expanded, is solved; it is the goal (the only one counted). */
export function takeGoal(idx: i32): void {
  solvedCount = 1;
  goalIndex = idx;
}

@inline export function goalFound(): bool {
  return goalIndex >= 0;
}

/** Ends the search with a status (the result getters read the rest). */
@inline export function stop(why: i32, expanded: i32, spentWork: f64): void {
  status = why;
  nodes = expanded;
  work = spentWork;
}
