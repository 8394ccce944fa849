/**
 * Our OTLP output against the OpenTelemetry GenAI and MCP semantic conventions
 * (open-telemetry/semantic-conventions-genai): a traceparent in the _meta of every MCP request of a
 * Layer 1–3 run (setup included), span names and attributes, error.type classes.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { runEvals, type TraceLine } from '../../src/core/evals/run-evals.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { HttpConnection } from '../../src/core/mcp/http-transport.js';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';
import { writeReportFiles } from '../../src/core/report/write.js';
import { TraceContext } from '../../src/core/telemetry/trace-context.js';
import type { OtlpAnyValue, OtlpSpan, OtlpTraceRequest } from '../../src/core/telemetry/otlp.js';
import { startScriptedModel, type ScriptedModel, type Script } from '../fixtures/models/scripted-model-server.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';
import { startHttpServer, type StartedServer } from '../helpers/http-server.js';

const RECORD_STDIN = fileURLToPath(new URL('./fixtures/record-stdin.mjs', import.meta.url));
const env = { SCRIPTED_KEY: 'sk-scripted-test-key-0123456789' };
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const TRACESTATE = 'acme=t61rcWkgMzE,rojo=00f067aa0ba902b7';

let model: ScriptedModel | undefined;
let server: StartedServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await model?.close();
  await server?.stop();
  model = undefined;
  server = undefined;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Sent {
  id?: string | number;
  method?: string;
  params?: { name?: string; _meta?: Record<string, unknown> };
}

function attr(span: OtlpSpan, key: string): unknown {
  const found: OtlpAnyValue | undefined = span.attributes.find((a) => a.key === key)?.value;
  if (!found) return undefined;
  if ('stringValue' in found) return found.stringValue;
  if ('intValue' in found) return Number(found.intValue);
  if ('doubleValue' in found) return found.doubleValue;
  if ('boolValue' in found) return found.boolValue;
  return found.arrayValue.values.map((v) => ('stringValue' in v ? v.stringValue : v));
}

/** Calls the tool once, then answers from its result. */
function callOnce(name: string, args: Record<string, unknown>): Script {
  return (request) => (request.toolResults.length === 0 ? { toolCalls: [{ name, arguments: args }] } : { text: `done: ${request.toolResults[0].content.slice(0, 40)}` });
}

/**
 * A full run whose server command is wrapped by record-stdin.mjs: returns every message the
 * client wrote to the server (every process, in order) and the OTLP file's spans.
 */
async function recordedRun(serverArgs: string[], config: string, tasks: string, script: Script) {
  model = await startScriptedModel(script);
  const log = join(await mkdtemp(join(tmpdir(), 'mcp-evals-meta-')), 'stdin.log');
  dirs.push(join(log, '..'));
  const command = ['node', RECORD_STDIN, log, ...serverArgs].map((part) => JSON.stringify(part)).join(' ');
  const files = await project({
    config: `server:\n  command: ${JSON.stringify(command)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]).replace('timeout_ms: 5000', 'timeout_ms: 30000')}\n${config}`,
    tasks,
  });
  dirs.push(files.dir);
  const result = await runEvals(await loadConfig(files.config, { env }), { env }, { layers: [1] });
  await writeReportFiles(join(files.dir, 'out'), result.report, { traces: result.traceLines, setup: result.setup });
  const otlp = JSON.parse(await readFile(join(files.dir, 'out', 'traces.otlp.json'), 'utf8')) as OtlpTraceRequest;
  const sent = (await readFile(log, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((text) => JSON.parse(text) as Sent);
  return { ...result, spans: otlp.resourceSpans[0].scopeSpans[0].spans, sent };
}

/** Every request and notification carried a W3C traceparent naming a span of an exported trace: the setup's, or its run's. */
function expectEveryMessageTraced(sent: Sent[], spans: OtlpSpan[], traceIds: Set<string>): Array<{ message: Sent; traceId: string; parent: OtlpSpan }> {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const messages = sent.filter((message) => typeof message.method === 'string');
  expect(messages.length).toBeGreaterThan(0);
  return messages.map((message) => {
    const traceparent = message.params?._meta?.traceparent;
    expect(traceparent, `${message.method} ${String(message.id)} carries a traceparent`).toMatch(TRACEPARENT);
    const [, traceId, parentId] = TRACEPARENT.exec(traceparent as string)!;
    expect(traceIds.has(traceId), `${message.method}: trace ${traceId} is the setup's or a run's`).toBe(true);
    const parent = byId.get(parentId);
    expect(parent, `${message.method}: its parent span ${parentId} is in traces.otlp.json`).toBeDefined();
    expect(parent!.traceId).toBe(traceId);
    return { message, traceId, parent: parent! };
  });
}

function runTraceIds(lines: readonly TraceLine[]): Set<string> {
  return new Set(lines.map((line) => line.trace.traceId));
}

describe('trace context in every MCP request, MCP and GenAI span conventions (2026-07-28 server, stdio)', () => {
  const TASKS = `
- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
  // The chit-chat answer names a model and an id of its own: gen_ai.response.* come from the answer, not the request.
  const RAW_ANSWER = {
    id: 'chatcmpl-from-the-provider-42',
    object: 'chat.completion',
    model: 'scripted-openai-2026-07-01',
    choices: [{ index: 0, message: { role: 'assistant', content: "You're welcome!" }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
  };
  const SCRIPT = byPrompt({ Berlin: callOnce('get_weather', { location: 'Berlin' }), Thanks: () => ({ rawBody: RAW_ANSWER }) });

  it('server/discover, tools/list and tools/call carry traceparent + tracestate; each names its own client span', async () => {
    const { sent, spans, setup, traceLines } = await recordedRun([EXAMPLE_SERVER], `runs: 2\ntracestate: "acme=t61rcWkgMzE, rojo=00f067aa0ba902b7"\n`, TASKS, SCRIPT);
    expect(setup).toBeDefined();
    const traced = expectEveryMessageTraced(sent, spans, new Set([setup!.traceId, ...runTraceIds(traceLines)]));
    for (const { message } of traced) expect(message.params!._meta!.tracestate).toBe(TRACESTATE);

    // the setup: its own trace, a root span and one client span per request
    const discover = traced.filter((t) => t.message.method === 'server/discover' && !String(t.message.id).startsWith('mcp-evals-fence'));
    const list = traced.filter((t) => t.message.method === 'tools/list');
    expect(discover).toHaveLength(1);
    expect(list.length).toBeGreaterThanOrEqual(1);
    const root = spans.find((s) => s.name === 'mcp-evals setup')!;
    expect(root).toMatchObject({ traceId: setup!.traceId, kind: 1, traceState: TRACESTATE });
    expect(root.parentSpanId).toBeUndefined();
    for (const { message, traceId, parent } of [...discover, ...list]) {
      expect(traceId).toBe(setup!.traceId);
      expect(parent).toMatchObject({ name: message.method, kind: 3, parentSpanId: root.spanId, traceState: TRACESTATE });
      expect(attr(parent, 'mcp.method.name')).toBe(message.method);
      expect(attr(parent, 'jsonrpc.request.id')).toBe(String(message.id));
      expect(attr(parent, 'mcp.protocol.version')).toBe('2026-07-28');
      expect(attr(parent, 'network.transport')).toBe('pipe');
      expect(attr(parent, 'error.type')).toBeUndefined();
    }

    // each tool call: the run's trace, the span `tools/call get_weather` that is also the execute_tool span
    const calls = traced.filter((t) => t.message.method === 'tools/call');
    expect(calls).toHaveLength(2); // weather-basic × 2 runs
    const weatherRuns = traceLines.filter((line) => line.caseId === 'weather-basic');
    const modelCallIds = new Set(
      model!.requests.flatMap((r) => ((r.body as { messages?: Array<{ tool_calls?: Array<{ id: string }> }> }).messages ?? []).flatMap((m) => (m.tool_calls ?? []).map((c) => c.id))),
    );
    for (const { message, traceId, parent } of calls) {
      expect(weatherRuns.map((l) => l.trace.traceId)).toContain(traceId);
      expect(parent).toMatchObject({ name: 'tools/call get_weather', kind: 3, traceState: TRACESTATE });
      expect(attr(parent, 'gen_ai.operation.name')).toBe('execute_tool');
      expect(attr(parent, 'gen_ai.tool.name')).toBe('get_weather');
      expect(modelCallIds).toContain(attr(parent, 'gen_ai.tool.call.id'));
      expect(attr(parent, 'mcp.method.name')).toBe('tools/call');
      expect(attr(parent, 'jsonrpc.request.id')).toBe(String(message.id));
      expect(attr(parent, 'mcp.protocol.version')).toBe('2026-07-28');
      expect(attr(parent, 'network.transport')).toBe('pipe');
      const agent = spans.find((s) => s.spanId === parent.parentSpanId)!;
      expect(agent.name).toBe('invoke_agent weather-basic');
    }

    // one invoke_agent span per run, the root of its trace and the parent of its chat spans; linked to the setup
    for (const line of traceLines) {
      const inTrace = spans.filter((s) => s.traceId === line.trace.traceId);
      const agents = inTrace.filter((s) => attr(s, 'gen_ai.operation.name') === 'invoke_agent');
      expect(agents).toHaveLength(1);
      expect(agents[0].parentSpanId).toBeUndefined();
      expect(agents[0].links).toEqual([{ traceId: setup!.traceId, spanId: root.spanId, traceState: TRACESTATE }]);
      for (const span of inTrace) expect(span.traceState).toBe(TRACESTATE);
      const chats = inTrace.filter((s) => attr(s, 'gen_ai.operation.name') === 'chat');
      expect(chats.length).toBeGreaterThan(0);
      for (const chat of chats) {
        expect(chat.parentSpanId).toBe(agents[0].spanId);
        expect(attr(chat, 'gen_ai.provider.name')).toBe('openai');
        expect(attr(chat, 'gen_ai.system')).toBeUndefined();
        expect(attr(chat, 'gen_ai.request.model')).toBe('scripted-openai');
        expect(typeof attr(chat, 'gen_ai.usage.input_tokens')).toBe('number');
        expect(typeof attr(chat, 'gen_ai.usage.output_tokens')).toBe('number');
        if (line.caseId === 'negative-chitchat') {
          expect(attr(chat, 'gen_ai.response.model')).toBe('scripted-openai-2026-07-01');
          expect(attr(chat, 'gen_ai.response.id')).toBe('chatcmpl-from-the-provider-42');
          expect(attr(chat, 'gen_ai.usage.input_tokens')).toBe(11);
        } else {
          expect(attr(chat, 'gen_ai.response.model')).toBe('scripted-openai');
          expect(attr(chat, 'gen_ai.response.id')).toMatch(/^chatcmpl-scripted-\d+$/);
        }
      }
    }
  });
});

describe('a 2025-11-25 server and a layer 2 run: initialize, its notification and the run\'s own requests are traced too', () => {
  it('every message of both processes carries a traceparent of the setup or of its run', async () => {
    const tasks = `
- id: echo-plain
  prompt: "Echo hello"
  expect_tool: echo
- id: echo-faulted
  prompt: "Echo faulted"
  expect_tool: echo
  faults:
    - {tool: echo, call: 1, type: is_error}
`;
    const script = byPrompt({ 'Echo hello': callOnce('echo', { text: 'hello' }), 'Echo faulted': callOnce('echo', { text: 'faulted' }) });
    const { sent, spans, setup, traceLines } = await recordedRun([REFERENCE_SERVER, '--era=2025-11-25'], 'runs: 1\n', tasks, script);
    const traced = expectEveryMessageTraced(sent, spans, new Set([setup!.traceId, ...runTraceIds(traceLines)]));
    const methods = new Set(traced.map((t) => t.message.method));
    for (const method of ['server/discover', 'initialize', 'notifications/initialized', 'tools/list', 'tools/call']) expect(methods).toContain(method);

    // the layer 2 run opened its own session: its initialize belongs to the run's trace, not the setup's
    const faulted = traceLines.find((line) => line.caseId === 'echo-faulted')!;
    const initializes = traced.filter((t) => t.message.method === 'initialize');
    expect(initializes.map((t) => t.traceId).sort()).toEqual([setup!.traceId, faulted.trace.traceId].sort());
    const own = initializes.find((t) => t.traceId === faulted.trace.traceId)!;
    expect(own.parent).toMatchObject({ name: 'initialize', kind: 3 });
    expect(attr(own.parent, 'mcp.protocol.version')).toBe('2025-11-25');
    expect(spans.find((s) => s.spanId === own.parent.parentSpanId)!.name).toBe('invoke_agent echo-faulted');

    // the faulted call: a result marked isError is `tool_error`
    const call = traced.find((t) => t.message.method === 'tools/call' && t.traceId === faulted.trace.traceId)!;
    expect(call.parent.name).toBe('tools/call echo');
    expect(attr(call.parent, 'error.type')).toBe('tool_error');
    expect(call.parent.status?.code).toBe(2);
  });
});

describe('error.type as the conventions define it', () => {
  const TASKS = `
- id: weather
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  faults:
    - {tool: get_weather, call: 1, type: FAULT}
`;

  async function faultedSpan(fault: string): Promise<OtlpSpan> {
    server = await startHttpServer(['node', EXAMPLE_SERVER, '--http', '--port', '0']);
    model = await startScriptedModel(byPrompt({ Berlin: callOnce('get_weather', { location: 'Berlin' }) }));
    const files = await project({
      config: `server:\n  url: ${server.url}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]).replace('timeout_ms: 5000', 'timeout_ms: 30000')}\nruns: 1\n`,
      tasks: TASKS.replace('FAULT', fault),
    });
    dirs.push(files.dir);
    const { report, traceLines, setup } = await runEvals(await loadConfig(files.config, { env }), { env }, { layers: [1] });
    await writeReportFiles(join(files.dir, 'out'), report, { traces: traceLines, setup });
    const otlp = JSON.parse(await readFile(join(files.dir, 'out', 'traces.otlp.json'), 'utf8')) as OtlpTraceRequest;
    const tool = otlp.resourceSpans[0].scopeSpans[0].spans.find((s) => s.name === 'tools/call get_weather')!;
    expect(tool.status?.code).toBe(2);
    expect(attr(tool, 'network.transport')).toBe('tcp');
    return tool;
  }

  it('a tool call that timed out is `timeout`, not tool_error', async () => {
    expect(attr(await faultedSpan('timeout'), 'error.type')).toBe('timeout');
  }, 30_000);

  it('an HTTP 500 is `500`', async () => {
    const span = await faultedSpan('http_500');
    expect(attr(span, 'error.type')).toBe('500');
    expect(attr(span, 'rpc.response.status_code')).toBeUndefined();
  });

  it('a result marked isError is `tool_error`', async () => {
    expect(attr(await faultedSpan('is_error'), 'error.type')).toBe('tool_error');
  });

  it('a failed model call: the HTTP status, or `timeout`, on the chat span and its agent span', async () => {
    const statuses: Script = () => ({ status: 400, message: 'bad request' });
    const cases: Array<[Script, string, number]> = [
      [statuses, '400', 30_000],
      [() => ({ delayMs: 5000, text: 'late' }), 'timeout', 500],
    ];
    for (const [script, expected, timeoutMs] of cases) {
      model = await startScriptedModel(script);
      const files = await project({
        config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]).replace('timeout_ms: 5000', `timeout_ms: ${timeoutMs}`)}\nruns: 1\n`,
        tasks: `- id: chat\n  prompt: "Hello"\n  expect_tool: null\n`,
      });
      dirs.push(files.dir);
      const { report, traceLines, setup } = await runEvals(await loadConfig(files.config, { env }), { env }, { layers: [1] });
      await writeReportFiles(join(files.dir, 'out'), report, { traces: traceLines, setup });
      const spans = (JSON.parse(await readFile(join(files.dir, 'out', 'traces.otlp.json'), 'utf8')) as OtlpTraceRequest).resourceSpans[0].scopeSpans[0].spans;
      const chat = spans.find((s) => s.name.startsWith('chat '))!;
      expect(chat.status?.code).toBe(2);
      expect(attr(chat, 'error.type')).toBe(expected);
      expect(attr(spans.find((s) => s.name === 'invoke_agent chat')!, 'error.type')).toBe(expected);
      await model.close();
      model = undefined;
    }
  }, 30_000);

  it('a connection that fails is its error code; a stdio server that exits is `process_exited`', async () => {
    const gone = await startHttpServer(['node', EXAMPLE_SERVER, '--http', '--port', '0']);
    await gone.stop();
    const refusedTrace = TraceContext.start();
    const refused = new McpClient(new HttpConnection({ url: gone.url }), { era: '2026-07-28', timeoutMs: 20_000, tracer: refusedTrace });
    await refused.request('tools/list', {});
    await refused.connection.close();
    expect(refusedTrace.spans).toHaveLength(1);
    expect(refusedTrace.spans[0].attributes).toMatchObject({ method: 'tools/list', errorType: 'ECONNREFUSED' });

    const exitTrace = TraceContext.start();
    const exits = new McpClient(new StdioConnection({ command: `node -e "process.exit(3)"` }), { era: '2026-07-28', timeoutMs: 20_000, tracer: exitTrace });
    await exits.request('tools/list', {});
    await exits.connection.close();
    expect(exitTrace.spans[0].attributes).toMatchObject({ method: 'tools/list', errorType: 'process_exited' });
    expect(exitTrace.spans[0].error).toMatch(/exited with code 3/);
  });
});
