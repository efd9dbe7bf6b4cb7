/** Bindings and vars of the Worker (see wrangler.toml). */
export interface Env {
  /** Solutions cache. Key `v1:<metric>:<canonical code>`. */
  SOLUTIONS?: KVNamespace;
  /** Rate limiter for cache misses, keyed by client IP. */
  MISS_LIMITER?: RateLimit;
  /** Static site (Astro build output). */
  ASSETS?: Fetcher;
  /** Solver budget per cache miss, in expanded positions. */
  SOLVE_MAX_NODES?: string;
}

export type AppEnv = { Bindings: Env };
