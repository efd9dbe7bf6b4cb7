import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/run/sequencer.ts';

// Projects in three tiers (README): the pure solver and CLI in Node, and the Worker inside workerd (the Workers
// runtime, with KV emulated by Miniflare) through @cloudflare/vitest-plugin — the maintained name of
// @cloudflare/vitest-pool-workers; then the browser files; then the timing test alone.

/**
 * workerd files that expect a GET answer not to be cached yet (`cached: false`): each in a runtime of its own, since the
 * Cache API cannot be emptied and another file in a shared runtime may have asked the same URL first.
 */
const WORKER_OWN_RUNTIME = ['hardening', 'jobs', 'shapes', 'solve', 'states', 'tablebase'].map((name) => `test/worker/${name}.test.ts`);
/** The Worker under test, as wrangler.toml declares it (both workerd projects). */
const workerd = () => [cloudflareTest({ wrangler: { configPath: './wrangler.toml' } })];

export default defineConfig({
  test: {
    testTimeout: 120_000,
    // Longest files first (test/run/durations.json), also on a fresh clone, which has no results cache to sort by.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // Two files at a time: Vitest's default on two cores is one (cores − 1), and these files are single-threaded CPU work.
        test: { name: 'node', include: ['test/solver/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/run/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/gallery/**/*.test.ts', 'test/site/*/**/*.test.ts'], testTimeout: 120_000, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        plugins: workerd(),
        // Two at a time as the node project (Vitest requires one maxWorkers per group). The files share one runtime per
        // vitest worker (isolate: false): loading the Worker into a fresh runtime for each file took 30 of the project's
        // 40 s. Each file starts from an empty KV (fresh-storage.ts); the files that expect an uncached GET answer
        // run in `worker-own`.
        test: {
          name: 'worker', include: ['test/worker/**/*.test.ts'], exclude: WORKER_OWN_RUNTIME, setupFiles: ['test/worker/fresh-storage.ts'],
          testTimeout: 60_000, maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: workerd(),
        test: { name: 'worker-own', include: WORKER_OWN_RUNTIME, testTimeout: 60_000, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        // Real headless Chromium against `wrangler dev` (needs the built site: `npm test` builds it first), after the
        // other projects (groupOrder) so that their CPU-bound tests do not slow its pages. Three files at a time, each with
        // its own server and browser: most of a browser test is waiting (a page, a search, an animation), and two files
        // left a core idle (this group took 270 s at two, 185 s at three on two cores). The site's pure modules are tested in the node project, mirroring site/
        // (test/site/<folder>/); the files at the top of test/site/ drive pages.
        test: {
          name: 'site', include: ['test/site/*.test.ts'], exclude: ['test/site/*.alone.test.ts'], testTimeout: 120_000, hookTimeout: 120_000,
          maxWorkers: 3, sequence: { groupOrder: 1 },
        },
      },
      {
        // Timing tests (a cache hit's latency under a burst of misses) run last and alone, so that no other file's
        // server or browser shares the cores they measure.
        test: { name: 'site-alone', include: ['test/site/*.alone.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
