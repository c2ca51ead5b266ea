import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn real git and node processes; two cores are all CI has.
    pool: 'forks',
    maxWorkers: 2,
  },
});
