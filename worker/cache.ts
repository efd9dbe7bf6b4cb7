/**
 * Best-effort KV cache of solutions. A failing or slow KV never fails a request: errors are logged and treated as a
 * miss (get) or dropped (put).
 */
import { decodeMoves, encodeMoves, type Move } from '../solver/index.ts';

/** Bump when the solver or the stored form changes: old entries are then simply never read. */
export const CACHE_VERSION = 'v1';
const GET_TIMEOUT_MS = 1500;

export interface StoredSolution {
  status: 'solved' | 'unsolvable';
  length: number | null;
  explored?: number;
  /** Tiles fast mode (5×5 and up) stores optimal: false. */
  optimal?: boolean;
  reason?: string;
  moves: Move[];
  stats: { algorithm: string; nodes: number; ms: number; ttBytes: number; estimate: number };
}

export function cacheKey(metric: string, canonical: string): string {
  return `${CACHE_VERSION}:${metric}:${canonical}`;
}

/**
 * Recently used solutions, decoded, in this isolate (isolates serve many requests): a hot layout skips the KV read.
 * Bounded; the oldest entry goes first.
 */
const recent = new Map<string, StoredSolution>();
const RECENT_LIMIT = 256;

function remember(key: string, solution: StoredSolution): void {
  recent.delete(key);
  recent.set(key, solution);
  if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!);
}

export async function readSolution(kv: KVNamespace | undefined, key: string, width: number, height: number): Promise<StoredSolution | null> {
  if (!kv) return null;
  const hot = recent.get(key);
  if (hot) {
    remember(key, hot);
    return hot;
  }
  try {
    const text = await withTimeout(kv.get(key, 'text'), GET_TIMEOUT_MS);
    if (text === null) return null;
    const stored = JSON.parse(text) as Omit<StoredSolution, 'moves'> & { moves: string };
    const moves = decodeMoves(stored.moves, width, height);
    if (stored.status === 'solved' && moves.length !== stored.length) throw new Error('length mismatch');
    const solution = { ...stored, moves };
    remember(key, solution);
    return solution;
  } catch (e) {
    console.error(`KV get ${key} failed; solving instead:`, e);
    return null;
  }
}

export async function writeSolution(kv: KVNamespace | undefined, key: string, solution: StoredSolution, width: number): Promise<void> {
  if (!kv) return;
  try {
    remember(key, solution);
    await kv.put(key, JSON.stringify({ ...solution, moves: encodeMoves(solution.moves, width) }));
  } catch (e) {
    console.error(`KV put ${key} failed:`, e);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}
