/**
 * The workerd files share one runtime per vitest worker (the project runs with `isolate: false`: loading the Worker's
 * modules into a fresh runtime for every file took 30 of the project's 40 s), and with it the emulated KV. Each file
 * starts from an empty KV and an empty memory of recent answers, as it did in a runtime of its own: what another file
 * cached or queued is gone.
 */
import { env } from 'cloudflare:workers';
import { beforeAll } from 'vitest';
import { forgetRecent } from '../../worker/cache.ts';
import type { Env } from '../../worker/env.ts';

beforeAll(async () => {
  forgetRecent();
  const kv = (env as unknown as Env).SOLUTIONS!;
  for (let cursor: string | undefined; ; ) {
    const page = await kv.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((k) => kv.delete(k.name)));
    if (page.list_complete) break;
    cursor = page.cursor;
  }
});
