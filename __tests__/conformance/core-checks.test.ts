import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/conformance/registry.js';
import { check, runOnFixture } from '../helpers/conformance.js';

/** Log-wide checks judge what other checks exchanged, so they run with the whole suite. */
const LATE = new Set(CHECKS.filter((c) => c.late).map((c) => c.id));

/**
 * Each check against the hand-written reference server: the correct server passes it, and the
 * one break that violates its requirement makes it fail (MUST) or warn (SHOULD).
 */
const CASES: Array<{ check: string; breaks: string; transport: 'stdio' | 'http'; expected: 'fail' | 'warn' }> = [
  { check: 'discover-answers', breaks: 'DISC-01', transport: 'stdio', expected: 'fail' },
  { check: 'discover-supported-versions', breaks: 'DISC-02-no-2026', transport: 'stdio', expected: 'fail' },
  { check: 'discover-supported-versions', breaks: 'DISC-02-no-capabilities', transport: 'http', expected: 'fail' },
  { check: 'discover-server-info', breaks: 'DISC-04', transport: 'stdio', expected: 'warn' },
  { check: 'discover-server-info', breaks: 'DISC-05', transport: 'stdio', expected: 'warn' },
  { check: 'capabilities-declared', breaks: 'DISC-06', transport: 'stdio', expected: 'fail' },
  { check: 'capabilities-declared', breaks: 'RSRC-09', transport: 'http', expected: 'fail' },
  { check: 'discover-version-checked', breaks: 'DISC-08', transport: 'stdio', expected: 'fail' },
  { check: 'unsupported-version', breaks: 'VER-01', transport: 'stdio', expected: 'fail' },
  { check: 'unsupported-version', breaks: 'VER-01-no-data', transport: 'http', expected: 'fail' },
  { check: 'unsupported-version', breaks: 'HTTP-ST-02', transport: 'http', expected: 'fail' },
  { check: 'unsupported-real-version', breaks: 'VER-02', transport: 'stdio', expected: 'fail' },
  { check: 'supported-versions-consistent', breaks: 'VER-03', transport: 'stdio', expected: 'warn' },
  { check: 'meta-missing-client-capabilities', breaks: 'META-01', transport: 'stdio', expected: 'fail' },
  { check: 'meta-missing-protocol-version', breaks: 'META-02', transport: 'stdio', expected: 'fail' },
  { check: 'meta-missing', breaks: 'META-03', transport: 'http', expected: 'fail' },
  { check: 'meta-client-info-optional', breaks: 'META-04', transport: 'stdio', expected: 'warn' },
  { check: 'stateless-first-request', breaks: 'META-05', transport: 'stdio', expected: 'fail' },
  { check: 'meta-trace-context-accepted', breaks: 'META-09', transport: 'stdio', expected: 'warn' },
  { check: 'result-meta-keys', breaks: 'META-07', transport: 'stdio', expected: 'fail' },
  { check: 'result-meta-keys', breaks: 'META-10', transport: 'stdio', expected: 'fail' },
  { check: 'result-type-present', breaks: 'RT-01', transport: 'stdio', expected: 'fail' },
  { check: 'result-type-known', breaks: 'RT-02', transport: 'http', expected: 'fail' },
  { check: 'result-type-known', breaks: 'MRTR-01', transport: 'stdio', expected: 'fail' },
  { check: 'result-server-info', breaks: 'RT-04', transport: 'stdio', expected: 'warn' },
  { check: 'response-envelope', breaks: 'RT-05', transport: 'stdio', expected: 'fail' },
  { check: 'error-message-short', breaks: 'RT-09', transport: 'stdio', expected: 'warn' },
  { check: 'cache-hints', breaks: 'DISC-03', transport: 'stdio', expected: 'fail' },
  { check: 'cache-hints', breaks: 'CACHE-01', transport: 'stdio', expected: 'fail' },
  { check: 'cache-hints', breaks: 'CACHE-02-fractional', transport: 'http', expected: 'fail' },
  { check: 'cache-hints', breaks: 'CACHE-02-negative', transport: 'stdio', expected: 'fail' },
  { check: 'cache-hints', breaks: 'CACHE-03', transport: 'stdio', expected: 'fail' },
  { check: 'cache-hints', breaks: 'RSRC-06', transport: 'stdio', expected: 'fail' },
  { check: 'cache-scope-consistent', breaks: 'CACHE-04', transport: 'stdio', expected: 'fail' },
  { check: 'tools-list-order-stable', breaks: 'LIST-01', transport: 'stdio', expected: 'warn' },
  { check: 'pagination-cursors', breaks: 'PAGE-01', transport: 'stdio', expected: 'fail' },
  { check: 'pagination-cursors', breaks: 'PAGE-02-loop', transport: 'http', expected: 'fail' },
  { check: 'pagination-invalid-cursor', breaks: 'PAGE-03', transport: 'stdio', expected: 'warn' },
  { check: 'pagination-cursor-stable', breaks: 'PAGE-04', transport: 'stdio', expected: 'warn' },
  { check: 'error-codes-defined', breaks: 'ERR-05', transport: 'stdio', expected: 'fail' },
  { check: 'error-codes-defined', breaks: 'RSRC-01', transport: 'stdio', expected: 'fail' },
  { check: 'error-codes-ranges', breaks: 'ERR-06', transport: 'stdio', expected: 'warn' },
  { check: 'unknown-method', breaks: 'ERR-08', transport: 'stdio', expected: 'fail' },
  { check: 'unknown-method', breaks: 'HTTP-ST-01', transport: 'http', expected: 'fail' },
  { check: 'no-unrequested-notifications', breaks: 'LOG-01', transport: 'stdio', expected: 'fail' },
  { check: 'no-unrequested-notifications', breaks: 'PROG-01', transport: 'stdio', expected: 'fail' },
  { check: 'missing-client-capability', breaks: 'MRTR-04', transport: 'stdio', expected: 'fail' },
  { check: 'missing-client-capability', breaks: 'ERR-02', transport: 'http', expected: 'fail' },
  { check: 'parse-error', breaks: 'RT-07', transport: 'stdio', expected: 'warn' },
  { check: 'stdio-only-messages-on-stdout', breaks: 'STDIO-02', transport: 'stdio', expected: 'fail' },
  { check: 'stdio-only-messages-on-stdout', breaks: 'STDIO-01', transport: 'stdio', expected: 'fail' },
  { check: 'stdio-no-server-requests', breaks: 'STDIO-03', transport: 'stdio', expected: 'fail' },
  { check: 'stdio-notification-no-response', breaks: 'RT-06', transport: 'stdio', expected: 'fail' },
  { check: 'stdio-exit-on-stdin-close', breaks: 'STDIO-05', transport: 'stdio', expected: 'warn' },
  { check: 'http-protocol-version-header-missing', breaks: 'HTTP-HDR-01', transport: 'http', expected: 'warn' },
  { check: 'http-protocol-version-header-mismatch', breaks: 'HTTP-HDR-02', transport: 'http', expected: 'fail' },
  { check: 'http-mcp-method-missing', breaks: 'HTTP-HDR-03', transport: 'http', expected: 'fail' },
  { check: 'http-mcp-method-mismatch', breaks: 'HTTP-HDR-04', transport: 'http', expected: 'fail' },
  { check: 'http-mcp-name-missing', breaks: 'HTTP-HDR-05', transport: 'http', expected: 'fail' },
  { check: 'http-mcp-name-mismatch', breaks: 'HTTP-HDR-06', transport: 'http', expected: 'fail' },
  { check: 'http-mcp-name-base64', breaks: 'HTTP-HDR-07', transport: 'http', expected: 'fail' },
  { check: 'http-header-names-case-insensitive', breaks: 'HTTP-HDR-08', transport: 'http', expected: 'fail' },
  { check: 'http-mcp-method-case-sensitive', breaks: 'HTTP-HDR-09', transport: 'http', expected: 'fail' },
  { check: 'http-header-invalid-characters', breaks: 'HTTP-HDR-10', transport: 'http', expected: 'fail' },
  { check: 'http-no-session-id', breaks: 'HTTP-HDR-16', transport: 'http', expected: 'warn' },
  { check: 'http-last-event-id-ignored', breaks: 'HTTP-HDR-17', transport: 'http', expected: 'warn' },
  { check: 'http-content-type', breaks: 'HTTP-CT-01', transport: 'http', expected: 'fail' },
  { check: 'http-notification-accepted', breaks: 'HTTP-CT-02', transport: 'http', expected: 'fail' },
  { check: 'http-get-delete-405', breaks: 'HTTP-ST-03', transport: 'http', expected: 'warn' },
  { check: 'http-foreign-origin', breaks: 'HTTP-ORG-01', transport: 'http', expected: 'fail' },
  { check: 'discover-answers', breaks: 'HTTP-ORG-02', transport: 'http', expected: 'fail' },
  { check: 'http-modern-errors-400', breaks: 'HTTP-ST-02', transport: 'http', expected: 'fail' },
];

// Each test starts its own server processes and spends most of its time waiting on them (a broken
// server's deadline, a process that must be killed after its grace), so a file's tests run a few at a
// time; the correct server's whole runs, where any missed deadline would be a false failure, run alone.
describe.concurrent('core checks against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it.sequential(`the correct server passes every check on ${transport}`, async () => {
      const run = await runOnFixture({ transport });
      const bad = run.section.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => `${c.id}: ${c.message}`);
      expect(bad).toEqual([]);
      expect(run.section.era).toBe('2026-07-28');
      expect(run.section.summary.pass).toBeGreaterThan(30);
    });
  }

  for (const c of CASES) {
    it(`${c.check} ${c.expected}s on --break=${c.breaks} (${c.transport})`, async () => {
      const run = await runOnFixture({ transport: c.transport, breaks: [c.breaks], only: LATE.has(c.check) ? undefined : [c.check] });
      const result = check(run, c.check);
      expect(result.status, result.message).toBe(c.expected);
      expect(result.message.length).toBeGreaterThan(0);
    });
  }
});

describe.concurrent('x-mcp-header parameters (HTTP)', () => {
  it('the correct server passes', async () => {
    const run = await runOnFixture({ transport: 'http', only: ['http-param-headers'] });
    const result = check(run, 'http-param-headers');
    expect(result.status, result.message).toBe('pass');
    expect(result.subResults?.map((s) => s.id)).toEqual(['HTTP-HDR-11', 'HTTP-HDR-12', 'HTTP-HDR-12-base64', 'HTTP-HDR-13', 'HTTP-HDR-14', 'HTTP-HDR-15']);
  });

  for (const [breaks, sub, expected] of [
    ['HTTP-HDR-11', 'HTTP-HDR-11', 'fail'],
    ['HTTP-HDR-12', 'HTTP-HDR-12', 'fail'],
    ['HTTP-HDR-07', 'HTTP-HDR-12-base64', 'fail'],
    ['HTTP-HDR-13', 'HTTP-HDR-13', 'fail'],
    ['HTTP-HDR-14', 'HTTP-HDR-14', 'fail'],
    ['HTTP-HDR-15', 'HTTP-HDR-15', 'warn'],
  ] as const) {
    it(`--break=${breaks} makes ${sub} ${expected}`, async () => {
      const run = await runOnFixture({ transport: 'http', breaks: [breaks], only: ['http-param-headers'] });
      const result = check(run, 'http-param-headers');
      expect(result.subResults?.find((s) => s.id === sub)?.status, result.message).toBe(expected);
      expect(result.status).toBe(expected);
    });
  }

  it('skips read-only-less servers unless --call-tools all', async () => {
    const run = await runOnFixture({ transport: 'http', only: ['http-param-headers'], callTools: 'none' });
    expect(check(run, 'http-param-headers').status).toBe('skip');
  });
});
