import { defineConfig } from 'vitest/config';

/**
 * The slow lane (`npm run test:slow`, run once by .ci/run after `npm test`): the whole conformance
 * suite, many times, under CPU load, and servers that take 10 s to start. Not part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['__tests__/slow/**/*.slow.ts'],
    testTimeout: 900_000,
    hookTimeout: 60_000,
    // One file at a time: each test makes its own load and runs its own servers in parallel.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
