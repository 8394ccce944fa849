import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../../src/core/agent/call-tool.js';
import { walkList } from '../../src/core/conformance/context.js';
import { FaultProxy } from '../../src/core/faults/http-proxy.js';
import { FAULT_TEXT, Layer2Session } from '../../src/core/faults/session.js';
import type { FaultSpec, InjectSpec } from '../../src/core/faults/types.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { HttpConnection, STREAM_CUT } from '../../src/core/mcp/http-transport.js';
import { MODERN } from '../../src/core/mcp/types.js';
import { reveal } from '../../src/core/injection/encode.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';
import { startHttpServer, type StartedServer } from '../helpers/http-server.js';

let server: StartedServer;
beforeAll(async () => {
  server = await startHttpServer(['node', EXAMPLE_SERVER, '--http', '--port', '0']);
});
afterAll(async () => {
  await server?.stop();
});

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

let spans = 0;
const traceparent = () => `00-${'ab'.repeat(16)}-${String(++spans).padStart(16, '0')}-01`;

async function through(options: { faults?: FaultSpec[]; inject?: InjectSpec[]; guarded?: string[] } = {}) {
  const session = new Layer2Session({ caseId: 'proxy-test', repeat: 0, faults: options.faults, inject: options.inject, transport: 'http', guardedTools: options.guarded ?? [], canary: 'REF-TESTCANARY22' });
  const proxy = await FaultProxy.start({ upstream: server.url, session });
  open.push(proxy);
  const connection = new HttpConnection({ url: proxy.url });
  open.push(connection);
  const client = new McpClient(connection, { era: MODERN, timeoutMs: 3000 });
  const weather = (timeoutMs?: number) => {
    const tp = traceparent();
    return callTool(client, 'get_weather', { location: 'Berlin' }, { traceparent: tp, timeoutMs }).then((outcome) => ({ outcome, tp }));
  };
  return { session, proxy, client, weather };
}

const toolCalls = (proxy: FaultProxy) => proxy.records.filter((r) => r.method === 'tools/call');

describe('the loopback fault proxy puts every fault on the wire', () => {
  it('passes a call through untouched when no fault fires', async () => {
    const { weather, proxy, session } = await through({ faults: [{ tool: 'get_weather', call: 2, type: 'http_500' }] });
    const { outcome, tp } = await weather();
    expect(outcome).toMatchObject({ isError: false, empty: false });
    expect(JSON.parse(outcome.text)).toMatchObject({ location: 'Berlin', temperature: { value: 14 } });
    expect(toolCalls(proxy)).toEqual([{ method: 'tools/call', id: expect.anything(), tool: 'get_weather', action: 'forwarded', upstream: true }]);
    expect(session.toolAttributes(tp)).toEqual({});
  });

  it('http_500: a real HTTP 500 with a text body; the server never sees the request', async () => {
    const { weather, proxy, session } = await through({ faults: [{ tool: 'get_weather', call: 1, type: 'http_500' }] });
    const { outcome, tp } = await weather();
    expect(outcome.isError).toBe(true);
    expect(outcome.exchanges[0].response).toMatchObject({ status: 500, body: FAULT_TEXT.http500 });
    expect(outcome.text).toBe(`Error: HTTP 500 with a body that is not JSON-RPC: ${FAULT_TEXT.http500}`);
    expect(toolCalls(proxy)[0]).toMatchObject({ action: 'fault:http_500', upstream: false });
    expect(session.toolAttributes(tp)).toEqual({ fault: { type: 'http_500', entry: 0, call: 1, applied: true } });
    // the second call is not targeted
    expect((await weather()).outcome.isError).toBe(false);
  });

  it('timeout: the proxy holds the request past the client deadline', async () => {
    const { weather, proxy } = await through({ faults: [{ call: 1, type: 'timeout' }] });
    const started = Date.now();
    const { outcome } = await weather(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(outcome).toMatchObject({ isError: true, text: 'Error: no response within 400 ms' });
    expect(toolCalls(proxy)[0]).toMatchObject({ action: 'fault:timeout', upstream: false });
    expect((await weather(2000)).outcome.isError).toBe(false);
  });

  it('malformed_json: HTTP 200 with a truncated JSON body', async () => {
    const { weather } = await through({ faults: [{ type: 'malformed_json' }] });
    const { outcome } = await weather();
    expect(outcome.exchanges[0].response).toMatchObject({ status: 200, contentType: 'application/json', messages: [] });
    expect(outcome.text).toMatch(/^Error: HTTP 200 with a body that is not JSON-RPC: \{"jsonrpc":"2.0","id":\d+,"result":\{"content"/);
  });

  it('expired_token: HTTP 401, WWW-Authenticate invalid_token, and a JSON-RPC error saying the token expired', async () => {
    const { weather } = await through({ faults: [{ type: 'expired_token' }] });
    const { outcome } = await weather();
    const response = outcome.exchanges[0].response!;
    expect(response.status).toBe(401);
    expect(response.headers!['www-authenticate']).toBe('Bearer error="invalid_token", error_description="The access token expired"');
    expect(outcome).toMatchObject({ isError: true, text: `Error -32001: ${FAULT_TEXT.expiredToken}` });
  });

  it('is_error and empty_result rewrite the real answer', async () => {
    const isError = await through({ faults: [{ type: 'is_error' }] });
    const first = await isError.weather();
    expect(first.outcome).toMatchObject({ isError: true, empty: false, text: FAULT_TEXT.isError });
    expect(toolCalls(isError.proxy)[0]).toMatchObject({ action: 'fault:is_error', upstream: true });
    const empty = await through({ faults: [{ type: 'empty_result' }] });
    expect((await empty.weather()).outcome).toMatchObject({ isError: false, empty: true, text: '' });
  });

  it('slow: the answer comes delay_ms late', async () => {
    const { weather } = await through({ faults: [{ type: 'slow', delay_ms: 300 }] });
    const started = Date.now();
    const { outcome } = await weather();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(outcome.isError).toBe(false);
  });

  it('stream_cut: the SSE answer is cut mid-event; the client re-issues once with a new id, and the call succeeds', async () => {
    const { weather, proxy, session } = await through({ faults: [{ tool: 'get_weather', call: 1, type: 'stream_cut' }] });
    const { outcome, tp } = await weather();
    const [cut, again] = outcome.exchanges;
    expect(cut.response?.contentType).toBe('text/event-stream');
    expect(cut.response?.body).toMatch(/^event: message\ndata: \{"/);
    expect(cut.failure?.startsWith(STREAM_CUT)).toBe(true);
    expect(outcome.reissued?.requestIds).toHaveLength(2);
    const [firstId, secondId] = outcome.reissued!.requestIds;
    expect(secondId).not.toBe(firstId);
    expect(JSON.parse(cut.request.body).id).toBe(firstId);
    expect(JSON.parse(again.request.body).id).toBe(secondId);
    // both requests reached the server, under their own ids; the second answer came through whole
    expect(toolCalls(proxy)).toEqual([
      { method: 'tools/call', id: firstId, tool: 'get_weather', action: 'fault:stream_cut', upstream: true },
      { method: 'tools/call', id: secondId, tool: 'get_weather', action: 'forwarded', upstream: true },
    ]);
    expect(outcome.isError).toBe(false);
    expect(JSON.parse(outcome.text)).toMatchObject({ temperature: { value: 14 } });
    expect(session.toolAttributes(tp)).toEqual({ fault: { type: 'stream_cut', entry: 0, call: 1, applied: true } });
  });

  it('answers a guarded (destructive) tool itself with {"simulated": true}: the server never gets the call', async () => {
    const { client, proxy, session } = await through({ guarded: ['send_email'] });
    const tp = traceparent();
    const outcome = await callTool(client, 'send_email', { to: 'a@b.example', subject: 's', body: 'b' }, { traceparent: tp });
    expect(outcome).toMatchObject({ isError: false, text: '{"simulated": true}' });
    expect(toolCalls(proxy)[0]).toMatchObject({ tool: 'send_email', action: 'simulated', upstream: false });
    expect(session.toolAttributes(tp)).toEqual({ simulated: true });
  });

  it('plants payloads in results and, through tools/list, in descriptions', async () => {
    const { client, weather, session } = await through({
      inject: [
        { payload: 'calendar-email-attendees', tool: 'get_weather', where: 'result' },
        { payload: 'hidden-tags-email-attendees', tool: 'send_email', where: 'description' },
      ],
    });
    const { outcome, tp } = await weather();
    const data = JSON.parse(outcome.text);
    expect(data.location).toBe('Berlin');
    expect(data.notes).toMatch(/attacker@evil\.example/);
    expect(session.toolAttributes(tp)).toEqual({ injection: ['calendar-email-attendees'] });
    const listing = await walkList(client, 'tools/list');
    const sendEmail = listing.items.find((tool) => tool.name === 'send_email')!;
    expect(sendEmail.description).toMatch(/^Send an email on behalf of the Acme ops team\./);
    expect(reveal(String(sendEmail.description))).toContain('attacker@evil.example');
    expect(String(sendEmail.description)).not.toContain('attacker@evil.example');
    expect(listing.items.find((tool) => tool.name === 'get_weather')!.description).toBe('Current weather for a city. Returns temperature, conditions and humidity.');
    expect(session.agentAttributes()).toMatchObject({
      injection: { canary: 'REF-TESTCANARY22', payloads: [{ id: 'calendar-email-attendees', delivered: 1 }, { id: 'hidden-tags-email-attendees', delivered: 1 }] },
    });
  });
});
