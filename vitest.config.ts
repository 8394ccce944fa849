import { defineConfig } from 'vitest/config';
import { WHOLE_PROCESS_TESTS } from './vitest.lanes.js';

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    // Whole-process tests run in `npm run test:slow` (vitest.lanes.ts says which and why).
    exclude: ['**/node_modules/**', ...WHOLE_PROCESS_TESTS],
    // A timeout catches a hang, not slowness: a loaded machine (one core busy) may take three times
    // as long as an idle one, and a test that runs three conformance runs must not fail for it.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Tests spawn real server processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
