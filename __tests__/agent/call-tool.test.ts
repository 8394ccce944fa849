import { afterEach, describe, expect, it } from 'vitest';
import { callTool, renderResult } from '../../src/core/agent/call-tool.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { ExchangeLog } from '../../src/core/mcp/exchange-log.js';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';

let client: McpClient | undefined;
afterEach(async () => {
  await client?.connection.close();
  client = undefined;
});

function connect(): McpClient {
  client = new McpClient(new StdioConnection({ command: `node ${JSON.stringify(REFERENCE_SERVER)}` }), { era: '2026-07-28', timeoutMs: 3000, log: new ExchangeLog() });
  return client;
}

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('callTool', () => {
  it('answers input_required from the scripted input_responses and re-issues the call with a new id (MRTR)', async () => {
    const c = connect();
    const outcome = await callTool(c, 'ask_name', { greeting: 'Hi' }, { traceparent: TRACEPARENT, inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } } });
    expect(outcome.isError).toBe(false);
    expect(outcome.text).toMatch(/Ada/);
    expect(outcome.inputRounds).toBe(1);
    const [first, second] = outcome.exchanges.map((e) => JSON.parse(e.request.body));
    expect(second.id).not.toBe(first.id);
    expect(second.params.inputResponses).toEqual({ user_name: { action: 'accept', content: { name: 'Ada' } } });
    expect(typeof second.params.requestState).toBe('string');
    expect(second.params.arguments).toEqual(first.params.arguments);
    // the trace context rides in every request's _meta, next to the protocol fields
    for (const body of [first, second]) {
      expect(body.params._meta.traceparent).toBe(TRACEPARENT);
      expect(body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
    }
    expect(first.params._meta['io.modelcontextprotocol/clientCapabilities']).toEqual({ elicitation: { form: {} }, sampling: {}, roots: {} });
  });

  it('gives up honestly when the case scripts no answer for what the tool asks', async () => {
    const c = connect();
    const outcome = await callTool(c, 'ask_name', {}, { traceparent: TRACEPARENT, inputResponses: { something_else: {} } });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/user_name.*input_responses/);
  });

  it('reports a JSON-RPC error as a tool error the model can read', async () => {
    const c = connect();
    const outcome = await callTool(c, 'no_such_tool', {}, { traceparent: TRACEPARENT });
    expect(outcome).toMatchObject({ isError: true, empty: false });
    expect(outcome.text).toMatch(/^Error -32602/);
  });
});

describe('renderResult', () => {
  it('joins text blocks, falls back to structured content, and flags empty results', () => {
    expect(renderResult({ content: [{ type: 'text', text: 'a' }, { type: 'image', data: 'x', mimeType: 'image/png' }] })).toEqual({ text: 'a\n[image content]', isError: false, empty: false });
    expect(renderResult({ content: [], structuredContent: { sum: 3 }, isError: true })).toEqual({ text: '{"sum":3}', isError: true, empty: false });
    expect(renderResult({ content: [] })).toEqual({ text: '', isError: false, empty: true });
  });
});
