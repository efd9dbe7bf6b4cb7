/** The isolate's copy of cached answers: what it knows of KV, and a write lost with its request made again. */
import { describe, expect, it } from 'vitest';
import { WRITE_GRACE_MS, claimUnstoredWrite, readEntry, recall, remember, writeEntry, type OverBudget } from '../../worker/cache.ts';
import { realEnv } from './helpers.ts';

const entry = (n: number): OverBudget => ({ overBudget: n, budget: { maxWork: 1000 } });

describe('solutions cache: unstored answers', () => {
  it('an answer whose KV write was lost is claimed for writing once the grace period has passed, by one request at a time', () => {
    const key = 'v1:move:test-lost-write';
    remember(key, entry(7)); // as the searching request does, before its write (which here never happens)
    const now = Date.now();
    expect(claimUnstoredWrite(key, now)).toBe(false); // its own write may still be under way
    expect(claimUnstoredWrite(key, now + WRITE_GRACE_MS + 1)).toBe(true);
    expect(claimUnstoredWrite(key, now + WRITE_GRACE_MS + 2)).toBe(false); // claimed: the next one waits again
    expect(claimUnstoredWrite(key, now + 2 * WRITE_GRACE_MS + 3)).toBe(true);
  });

  it('an answer written to KV, or read from it, is never written again', async () => {
    const key = 'v1:move:test-written';
    await writeEntry(realEnv.SOLUTIONS, key, entry(9), 4);
    expect(recall(key)).toEqual(entry(9));
    expect(claimUnstoredWrite(key, Date.now() + 10 * WRITE_GRACE_MS)).toBe(false);
    const read = 'v1:move:test-read';
    await realEnv.SOLUTIONS!.put(read, JSON.stringify(entry(11)));
    expect(await readEntry(realEnv.SOLUTIONS, read, 4, 5)).toEqual(entry(11));
    expect(claimUnstoredWrite(read, Date.now() + 10 * WRITE_GRACE_MS)).toBe(false);
  });

  it('a failed write leaves the answer unstored, to be tried again', async () => {
    const key = 'v1:move:test-failing';
    const failing = { put: () => Promise.reject(new Error('KV down')) } as unknown as KVNamespace;
    await writeEntry(failing, key, entry(5), 4);
    expect(claimUnstoredWrite(key, Date.now() + WRITE_GRACE_MS + 1)).toBe(true);
  });
});
