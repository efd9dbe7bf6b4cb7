import type { StopReason } from './outcome.ts';

/** A node and/or time budget. The solver checks it as it goes and stops itself when it is spent. */
export interface Budget {
  /** Stop after expanding this many positions. */
  maxNodes?: number;
  /**
   * Stop after this much work: the cells each expanded position touches plus the key work of each successor and of
   * each position stored. It tracks CPU time on every board size (a position on a 10×10 board costs many times one on
   * 4×5), which a count of positions does not.
   */
  maxWork?: number;
  /** Stop after this many milliseconds (wall clock; note that Workers' clocks stand still during pure CPU work). */
  maxMs?: number;
  /** Called every ~100 ms of search with the positions expanded so far (for progress displays). */
  onProgress?: (progress: Progress) => void;
}

/** What kind of search is running (a solve may change strategy part way: best-first, then IDA* when memory fills). */
export type SearchPhase = 'bfs' | 'astar' | 'ida' | 'weighted';

export interface Progress {
  /** Positions searched so far by the whole solve (never less than the last report, across changes of strategy). */
  nodes: number;
  ms: number;
  /** IDA*: the current iteration's bound; BFS: the depth being expanded; best-first: the least estimate open. */
  depth: number;
  phase: SearchPhase;
  /**
   * The proven lower bound on the answer's length so far: the largest `depth` reported (every kind of optimal search
   * has ruled out shorter answers by then), never falling; null for searches that prove nothing (weighted).
   */
  lowerBound: number | null;
}

const PROGRESS_EVERY_MS = 100;
/** The budget is checked at least this often, in work units (a few microseconds of CPU). */
const WORK_CHECK = 4096;

/**
 * The Worker's default budget (the Workers free plan allows 10 ms of CPU a request): about 4 ms of warm CPU; the
 * costliest inputs found stay at or under about 4 ms warm (npm run bench:edge), leaving a margin for cold starts.
 */
export const EDGE_BUDGET: Readonly<Budget> = { maxWork: 480_000 };

export class BudgetClock {
  readonly maxNodes: number;
  readonly maxWork: number;
  /** Work charged so far (see Budget.maxWork). */
  work = 0;
  private nextCheck = WORK_CHECK;
  private readonly deadline: number;
  readonly started: number;
  /** Set by the running search; reported with progress. */
  depth = 0;
  /** Set by the solver when it starts (or changes) strategy; reported with progress. */
  phase: SearchPhase = 'bfs';
  /** Positions counted by earlier strategies of the same solve (a new search counts from zero). */
  nodesBefore = 0;
  private proven = 0;

  /** The largest bound an optimal search of this solve has proven so far (see Progress.lowerBound). */
  get provenBound(): number {
    return this.proven;
  }
  private readonly onProgress: ((progress: Progress) => void) | undefined;
  private lastReport: number;
  /** The phase of the last report (the first is 'bfs', as `phase` starts). */
  private reportedPhase: SearchPhase = 'bfs';

  constructor(budget: Budget = {}) {
    this.onProgress = budget.onProgress;
    this.maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    this.maxWork = budget.maxWork ?? Number.POSITIVE_INFINITY;
    this.started = now();
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    this.lastReport = this.started;
  }

  /** Called every so often by the searches with the nodes expanded so far. */
  spent(nodes: number): boolean {
    const t = now();
    if (this.phase !== 'weighted' && this.depth > this.proven) this.proven = this.depth;
    // A new strategy is reported at its first check, not up to 100 ms later: on a fast machine a short phase (best-first
    // up to a small memory cap) would otherwise pass without a word.
    if (this.onProgress && (t - this.lastReport >= PROGRESS_EVERY_MS || this.phase !== this.reportedPhase)) {
      this.lastReport = t;
      this.reportedPhase = this.phase;
      this.onProgress({ nodes: this.nodesBefore + nodes, ms: t - this.started, depth: this.depth, phase: this.phase, lowerBound: this.phase === 'weighted' ? null : this.proven });
    }
    return nodes >= this.maxNodes || this.work >= this.maxWork || t >= this.deadline;
  }

  /** Adds work; true when the budget is spent (checked every WORK_CHECK units, so cheap to call per position). */
  charge(units: number, nodes: number): boolean {
    this.work += units;
    if (this.work < this.nextCheck) return false;
    this.nextCheck = this.work + WORK_CHECK;
    return this.spent(nodes);
  }

  /** The most table entries a search can fill within the work budget when each entry costs `perEntry` work. */
  entriesWithin(perEntry: number): number {
    return Number.isFinite(this.maxWork) ? Math.ceil(this.maxWork / Math.max(1, perEntry)) + 1024 : Number.POSITIVE_INFINITY;
  }

  /**
   * Which limit a search that stopped ran into: positions, work or time (the first found spent); `fallback` when none
   * is (the search stopped for a reason of its own, such as full memory).
   */
  stopReason(nodes: number, fallback: StopReason = 'memory'): StopReason {
    if (nodes >= this.maxNodes) return 'nodes';
    if (this.work >= this.maxWork) return 'work';
    if (now() >= this.deadline) return 'time';
    return fallback;
  }

  elapsed(): number {
    return now() - this.started;
  }
}

export function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}
