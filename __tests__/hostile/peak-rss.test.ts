import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../helpers/cli-process.js';
import { cliTarget, REFERENCE_SERVER } from '../helpers/conformance.js';

/**
 * Issue 11 item 2: every hostile fixture keeps the CLI under 300 MB peak RSS through a whole
 * conformance run, measured on the CLI process itself from the compiled lib/. The heavy ones have
 * their own tests with what they must report (flood.test.ts, huge-answers.test.ts); here are the
 * rest that send something to hold. (hang, hang-on-tools-call and slow-start send nothing: their
 * tests are about time.)
 */
const PEAK_RSS_LIMIT = 300 * 1024 * 1024;
const FIXTURES = ['deep-json', 'garbage', 'null-content', 'redos-output', 'redos-input', 'crash-on-tools-call', 'crash-on-tools-list'];

describe('every hostile fixture', () => {
  it.each(FIXTURES.flatMap((fixture) => [[fixture, 'stdio'] as const, [fixture, 'http'] as const]))(
    '--break=%s (%s): a whole run is evaluated under 300 MB peak RSS',
    async (fixture, transport) => {
      const out = mkdtempSync(join(tmpdir(), `mcp-evals-${fixture}-`));
      const server = `node ${JSON.stringify(REFERENCE_SERVER)} --break=${fixture}`;
      const target = await cliTarget(server, transport);
      const result = await runCliProcess(['conformance', ...target, '--call-tools', 'all', '--out', out], { timeoutMs: 100_000, fromLib: true });
      expect(result.timedOut, result.stderr.slice(-2000)).toBe(false);
      expect([0, 1], `${result.stdout.slice(-1000)}\n${result.stderr.slice(-1000)}`).toContain(result.code);
      expect(existsSync(join(out, 'report.json'))).toBe(true);
      expect(result.peakRssBytes).toBeDefined();
      expect(result.peakRssBytes!, `${Math.round(result.peakRssBytes! / 1048576)} MB`).toBeLessThan(PEAK_RSS_LIMIT);
    },
    110_000,
  );
});
