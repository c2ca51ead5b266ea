import { defineConfig } from 'vitest/config';
import { requiredFactorsTable } from './scripts/required-factors.mjs';

export default defineConfig({
  // The gates' prefilter table, as scripts/build.mjs puts it in every bundle (src/core/safety/prefilter/).
  define: { __MEM_REQUIRED_FACTORS__: JSON.stringify(await requiredFactorsTable('sources')) },
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
