/** Calls the app inside workerd with the real (Miniflare-emulated) bindings, optionally overridden. */
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { createApp } from '../../worker/app.ts';
import type { Env } from '../../worker/env.ts';

const app = createApp();
export const realEnv = env as unknown as Env;

export async function call(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  // A path, or a whole URL (to play a request for another host).
  const res = await app.request(path.startsWith('http') ? path : `http://huarong.test${path}`, init, { ...realEnv, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

export async function json(res: Response): Promise<any> {
  return res.json();
}

let ip = 0;
/** A fresh client address per call, so the real rate limiter does not interfere across tests. */
export function freshClient(): Record<string, string> {
  ip++;
  return { 'CF-Connecting-IP': `198.51.100.${ip % 250}-${ip}` };
}

/** A paid-plan budget, for tests of the cache and request flow on layouts that need more than the edge default. */
export const ROOMY: Partial<Env> = { SOLVE_MAX_WORK: '20000000' };

/** A deployment without solve jobs (no SOLVE_JOBS binding): what the request budget cannot finish is a 503. */
export const NO_JOBS: Partial<Env> = { SOLVE_JOBS: undefined };
