import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from '../../src/core/conformance/runner.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { startHttpServer } from '../helpers/http-server.js';

/*
 * Issue 22 item 1: eras are per request path. The fixture's --dual-era mode serves 2026-07-28 and,
 * as both official SDKs do by default, the 2025 session path (initialize, a request without
 * MCP-Protocol-Version, header and _meta naming an older revision, GET and DELETE). Its legacy
 * answers are judged by legacy rules, modern-only SHOULDs are not applied to it, and the bugs
 * that matter are still caught.
 */

const TIMEOUT_MS = 3000;

async function run(transport: 'stdio' | 'http', args: string[], only?: string[]): Promise<ConformanceRun> {
  const options = { callTools: 'all' as const, timeoutMs: TIMEOUT_MS, only, surface: false };
  if (transport === 'stdio') {
    const command = ['node', REFERENCE_SERVER, ...args].map((part) => JSON.stringify(part)).join(' ');
    return runConformance({ kind: 'stdio', command }, options);
  }
  const server = await startHttpServer(['node', REFERENCE_SERVER, '--http', ...args]);
  try {
    return await runConformance({ kind: 'http', url: server.url }, options);
  } finally {
    await server.stop();
  }
}

const status = (result: ConformanceRun, id: string) => result.section.checks.find((check) => check.id === id)?.status;
const message = (result: ConformanceRun, id: string) => result.section.checks.find((check) => check.id === id)?.message ?? '';
const failures = (result: ConformanceRun) => result.section.checks.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.message}`);

describe('a dual-era server', () => {
  it('HTTP: its legacy path is judged by legacy rules, and modern-only SHOULDs are not applied', { timeout: 120_000 }, async () => {
    const result = await run('http', ['--dual-era']);
    expect(failures(result)).toEqual([]);
    expect(result.section.eraModel).toBe('dual-era');
    // No MCP-Protocol-Version: the MAY fallback to 2025-03-26, which then asks for a session.
    expect(status(result, 'http-protocol-version-header-missing')).toBe('pass');
    expect(message(result, 'http-protocol-version-header-missing')).toContain('2025-03-26');
    // The legacy 400s (no session) to GET, DELETE and the fallback request are not modern errors.
    expect(status(result, 'http-modern-errors-400')).toBe('pass');
    expect(status(result, 'response-envelope')).toBe('pass');
    expect(status(result, 'error-codes-ranges')).toBe('pass');
    // 2024-11-05 answered on the legacy path: both readings, a warning at most.
    expect(status(result, 'unsupported-real-version')).toBe('warn');
    expect(message(result, 'unsupported-real-version')).toMatch(/VER-02 says .*COMPAT-01/);
    for (const id of ['modern-initialize-rejected', 'http-no-session-id', 'http-get-delete-405']) {
      expect({ id, status: status(result, id) }).toEqual({ id, status: 'skip' });
      expect(message(result, id)).toContain('supports only modern versions');
    }
  });

  it('HTTP: routing on the header alone, a modern _meta under a 2025-11-25 header is refused on the legacy path: both readings, a warning', { timeout: 120_000 }, async () => {
    const result = await run('http', ['--dual-era-by-header']);
    expect(failures(result)).toEqual([]);
    expect(status(result, 'http-protocol-version-header-mismatch')).toBe('warn');
    expect(message(result, 'http-protocol-version-header-mismatch')).toMatch(/HTTP-HDR-02 says .*HTTP-HDR-01/);
    expect(status(result, 'http-modern-errors-400')).toBe('pass');
    expect(status(result, 'response-envelope')).toBe('pass');
  });

  it('stdio: no false finding, and the report names the era model', { timeout: 120_000 }, async () => {
    const result = await run('stdio', ['--dual-era']);
    expect(failures(result)).toEqual([]);
    expect(result.section.eraModel).toBe('dual-era');
    expect(status(result, 'modern-initialize-rejected')).toBe('skip');
  });

  it('stdio: a server whose first request settles the connection era is still found dual-era', { timeout: 120_000 }, async () => {
    const result = await run('stdio', ['--dual-era-pinned'], ['legacy-initialize-rejected', 'modern-initialize-rejected']);
    expect(result.section.eraModel).toBe('dual-era');
    expect(status(result, 'modern-initialize-rejected')).toBe('skip');
  });

  it('a modern-only server is still held to the modern-only SHOULDs', { timeout: 120_000 }, async () => {
    const result = await run('http', [], ['legacy-initialize-rejected', 'http-get-delete-405', 'http-no-session-id', 'modern-initialize-rejected']);
    expect(result.section.eraModel).toBe('modern-only');
    for (const id of ['http-get-delete-405', 'http-no-session-id', 'modern-initialize-rejected']) expect({ id, status: status(result, id) }).toEqual({ id, status: 'pass' });
  });

  it('HTTP: a dual-era server that does not check versions still fails VER-01 and VER-02', { timeout: 120_000 }, async () => {
    const result = await run('http', ['--dual-era', '--break=VER-01'], ['legacy-initialize-rejected', 'unsupported-version', 'unsupported-real-version']);
    expect(status(result, 'unsupported-version')).toBe('fail');
    expect(status(result, 'unsupported-real-version')).toBe('fail');
  });

  it('stdio: a version checked on the first request only fails DISC-08, VER-01 and VER-02, saying so', { timeout: 120_000 }, async () => {
    const ids = ['discover-version-checked', 'unsupported-version', 'unsupported-real-version'];
    const result = await run('stdio', ['--dual-era', '--break=VER-first-request'], ['legacy-initialize-rejected', ...ids]);
    for (const id of ids) {
      expect({ id, status: status(result, id) }).toEqual({ id, status: 'fail' });
      expect(message(result, id)).toContain('a fresh process rejects');
      expect(message(result, id)).toContain('first request only');
    }
  });
});
