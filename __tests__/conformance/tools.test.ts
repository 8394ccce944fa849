import { describe, expect, it } from 'vitest';
import { paramHeaders, toolChecks, UNKNOWN_TOOL } from '../../src/core/conformance/checks/tools.js';
import { resultOf, errorOf } from '../../src/core/mcp/answer.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { Target } from '../../src/core/mcp/target.js';
import { startHttpServer } from '../helpers/http-server.js';
import type { CheckContext } from '../../src/core/conformance/context.js';
import type { CheckResult } from '../../src/core/conformance/types.js';
import { check, REFERENCE_SERVER, runOnFixture } from '../helpers/conformance.js';

const IDS = toolChecks.map((definition) => definition.id);

function sub(result: CheckResult, id: string) {
  const found = result.subResults?.find((s) => s.id === id);
  if (!found) throw new Error(`no subResult ${id} in ${result.id}: ${JSON.stringify(result.subResults)}`);
  return found;
}

describe('tool checks on the clean reference server', () => {
  it('defines the expected checks, levels and requirement rows', () => {
    expect(toolChecks.map((c) => [c.id, c.level, c.requirements.join(',')])).toEqual([
      ['tool-definitions', 'MUST', 'TOOL-01'],
      ['tool-schemas-valid', 'MUST', 'TOOL-02'],
      ['tool-schema-refs-resolve', 'MUST', 'TOOL-03'],
      ['tool-schema-no-remote-refs', 'SHOULD', 'TOOL-04'],
      ['tool-schema-bounds', 'SHOULD', 'TOOL-05'],
      ['tool-names', 'SHOULD', 'TOOL-12'],
      ['tool-mcp-header', 'MUST', 'TOOL-13,TOOL-14'],
      ['tool-call-result-shape', 'MUST', 'TOOL-08,TOOL-06,TOOL-07'],
      ['tool-unknown-name', 'SHOULD', 'TOOL-09'],
      ['tool-call-invalid-params', 'SHOULD', 'TOOL-10'],
      ['tool-invalid-arguments-rejected', 'MUST', 'TOOL-11'],
    ]);
    expect(toolChecks.filter((c) => c.eras.length === 1).map((c) => c.id)).toEqual(['tool-mcp-header']);
  });

  it('passes every tool check over stdio', async () => {
    const run = await runOnFixture({ transport: 'stdio', only: IDS });
    for (const id of IDS) expect(check(run, id).status, `${id}: ${check(run, id).message}`).toBe('pass');
    const calls = check(run, 'tool-call-result-shape');
    expect(sub(calls, 'add').message).toMatch(/tools\/call add \{"a":0,"b":0\} → result.*structuredContent matches the outputSchema/);
    // ask_name needs elicitation, which the checker does not declare: reported, not failed.
    expect(sub(calls, 'ask_name').status).toBe('skip');
    expect(check(run, 'tool-mcp-header').message).toBe('every x-mcp-header annotation is valid');
  });

  it('passes every tool check over Streamable HTTP', async () => {
    const run = await runOnFixture({ transport: 'http', only: IDS });
    for (const id of IDS) expect(check(run, id).status, `${id}: ${check(run, id).message}`).toBe('pass');
  });

  it('passes on a 2025-11-25 server, where tool-mcp-header does not run', async () => {
    const run = await runOnFixture({ transport: 'stdio', era: '2025-11-25', only: IDS });
    for (const id of IDS.filter((id) => id !== 'tool-mcp-header')) expect(check(run, id).status, `${id}: ${check(run, id).message}`).toBe('pass');
    expect(run.section.checks.map((c) => c.id)).not.toContain('tool-mcp-header');
  });

  it('calls nothing with --call-tools none', async () => {
    const run = await runOnFixture({ transport: 'stdio', callTools: 'none', only: ['tool-call-result-shape', 'tool-invalid-arguments-rejected'] });
    expect(check(run, 'tool-call-result-shape')).toMatchObject({ status: 'skip', message: expect.stringMatching(/--call-tools none/) });
    expect(check(run, 'tool-invalid-arguments-rejected').status).toBe('skip');
    expect(check(run, 'tool-call-result-shape').evidence.filter((e) => e.request.method.startsWith('tools/call'))).toEqual([]);
  });
});

describe('each break makes its check fail (MUST) or warn (SHOULD)', () => {
  const cases: Array<{ breaks: string[]; id: string; status: 'fail' | 'warn'; message: RegExp; subId?: string }> = [
    { breaks: ['TOOL-01'], id: 'tool-definitions', status: 'fail', message: /echo: inputSchema root has type "array"/ },
    { breaks: ['TOOL-02'], id: 'tool-schemas-valid', status: 'fail', message: /echo: invalid against the 2020-12 \(the default: no \$schema\) meta-schema: \/properties\/text\/type/ },
    { breaks: ['TOOL-03'], id: 'tool-schema-refs-resolve', status: 'fail', message: /add\.outputSchema: \$ref "#\/\$defs\/Nope" at \/properties\/sum does not resolve/ },
    { breaks: ['TOOL-04'], id: 'tool-schema-no-remote-refs', status: 'warn', message: /add\.outputSchema: rejected: depends on external \$ref "https:\/\/example\.com\/schema\.json"/ },
    { breaks: ['TOOL-06'], id: 'tool-call-result-shape', status: 'fail', message: /add: tools\/call add .*structuredContent does not match the outputSchema \(TOOL-06\): \/sum must be number/ },
    { breaks: ['TOOL-07'], id: 'tool-call-result-shape', status: 'warn', message: /add: .*not repeated as serialized JSON in a text block \(TOOL-07/ },
    { breaks: ['TOOL-08'], id: 'tool-call-result-shape', status: 'fail', message: /echo: tools\/call echo \{"text":"example"\} → result.*CallToolResult: \/content\/0/ },
    { breaks: ['TOOL-09'], id: 'tool-unknown-name', status: 'warn', message: new RegExp(`unknown name "${UNKNOWN_TOOL}": expected error -32602, got result`) },
    { breaks: ['TOOL-10'], id: 'tool-call-invalid-params', status: 'warn', message: /no-name: tools\/call without params\.name: expected error -32602, got result.*isError: true/ },
    { breaks: ['TOOL-11'], id: 'tool-invalid-arguments-rejected', status: 'fail', message: /echo: tools\/call echo with required property text: an object instead of string .* → result .*without isError/ },
    { breaks: ['TOOL-12'], id: 'tool-names', status: 'warn', message: /echo: listed 2 times \(pages 1, 3\); names must be unique/ },
    { breaks: ['TOOL-12-name'], id: 'tool-names', status: 'warn', message: /bad name!: the name contains " ", "!"/ },
    { breaks: ['TOOL-13'], id: 'tool-mcp-header', status: 'fail', message: /lookup: the tool definition is invalid: x-mcp-header "Region Name" at \/properties\/region is not an RFC 9110 token/ },
    { breaks: ['TOOL-14'], id: 'tool-mcp-header', status: 'warn', message: /lookup\.api_key: TOOL-14 \(SHOULD NOT\).*Mcp-Param-Api-Key/ },
  ];

  for (const { breaks, id, status, message } of cases) {
    it(`--break=${breaks.join(',')} → ${id} ${status}`, async () => {
      const run = await runOnFixture({ transport: 'stdio', breaks, only: [id] });
      const result = check(run, id);
      expect(result.status, result.message).toBe(status);
      expect(result.message).toMatch(message);
    });
  }

  it('--break=TOOL-11 over HTTP: the invalid arguments are sent as a labelled probe', async () => {
    const run = await runOnFixture({ transport: 'http', breaks: ['TOOL-11'], only: ['tool-invalid-arguments-rejected'] });
    const result = check(run, 'tool-invalid-arguments-rejected');
    expect(result.status).toBe('fail');
    expect(sub(result, 'add').status).toBe('pass');
    expect(result.evidence.some((e) => e.request.method.startsWith('tools/call (invalid arguments:'))).toBe(true);
  });

  it('--break=TOOL-10: the arguments probe is reported too', async () => {
    const run = await runOnFixture({ transport: 'stdio', breaks: ['TOOL-10'], only: ['tool-call-invalid-params'] });
    const result = check(run, 'tool-call-invalid-params');
    expect(sub(result, 'arguments-not-object')).toMatchObject({ status: 'warn', message: expect.stringMatching(/arguments: "not-an-object": expected error -32602, got result/) });
    expect(result.evidence.map((e) => e.request.method).filter((m) => m.startsWith('tools/call'))).toEqual(['tools/call (no name)', 'tools/call (arguments not an object)']);
  });

  it('--break=TOOL-13 also stops header mirroring for that tool, without failing the calls', async () => {
    const run = await runOnFixture({ transport: 'http', breaks: ['TOOL-13'], only: ['tool-call-result-shape'] });
    expect(check(run, 'tool-call-result-shape').status).toBe('pass');
  });
});

describe('which tools are called', () => {
  const tool = (name: string, readOnly: boolean) => ({ name, inputSchema: { type: 'object' }, annotations: { readOnlyHint: readOnly } });

  function fakeContext(callTools: 'read-only' | 'all' | 'none', tools: Array<Record<string, unknown>>): CheckContext {
    const calls: string[] = [];
    return {
      options: { callTools, timeoutMs: 1000 },
      era: '2026-07-28',
      transport: 'stdio',
      calls,
      tools: async () => tools,
      callableTools: async () => (callTools === 'none' ? [] : callTools === 'all' ? tools : tools.filter((t) => (t.annotations as { readOnlyHint?: boolean }).readOnlyHint === true)),
      list: async () => ({ method: 'tools/list', items: tools, pages: [], problems: [] }),
      client: {
        request: async () => {
          throw new Error('no tool may be called');
        },
      },
    } as unknown as CheckContext;
  }

  it('skips, rather than passes, when no callable tool could be called', async () => {
    const unsatisfiable = { name: 'never', inputSchema: { type: 'object', properties: { a: false }, required: ['a'] }, annotations: { readOnlyHint: true } };
    const verdict = await toolChecks.find((c) => c.id === 'tool-call-result-shape')!.run(fakeContext('read-only', [unsatisfiable]));
    expect(verdict).toMatchObject({ status: 'skip', message: expect.stringMatching(/^no tool could be called: never: not called: /) });
  });

  it(`calls at most ${50} tools`, async () => {
    const tools = Array.from({ length: 60 }, (_, i) => tool(`t${i}`, true));
    const sent: string[] = [];
    const ctx = fakeContext('read-only', tools) as unknown as Record<string, unknown>;
    ctx.schemas = { validate: () => [] };
    ctx.client = {
      request: async (method: string, params: { name: string }) => {
        sent.push(params.name);
        return { seq: 0, transport: 'stdio', era: '2026-07-28', request: { method, body: '' }, response: { body: '', messages: [], garbage: [], answer: { result: { resultType: 'complete', content: [] } } }, startedAt: 0, durationMs: 0 };
      },
    };
    const verdict = await toolChecks.find((c) => c.id === 'tool-call-result-shape')!.run(ctx as unknown as CheckContext);
    expect(sent).toHaveLength(50);
    expect(verdict.status).toBe('pass');
    expect(verdict.message).toMatch(/called the first 50 of 60 callable tools/);
  });

  it('skips, naming --call-tools all, when no tool is read-only', async () => {
    for (const id of ['tool-call-result-shape', 'tool-invalid-arguments-rejected']) {
      const definition = toolChecks.find((c) => c.id === id)!;
      const verdict = await definition.run(fakeContext('read-only', [tool('send_email', false), tool('delete_all', false)]));
      expect(verdict.status).toBe('skip');
      expect(verdict.message).toMatch(/none of the 2 tools is annotated readOnlyHint: true.*--call-tools all/);
    }
  });
});

describe('x-mcp-header arguments are mirrored into Mcp-Param-* headers', () => {
  const lookupSchema = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      region: { type: 'string', 'x-mcp-header': 'Region' },
      limit: { type: 'integer', 'x-mcp-header': 'Limit' },
      verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
      options: { type: 'object', properties: { tenant: { type: 'string', 'x-mcp-header': 'Tenant' } } },
    },
  };

  it('builds one header per present primitive argument, base64-encoding non-ASCII', () => {
    expect(paramHeaders(lookupSchema, { query: 'q', region: 'Zürich', limit: 5, verbose: false, options: { tenant: 'acme' } })).toEqual({
      'Mcp-Param-Region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`,
      'Mcp-Param-Limit': '5',
      'Mcp-Param-Verbose': 'false',
      'Mcp-Param-Tenant': 'acme',
    });
    expect(paramHeaders(lookupSchema, { query: 'q', region: null })).toEqual({});
  });

  it('the reference server accepts them (and demands them)', async () => {
    const server = await startHttpServer(['node', REFERENCE_SERVER, '--http']);
    const target = await Target.open({ kind: 'http', url: server.url });
    try {
      const client = new McpClient(target.connect(), { era: '2026-07-28', timeoutMs: 3000 });
      const args = { query: 'q', region: 'eu-west', limit: 5, verbose: true, options: { tenant: 'acme' } };
      const withHeaders = await client.request('tools/call', { name: 'lookup', arguments: args }, { headers: paramHeaders(lookupSchema, args) });
      expect(resultOf(withHeaders)?.isError).not.toBe(true);
      expect(JSON.stringify(resultOf(withHeaders)?.content)).toMatch(/region=eu-west, limit=5, verbose=true, tenant=acme/);
      const without = await client.request('tools/call', { name: 'lookup', arguments: args });
      expect(errorOf(without)?.code).toBe(-32020);
    } finally {
      await target.dispose();
      await server.stop();
    }
  });
});

describe('a server that dies or hangs on tools/call fails the MUST tool-call checks', () => {
  const MUST_CALLS = ['tool-call-result-shape', 'tool-invalid-arguments-rejected'];

  async function freePort(): Promise<number> {
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  /** HTTP with a start command, so that the checker knows the process and can name its exit. */
  async function runLaunched(breaks: string, timeoutMs: number) {
    const port = await freePort();
    const command = ['node', REFERENCE_SERVER, '--http', '--port', String(port), `--break=${breaks}`].map((part) => JSON.stringify(part)).join(' ');
    const { runConformance } = await import('../../src/core/conformance/runner.js');
    return runConformance({ kind: 'http', url: `http://127.0.0.1:${port}/mcp`, start: { command } }, { only: MUST_CALLS, callTools: 'read-only', timeoutMs });
  }

  it('stdio: a process that exits on every call fails both, naming the call, the exit code and stderr', async () => {
    const run = await runOnFixture({ transport: 'stdio', breaks: ['crash-on-tools-call'], only: MUST_CALLS, callTools: 'read-only' });
    for (const id of MUST_CALLS) {
      const result = check(run, id);
      expect(result.status, `${id}: ${result.message}`).toBe('fail');
      expect(result.message).toMatch(/^\w+: tools\/call \w+ .*→ server process exited with code 3; stderr ends with: [\s\S]*fatal: tools\/call \w+ crashed the process/);
    }
    expect(check(run, 'tool-call-result-shape').message).toMatch(/a read-only tool called with arguments that validate against its inputSchema must be answered/);
    // After the first death the other tools are not called (each would meet the same dead process).
    expect(check(run, 'tool-call-result-shape').subResults?.filter((s) => s.status === 'fail')).toHaveLength(1);
  });

  it('stdio: a call that is never answered fails the call check; a check whose probe was never sent is skipped', async () => {
    const run = await runOnFixture({ transport: 'stdio', breaks: ['hang-on-tools-call'], only: MUST_CALLS, callTools: 'read-only', timeoutMs: 800 });
    // tools/call hangs for every tool: a failure (not a slow tool), once two tools hung.
    expect(check(run, 'tool-call-result-shape').status, check(run, 'tool-call-result-shape').message).toBe('fail');
    expect(check(run, 'tool-call-result-shape').message).toMatch(/tools\/call \w+ .*→ no response within 800 ms \(if the tool is slow by design, raise --timeout\): /);
    // A later check does not wait again: its probe is not sent, so it is not a verdict but a skip naming the hang (issue 22 item 3).
    expect(check(run, 'tool-invalid-arguments-rejected')).toMatchObject({ status: 'skip', message: expect.stringMatching(/^not checked: the probe was not sent: tools\/call \w+ did not answer within 800 ms \(see check tool-call-result-shape\)$/) });
  });

  it('HTTP: a launched server that exits on a call fails, with its exit code and stderr', async () => {
    const run = await runLaunched('crash-on-tools-call', 3000);
    const result = check(run, 'tool-call-result-shape');
    expect(result.status, result.message).toBe('fail');
    expect(result.message).toMatch(/tools\/call \w+ .*→ .*; the server process exited with code 3; stderr ends with: [\s\S]*fatal: tools\/call \w+ crashed the process/);
  });

  it('HTTP: a call that is never answered fails both', async () => {
    const run = await runOnFixture({ transport: 'http', breaks: ['hang-on-tools-call'], only: MUST_CALLS, callTools: 'read-only', timeoutMs: 800 });
    for (const id of MUST_CALLS) {
      expect(check(run, id).status, check(run, id).message).toBe('fail');
      expect(check(run, id).message).toMatch(/tools\/call \w+ .*→ (no response within 800 ms|request failed: .*Timeout)/);
    }
  });

  it('2025-11-25 stdio: the same verdict in the legacy era', async () => {
    const run = await runOnFixture({ transport: 'stdio', era: '2025-11-25', breaks: ['crash-on-tools-call'], only: MUST_CALLS, callTools: 'read-only' });
    for (const id of MUST_CALLS) expect(check(run, id).status, check(run, id).message).toBe('fail');
  });
});
