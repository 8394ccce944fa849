import { defineConfig } from 'vitest/config';
import { WHOLE_PROCESS_TESTS } from './vitest.lanes.js';

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    // Whole-process tests run in `npm run test:slow` (vitest.lanes.ts says which and why).
    exclude: ['**/node_modules/**', ...WHOLE_PROCESS_TESTS],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real server processes; two cores, so keep the pool small.
    maxWorkers: 2,
  },
});
