/**
 * Copies of a solve job's search table in KV (`jobtable:v1:<id>`), taken every `JOB_TABLE_EVERY` steps: a step that
 * finds the table gone from its isolate (another isolate) goes on from its own checkpoint with the last copy, and a run
 * of the job started again (`wrangler dev` restarted under it) goes on from the copy's checkpoint, instead of starting
 * the search again: either way the work of at most the steps since the copy is done again (none with a copy every step,
 * where KV writes allow it). KV holds values of up to 25 MiB; a job's table is at most 8 MB (jobs.ts JOB_TABLE_BYTES).
 * Best effort: a copy that cannot be written or read only costs a restart.
 */
import { decodeTableCopy, encodeTableCopy, type TableCopy } from '../solver/index.ts';
import { withTimeout } from './cache.ts';
import type { Env } from './env.ts';

const TABLE_PREFIX = 'jobtable:v1:';
/** Copies outlive no job by much: a day. */
const TABLE_TTL_S = 86_400;
const TABLE_TIMEOUT_MS = 5000;

/**
 * Steps between two copies of a job's table. KV writes are counted (1,000 a day on the free plan, a million a month
 * included on the paid one): a deployment that can write a copy every step (`JOB_TABLE_EVERY = "1"`) loses at most the
 * step in flight to a restart.
 */
export const DEFAULT_TABLE_EVERY = 50;

export function tableEvery(env: Env): number {
  return Number(env.JOB_TABLE_EVERY) > 0 ? Math.floor(Number(env.JOB_TABLE_EVERY)) : DEFAULT_TABLE_EVERY;
}

export async function saveTableCopy(env: Env, id: string, copy: TableCopy): Promise<void> {
  try {
    await withTimeout(env.SOLUTIONS!.put(TABLE_PREFIX + id, encodeTableCopy(copy), { expirationTtl: TABLE_TTL_S }), TABLE_TIMEOUT_MS);
  } catch (e) {
    console.error(`job ${id}: table copy not saved:`, e);
  }
}

export async function loadTableCopy(env: Env, id: string): Promise<TableCopy | null> {
  try {
    const data = await withTimeout(env.SOLUTIONS!.get(TABLE_PREFIX + id, 'arrayBuffer'), TABLE_TIMEOUT_MS);
    return data ? decodeTableCopy(new Uint8Array(data)) : null;
  } catch (e) {
    console.error(`job ${id}: table copy unreadable:`, e);
    return null;
  }
}

export async function dropTableCopy(env: Env, id: string): Promise<void> {
  await withTimeout(env.SOLUTIONS!.delete(TABLE_PREFIX + id), TABLE_TIMEOUT_MS).catch(() => undefined);
}
