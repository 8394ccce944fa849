import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../../src/core/conformance/check.js';
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

  it('legacy-not-migrated always warns with the migration note', async () => {
    const verdict = await legacyCheck('legacy-not-migrated').run(fakeContext(GOOD_INIT, [], 'http'));
    expect(verdict.status).toBe('warn');
    expect(verdict.message).toMatch(/has not migrated to 2026-07-28/);
    expect(verdict.message).toMatch(/Mcp-Session-Id/);
  });
});

describe('legacy checks against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`the correct 2025-11-25 server passes the legacy checks on ${transport}`, async () => {
      const run = await runOnFixture({ transport, era: '2025-11-25', only: IDS });
      expect(run.section.era).toBe('2025-11-25');
      const expected = IDS.filter((id) => transport === 'http' || id !== 'legacy-session').map((id) => `${id}=${id === 'legacy-not-migrated' ? 'warn' : 'pass'}`);
      expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(expected);
      expect(check(run, 'legacy-not-migrated').message).toMatch(/has not migrated to 2026-07-28/);
      expect(check(run, 'legacy-resource-missing').message).toMatch(/-32002/);
      if (transport === 'http') expect(check(run, 'legacy-session').message).toMatch(/without it → HTTP 400/);
    });
  }

  it('none of them runs against a 2026-07-28 server', async () => {
    const run = await runOnFixture({ transport: 'stdio', only: IDS });
    expect(run.section.era).toBe('2026-07-28');
    expect(run.section.checks).toEqual([]);
  });
});
