/**
 * What a /solve request asks and what one search of it may spend: the plain shapes the solve flow, its plans and the
 * jobs all take, apart from solve-service.ts so that they need not import the flow that imports them.
 */
import type { GoalSpec, Metric } from '../solver/index.ts';

export interface SolveInput {
  layout: string;
  metric?: Metric;
  /** Klotski: how pieces slide (`free`, `line`); checked by the solver. A `rush:` code implies `line`. */
  slide?: string;
  /** Klotski: { piece, at }; tiles: a goal code. */
  goal?: GoalSpec | string;
  /** Tiles 5×5 and larger: a proven optimal solution instead of the fast mode. */
  optimal?: boolean;
}

/** The budget of one cache miss: work (tracks CPU on every board), and positions too when SOLVE_MAX_NODES is set. */
export interface SearchBudget {
  maxWork: number;
  maxNodes?: number;
}
