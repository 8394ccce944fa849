/**
 * What one run of one case left behind: spans for the agent, each model call, each tool call and
 * each other MCP request the run made itself (a fault case's own initialize and tools/list).
 * telemetry/otlp.ts maps them onto the OpenTelemetry GenAI and MCP conventions.
 */

export type SpanKind = 'agent' | 'model' | 'tool' | 'mcp';

export interface Span {
  spanId: string;
  parentSpanId?: string;
  kind: SpanKind;
  /** `agent`, the model id, the tool name, or the MCP method. */
  name: string;
  /** Milliseconds since the trace started. */
  startMs: number;
  durationMs: number;
  /** Set when this step failed (a tool error, a model error). */
  error?: string;
  /**
   * model: model, responseModel, responseId, inputTokens, outputTokens, costUsd, stopReason,
   * attempts, toolCalls, errorType. tool: callId, requestId, arguments, result, invalid, empty,
   * exchanges, inputRounds, errorType, rpcCode (+ layer 2's). mcp: method, target, resourceUri,
   * requestId, errorType, rpcCode.
   */
  attributes: Record<string, unknown>;
}

export interface ToolCallRecord {
  name: string;
  arguments: Record<string, unknown>;
  /** The text the model was given back. */
  resultText: string;
  /** A JSON-RPC error, a transport failure, or a result with isError: true. */
  isError: boolean;
  /** True when the result had no content at all. */
  empty: boolean;
  /** The model asked for a tool the server does not list, or sent unparseable arguments. */
  invalid: boolean;
  latencyMs: number;
}

export type StopReason = 'answer' | 'max_steps' | 'model_error' | 'budget';

export interface Trace {
  /** 32 hex chars (W3C trace id), also sent as traceparent in every MCP request's _meta. */
  traceId: string;
  /** The W3C tracestate sent beside traceparent (config `tracestate`), recorded on every span. */
  traceState?: string;
  caseId: string;
  model: string;
  /** 0-based repeat index. */
  repeat: number;
  startedAt: string;
  durationMs: number;
  spans: Span[];
  toolCalls: ToolCallRecord[];
  finalAnswer: string;
  stopReason: StopReason;
  error?: string;
  steps: number;
  usage: { inputTokens: number; outputTokens: number };
  /** US dollars, or null when the model's price is unknown (never 0 for unknown). */
  costUsd: number | null;
}

/**
 * The evaluation's shared setup (server/discover or initialize, tools/list) as a trace of its own:
 * it happens once, before any run, over the client every Layer 1 run shares.
 */
export interface SetupTrace {
  traceId: string;
  traceState?: string;
  /** The root span the setup requests hang under. */
  spanId: string;
  startedAt: string;
  durationMs: number;
  /** The MCP client spans (kind `mcp`). */
  spans: Span[];
}
