/** Bindings and vars of the Worker (see wrangler.toml). */
export interface Env {
  /** Solutions cache. Key `v1:<metric>:<canonical code>`. */
  SOLUTIONS?: KVNamespace;
  /** Rate limiter for cache misses, keyed by client IP. */
  MISS_LIMITER?: RateLimit;
  /** Static site (Astro build output). */
  ASSETS?: Fetcher;
  /** Solver budget per cache miss, in work units (≈ 10 ns of CPU each); default: the edge budget (solver EDGE_BUDGET). */
  SOLVE_MAX_WORK?: string;
  /** Optional extra cap in expanded positions. */
  SOLVE_MAX_NODES?: string;
  /** Solve jobs (worker/solve-workflow.ts): what the request budget cannot finish. Unset: such requests get 503. */
  SOLVE_JOBS?: Workflow;
  /** Work per job step (default 600,000 ≈ 6 ms warm, for the free plan's 10 ms a step), steps per job, jobs at once. */
  JOB_STEP_WORK?: string;
  JOB_MAX_STEPS?: string;
  JOB_MAX_RUNNING?: string;
  /** Jobs that may wait for a slot (default 16; "0": none, past the cap a 503 jobs-busy as before). */
  JOB_MAX_QUEUED?: string;
  /** Steps between two copies of a job's search table in KV (default 50; worker/job-tables.ts). */
  JOB_TABLE_EVERY?: string;
  /** Public origin of the site (e.g. https://huarong.example) for links in cached responses; empty: the request's. */
  SITE_ORIGIN?: string;
}

export type AppEnv = { Bindings: Env };
