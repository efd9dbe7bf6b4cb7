import { describe, expect, it } from 'vitest';
import { STALE_MS, laneState, queueAbandonedJob, searchOnce, searchPending } from '../../worker/search-lane.ts';

describe('search lane', () => {
  it('runs searches one at a time, in order, with waiting work run between them', async () => {
    const log: string[] = [];
    const search = (name: string) => () => {
      log.push(`${name} start`);
      // Something that arrives during this search (a hit's I/O coming back) is queued as a macrotask.
      setTimeout(() => log.push(`after ${name}`), 0);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([searchOnce('a', search('a')), searchOnce('b', search('b')), searchOnce('c', search('c'))]);
    expect(results.map((r) => r.value)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'after a', 'b start', 'b end', 'after b', 'c start', 'c end']);
    expect(laneState()).toEqual({ queued: 0, jobs: 0 });
  });

  it('identical searches (same key) run once: every caller gets the value, one of them is told it searched', async () => {
    let runs = 0;
    const search = () => ({ run: ++runs });
    const pending = [searchOnce('same', search), searchOnce('same', search)];
    expect(searchPending('same')).toBe(true);
    pending.push(searchOnce('same', search));
    const answers = await Promise.all(pending);
    expect(runs).toBe(1);
    expect(answers.map((a) => a.value)).toEqual([{ run: 1 }, { run: 1 }, { run: 1 }]);
    expect(answers.filter((a) => a.searched)).toHaveLength(1);
    expect(searchPending('same')).toBe(false);
    // Once finished, the same key searches again (the caller keeps the answer in its cache, not the lane).
    expect((await searchOnce('same', search)).value).toEqual({ run: 2 });
  });

  it('a failing search rejects its own callers only; the next one still runs', async () => {
    const failing = searchOnce('fails', () => {
      throw new Error('boom');
    });
    const joined = searchOnce('fails', () => 'never');
    const next = searchOnce('next', () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(joined).rejects.toThrow('boom');
    await expect(next).resolves.toEqual({ value: 'ran', searched: true });
  });
});

describe('search lane: requests that vanish', () => {
  it('a job whose requests all stopped polling (their clients hung up) is dropped after STALE_MS; the searches behind it run', async () => {
    queueAbandonedJob('ghost');
    expect(searchPending('ghost')).toBe(true);
    const started = Date.now();
    const answer = await searchOnce('behind the ghost', () => 'ran');
    expect(answer).toEqual({ value: 'ran', searched: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(STALE_MS - 50);
    expect(Date.now() - started).toBeLessThan(STALE_MS + 1000);
    expect(searchPending('ghost')).toBe(false);
    expect(laneState()).toEqual({ queued: 0, jobs: 0 });
  });

  it('a live request that joins an abandoned job keeps it alive and runs the search itself', async () => {
    queueAbandonedJob('revived');
    const answer = await searchOnce('revived', () => 'by the joiner');
    expect(answer).toEqual({ value: 'by the joiner', searched: true });
  });
});
