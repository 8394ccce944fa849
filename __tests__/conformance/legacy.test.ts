import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../../src/core/conformance/check.js';
import { errorChecks } from '../../src/core/conformance/checks/errors.js';
import { legacyChecks } from '../../src/core/conformance/checks/legacy.js';
import type { CheckContext } from '../../src/core/conformance/context.js';
import { SpecSchemas } from '../../src/core/conformance/spec-schemas.js';
import type { Exchange } from '../../src/core/mcp/types.js';
import { check, runOnFixture } from '../helpers/conformance.js';

const IDS = legacyChecks.map((c) => c.id);
const schemas = new SpecSchemas();

function answered(answer: Record<string, unknown>, response: { status?: number; headers?: Record<string, string> } = {}): Exchange {
  const message = { jsonrpc: '2.0', id: 1, ...answer };
  return {
    seq: 1,
    transport: response.status === undefined ? 'stdio' : 'http',
    era: '2025-11-25',
    request: { method: 'x', body: '{}' },
    response: { status: response.status, headers: response.headers, body: JSON.stringify(message), messages: [message], answer: message, garbage: [] },
    startedAt: 0,
    durationMs: 1,
  };
}

/** Just enough of a CheckContext for one legacy check: the initialize exchange and canned answers to requests. */
function fakeContext(init: Exchange, answers: Exchange[] = [], transport: 'stdio' | 'http' = 'stdio'): CheckContext {
  const queue = [...answers];
  return {
    era: '2025-11-25',
    transport,
    schemas,
    discovery: { era: '2025-11-25', supportedVersions: ['2025-11-25'], capabilities: { tools: {} }, exchange: init },
    declares: () => true,
    client: { request: async () => queue.shift() ?? answered({ error: { code: -32603, message: 'no canned answer' } }) },
  } as unknown as CheckContext;
}

function legacyCheck(id: string): CheckDefinition {
  const found = legacyChecks.find((c) => c.id === id);
  if (!found) throw new Error(`no legacy check ${id}`);
  return found;
}

const GOOD_INIT = answered({ result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } });

describe('legacy checks on canned answers', () => {
  it('legacy-initialize passes a good InitializeResult and notes a different version', async () => {
    expect((await legacyCheck('legacy-initialize').run(fakeContext(GOOD_INIT))).status).toBe('pass');
    const older = answered({ result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } } });
    const verdict = await legacyCheck('legacy-initialize').run(fakeContext(older));
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toMatch(/chose 2025-06-18/);
  });

  it('legacy-initialize fails a result without serverInfo.version or protocolVersion', async () => {
    const noVersion = answered({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's' } } });
    expect(await legacyCheck('legacy-initialize').run(fakeContext(noVersion))).toMatchObject({ status: 'fail', message: expect.stringMatching(/serverInfo/) });
    const noProtocol = answered({ result: { capabilities: {}, serverInfo: { name: 's', version: '1' } } });
    expect(await legacyCheck('legacy-initialize').run(fakeContext(noProtocol))).toMatchObject({ status: 'fail', message: expect.stringMatching(/protocolVersion/) });
  });

  it('legacy-ping fails an error or a non-object result', async () => {
    expect((await legacyCheck('legacy-ping').run(fakeContext(GOOD_INIT, [answered({ result: {} })]))).status).toBe('pass');
    expect((await legacyCheck('legacy-ping').run(fakeContext(GOOD_INIT, [answered({ error: { code: -32601, message: 'no' } })]))).status).toBe('fail');
    expect((await legacyCheck('legacy-ping').run(fakeContext(GOOD_INIT, [answered({ result: [] })]))).status).toBe('fail');
  });

  it('legacy-resource-missing accepts any error and fails a success', async () => {
    const run = (answer: Exchange) => legacyCheck('legacy-resource-missing').run(fakeContext(GOOD_INIT, [answer]));
    expect(await run(answered({ error: { code: -32002, message: 'not found' } }))).toMatchObject({ status: 'pass', message: expect.stringMatching(/-32602/) });
    expect((await run(answered({ error: { code: -32602, message: 'not found' } }))).status).toBe('pass');
    expect(await run(answered({ result: { contents: [] } }))).toMatchObject({ status: 'fail', message: expect.stringMatching(/contents \[\]/) });
  });

  it('legacy-session: stateless passes; a session that is not required gets flagged', async () => {
    const stateless = await legacyCheck('legacy-session').run(fakeContext(answered({ result: {} }, { status: 200, headers: {} }), [], 'http'));
    expect(stateless).toMatchObject({ status: 'pass', message: expect.stringMatching(/stateless/) });
    const init = answered({ result: {} }, { status: 200, headers: { 'mcp-session-id': 'abc' } });
    const ok = answered({ result: { tools: [] } }, { status: 200 });
    const verdict = await legacyCheck('legacy-session').run(fakeContext(init, [ok, ok], 'http'));
    expect(verdict).toMatchObject({ status: 'fail', message: expect.stringMatching(/400/) });
  });

  it('legacy-response-envelope excuses id null only on a request the transport refused', async () => {
    const withId = (message: Record<string, unknown>, status: number, id: unknown = 7): Exchange => {
      const answer = { jsonrpc: '2.0', ...message };
      return { seq: 2, transport: 'http', era: '2025-11-25', request: { method: 'tools/list', body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }) }, response: { status, body: JSON.stringify(answer), messages: [answer], answer, garbage: [] }, startedAt: 0, durationMs: 1 };
    };
    const judge = (exchange: Exchange) => {
      const ctx = { ...fakeContext(GOOD_INIT), ensureInventory: async () => undefined, client: { log: { all: () => [exchange] } } } as unknown as CheckContext;
      return legacyCheck('legacy-response-envelope').run(ctx);
    };
    expect((await judge(withId({ id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } }, 400))).status).toBe('pass');
    expect((await judge(withId({ id: 7, result: {} }, 200))).status).toBe('pass');
    expect(await judge(withId({ id: null, error: { code: -32603, message: 'oops' } }, 200))).toMatchObject({ status: 'fail', message: expect.stringMatching(/id null does not echo the request id 7/) });
    expect(await judge(withId({ id: '7', result: {} }, 200))).toMatchObject({ status: 'fail', message: expect.stringMatching(/id "7" does not echo/) });
  });

  it('legacy-not-migrated always warns with the migration note', async () => {
    const verdict = await legacyCheck('legacy-not-migrated').run(fakeContext(GOOD_INIT, [], 'http'));
    expect(verdict.status).toBe('warn');
    expect(verdict.message).toMatch(/has not migrated to 2026-07-28/);
    expect(verdict.message).toMatch(/Mcp-Session-Id/);
  });

  it('legacy-not-migrated is advice: it says so and cites no 2026-07-28 row as a 2025-11-25 rule', async () => {
    const check = legacyCheck('legacy-not-migrated');
    expect(check.requirements).toEqual([]);
    expect((await check.run(fakeContext(GOOD_INIT, [], 'stdio'))).message).toMatch(/^Advice, not a 2025-11-25 rule/);
  });

  it('unknown-method is a warning on a 2025-11-25 server (ERR-08 is a 2026-07-28 row)', async () => {
    const unknownMethod = errorChecks.find((c) => c.id === 'unknown-method')!;
    const verdict = await unknownMethod.run(fakeContext(GOOD_INIT, [answered({ error: { code: -32600, message: 'Invalid request' } })]));
    expect(verdict.status).toBe('warn');
    expect(verdict.message).toContain('ERR-08 is a 2026-07-28 row');
    expect((await unknownMethod.run(fakeContext(GOOD_INIT, [answered({ error: { code: -32601, message: 'Method not found' } })]))).status).toBe('pass');
  });
});

describe('legacy checks against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`the correct 2025-11-25 server passes the legacy checks on ${transport}`, async () => {
      const run = await runOnFixture({ transport, era: '2025-11-25', only: IDS });
      expect(run.section.era).toBe('2025-11-25');
      const expected = IDS.filter((id) => transport === 'http' || legacyCheck(id).transport !== 'http').map((id) => `${id}=${id === 'legacy-not-migrated' ? 'warn' : 'pass'}`);
      expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(expected);
      expect(check(run, 'legacy-not-migrated').message).toMatch(/has not migrated to 2026-07-28/);
      expect(check(run, 'legacy-resource-missing').message).toMatch(/-32002/);
      if (transport === 'http') expect(check(run, 'legacy-session').message).toMatch(/without it → HTTP 400/);
    });
  }

  it('a correct 2025-11-25 HTTP server fails no check: the id null of its transport-level 400 is what legacy-session asks for', async () => {
    // The reference server answers a request without Mcp-Session-Id as the 2025 TypeScript SDK does: HTTP 400, id null.
    const run = await runOnFixture({ transport: 'http', era: '2025-11-25' });
    expect(run.section.era).toBe('2025-11-25');
    const failed = run.section.checks.filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.message}`);
    expect(failed).toEqual([]);
    expect(check(run, 'legacy-session').status).toBe('pass');
    expect(check(run, 'legacy-response-envelope').status).toBe('pass');
    expect(run.section.checks.map((c) => c.id)).not.toContain('response-envelope');
    // No 2025-11-25 result cites a 2026-07-28 row it was not judged by.
    for (const c of run.section.checks) if (c.id.startsWith('legacy-') && c.id !== 'legacy-not-migrated') expect(c.requirements).toEqual([]);
  });

  it('list-sets-stable holds a 2026-07-28 server to LIST-02 but only advises a 2025-11-25 one, whose lists may be per session', async () => {
    const modern = await runOnFixture({ transport: 'stdio', breaks: ['LIST-02-per-process'], only: ['list-sets-stable'] });
    expect(check(modern, 'list-sets-stable').status).toBe('fail');
    const legacy = await runOnFixture({ transport: 'stdio', era: '2025-11-25', breaks: ['LIST-02-per-process'], only: ['list-sets-stable'] });
    expect(check(legacy, 'list-sets-stable')).toMatchObject({ status: 'warn', message: expect.stringMatching(/extra \["session_\d+"\].*2025-11-25 allows lists per session/) });
  });

  it('a 2025-11-25 HTTP server that accepts any Origin fails legacy-foreign-origin (and the run)', async () => {
    const good = await runOnFixture({ transport: 'http', era: '2025-11-25', only: ['legacy-foreign-origin'] });
    expect(check(good, 'legacy-foreign-origin')).toMatchObject({ status: 'pass', requirements: [], message: 'ping with Origin: https://evil.example → 403' });
    const open = await runOnFixture({ transport: 'http', era: '2025-11-25', breaks: ['HTTP-ORG-01'] });
    expect(check(open, 'legacy-foreign-origin')).toMatchObject({ status: 'fail', message: expect.stringMatching(/ping with Origin: https:\/\/evil\.example → HTTP 200, result; a server must reject foreign origins with 403/) });
    expect(open.section.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['legacy-foreign-origin']);
  });

  it('none of them runs against a 2026-07-28 server', async () => {
    const run = await runOnFixture({ transport: 'stdio', only: IDS });
    expect(run.section.era).toBe('2026-07-28');
    expect(run.section.checks).toEqual([]);
  });
});
