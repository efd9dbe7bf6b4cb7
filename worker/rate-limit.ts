/**
 * The per-client limit on work that costs CPU or a KV operation (the `MISS_LIMITER` binding): solves, preview renders,
 * a page's KV read. Each kind counts separately (`kind:client` keys). Answers already at hand never ask it.
 */
import type { Env } from './env.ts';

export type LimitedWork = 'solve' | 'render' | 'page' | 'answer';

export async function overRateLimit(env: Env, work: LimitedWork, clientKey: string): Promise<boolean> {
  if (!env.MISS_LIMITER) return false;
  try {
    // Solves keep the bare client key they always had, so their count carries over.
    const { success } = await env.MISS_LIMITER.limit({ key: work === 'solve' ? clientKey : `${work}:${clientKey}` });
    return !success;
  } catch (e) {
    console.error('rate limiter failed; allowing the request:', e);
    return false;
  }
}
