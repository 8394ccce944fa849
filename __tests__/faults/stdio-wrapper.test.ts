import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from '../../src/core/agent/call-tool.js';
import { FAULT_TEXT, Layer2Session } from '../../src/core/faults/session.js';
import { FaultyStdioConnection } from '../../src/core/faults/stdio-wrapper.js';
import type { FaultSpec } from '../../src/core/faults/types.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';
import { MODERN } from '../../src/core/mcp/types.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';

let client: McpClient | undefined;
afterEach(async () => {
  await client?.connection.close();
  client = undefined;
});

let spans = 0;
function wrapped(faults: FaultSpec[], guarded: string[] = []) {
  const session = new Layer2Session({ caseId: 'stdio-test', repeat: 0, faults, transport: 'stdio', guardedTools: guarded });
  client = new McpClient(new FaultyStdioConnection(new StdioConnection({ command: `node ${JSON.stringify(EXAMPLE_SERVER)}` }), session), { era: MODERN, timeoutMs: 3000 });
  const c = client;
  const call = (name = 'get_weather', args: Record<string, unknown> = { location: 'Berlin' }, timeoutMs?: number) => {
    const traceparent = `00-${'cd'.repeat(16)}-${String(++spans).padStart(16, '0')}-01`;
    return callTool(c, name, args, { traceparent, timeoutMs }).then((outcome) => ({ outcome, attributes: session.toolAttributes(traceparent) }));
  };
  return { session, call };
}

describe('the stdio wrapper', () => {
  it('rewrites the answer line (is_error, empty_result) and passes other calls through', async () => {
    const { call } = wrapped([{ call: 1, type: 'is_error' }, { call: 2, type: 'empty_result' }]);
    expect((await call()).outcome).toMatchObject({ isError: true, text: FAULT_TEXT.isError });
    expect((await call()).outcome).toMatchObject({ isError: false, empty: true });
    expect(JSON.parse((await call()).outcome.text)).toMatchObject({ temperature: { value: 14 } });
  });

  it('approximates http_500 and expired_token as JSON-RPC errors, and says so in the span', async () => {
    const { call } = wrapped([{ call: 1, type: 'http_500' }, { call: 2, type: 'expired_token' }]);
    const first = await call();
    expect(first.outcome).toMatchObject({ isError: true, text: `Error -32603: ${FAULT_TEXT.http500}` });
    expect(first.attributes.fault).toMatchObject({ type: 'http_500', applied: true, note: expect.stringMatching(/^approximated on stdio: /) });
    expect((await call()).outcome.text).toBe(`Error -32001: ${FAULT_TEXT.expiredToken}`);
  });

  it('swallows a timed-out request and gives an unparseable line for malformed_json', async () => {
    const { call } = wrapped([{ call: 1, type: 'timeout' }, { call: 2, type: 'malformed_json' }]);
    const started = Date.now();
    expect((await call('get_weather', { location: 'Berlin' }, 300)).outcome.text).toBe('Error: no response within 300 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await call()).outcome.text).toMatch(/^Error: the answer line is not JSON-RPC/);
  });

  it('reports stream_cut as not applicable: the call goes through', async () => {
    const { call, session } = wrapped([{ type: 'stream_cut' }]);
    const { outcome, attributes } = await call();
    expect(outcome.isError).toBe(false);
    expect(outcome.reissued).toBeUndefined();
    expect(attributes.fault).toEqual({ type: 'stream_cut', entry: 0, call: 1, applied: false, note: 'not applicable: stdio has no response stream to cut' });
    expect(session.agentAttributes()).toMatchObject({ faults: { fired: [{ tool: 'get_weather', type: 'stream_cut', applied: false }] } });
  });

  it('never calls a guarded tool for real', async () => {
    const { call } = wrapped([], ['send_email']);
    const { outcome, attributes } = await call('send_email', { to: 'x@y.example', subject: 's', body: 'b' });
    expect(outcome).toMatchObject({ isError: false, text: '{"simulated": true}' });
    expect(attributes).toEqual({ simulated: true });
  });
});
