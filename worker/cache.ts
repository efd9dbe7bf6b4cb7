/**
 * Best-effort KV cache of solutions. A failing or slow KV never fails a request: errors are logged and treated as a
 * miss (get) or dropped (put).
 */
import { decodeMoves, encodeMoves, type Move, type Proof, type StopReason } from '../solver/index.ts';
import { SizedLru } from './sized-lru.ts';

/** Bump when the solver or the stored form changes: old entries are then simply never read. */
export const CACHE_VERSION = 'v1';
const GET_TIMEOUT_MS = 1500;

export interface StoredSolution {
  status: 'solved' | 'unsolvable';
  length: number | null;
  explored?: number;
  /** With unsolvable: how it was proven (entries stored before it was kept have it derived: `proofOf`). */
  proof?: Proof;
  /** Tiles fast mode (5×5 and up) and a best known line (posted by a browser, answers.ts) store optimal: false. */
  optimal?: boolean;
  /** A best known line not proven shortest: what is proven of the shortest (no solution is shorter). */
  lowerBound?: number;
  reason?: string;
  moves: Move[];
  stats: { algorithm: string; nodes: number; ms: number; ttBytes: number; estimate: number };
}

/**
 * How an unsolvable entry was proven: its own `proof`, or — for entries stored before proofs were kept — the whole
 * space when it says how many positions were explored, the parity when it gives a parity reason; else none is claimed.
 */
export function proofOf(stored: StoredSolution): Proof | undefined {
  if (stored.status !== 'unsolvable') return undefined;
  if (stored.proof) return stored.proof;
  if (stored.explored !== undefined) return { by: 'space', positions: stored.explored };
  const parity = stored.reason?.match(/^the parity of (.+) differs from the goal's/);
  return parity ? { by: 'parity', rule: parity[1]! } : undefined;
}

export function cacheKey(metric: string, canonical: string): string {
  return `${CACHE_VERSION}:${metric}:${canonical}`;
}

/** A layout the search gave up on at `budget`: no solution is shorter than `overBudget`. */
export interface OverBudget {
  overBudget: number;
  budget: { maxWork: number; maxNodes?: number };
  /** Why the search stopped (absent in marks stored before it was kept: the budget's work, then). */
  stoppedBy?: StopReason;
  /**
   * A solve job gave up (it spent its steps): how much it searched, the solver that searched (`fingerprint`,
   * job-fingerprint.ts) and when it ended. Not final: kept `GIVE_UP_TTL_S`, and a job searches again once it has
   * expired or the solver has changed (absent in marks stored before: those are simply kept their hour).
   */
  job?: { steps: number; nodes: number; fingerprint?: string | null; endedAt?: number };
}

/**
 * A job's give-up is kept a day: long enough that repeats cost no search, short enough that a deployment that raised
 * its limits (or a solver that changed: its fingerprint) searches again soon. Never for good.
 */
export const GIVE_UP_TTL_S = 86_400;

/** How long an entry is kept (seconds), or null for good: over-budget marks expire (a job's give-up after a day). */
const ttlOf = (entry: CacheEntry): number | null => (isOverBudget(entry) ? (entry.job?.endedAt !== undefined ? GIVE_UP_TTL_S : OVER_BUDGET_TTL_S) : null);

export type CacheEntry = StoredSolution | OverBudget;

export const isOverBudget = (entry: CacheEntry): entry is OverBudget => 'overBudget' in entry;

/** Over-budget answers are kept this long, so repeats cost no search; a higher budget searches again. */
export const OVER_BUDGET_TTL_S = 3600;
const PUT_TIMEOUT_MS = 5000;
/** Bytes of decoded entries this isolate keeps (estimated as UTF-16 JSON). */
export const RECENT_BYTES = 2 * 1024 * 1024;

/**
 * Recently used entries, decoded, in this isolate (isolates serve many requests): a hot layout skips the KV read.
 * Bounded by bytes; the least recently used go first. Over-budget entries expire here as in KV.
 *
 * Each says whether it is known to be in KV. The request that searched writes it there past its response
 * (waitUntil), but a write can be lost with its request (a client that hung up, a runtime that cut the request
 * short): a later request that is served an entry whose write has not finished within `WRITE_GRACE_MS` writes it again.
 */
interface Recent {
  entry: CacheEntry;
  until: number;
  /** In KV: read from there, or written and confirmed. */
  stored: boolean;
  /** When the last write of it began. */
  writtenAt: number;
}
const recent = new SizedLru<Recent>(RECENT_BYTES);
export const WRITE_GRACE_MS = PUT_TIMEOUT_MS + 1000;

/** Keeps `entry` in this isolate (no I/O); `stored`: it is known to be in KV already. */
export function remember(key: string, entry: CacheEntry, stored = false): void {
  const ttl = ttlOf(entry);
  const until = ttl !== null ? Date.now() + ttl * 1000 : Number.POSITIVE_INFINITY;
  recent.set(key, { entry, until, stored, writtenAt: Date.now() }, JSON.stringify(entry).length * 2 + key.length * 2);
}

/**
 * Whether the isolate's copy of `key` should be written to KV by the request now serving it: it is not known to be
 * there and no write of it has begun in the last `WRITE_GRACE_MS` (so the one that did was lost or failed). Claims
 * the write: the next caller within the grace period is told no.
 */
export function claimUnstoredWrite(key: string, now = Date.now()): boolean {
  const hot = recent.get(key);
  if (!hot || hot.stored || now - hot.writtenAt < WRITE_GRACE_MS) return false;
  hot.writtenAt = now;
  return true;
}

/** The isolate's copy, if any (no I/O). */
export function recall(key: string): CacheEntry | null {
  const hot = recent.get(key);
  if (!hot) return null;
  if (hot.until < Date.now()) {
    recent.delete(key);
    return null;
  }
  return hot.entry;
}

/** Drops an entry that turned out to be bad, here and in KV (best effort). */
export async function forget(kv: KVNamespace | undefined, key: string): Promise<void> {
  recent.delete(key);
  try {
    await withTimeout(kv?.delete(key) ?? Promise.resolve(), PUT_TIMEOUT_MS);
  } catch (e) {
    console.error(`KV delete ${key} failed:`, e);
  }
}

export async function readEntry(kv: KVNamespace | undefined, key: string, width: number, height: number): Promise<CacheEntry | null> {
  if (!kv) return null;
  try {
    const text = await withTimeout(kv.get(key, 'text'), GET_TIMEOUT_MS);
    if (text === null) return null;
    const stored = JSON.parse(text) as (Omit<StoredSolution, 'moves'> & { moves: string }) | OverBudget;
    if ('overBudget' in stored) {
      remember(key, stored, true);
      return stored;
    }
    const moves = decodeMoves(stored.moves, width, height);
    if (stored.status === 'solved' && moves.length !== stored.length) throw new Error('length mismatch');
    const solution = { ...stored, moves };
    remember(key, solution, true);
    return solution;
  } catch (e) {
    console.error(`KV get ${key} failed; solving instead:`, e);
    return null;
  }
}

export async function writeEntry(kv: KVNamespace | undefined, key: string, entry: CacheEntry, width: number): Promise<void> {
  remember(key, entry); // at once, before any await: not yet known to be in KV, its write begun now
  if (!kv) return;
  try {
    const ttl = ttlOf(entry);
    const text = isOverBudget(entry) ? JSON.stringify(entry) : JSON.stringify({ ...entry, moves: encodeMoves(entry.moves, width) });
    const put = kv.put(key, text, ttl !== null ? { expirationTtl: ttl } : {});
    await withTimeout(put, PUT_TIMEOUT_MS);
    const written = recent.get(key);
    if (written?.entry === entry) written.stored = true;
  } catch (e) {
    console.error(`KV put ${key} failed:`, e);
  }
}

/** Forgets everything this isolate keeps (tests). */
export function forgetRecent(): void {
  recent.clear();
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}
