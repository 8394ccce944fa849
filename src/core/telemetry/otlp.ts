/**
 * The behaviour runs' traces as OTLP/JSON: an ExportTraceServiceRequest, the body of a POST to an
 * OTLP/HTTP collector's /v1/traces and a file Jaeger or Grafana Tempo can import.
 *
 * Encoding (opentelemetry-proto docs/specification.md, "JSON Protobuf Encoding"): lowerCamelCase
 * keys; traceId / spanId / parentSpanId as hex strings (not base64); enums as integers
 * (SpanKind INTERNAL = 1, CLIENT = 3; status code ERROR = 2); 64-bit integers (the fixed64
 * timestamps, intValue attributes) as decimal strings.
 *
 * Span names and attributes follow the OpenTelemetry GenAI (spans, agent spans) and MCP semantic
 * conventions of open-telemetry/semantic-conventions-genai v0.1.0: `invoke_agent {case}` (INTERNAL)
 * per run; `chat {model}` (CLIENT) per model call; a tool call sent to the server is one span,
 * `tools/call {tool}` (CLIENT), both the GenAI execute_tool span and the MCP client span (the MCP
 * conventions merge them when the agent traces the tool execution), and its id is the parent id of
 * the traceparent the server received; a tool call never sent is `execute_tool {tool}` (INTERNAL);
 * any other MCP request is `{mcp.method.name}` (CLIENT). The evaluation's shared setup
 * (server/discover or initialize, tools/list) is a trace of its own under `mcp-evals setup`.
 */
import type { SetupTrace, Span, Trace } from '../agent/trace.js';
import type { TraceLine } from '../evals/run-evals.js';
import type { Report } from '../report/types.js';
import { TOOL_NAME, toolVersion } from '../version.js';

export const SPAN_KIND_INTERNAL = 1;
export const SPAN_KIND_CLIENT = 3;
export const STATUS_CODE_ERROR = 2;

export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  /** int64: a decimal string in OTLP/JSON. */
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  traceState?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  /** An agent span links to the setup span whose tool listing the run used. */
  links?: Array<{ traceId: string; spanId: string; traceState?: string }>;
  status?: { code: number; message?: string };
}

export interface OtlpTraceRequest {
  resourceSpans: Array<{
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: Array<{ scope: { name: string; version: string }; spans: OtlpSpan[] }>;
  }>;
}

/** A model column of the report: where its GenAI request attributes come from. */
export interface OtlpModelInfo {
  provider?: string;
  model?: string;
  endpoint?: string;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

export interface OtlpOptions {
  /** service.name (default mcp-evals). */
  serviceName?: string;
  /** service.version and the scope's version (default this tool's version). */
  serviceVersion?: string;
  resourceAttributes?: Record<string, string | number | boolean>;
  /** By model config id (the trace's `model`). */
  models?: Record<string, OtlpModelInfo>;
  /** mcp.protocol.version on tool spans. */
  protocolVersion?: string;
  /** network.transport on tool spans: pipe for stdio, tcp for HTTP. */
  transport?: 'stdio' | 'http';
  /** W3C tracestate of traces that do not record their own (older traces.jsonl lines). */
  traceState?: string;
  /** The evaluation's shared setup requests, a trace of their own. */
  setup?: SetupTrace;
}

/** What toOtlpJson reads of a trace line. */
export type OtlpInput = Pick<TraceLine, 'caseId' | 'model' | 'trace' | 'cached'> & Partial<Pick<TraceLine, 'outcome' | 'passed' | 'tier' | 'repeat'>>;

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;
const NANOS_PER_MS = 1_000_000n;
const MAX_ATTRIBUTE_CHARS = 4096;
const MAX_MESSAGE_CHARS = 65_536;
/** Span attributes the mapping below already carries; any other (layer 2's fault, injection, ...) becomes `mcp-evals.<key>`. */
const MAPPED: Record<Span['kind'], ReadonlySet<string>> = {
  agent: new Set(['caseId', 'prompt', 'repeat', 'stopReason', 'steps']),
  model: new Set(['model', 'responseModel', 'responseId', 'inputTokens', 'outputTokens', 'costUsd', 'stopReason', 'attempts', 'toolCalls', 'errorType']),
  tool: new Set(['callId', 'requestId', 'errorType', 'rpcCode', 'arguments', 'result', 'invalid', 'empty', 'exchanges', 'inputRounds']),
  mcp: new Set(['method', 'target', 'resourceUri', 'requestId', 'errorType', 'rpcCode']),
};
/** Always doubles, even when the value happens to be whole (a backend wants one type per key). */
const DOUBLE_KEYS = new Set(['gen_ai.request.temperature', 'mcp-evals.cost_usd']);

/**
 * One resourceSpans (service mcp-evals) with one scopeSpans holding every span of every run.
 * A run whose ids are not valid W3C ids (a run that never started) contributes no span.
 */
export function toOtlpJson(lines: readonly OtlpInput[], options: OtlpOptions = {}): OtlpTraceRequest {
  const version = options.serviceVersion ?? toolVersion();
  const spans = [...setupSpans(options), ...lines.flatMap((line) => runSpans(line, options))];
  if (spans.length === 0) return { resourceSpans: [] }; // OTLP: senders SHOULD NOT send empty envelopes
  const resource = attributes({ 'service.name': options.serviceName ?? TOOL_NAME, 'service.version': version, ...options.resourceAttributes });
  return { resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: TOOL_NAME, version }, spans }] }] };
}

/** The options that make the file and the export describe a report's run the same way. */
export function otlpOptionsFromReport(report: Report, extra: Pick<OtlpOptions, 'traceState' | 'setup'> = {}): OtlpOptions {
  const header = report.header;
  const models: Record<string, OtlpModelInfo> = {};
  for (const model of report.behaviour?.models ?? []) {
    models[model.id] = { provider: model.provider, model: model.model, endpoint: model.endpoint, temperature: model.temperature, maxTokens: model.maxTokens, seed: model.seed };
  }
  const resourceAttributes: Record<string, string> = { 'mcp-evals.server.transport': header.server.transport };
  if (header.server.name) resourceAttributes['mcp-evals.server.name'] = header.server.name;
  // The daemon files runs by project: the server's name, where the server gave one.
  if (header.server.name) resourceAttributes['mcp-evals.project'] = header.server.name;
  if (header.server.version) resourceAttributes['mcp-evals.server.version'] = header.server.version;
  if (header.experiment) resourceAttributes['mcp-evals.experiment'] = header.experiment;
  return {
    serviceVersion: header.tool.version,
    resourceAttributes,
    models,
    protocolVersion: report.behaviour?.protocolEra ?? header.protocolEra,
    transport: header.server.transport,
    ...extra,
  };
}

/** How many spans a request carries. */
export function spanCount(request: OtlpTraceRequest): number {
  return request.resourceSpans.reduce((n, r) => n + r.scopeSpans.reduce((m, s) => m + s.spans.length, 0), 0);
}

function runSpans(line: OtlpInput, options: OtlpOptions): OtlpSpan[] {
  const trace = line.trace;
  const info = options.models?.[line.model] ?? {};
  const setup = validSetup(options.setup);
  const link = setup ? [{ traceId: setup.traceId, spanId: setup.spanId, ...(setup.traceState ? { traceState: setup.traceState } : {}) }] : undefined;
  return traceSpans(trace, trace.traceState ?? options.traceState, (span) => ({ ...describe(span, line, info, options), ...(span.kind === 'agent' && link ? { links: link } : {}) }));
}

/** The setup trace: a root span and the MCP client spans of the requests every run relied on. */
function setupSpans(options: OtlpOptions): OtlpSpan[] {
  const setup = validSetup(options.setup);
  if (!setup) return [];
  const root: Span = { spanId: setup.spanId, kind: 'agent', name: 'setup', startMs: 0, durationMs: setup.durationMs, attributes: {} };
  const spans = [root, ...setup.spans.filter((span) => span.kind === 'mcp')];
  return traceSpans({ traceId: setup.traceId, startedAt: setup.startedAt, spans }, setup.traceState ?? options.traceState, (span) =>
    span === root
      ? {
          name: `${TOOL_NAME} setup`,
          kind: SPAN_KIND_INTERNAL,
          attributes: { 'mcp.protocol.version': options.protocolVersion, 'network.transport': networkTransport(options), 'mcp-evals.phase': 'setup' },
        }
      : mcpSpan(span, {}, options),
  );
}

function validSetup(setup: SetupTrace | undefined): SetupTrace | undefined {
  if (!setup || !HEX32.test(setup.traceId) || !HEX16.test(setup.spanId) || !Number.isFinite(Date.parse(setup.startedAt))) return undefined;
  return setup;
}

interface Described {
  name: string;
  kind: number;
  attributes: Record<string, Plain>;
  links?: OtlpSpan['links'];
}

/** One trace's spans, each described by `describe`; spans whose ids are not valid W3C ids are left out. */
function traceSpans(trace: Pick<Trace, 'traceId' | 'startedAt' | 'spans'>, traceState: string | undefined, describeSpan: (span: Span) => Described): OtlpSpan[] {
  const traceId = trace.traceId.toLowerCase();
  const startedMs = Date.parse(trace.startedAt);
  if (!HEX32.test(traceId) || /^0+$/.test(traceId) || !Number.isFinite(startedMs)) return [];
  const base = BigInt(Math.round(startedMs)) * NANOS_PER_MS;
  const out: OtlpSpan[] = [];
  for (const span of trace.spans) {
    const spanId = span.spanId.toLowerCase();
    if (!HEX16.test(spanId) || /^0+$/.test(spanId)) continue;
    const start = base + nanos(span.startMs);
    const end = start + nanos(span.durationMs);
    const described = describeSpan(span);
    for (const [key, value] of Object.entries(span.attributes ?? {})) {
      const name = `mcp-evals.${key}`;
      if (MAPPED[span.kind]?.has(key) || name in described.attributes) continue;
      described.attributes[name] = typeof value === 'string' ? clip(value) : typeof value === 'number' || typeof value === 'boolean' ? value : value === undefined || value === null ? undefined : clip(JSON.stringify(value));
    }
    const otlp: OtlpSpan = {
      traceId,
      spanId,
      ...(span.parentSpanId && HEX16.test(span.parentSpanId.toLowerCase()) ? { parentSpanId: span.parentSpanId.toLowerCase() } : {}),
      ...(traceState ? { traceState } : {}),
      name: described.name,
      kind: described.kind,
      startTimeUnixNano: start.toString(),
      endTimeUnixNano: end.toString(),
      attributes: attributes(described.attributes),
      ...(described.links ? { links: described.links } : {}),
    };
    if (span.error !== undefined) otlp.status = { code: STATUS_CODE_ERROR, message: clip(span.error) };
    out.push(otlp);
  }
  return out;
}

type Plain = string | number | boolean | string[] | undefined | null;

/** One message as `gen_ai.input.messages` / `gen_ai.output.messages` carry it: a JSON string. */
function messages(role: 'user' | 'assistant', text: string, finishReason?: string): string {
  // Cut inside the JSON (which stays valid), and wider than other attributes: a daemon scores this text.
  const content = text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
  return JSON.stringify([{ role, parts: [{ type: 'text', content }], ...(finishReason ? { finish_reason: finishReason } : {}) }]);
}

function describe(span: Span, line: OtlpInput, info: OtlpModelInfo, options: OtlpOptions): Described {
  const a = span.attributes;
  const common: Record<string, Plain> = { 'mcp-evals.case.id': line.caseId, 'mcp-evals.repeat': line.trace.repeat, 'mcp-evals.model.id': line.model };
  if (span.kind === 'agent') {
    const trace: Trace = line.trace;
    const failedModel = trace.spans.find((s) => s.kind === 'model' && s.error !== undefined);
    return {
      name: `invoke_agent ${line.caseId}`,
      kind: SPAN_KIND_INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': info.provider,
        'gen_ai.request.model': info.model,
        'gen_ai.usage.input_tokens': trace.usage.inputTokens,
        'gen_ai.usage.output_tokens': trace.usage.outputTokens,
        // The case's prompt and the final answer, in the conventions' message format, so that a
        // daemon can make the run a case again (capture) and score its answer after the fact.
        'gen_ai.input.messages': typeof span.attributes.prompt === 'string' ? messages('user', span.attributes.prompt) : undefined,
        'gen_ai.output.messages': trace.stopReason === 'answer' ? messages('assistant', trace.finalAnswer, 'stop') : undefined,
        ...common,
        'mcp-evals.case.tier': line.tier,
        'mcp-evals.run.outcome': line.outcome,
        'mcp-evals.run.passed': line.passed ?? undefined,
        'mcp-evals.run.cached': line.cached,
        'mcp-evals.run.stop_reason': trace.stopReason,
        'mcp-evals.run.steps': trace.steps,
        'mcp-evals.run.tool_calls': trace.toolCalls.length,
        'mcp-evals.cost_usd': trace.costUsd ?? undefined,
        'mcp-evals.cost_known': trace.costUsd !== null,
        // The run failed with its model call: the same class of error.
        'error.type': span.error !== undefined ? (stringOr(failedModel?.attributes.errorType) ?? '_OTHER') : undefined,
      },
    };
  }
  if (span.kind === 'model') {
    const model = typeof a.model === 'string' ? a.model : (info.model ?? span.name);
    const server = serverOf(info.endpoint);
    return {
      name: `chat ${model}`,
      kind: SPAN_KIND_CLIENT,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': info.provider,
        'gen_ai.request.model': model,
        'gen_ai.request.temperature': info.temperature,
        'gen_ai.request.max_tokens': info.maxTokens,
        'gen_ai.request.seed': info.seed,
        'gen_ai.response.model': stringOr(a.responseModel),
        'gen_ai.response.id': stringOr(a.responseId),
        'gen_ai.usage.input_tokens': numberOr(a.inputTokens),
        'gen_ai.usage.output_tokens': numberOr(a.outputTokens),
        'gen_ai.response.finish_reasons': typeof a.stopReason === 'string' ? [a.stopReason] : undefined,
        'server.address': server?.address,
        'server.port': server?.port,
        'error.type': span.error !== undefined ? (stringOr(a.errorType) ?? '_OTHER') : undefined,
        ...common,
        'mcp-evals.cost_usd': numberOr(a.costUsd),
        'mcp-evals.cost_known': span.error === undefined ? typeof a.costUsd === 'number' : undefined,
        'mcp-evals.model.attempts': numberOr(a.attempts),
        'mcp-evals.model.tool_calls': Array.isArray(a.toolCalls) ? a.toolCalls.map(String) : undefined,
      },
    };
  }
  if (span.kind === 'mcp') return mcpSpan(span, common, options);
  // A tool call: sent to the server it is the MCP tools/call client span too (CLIENT); a made-up call never sent is INTERNAL.
  const sent = typeof a.exchanges === 'number' ? a.exchanges > 0 : a.invalid !== true;
  const errorType = span.error === undefined ? undefined : (stringOr(a.errorType) ?? (a.invalid === true ? 'invalid_tool_call' : olderToolErrorType(span.error)));
  const rpcCode = stringOr(a.rpcCode) ?? (span.error !== undefined ? /^Error (-?\d+):/.exec(span.error)?.[1] : undefined);
  return {
    name: sent ? `tools/call ${span.name}` : `execute_tool ${span.name}`,
    kind: sent ? SPAN_KIND_CLIENT : SPAN_KIND_INTERNAL,
    attributes: {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': span.name,
      'gen_ai.tool.call.id': stringOr(a.callId),
      'gen_ai.tool.call.arguments': a.arguments === undefined ? undefined : clip(JSON.stringify(a.arguments)),
      'gen_ai.tool.call.result': typeof a.result === 'string' && span.error === undefined ? clip(a.result) : undefined,
      'mcp.method.name': sent ? 'tools/call' : undefined,
      'jsonrpc.request.id': sent ? stringOr(a.requestId) : undefined,
      'mcp.protocol.version': sent ? options.protocolVersion : undefined,
      'network.transport': sent ? networkTransport(options) : undefined,
      'error.type': errorType,
      'rpc.response.status_code': rpcCode,
      ...common,
      'mcp-evals.tool.invalid': a.invalid === true,
      'mcp-evals.tool.empty': a.empty === true,
      'mcp-evals.mcp.exchanges': numberOr(a.exchanges),
      'mcp-evals.mcp.input_rounds': numberOr(a.inputRounds),
    },
  };
}

/** An MCP request other than an agent's tool call: `{mcp.method.name} {target}` (CLIENT). */
function mcpSpan(span: Span, common: Record<string, Plain>, options: OtlpOptions): Described {
  const a = span.attributes;
  const method = stringOr(a.method) ?? span.name;
  const target = stringOr(a.target);
  return {
    name: target ? `${method} ${target}` : method,
    kind: SPAN_KIND_CLIENT,
    attributes: {
      'mcp.method.name': method,
      'jsonrpc.request.id': stringOr(a.requestId),
      'mcp.protocol.version': options.protocolVersion,
      'network.transport': networkTransport(options),
      'gen_ai.operation.name': method === 'tools/call' ? 'execute_tool' : undefined,
      'gen_ai.tool.name': method === 'tools/call' ? target : undefined,
      'gen_ai.prompt.name': method === 'prompts/get' ? target : undefined,
      'mcp.resource.uri': stringOr(a.resourceUri),
      'error.type': span.error !== undefined ? (stringOr(a.errorType) ?? '_OTHER') : undefined,
      'rpc.response.status_code': stringOr(a.rpcCode),
      ...common,
    },
  };
}

/** network.transport per the MCP conventions: `pipe` for stdio, `tcp` for HTTP. */
function networkTransport(options: OtlpOptions): string | undefined {
  return options.transport ? (options.transport === 'stdio' ? 'pipe' : 'tcp') : undefined;
}

/** error.type of a tool span recorded before spans carried it (a cached trace): read from its error text. */
function olderToolErrorType(error: string): string {
  const rpc = /^Error (-?\d+):/.exec(error)?.[1];
  if (rpc) return rpc;
  if (/^Error: (no response|response body not complete) within /.test(error)) return 'timeout';
  const status = /^Error: HTTP (\d{3})\b/.exec(error)?.[1];
  return status ?? 'tool_error';
}

/** Typed OTLP attributes; undefined and null values are left out, integers become intValue. */
function attributes(values: Record<string, Plain>): OtlpKeyValue[] {
  const out: OtlpKeyValue[] = [];
  for (const [key, value] of Object.entries(values)) {
    const encoded = anyValue(value, DOUBLE_KEYS.has(key));
    if (encoded) out.push({ key, value: encoded });
  }
  return out;
}

function anyValue(value: Plain, double = false): OtlpAnyValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((item) => ({ stringValue: item })) } };
  if (!Number.isFinite(value)) return undefined;
  return Number.isSafeInteger(value) && !double ? { intValue: String(value) } : { doubleValue: value };
}

function nanos(ms: number): bigint {
  return Number.isFinite(ms) && ms > 0 ? BigInt(Math.round(ms * 1_000_000)) : 0n;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? clip(value) : undefined;
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function clip(text: string): string {
  return text.length > MAX_ATTRIBUTE_CHARS ? `${text.slice(0, MAX_ATTRIBUTE_CHARS)}…` : text;
}

/** server.address / server.port of a model endpoint (never its credentials or path). */
function serverOf(endpoint: string | undefined): { address: string; port: number } | undefined {
  if (!endpoint) return undefined;
  try {
    const url = new URL(endpoint);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    return { address: url.hostname, port };
  } catch {
    return undefined;
  }
}

/** The lines of traces.jsonl that carry a trace (lines read back from disk may be anything). */
export function otlpInputs(values: readonly unknown[]): OtlpInput[] {
  return values.filter((value): value is OtlpInput => {
    if (typeof value !== 'object' || value === null) return false;
    const line = value as Partial<OtlpInput>;
    const trace = line.trace as Partial<Trace> | undefined;
    return typeof line.caseId === 'string' && typeof line.model === 'string' && typeof trace === 'object' && trace !== null && typeof trace.traceId === 'string' && typeof trace.startedAt === 'string' && Array.isArray(trace.spans);
  });
}
