import { defineConfig } from 'vitest/config';
import { WHOLE_PROCESS_TESTS } from './vitest.lanes.js';

/**
 * The whole-process lane (`npm run test:slow`, first part): the tests vitest.lanes.ts names, which
 * start whole CLI and action processes, measure their memory or wait out real deadlines.
 */
export default defineConfig({
  test: {
    include: WHOLE_PROCESS_TESTS,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
