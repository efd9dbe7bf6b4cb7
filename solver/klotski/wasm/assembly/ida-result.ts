/** What IDA* (ida.ts) reports, on either mask width: the loader reads it through these getters. */
export const IDA_SOLVED: i32 = 0;
export const IDA_UNSOLVABLE: i32 = 1;
export const IDA_BUDGET_EXCEEDED: i32 = 2;
/** A checkpoint this search did not make (ida.ts `idaContinue`). */
export const IDA_BAD_CHECKPOINT: i32 = 3;

let status: i32 = 0;
let steps: i32 = 0;
let path: usize = 0;
let nodes: i32 = 0;
let lowerBound: i32 = 0;
let work: f64 = 0;

export function idaStatus(): i32 { return status; }
/** The solution's length; its moves are (from, to) pairs of i32 at `idaPath()`. */
export function idaSteps(): i32 { return steps; }
export function idaPath(): usize { return path; }
export function idaNodes(): i32 { return nodes; }
export function idaLowerBound(): i32 { return lowerBound; }
export function idaWork(): f64 { return work; }

/** Ends a search: how, the solution's length and where its moves are, positions expanded, bound and work. */
export function reportIda(how: i32, length: i32, moves: usize, expanded: i32, bound: i32, spentWork: f64): void {
  status = how;
  steps = length;
  path = moves;
  nodes = expanded;
  lowerBound = bound;
  work = spentWork;
}
