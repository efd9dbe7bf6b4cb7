import { describe, expect, it } from 'vitest';
import { inSearchLane } from '../../worker/search-lane.ts';

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
    const results = await Promise.all([inSearchLane(search('a')), inSearchLane(search('b')), inSearchLane(search('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'after a', 'b start', 'b end', 'after b', 'c start', 'c end']);
  });

  it('a failing search rejects its own caller only; the next one still runs', async () => {
    const failing = inSearchLane(() => {
      throw new Error('boom');
    });
    const next = inSearchLane(() => 'ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});
