/** Wire-level types shared by the transports, the client and the conformance checks. */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: unknown };

/** The protocol revisions this tool speaks. */
export type Era = '2026-07-28' | '2025-11-25';
export const MODERN: Era = '2026-07-28';
export const LEGACY: Era = '2025-11-25';

export type TransportKind = 'stdio' | 'http';

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A JSON-RPC message as received; fields are unknown until a check validates them. */
export interface ReceivedMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
  result?: unknown;
  error?: unknown;
}

/**
 * One request/response round trip, recorded byte-exact enough for a report's evidence.
 * Bodies are kept as text (truncated for the report, never for parsing).
 */
export interface Exchange {
  /** Monotonic sequence number within one run. */
  seq: number;
  transport: TransportKind;
  era: Era | 'probe';
  request: {
    method: string;
    /** HTTP only: the request headers actually sent (secrets redacted). */
    headers?: Record<string, string>;
    httpMethod?: string;
    body: string;
  };
  response?: {
    /** HTTP only. */
    status?: number;
    headers?: Record<string, string>;
    /** The raw body (HTTP) or the raw lines received while waiting (stdio). */
    body: string;
    /** Every JSON-RPC message parsed from the body, in order (SSE events, stdout lines). */
    messages: ReceivedMessage[];
    /** The message answering this request, when one came. */
    answer?: ReceivedMessage;
    /** Lines or events that were not valid JSON-RPC. */
    garbage: string[];
    /** HTTP: the ids of SSE priming events (an event ID and empty data, sse.ts isPrimingEvent): neither messages nor garbage. */
    priming?: string[];
    contentType?: string;
  };
  /** Set when no usable answer came: deadline, crash, oversize body, connection error. */
  failure?: string;
  /** What the run itself saw of, and did around, the exchange: kept apart from what the server sent (its response headers). */
  observed?: {
    /** HTTP, SSE: whether the stream closed within a grace period after the event carrying the answer. */
    streamClosedAfterAnswer?: boolean;
    /**
     * HTTP: the connection closed before any answer, so the request was sent once more on a fresh
     * connection (a keep-alive race on a loaded machine): what the first attempt met, and what the second got.
     */
    retriedAfterClose?: { firstFailure: string; secondOutcome: string };
    /**
     * The answer came after the request's deadline, while the run waited on for it (connection.ts
     * Overtime): judged as an answer, and the check warns that it came over --timeout.
     */
    answeredLate?: { afterMs: number; timeoutMs: number };
  };
  startedAt: number;
  durationMs: number;
}
