/** What one run of one case left behind: spans for the agent, each model call and each tool call. */

export type SpanKind = 'agent' | 'model' | 'tool';

export interface Span {
  spanId: string;
  parentSpanId?: string;
  kind: SpanKind;
  /** `agent`, the model id, or the tool name. */
  name: string;
  /** Milliseconds since the trace started. */
  startMs: number;
  durationMs: number;
  /** Set when this step failed (a tool error, a model error). */
  error?: string;
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
