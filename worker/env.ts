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
  /** Public origin of the site (e.g. https://huarong.example) for links in cached responses; empty: the request's. */
  SITE_ORIGIN?: string;
}

export type AppEnv = { Bindings: Env };
