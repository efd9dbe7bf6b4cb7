/** The one JSON error shape of every API path: `{ error: { code, message, at? } }`. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ApiError {
  code: string;
  message: string;
  at?: { row: number; col: number };
  /** With budget-exceeded: no solution is shorter. */
  lowerBound?: number;
  /** With budget-exceeded: the answer came from the cache (no search was spent on this request). */
  cached?: boolean;
  /** With budget-exceeded: why the search stopped (solver/shared/outcome.ts StopReason). */
  stoppedBy?: string;
  /** With job-running: the job this client already holds (one at a time). */
  job?: { id: string; url: string };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, error: ApiError, headers?: Record<string, string>): Response {
  return c.json({ error }, status, headers);
}
