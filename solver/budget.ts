/** A node and/or time budget. The solver checks it as it goes and stops itself when it is spent. */
export interface Budget {
  /** Stop after expanding this many positions. */
  maxNodes?: number;
  /** Stop after this many milliseconds (wall clock; note that Workers' clocks stand still during pure CPU work). */
  maxMs?: number;
  /** Called every ~100 ms of search with the positions expanded so far (for progress displays). */
  onProgress?: (progress: Progress) => void;
}

export interface Progress {
  nodes: number;
  ms: number;
  /** IDA*: the current iteration's bound; BFS: the depth being expanded. */
  depth: number;
}

const PROGRESS_EVERY_MS = 100;

export class BudgetClock {
  readonly maxNodes: number;
  private readonly deadline: number;
  readonly started: number;
  /** Set by the running search; reported with progress. */
  depth = 0;
  private readonly onProgress: ((progress: Progress) => void) | undefined;
  private lastReport: number;

  constructor(budget: Budget = {}) {
    this.onProgress = budget.onProgress;
    this.maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    this.started = now();
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
    this.lastReport = this.started;
  }

  /** Called every so often by the searches with the nodes expanded so far. */
  spent(nodes: number): boolean {
    const t = now();
    if (this.onProgress && t - this.lastReport >= PROGRESS_EVERY_MS) {
      this.lastReport = t;
      this.onProgress({ nodes, ms: t - this.started, depth: this.depth });
    }
    return nodes >= this.maxNodes || t >= this.deadline;
  }

  elapsed(): number {
    return now() - this.started;
  }
}

export function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}
