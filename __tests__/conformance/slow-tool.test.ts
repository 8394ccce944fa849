import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from '../../src/core/conformance/runner.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { startHttpServer } from '../helpers/http-server.js';

/*
 * Issue 22 items 2 and 3: a tool that is slow by design (the fixture's echo answers after 10 s)
 * is "not checked" at the deadline, a warning at most, while the other tools are still called;
 * and a probe that was never sent because of it is never a verdict: it is skipped, naming the
 * call that hung and the check that saw it.
 */

const TIMEOUT_MS = 2000;
const ARGS = ['--slow-tool=echo:10000'];

async function run(transport: 'stdio' | 'http', extra: string[] = []): Promise<ConformanceRun> {
  const options = { callTools: 'all' as const, timeoutMs: TIMEOUT_MS, surface: false };
  if (transport === 'stdio') {
    const command = ['node', REFERENCE_SERVER, ...ARGS, ...extra].map((part) => JSON.stringify(part)).join(' ');
    return runConformance({ kind: 'stdio', command }, options);
  }
  const server = await startHttpServer(['node', REFERENCE_SERVER, '--http', ...ARGS, ...extra]);
  try {
    return await runConformance({ kind: 'http', url: server.url }, options);
  } finally {
    await server.stop();
  }
}

describe('a server with one slow tool', () => {
  for (const [transport, extra] of [['stdio', []], ['http', []], ['http', ['--era=2025-11-25']]] as Array<['stdio' | 'http', string[]]>) {
    it(`${transport}${extra.length ? ` ${extra.join(' ')} (one check at a time: nothing else answered since the call)` : ''}: the slow tool is not checked (a warning), the others are, and nothing fails on a probe never sent`, { timeout: 120_000 }, async () => {
      const result = await run(transport, extra);
      const failed = result.section.checks.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.message}`);
      expect(failed).toEqual([]);
      const shape = result.section.checks.find((check) => check.id === 'tool-call-result-shape');
      expect(shape?.status).toBe('warn');
      const echo = shape?.subResults?.find((sub) => sub.id === 'echo');
      expect(echo?.status).toBe('warn');
      expect(echo?.message).toContain(`not checked: tools/call echo did not answer within ${TIMEOUT_MS} ms (raise --timeout)`);
      // The other tools were called and judged.
      expect(shape?.subResults?.find((sub) => sub.id === 'add')?.status).toBe('pass');
      // No warning or failure quotes a request that was never sent.
      for (const check of result.section.checks) {
        if (check.status === 'fail' || check.status === 'warn') expect({ id: check.id, message: check.message }).not.toMatchObject({ message: expect.stringContaining('not sent') });
        for (const sub of check.subResults ?? []) {
          if (sub.message.includes('not sent')) expect({ id: `${check.id}:${sub.id}`, status: sub.status }).toEqual({ id: `${check.id}:${sub.id}`, status: 'skip' });
        }
      }
      const invalid = result.section.checks.find((check) => check.id === 'tool-invalid-arguments-rejected');
      expect(invalid?.status).not.toBe('fail');
      const skippedEcho = invalid?.subResults?.find((sub) => sub.id === 'echo');
      if (skippedEcho?.message.includes('not sent')) expect(skippedEcho.message).toContain('see check tool-call-result-shape');
    });
  }
});
