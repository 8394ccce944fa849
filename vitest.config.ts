import { defineConfig } from 'vitest/config';
import { WHOLE_PROCESS_TESTS } from './vitest.lanes.js';

/**
 * Pure-logic test folders: their files share one module cache per worker (isolate: false), which
 * halves their time (57 files: 20.1 s -> 9.1 s wall, 35.8 s -> 15.7 s CPU, measured back to back
 * on a near-idle machine), since most of it went to importing the same modules again per file.
 * A file here that mocks a module or needs the modules fresh goes in FRESH_MODULES.
 */
const SHARED_MODULES = ['scorers', 'surface', 'report', 'gate', 'stats', 'models', 'config', 'golden', 'workflows', 'validators'].map(
  (folder) => `__tests__/${folder}/**/*.test.ts`,
);
const FRESH_MODULES = [
  '__tests__/surface/tokenizer-missing.test.ts', // vi.mock of the o200k table
  '__tests__/validators/precompiled.test.ts', // asserts what answers before loadPrecompiled()
];
const EXCLUDE = ['**/node_modules/**', ...WHOLE_PROCESS_TESTS];

export default defineConfig({
  test: {
    // A timeout catches a hang, not slowness: a loaded machine (one core busy) may take three times
    // as long as an idle one, and a test that runs three conformance runs must not fail for it.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Tests spawn real server processes; two cores, so keep the pool small.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Whole-process tests run in `npm run test:slow` (vitest.lanes.ts says which and why).
        test: { name: 'isolated', include: ['__tests__/**/*.test.ts'], exclude: [...EXCLUDE, ...SHARED_MODULES] },
      },
      { extends: true, test: { name: 'fresh-modules', include: FRESH_MODULES, exclude: EXCLUDE } },
      {
        extends: true,
        test: { name: 'shared', include: SHARED_MODULES, exclude: [...EXCLUDE, ...FRESH_MODULES], isolate: false },
      },
    ],
  },
});
