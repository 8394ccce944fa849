import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from '../../src/core/conformance/runner.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { startHttpServer } from '../helpers/http-server.js';

/*
 * Issue 11 item 6: a hanging method costs one deadline, not one per check. Asserted by counting
 * the requests that waited out a deadline (never by wall time): over stdio (one check at a time)
 * exactly two plain tools/call do (two tools: one slow tool is not yet a hanging method); over HTTP only those already in flight when the first
 * deadline passed can (checks run 8 at once).
 */

const TIMEOUT_MS = 2000;
const CONCURRENCY = 8;

function toolCalls(run: ConformanceRun) {
  const exchanges = run.section.checks.flatMap((check) => check.evidence.map((exchange) => ({ check: check.id, exchange })));
  const calls = exchanges.filter(({ exchange }) => exchange.request.method.startsWith('tools/call'));
  return {
    // Plain calls (no label): probes with changed headers are always sent, and judged on how they are rejected.
    timedOut: calls.filter(({ exchange }) => exchange.failure?.startsWith('no response within') && exchange.request.method === 'tools/call'),
    notSent: calls.filter(({ exchange }) => exchange.failure?.startsWith('not sent: tools/call')),
  };
}

describe('a server whose tools/call hangs', () => {
  it('stdio: one tools/call waits out the deadline; later checks say which call hung and where', { timeout: 120_000 }, async () => {
    const command = ['node', REFERENCE_SERVER, '--hang-method=tools/call'].map((part) => JSON.stringify(part)).join(' ');
    const run = await runConformance({ kind: 'stdio', command }, { callTools: 'all', timeoutMs: TIMEOUT_MS });
    const { timedOut, notSent } = toolCalls(run);
    // Two tools, in one check: one slow tool is not a hang of tools/call (issue 22 item 2); a second one
    // that hangs while no tool answered makes tools/call hang everywhere, which fails the check.
    expect(timedOut.map(({ check }) => check)).toEqual(['tool-call-result-shape', 'tool-call-result-shape']);
    expect(run.section.checks.find((check) => check.id === 'tool-call-result-shape')?.status).toBe('fail');
    expect(notSent.length).toBeGreaterThan(0);
    const first = timedOut[0].check;
    for (const { exchange } of notSent) expect(exchange.failure).toMatch(new RegExp(`^not sent: tools/call \\S+ did not answer within ${TIMEOUT_MS} ms \\(see check ${first}\\)$`));
    // Whatever depends on tools/call says so in its message, instead of a deadline of its own.
    const unknownName = run.section.checks.find((check) => check.id === 'tool-unknown-name');
    expect(unknownName?.message).toContain(`see check ${first}`);
    expect(unknownName?.durationMs).toBeLessThan(TIMEOUT_MS);
  });

  it('HTTP: only requests already in flight when the first deadline passed wait one out', { timeout: 120_000 }, async () => {
    const server = await startHttpServer(['node', REFERENCE_SERVER, '--http', '--hang-method=tools/call']);
    try {
      const run = await runConformance({ kind: 'http', url: server.url }, { callTools: 'all', timeoutMs: TIMEOUT_MS });
      const { timedOut, notSent } = toolCalls(run);
      expect(timedOut.length).toBeGreaterThan(0);
      expect(new Set(timedOut.map(({ check }) => check)).size).toBeLessThanOrEqual(CONCURRENCY);
      expect(notSent.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });

  it('a correct server is not affected: nothing is "not sent"', { timeout: 120_000 }, async () => {
    const server = await startHttpServer(['node', REFERENCE_SERVER, '--http']);
    try {
      const run = await runConformance({ kind: 'http', url: server.url }, { callTools: 'all', timeoutMs: 5000 });
      expect(run.section.checks.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.message}`)).toEqual([]);
      expect(toolCalls(run).notSent).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
