/**
 * The W3C trace context of one agent run, or of the evaluation's shared setup (discovery and the
 * tool listing every run uses): each MCP request a traced client sends carries a `traceparent`
 * (and the configured `tracestate`) in `params._meta` naming a client span of this trace, and that
 * span is recorded here (OpenTelemetry MCP semantic conventions, semantic-conventions-genai).
 */
import { randomBytes } from 'node:crypto';
import type { Span } from '../agent/trace.js';
import { errorOf, resultOf } from '../mcp/answer.js';
import type { RequestTracer } from '../mcp/client.js';
import type { TransportExchange } from '../mcp/connection.js';
import { STREAM_CUT } from '../mcp/http-transport.js';
import type { Exchange, JsonObject } from '../mcp/types.js';

/** Methods whose span name carries a low-cardinality target (`tools/call get_weather`). */
const TARGET_PARAM: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name' };

export class TraceContext implements RequestTracer {
  /** The client spans of requests sent under this context, children of `spanId`. */
  readonly spans: Span[] = [];

  constructor(
    readonly traceId: string,
    /** The span the context's requests hang under (the agent span, or the setup's root span). */
    readonly spanId: string,
    /** Epoch milliseconds the trace's span offsets count from. */
    readonly startedAt: number,
    readonly tracestate?: string,
  ) {}

  /** A new trace, started now. */
  static start(tracestate?: string): TraceContext {
    return new TraceContext(newTraceId(), newSpanId(), Date.now(), tracestate);
  }

  traceparent(spanId: string = this.spanId): string {
    return `00-${this.traceId}-${spanId}-01`;
  }

  meta(spanId: string = this.spanId): Record<string, string> {
    return { traceparent: this.traceparent(spanId), ...(this.tracestate ? { tracestate: this.tracestate } : {}) };
  }

  begin(): { spanId: string; meta: Record<string, string> } {
    const spanId = newSpanId();
    return { spanId, meta: this.meta(spanId) };
  }

  end(spanId: string, request: { method: string; params: JsonObject | undefined; id?: string | number }, exchange: TransportExchange): void {
    const errorType = errorTypeOf(exchange);
    const target = TARGET_PARAM[request.method];
    const targetValue = target ? request.params?.[target] : undefined;
    const uri = request.params?.uri;
    this.spans.push({
      spanId,
      parentSpanId: this.spanId,
      kind: 'mcp',
      name: request.method,
      startMs: Math.max(0, exchange.startedAt - this.startedAt),
      durationMs: exchange.durationMs,
      ...(errorType ? { error: errorText(exchange, errorType) } : {}),
      attributes: {
        method: request.method,
        ...(typeof targetValue === 'string' ? { target: targetValue } : {}),
        ...(typeof uri === 'string' ? { resourceUri: uri } : {}),
        ...(request.id !== undefined ? { requestId: String(request.id) } : {}),
        ...(errorType ? { errorType } : {}),
        ...rpcCodeOf(exchange),
      },
    });
  }
}

export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}

export function newSpanId(): string {
  return randomBytes(8).toString('hex');
}

/**
 * `error.type` of an MCP request as the conventions define it: the JSON-RPC error code; `timeout`
 * when no answer came in time; the HTTP status when the server answered one with no JSON-RPC error;
 * the error code of a failed connection (`ECONNREFUSED`); `tool_error` only for a result marked
 * `isError`. Undefined for a success.
 */
export function errorTypeOf(exchange: TransportExchange): string | undefined {
  const view = exchange as Exchange;
  const rpc = errorOf(view);
  if (rpc) return Number.isFinite(rpc.code) ? String(rpc.code) : '_OTHER';
  const failure = exchange.failure;
  const status = exchange.response?.status;
  if (failure !== undefined) {
    if (/^(no response|response body not complete) within /.test(failure)) return 'timeout';
    if (status !== undefined && (status < 200 || status >= 300)) return String(status);
    const code = /(?:request failed|response stream failed): ([A-Z][A-Z0-9_]{2,}) /.exec(failure)?.[1];
    if (code) return code;
    if (failure.startsWith('server process ')) return 'process_exited';
    if (failure.startsWith(STREAM_CUT)) return 'stream_cut';
    if (/not JSON-RPC|exceeds \d+ bytes/.test(failure)) return 'malformed_response';
    return '_OTHER';
  }
  if (status !== undefined && (status < 200 || status >= 300)) return String(status);
  const result = resultOf(view);
  if (!result) return exchange.response?.answer === undefined ? '_OTHER' : undefined;
  return result.isError === true ? 'tool_error' : undefined;
}

/** `rpc.response.status_code`: the JSON-RPC error code, when the answer is an error. */
function rpcCodeOf(exchange: TransportExchange): { rpcCode?: string } {
  const rpc = errorOf(exchange as Exchange);
  return rpc && Number.isFinite(rpc.code) ? { rpcCode: String(rpc.code) } : {};
}

/** The span's status message: the JSON-RPC error message (the conventions' choice), else what went wrong. */
function errorText(exchange: TransportExchange, errorType: string): string {
  const rpc = errorOf(exchange as Exchange);
  if (rpc) return `Error ${rpc.code}: ${rpc.message}`.slice(0, 500);
  if (exchange.failure) return exchange.failure.slice(0, 500);
  return errorType === 'tool_error' ? 'the result is marked isError' : `HTTP ${exchange.response?.status ?? '?'}`;
}
