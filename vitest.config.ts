import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/solver/**/*.test.ts', 'test/cli/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
