import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: end-to-end tests run real git and node processes, and a loaded machine must not fail them.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // End-to-end tests spawn real git and node processes; two cores are all CI has.
    pool: 'forks',
    maxWorkers: 2,
  },
});
