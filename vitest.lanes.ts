/**
 * Which tests run where. `npm test` (vitest.config.ts) is the verdict a contributor waits for:
 * logic, checks against fixture servers, reports. Tests that start whole CLI or action processes
 * again and again, measure a process's memory or wait out real deadlines by design run in the
 * whole-process lane of `npm run test:slow` (vitest.whole.config.ts), which CI runs on every
 * submission; the load lane (vitest.slow.config.ts) runs the whole suite under CPU load.
 */
export const WHOLE_PROCESS_TESTS = [
  // The action, run as the runner runs it (the bundle in a child process, fake GitHub API).
  '__tests__/action/action.test.ts',
  '__tests__/action/cold-path.test.ts',
  '__tests__/action/dist-fresh.test.ts',
  '__tests__/action/layer0.test.ts',
  '__tests__/action/local-action.test.ts',
  '__tests__/action/matrix-cache.test.ts',
  '__tests__/action/not-evaluated.test.ts',
  '__tests__/action/trust.test.ts',
  '__tests__/secrets/action-secrets.test.ts',
  // Hostile servers against the CLI process: peak memory, floods, grandchildren, ReDoS, huge answers.
  '__tests__/hostile/crashes.test.ts',
  '__tests__/hostile/flood.test.ts',
  '__tests__/hostile/grandchildren.test.ts',
  '__tests__/hostile/huge-answers.test.ts',
  '__tests__/hostile/peak-rss.test.ts',
  '__tests__/hostile/redos.test.ts',
  // Every README command as written; the daemon as a process (kill -9, the design's examples).
  '__tests__/readme/readme-commands.test.ts',
  '__tests__/daemon/readme-daemon.test.ts',
  '__tests__/daemon/serve-process.test.ts',
  '__tests__/daemon/design-examples.test.ts',
  '__tests__/cli/packed-package.test.ts',
  // Real start-up delays, the load order of a cold process, the tokenizer against 20,000 strings.
  '__tests__/conformance/startup.test.ts',
  '__tests__/conformance/load-order.test.ts',
  '__tests__/surface/o200k.test.ts',
  '__tests__/surface/huge-definitions.test.ts',
];
