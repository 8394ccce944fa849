import { describe, expect, it } from 'vitest';
import { namesVersions, notificationProblem, removedChecks } from '../../src/core/conformance/checks/removed.js';
import type { Exchange, ReceivedMessage } from '../../src/core/mcp/types.js';
import { check, runOnFixture } from '../helpers/conformance.js';

const IDS = removedChecks.map((c) => c.id);
const HTTP_ONLY = new Set(removedChecks.filter((c) => c.transport === 'http').map((c) => c.id));

function exchange(transport: 'stdio' | 'http', response: { status?: number; body?: string; messages?: ReceivedMessage[]; answer?: ReceivedMessage }): Exchange {
  return {
    seq: 1,
    transport,
    era: '2026-07-28',
    request: { method: 'x', body: '{}' },
    response: { status: response.status, body: response.body ?? '', messages: response.messages ?? [], answer: response.answer, garbage: [] },
    startedAt: 0,
    durationMs: 1,
  };
}

describe('removed-method helpers', () => {
  it('notificationProblem: stdio wants silence, HTTP wants 202 with an empty body or a 4xx', () => {
    expect(notificationProblem(exchange('stdio', {}))).toBeUndefined();
    expect(notificationProblem(exchange('stdio', { messages: [{ jsonrpc: '2.0', method: 'notifications/message', params: {} }] }))).toBeUndefined();
    expect(notificationProblem(exchange('stdio', { messages: [{ jsonrpc: '2.0', id: null, result: {} }] }))).toMatch(/wrote a response/);
    expect(notificationProblem(exchange('http', { status: 202 }))).toBeUndefined();
    expect(notificationProblem(exchange('http', { status: 400, body: '{"jsonrpc":"2.0","error":{"code":-32600,"message":"no"}}' }))).toBeUndefined();
    expect(notificationProblem(exchange('http', { status: 202, body: 'ok' }))).toMatch(/non-empty body/);
    const answer = { jsonrpc: '2.0', id: null, result: {} };
    expect(notificationProblem(exchange('http', { status: 200, body: JSON.stringify(answer), messages: [answer], answer }))).toMatch(/expected 202/);
  });

  it('namesVersions wants the version named as supported, not merely mentioned', () => {
    const error = (message: string, data?: unknown) => exchange('stdio', { answer: { jsonrpc: '2.0', id: 1, error: { code: -32601, message, data } } });
    expect(namesVersions(error('Method not found', { supported: ['2026-07-28'] }), ['2026-07-28'])).toBe(true);
    expect(namesVersions(error('initialize is gone (this server supports 2026-07-28 only)'), ['2026-07-28'])).toBe(true);
    expect(namesVersions(error('Unsupported version 2025-11-25; use 2026-07-28'), ['2026-07-28'])).toBe(true);
    expect(namesVersions(error('Missing params._meta: every 2026-07-28 request must carry it'), ['2026-07-28'])).toBe(false);
    expect(namesVersions(error('Method not found'), ['2026-07-28'])).toBe(false);
  });
});

/** The matching break makes each check fail (MUST) or warn (SHOULD, or a MUST's advisory half). */
const CASES: Array<{ check: string; breaks: string; transport: 'stdio' | 'http'; expected: 'fail' | 'warn' }> = [
  { check: 'removed-methods', breaks: 'RM-01', transport: 'stdio', expected: 'fail' },
  { check: 'removed-methods', breaks: 'RM-01', transport: 'http', expected: 'fail' },
  { check: 'removed-methods', breaks: 'ERR-08', transport: 'stdio', expected: 'fail' },
  { check: 'removed-methods', breaks: 'HTTP-ST-01', transport: 'http', expected: 'fail' },
  { check: 'removed-tasks-methods', breaks: 'ERR-08', transport: 'stdio', expected: 'warn' },
  { check: 'removed-tasks-methods', breaks: 'HTTP-ST-01', transport: 'http', expected: 'warn' },
  { check: 'modern-initialize-rejected', breaks: 'RM-03', transport: 'stdio', expected: 'warn' },
  { check: 'modern-initialize-rejected', breaks: 'RM-03', transport: 'http', expected: 'warn' },
  { check: 'legacy-initialize-rejected', breaks: 'RM-04', transport: 'http', expected: 'fail' },
  // The stdio error is there; only the SHOULD half (naming the versions) is missing.
  { check: 'legacy-initialize-rejected', breaks: 'RM-05', transport: 'stdio', expected: 'warn' },
  { check: 'removed-notifications', breaks: 'RT-06', transport: 'stdio', expected: 'fail' },
  { check: 'removed-notifications', breaks: 'HTTP-CT-02', transport: 'http', expected: 'fail' },
  { check: 'cancel-unknown-ignored', breaks: 'CANC-03', transport: 'stdio', expected: 'fail' },
  { check: 'cancel-unknown-ignored', breaks: 'RT-06', transport: 'stdio', expected: 'fail' },
  { check: 'cancel-unknown-ignored', breaks: 'HTTP-CT-02', transport: 'http', expected: 'fail' },
];

// Each test starts its own server and mostly waits on it, so these run a few at a time; the correct
// server's runs, where a missed deadline would be a false failure, run alone.
describe.concurrent('removed-method and compatibility checks against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it.sequential(`the correct server passes every removed-method check on ${transport}`, async () => {
      const run = await runOnFixture({ transport, only: IDS });
      const expected = IDS.filter((id) => transport === 'http' || !HTTP_ONLY.has(id));
      expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(expected.map((id) => `${id}=pass`));
      expect(check(run, 'legacy-initialize-rejected').message).toMatch(/naming the supported versions/);
      expect(check(run, 'cancel-unknown-ignored').subResults?.map((sub) => sub.id)).toEqual(['unknown-id', 'finished-request', 'malformed', 'still-serving']);
    });
  }

  it('none of them runs against a 2025-11-25 server', async () => {
    const run = await runOnFixture({ transport: 'stdio', era: '2025-11-25', only: IDS });
    expect(run.section.checks).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.check} ${c.expected}s on --break=${c.breaks} (${c.transport})`, async () => {
      const run = await runOnFixture({ transport: c.transport, breaks: [c.breaks], only: [c.check] });
      const result = check(run, c.check);
      expect(result.status, result.message).toBe(c.expected);
      expect(result.message.length).toBeGreaterThan(0);
    });
  }

  it('a crash on a malformed cancel shows in the sub-results', async () => {
    const result = check(await runOnFixture({ transport: 'stdio', breaks: ['CANC-03'], only: ['cancel-unknown-ignored'] }), 'cancel-unknown-ignored');
    const failed = Object.fromEntries((result.subResults ?? []).map((sub) => [sub.id, sub.status]));
    expect(failed).toMatchObject({ 'unknown-id': 'pass', malformed: 'fail', 'still-serving': 'fail' });
  });
});
