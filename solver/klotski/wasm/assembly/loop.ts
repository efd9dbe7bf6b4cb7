/**
 * The bookkeeping of the search loop, shared by search.ts and search128.ts: where layers begin (and the hash index's
 * window over them) in breadth-first search, the work charged per position expanded and the budget clock asked, and
 * how a search ends.
 */
import { openF } from './open-list';
import { BUDGET_EXCEEDED, EXHAUSTED, goalFound, lastLayerStart, layersBegun, pushLayer, SOLVED, spent, stop, WORK_CHECK } from './result';
import { forgetBefore, size } from './state-table';
import { keepRanksFrom, noRankIndex } from './rank-index';

let nodeWork: f64 = 0;
let successorWork: f64 = 0;
let insertWork: f64 = 0;
let alternating = false;
/** Best-first: no layers; the index holds every position and the clock is told the f being expanded. */
let bestFirst = false;
/** Where the layer being expanded ends. */
let layerEnd = 0;
let expanded = 0;
/** Positions stored so far that the budget has been charged for. */
let charged = 0;
let spentWork: f64 = 0;
let nextCheck: f64 = 0;

/**
 * Starts the loop, the start position stored as layer 0 and `startWork` units of the budget spent: work per position
 * expanded, per successor and per position stored; whether no successor shares its parent's layer.
 */
export function beginLoop(startWork: f64, perNode: f64, perSuccessor: f64, perInsert: f64, layersAlternate: bool, byCost: bool): void {
  bestFirst = byCost;
  noRankIndex();
  nodeWork = perNode;
  successorWork = perSuccessor;
  insertWork = perInsert;
  alternating = layersAlternate;
  pushLayer(0);
  layerEnd = 1;
  expanded = 0;
  charged = 1;
  spentWork = startWork;
  nextCheck = startWork + WORK_CHECK;
}

/**
 * Before expanding state `idx`: begins a layer where one starts, charges the budget for the position expanded last (its
 * `successors`, and the positions it stored) and, every WORK_CHECK units, asks the clock. False when the budget is
 * spent: the search has stopped.
 */
@inline export function expand(idx: i32, successors: i32): bool {
  if (idx == layerEnd && !bestFirst) {
    // Successors of this layer lie in the layers before and after it (and in its own, unless layers alternate).
    forgetBefore(lastLayerStart(), alternating ? idx : size);
    keepRanksFrom(lastLayerStart());
    pushLayer(idx);
    layerEnd = size;
  }
  spentWork += nodeWork + <f64>successors * successorWork + <f64>(size - charged) * insertWork;
  if (spentWork >= nextCheck) {
    nextCheck = spentWork + WORK_CHECK;
    if (spent(expanded, bestFirst ? openF : layersBegun() - 1, spentWork)) {
      stop(BUDGET_EXCEEDED, expanded, spentWork);
      return false;
    }
  }
  charged = size;
  expanded++;
  return true;
}

/** Ends the search early: at a goal (SOLVED) or with the table full (BUDGET_EXCEEDED). */
@inline export function halt(why: i32): void {
  stop(why, expanded, spentWork);
}

/** Ends the search with every stored position expanded. */
export function finish(): void {
  pushLayer(size);
  stop(goalFound() ? SOLVED : EXHAUSTED, expanded, spentWork);
}
