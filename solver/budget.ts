/** A node and/or time budget. The solver checks it as it goes and stops itself when it is spent. */
export interface Budget {
  /** Stop after expanding this many positions. */
  maxNodes?: number;
  /** Stop after this many milliseconds (wall clock; note that Workers' clocks stand still during pure CPU work). */
  maxMs?: number;
}

export class BudgetClock {
  readonly maxNodes: number;
  private readonly deadline: number;
  readonly started: number;

  constructor(budget: Budget = {}) {
    this.maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    this.started = now();
    this.deadline = budget.maxMs === undefined ? Number.POSITIVE_INFINITY : this.started + budget.maxMs;
  }

  /** Called every so often by the searches with the nodes expanded so far. */
  spent(nodes: number): boolean {
    return nodes >= this.maxNodes || now() >= this.deadline;
  }

  elapsed(): number {
    return now() - this.started;
  }
}

export function now(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}
