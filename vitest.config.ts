import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Two projects: the pure solver and CLI in Node, the Worker inside workerd (the Workers runtime, with KV emulated
// by Miniflare) through @cloudflare/vitest-plugin — the maintained name of @cloudflare/vitest-pool-workers.
export default defineConfig({
  test: {
    testTimeout: 120_000,
    projects: [
      {
        test: { name: 'node', include: ['test/solver/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/scripts/**/*.test.ts', 'test/gallery/**/*.test.ts', 'test/site/*/**/*.test.ts'], testTimeout: 120_000, sequence: { groupOrder: 0 } },
      },
      {
        plugins: [
          cloudflareTest({ wrangler: { configPath: './wrangler.toml' } }),
        ],
        test: { name: 'worker', include: ['test/worker/**/*.test.ts'], testTimeout: 60_000, sequence: { groupOrder: 0 } },
      },
      {
        // The site's pure modules are tested in the node project, mirroring site/ (test/site/<folder>/); the files at the top
        // of test/site/ drive pages.
        // Real headless Chromium against `wrangler dev` (needs the built site: `npm test` builds it first). It runs after
        // the other projects (groupOrder): its timing tests (a hit under a burst of misses, layout shift while solving)
        // measure the Worker, not the solver tests' load on the same cores.
        test: { name: 'site', include: ['test/site/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
