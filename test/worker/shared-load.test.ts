import { describe, expect, it } from 'vitest';
import { SharedLoad } from '../../worker/shared-load.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('shared load', () => {
  it('loads once for callers that arrive during the load, and keeps the value', async () => {
    const shared = new SharedLoad<string>({ staleMs: 1000, retryMs: 1000, fallback: 'none' });
    let loads = 0;
    const load = async () => {
      loads++;
      await sleep(20);
      return 'value';
    };
    expect(await Promise.all([shared.get('k', load), shared.get('k', load), shared.get('k', load)])).toEqual(['value', 'value', 'value']);
    expect(await shared.get('k', load)).toBe('value');
    expect(loads).toBe(1);
    expect(shared.peek('k')).toBe('value');
  });

  it('a load that never finishes (its request was cancelled) is started again by the next caller after staleMs', async () => {
    const shared = new SharedLoad<string>({ staleMs: 30, retryMs: 1000, fallback: 'none' });
    void shared.get('k', () => new Promise<string>(() => {})); // hangs for ever, as a cancelled request's fetch would
    const started = Date.now();
    expect(await shared.get('k', async () => 'second')).toBe('second');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('a failed load gives the fallback, logged, for retryMs; then loads again', async () => {
    const errors: string[] = [];
    const shared = new SharedLoad<string>({ staleMs: 1000, retryMs: 40, fallback: 'none', onError: (key, e) => errors.push(`${key}: ${(e as Error).message}`) });
    expect(await shared.get('k', async () => Promise.reject(new Error('HTTP 404')))).toBe('none');
    expect(await shared.get('k', async () => 'never asked')).toBe('none');
    expect(errors).toEqual(['k: HTTP 404']);
    await sleep(50);
    expect(await shared.get('k', async () => 'later')).toBe('later');
  });

  it('keeps values within maxSize, least recently used out first', async () => {
    const shared = new SharedLoad<Uint8Array>({ staleMs: 1000, retryMs: 0, fallback: new Uint8Array(), maxSize: 10, sizeOf: (v) => v.length });
    await shared.get('a', async () => new Uint8Array(6));
    await shared.get('b', async () => new Uint8Array(3));
    await shared.get('a', async () => new Uint8Array(0)); // a is now the newest
    await shared.get('c', async () => new Uint8Array(4));
    expect(shared.peek('b')).toBeUndefined();
    expect(shared.peek('a')?.length).toBe(6);
    expect(shared.size).toBe(10);
  });
});
