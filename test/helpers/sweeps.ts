/**
 * Exhaustive sweeps in the tests. `npm test` runs a sample of each — the same code paths and checks, on fewer cases —
 * and `npm run bench:sweeps` runs them whole (HUARONG_SWEEPS=full): the whole sweep re-proves on every case what the
 * sample proves on some, and took minutes of every fresh clone's `npm test` (issue 48).
 */
export const FULL_SWEEPS = process.env.HUARONG_SWEEPS === 'full';

/** Every item under a full sweep; else those at the indices `keep` (a sample chosen to cover each kind of case). */
export function sampled<T>(items: readonly T[], keep: readonly number[]): T[] {
  if (FULL_SWEEPS) return [...items];
  return keep.map((i) => {
    const item = items[i];
    if (item === undefined) throw new Error(`sample index ${i} past the ${items.length} items`);
    return item;
  });
}

/** `full` under a full sweep, else `sample`. */
export const sweepSize = (full: number, sample: number): number => (FULL_SWEEPS ? full : sample);
