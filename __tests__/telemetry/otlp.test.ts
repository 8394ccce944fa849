import { afterEach, describe, expect, it } from 'vitest';
import { runAgent } from '../../src/core/agent/loop.js';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { ExchangeLog } from '../../src/core/mcp/exchange-log.js';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';
import type { ModelProvider, ModelResponse } from '../../src/core/models/types.js';
import { otlpInputs, toOtlpJson, type OtlpAnyValue, type OtlpSpan, type OtlpTraceRequest } from '../../src/core/telemetry/otlp.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { line } from './lines.js';

function attr(span: { attributes: Array<{ key: string; value: OtlpAnyValue }> }, key: string): unknown {
  const found = span.attributes.find((a) => a.key === key)?.value;
  if (!found) return undefined;
  if ('stringValue' in found) return found.stringValue;
  if ('intValue' in found) return `int:${found.intValue}`;
  if ('doubleValue' in found) return found.doubleValue;
  if ('boolValue' in found) return found.boolValue;
  return found.arrayValue.values.map((v) => ('stringValue' in v ? v.stringValue : v));
}

/** Everything a Jaeger / Tempo import relies on: shape, ids, a tree per trace, times. */
function validate(request: OtlpTraceRequest): OtlpSpan[] {
  // plain JSON: nothing undefined, nothing a JSON round trip changes
  expect(JSON.parse(JSON.stringify(request))).toEqual(request);
  expect(request.resourceSpans).toHaveLength(1);
  const [resourceSpans] = request.resourceSpans;
  expect(attr(resourceSpans.resource, 'service.name')).toBe('mcp-evals');
  expect(resourceSpans.scopeSpans).toHaveLength(1);
  expect(resourceSpans.scopeSpans[0].scope.name).toBe('mcp-evals');
  expect(resourceSpans.scopeSpans[0].scope.version).toMatch(/^\d+\.\d+\.\d+/);
  const spans = resourceSpans.scopeSpans[0].spans;
  const byTrace = new Map<string, OtlpSpan[]>();
  for (const span of spans) {
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    if (span.parentSpanId !== undefined) expect(span.parentSpanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.startTimeUnixNano).toMatch(/^\d{19}$/);
    expect(span.endTimeUnixNano).toMatch(/^\d{19}$/);
    expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true);
    expect([1, 3]).toContain(span.kind);
    for (const a of span.attributes) expect(Object.keys(a.value)).toHaveLength(1);
    byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
  }
  for (const trace of byTrace.values()) {
    // one root, the agent span; every other span's parent is in the same trace; no cycle
    const roots = trace.filter((s) => s.parentSpanId === undefined);
    expect(roots).toHaveLength(1);
    const [root] = roots;
    expect(root.kind).toBe(1);
    expect(root.name).toMatch(/^(invoke_agent |mcp-evals setup$)/);
    const ids = new Map(trace.map((s) => [s.spanId, s]));
    expect(ids.size).toBe(trace.length);
    for (const span of trace) {
      let hops = 0;
      for (let at: OtlpSpan | undefined = span; at && at.parentSpanId !== undefined; at = ids.get(at.parentSpanId)) {
        expect(ids.has(at.parentSpanId)).toBe(true);
        expect((hops += 1)).toBeLessThan(trace.length);
      }
      // children lie within the root
      expect(BigInt(span.startTimeUnixNano) >= BigInt(root.startTimeUnixNano)).toBe(true);
      expect(BigInt(span.endTimeUnixNano) <= BigInt(root.endTimeUnixNano)).toBe(true);
    }
    // the steps are sequential: each child starts when or after the previous one ended
    const children = trace.filter((s) => s !== root);
    for (let i = 1; i < children.length; i += 1) expect(BigInt(children[i].startTimeUnixNano) >= BigInt(children[i - 1].endTimeUnixNano)).toBe(true);
  }
  return spans;
}

describe('toOtlpJson', () => {
  it('maps a trace line onto an ExportTraceServiceRequest with GenAI / MCP attributes', () => {
    const run = line({
      caseId: 'weather-basic',
      model: 'gpt-mini',
      apiModel: 'gpt-4o-mini',
      repeat: 3,
      startedAt: '2026-08-01T12:00:00.250Z',
      models: [{ durationMs: 120, inputTokens: 321, outputTokens: 12, costUsd: 0.000055 }, { durationMs: 80.5 }],
      tools: [{ name: 'get_weather', durationMs: 15, error: 'Error -32602: unknown location' }, { name: 'made_up', durationMs: 0, invalid: true, error: 'Error: there is no tool named "made_up"' }],
    });
    const request = toOtlpJson([run], { models: { 'gpt-mini': { provider: 'openai', model: 'gpt-4o-mini', endpoint: 'https://api.openai.com/v1', temperature: 0, maxTokens: 512 } }, protocolVersion: '2026-07-28', transport: 'stdio' });
    const spans = validate(request);
    expect(spans).toHaveLength(5);
    const [agent, chat, tool, chat2, madeUp] = spans;
    expect(spans.every((s) => s.traceId === run.trace.traceId)).toBe(true);
    expect(spans.map((s) => s.spanId)).toEqual(run.trace.spans.map((s) => s.spanId));

    // times: trace start + span offset, in unix nanoseconds as decimal strings
    const t0 = BigInt(Date.parse('2026-08-01T12:00:00.250Z')) * 1_000_000n;
    expect(agent.startTimeUnixNano).toBe(t0.toString());
    expect(chat.startTimeUnixNano).toBe((t0 + 1_000_000n).toString());
    expect(chat.endTimeUnixNano).toBe((t0 + 121_000_000n).toString());
    expect(BigInt(chat2.endTimeUnixNano) - BigInt(chat2.startTimeUnixNano)).toBe(80_500_000n);

    expect(agent).toMatchObject({ name: 'invoke_agent weather-basic', kind: 1 });
    expect(agent.parentSpanId).toBeUndefined();
    expect(attr(agent, 'gen_ai.operation.name')).toBe('invoke_agent');
    expect(attr(agent, 'mcp-evals.case.id')).toBe('weather-basic');
    expect(attr(agent, 'mcp-evals.repeat')).toBe('int:3');
    expect(attr(agent, 'mcp-evals.run.passed')).toBe(true);

    expect(chat).toMatchObject({ name: 'chat gpt-4o-mini', kind: 3, parentSpanId: agent.spanId });
    expect(attr(chat, 'gen_ai.operation.name')).toBe('chat');
    expect(attr(chat, 'gen_ai.provider.name')).toBe('openai');
    expect(attr(chat, 'gen_ai.system')).toBeUndefined(); // deprecated: gen_ai.provider.name replaces it
    expect(attr(chat, 'gen_ai.request.model')).toBe('gpt-4o-mini');
    expect(attr(chat, 'gen_ai.usage.input_tokens')).toBe('int:321');
    expect(attr(chat, 'gen_ai.usage.output_tokens')).toBe('int:12');
    expect(attr(chat, 'gen_ai.request.temperature')).toBe(0); // a double even when whole
    expect(attr(chat, 'gen_ai.request.max_tokens')).toBe('int:512');
    expect(attr(chat, 'gen_ai.response.finish_reasons')).toEqual(['tool_calls']);
    expect(attr(chat, 'server.address')).toBe('api.openai.com');
    expect(attr(chat, 'server.port')).toBe('int:443');
    expect(attr(chat, 'mcp-evals.cost_usd')).toBe(0.000055);
    expect(attr(chat, 'mcp-evals.case.id')).toBe('weather-basic');
    expect(chat.status).toBeUndefined();

    expect(tool).toMatchObject({ name: 'tools/call get_weather', kind: 3, parentSpanId: agent.spanId, status: { code: 2, message: 'Error -32602: unknown location' } });
    expect(attr(tool, 'gen_ai.operation.name')).toBe('execute_tool');
    expect(attr(tool, 'gen_ai.tool.name')).toBe('get_weather');
    expect(attr(tool, 'mcp.method.name')).toBe('tools/call');
    expect(attr(tool, 'mcp.protocol.version')).toBe('2026-07-28');
    expect(attr(tool, 'network.transport')).toBe('pipe');
    expect(attr(tool, 'error.type')).toBe('-32602');
    expect(attr(tool, 'rpc.response.status_code')).toBe('-32602');
    expect(attr(tool, 'gen_ai.tool.call.arguments')).toBe('{"q":"x"}');

    // a call the model made up never reached the server: INTERNAL, no MCP method
    expect(madeUp).toMatchObject({ name: 'execute_tool made_up', kind: 1, status: { code: 2 } });
    expect(attr(madeUp, 'mcp.method.name')).toBeUndefined();
    expect(attr(madeUp, 'error.type')).toBe('invalid_tool_call');
  });

  it('many runs: one resource, one scope, one trace per run', () => {
    const runs = [line({ caseId: 'a', models: [{ durationMs: 3 }], tools: [{ name: 't', durationMs: 2 }] }), line({ caseId: 'b', repeat: 1, cached: true, models: [{ durationMs: 4 }, { durationMs: 5 }] })];
    const spans = validate(toOtlpJson(runs));
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(2);
    expect(spans).toHaveLength(3 + 3);
    expect(attr(spans[3], 'mcp-evals.run.cached')).toBe(true);
  });

  it('a failed model call and an errored run carry status ERROR with the message', () => {
    const run = line({ models: [{ durationMs: 5000, error: 'gpt: no complete answer within 5000 ms' }] });
    run.trace.error = 'gpt: no complete answer within 5000 ms';
    run.trace.spans[0].error = run.trace.error;
    const [agent, chat] = validate(toOtlpJson([run]));
    expect(agent.status).toEqual({ code: 2, message: 'gpt: no complete answer within 5000 ms' });
    expect(chat.status).toEqual({ code: 2, message: 'gpt: no complete answer within 5000 ms' });
    expect(attr(chat, 'gen_ai.usage.input_tokens')).toBeUndefined();
  });

  it('no spans, no envelope; a run that never started (zero trace id) and broken lines are left out', () => {
    expect(toOtlpJson([])).toEqual({ resourceSpans: [] });
    const notRun = line();
    notRun.trace.traceId = '0'.repeat(32);
    expect(toOtlpJson([notRun])).toEqual({ resourceSpans: [] });
    expect(otlpInputs([{ nope: 1 }, null, 'x', line()])).toHaveLength(1);
  });

  it('carries other span attributes (layer 2: fault, injection, ...) as mcp-evals.<key>', () => {
    const run = line({ tools: [{ name: 'get_weather', durationMs: 3 }] });
    Object.assign(run.trace.spans[1].attributes, { fault: 'http_500', reissued: true, requestIds: [3, 4] });
    Object.assign(run.trace.spans[0].attributes, { canary: 'c-123' });
    const [agent, tool] = validate(toOtlpJson([run]));
    expect(attr(tool, 'mcp-evals.fault')).toBe('http_500');
    expect(attr(tool, 'mcp-evals.reissued')).toBe(true);
    expect(attr(tool, 'mcp-evals.requestIds')).toBe('[3,4]');
    expect(attr(agent, 'mcp-evals.canary')).toBe('c-123');
    expect(attr(tool, 'mcp-evals.result')).toBeUndefined(); // mapped already (gen_ai.tool.call.result)
  });

  it('records the configured tracestate on every span', () => {
    const spans = validate(toOtlpJson([line({ models: [{ durationMs: 1 }] })], { traceState: 'acme=t61rcWkgMzE' }));
    expect(spans.every((s) => s.traceState === 'acme=t61rcWkgMzE')).toBe(true);
  });
});

describe('a real agent run against the reference server', () => {
  let client: McpClient | undefined;
  afterEach(async () => {
    await client?.connection.close();
    client = undefined;
  });

  it('traceparent and tracestate reach the server in _meta, and the traceparent names the OTLP tool span', async () => {
    client = new McpClient(new StdioConnection({ command: `node ${JSON.stringify(REFERENCE_SERVER)}` }), { era: '2026-07-28', timeoutMs: 5000, log: new ExchangeLog() });
    const answer = (partial: Partial<ModelResponse>): ModelResponse => ({ text: '', toolCalls: [], usage: { inputTokens: 10, outputTokens: 5 }, stopReason: 'stop', attempts: 1, latencyMs: 1, ...partial });
    const provider: ModelProvider = {
      id: 'fake',
      model: 'fake-1',
      async complete(request) {
        const done = request.messages.some((m) => m.role === 'tool');
        return done
          ? answer({ text: 'echoed' })
          : answer({ stopReason: 'tool_calls', toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hi' }, rawArguments: '{"text":"hi"}' }, { id: 'c2', name: 'echo', arguments: { text: 'again' }, rawArguments: '{"text":"again"}' }] });
      },
    };
    const trace = await runAgent({
      provider,
      client,
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
      testCase: { id: 'echo-case', prompt: 'Echo hi', location: { file: 'tasks.yaml', line: 1, column: 1 } },
      repeat: 0,
      maxSteps: 4,
      temperature: 0,
      maxTokens: 100,
      costOf: () => null,
      tracestate: 'acme=t61rcWkgMzE,rojo=00f067aa0ba902b7',
    });
    expect(trace.stopReason).toBe('answer');
    const calls = client.log.all().map((e) => JSON.parse(e.request.body)).filter((body) => body.method === 'tools/call');
    expect(calls).toHaveLength(2);
    const toolSpans = trace.spans.filter((s) => s.kind === 'tool');
    calls.forEach((body, i) => {
      expect(body.params._meta.tracestate).toBe('acme=t61rcWkgMzE,rojo=00f067aa0ba902b7');
      expect(body.params._meta.traceparent).toBe(`00-${trace.traceId}-${toolSpans[i].spanId}-01`);
    });
    // the OTLP tool span is the one the server was told is its parent
    const runLine: TraceLine = { caseId: 'echo-case', model: 'fake', repeat: 0, trace, scores: [], passed: true, negative: false, cached: false, outcome: 'scored' };
    const spans = validate(toOtlpJson([runLine]));
    const parentIds = calls.map((body) => (body.params._meta.traceparent as string).split('-')[2]);
    for (const id of parentIds) expect(spans.find((s) => s.spanId === id)).toMatchObject({ name: 'tools/call echo', kind: 3, traceId: trace.traceId });
  });

  it('without a tracestate, only traceparent is sent', async () => {
    client = new McpClient(new StdioConnection({ command: `node ${JSON.stringify(REFERENCE_SERVER)}` }), { era: '2026-07-28', timeoutMs: 5000, log: new ExchangeLog() });
    const { callTool } = await import('../../src/core/agent/call-tool.js');
    const outcome = await callTool(client, 'echo', { text: 'x' }, { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
    const body = JSON.parse(outcome.exchanges[0].request.body);
    expect(body.params._meta.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    expect('tracestate' in body.params._meta).toBe(false);
  });
});
