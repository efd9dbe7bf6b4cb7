/** The Workers Cache API and work that runs past the response, for the routes that use them. */
import type { Context } from 'hono';

/** This location's Cache API, where the runtime has one (plain Node tests have none). */
export function edgeCache(): Cache | null {
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
}

/** Lets `work` finish after the response; without an execution context (app.request in tests) it simply runs. */
export function runLater(c: Context, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    void work;
  }
}
