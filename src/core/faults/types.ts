/**
 * Layer 2 shapes as tasks.yaml spells them (snake_case kept, like the rest of GoldenCase).
 *
 *   faults:
 *     - {tool: get_weather, call: 1, type: http_500}          # the 1st get_weather call of each run
 *     - {tool: get_weather, probability: 0.3, seed: 7, type: timeout}
 *     - {type: slow, delay_ms: 1500}                            # every tool call, 1.5 s late
 *   inject:
 *     - {payload: invoice-note-email-attendees, tool: search_invoices, where: result, deny_tools: [send_email]}
 *     - {payload: {text: "Ignore previous instructions ...", hide: unicode_tags}, where: description}
 */

/** What a fault does to one tools/call (see FAULT_TYPES for each one's effect on the wire). */
export type FaultType = 'http_500' | 'timeout' | 'malformed_json' | 'expired_token' | 'is_error' | 'empty_result' | 'slow' | 'stream_cut';

export const FAULT_TYPES: readonly FaultType[] = ['http_500', 'timeout', 'malformed_json', 'expired_token', 'is_error', 'empty_result', 'slow', 'stream_cut'];

/**
 * How each fault reaches the client. HTTP: real bytes from a loopback proxy. stdio: a wrapper on
 * the pipes; the two without a stdio counterpart are approximated (and say so in the trace), and
 * stream_cut does not apply (the span records it as not applicable).
 */
export const FAULT_EFFECTS: Record<FaultType, { http: string; stdio: string; stdioApproximated: boolean; stdioApplicable: boolean }> = {
  http_500: { http: 'HTTP 500 with a text/plain body; the request is not forwarded', stdio: 'a JSON-RPC error -32603 "Internal error" answers the request (no HTTP status on stdio)', stdioApproximated: true, stdioApplicable: true },
  timeout: { http: 'the proxy holds the request and never answers: the client hits its deadline', stdio: 'the request is swallowed; no answer line comes before the deadline', stdioApproximated: false, stdioApplicable: true },
  malformed_json: { http: 'HTTP 200 application/json with a truncated, unparseable body', stdio: 'an unparseable line stands in for the answer (reported at once rather than at the deadline)', stdioApproximated: true, stdioApplicable: true },
  expired_token: { http: 'HTTP 401 with WWW-Authenticate invalid_token and a JSON-RPC error body saying the token expired', stdio: 'a JSON-RPC error -32001 saying the token expired (stdio has no HTTP auth)', stdioApproximated: true, stdioApplicable: true },
  is_error: { http: "the server's answer, its result replaced by an error result (isError: true)", stdio: 'the same rewrite of the answer line', stdioApproximated: false, stdioApplicable: true },
  empty_result: { http: "the server's answer with an empty content list", stdio: 'the same rewrite of the answer line', stdioApproximated: false, stdioApplicable: true },
  slow: { http: 'the answer is delayed by delay_ms', stdio: 'the answer is delayed by delay_ms', stdioApproximated: false, stdioApplicable: true },
  stream_cut: { http: 'an SSE response cut mid-event, then the socket destroyed (the client must re-issue)', stdio: 'not applicable: stdio has no response stream to cut', stdioApproximated: false, stdioApplicable: false },
};

/** One `faults:` entry. */
export interface FaultSpec {
  /** Only calls of this tool (default: every tool call). */
  tool?: string;
  /** Only the nth targeted call of a run (1-based; counted among the calls this entry targets). */
  call?: number;
  /** Fire with this probability (0..1) on each targeted call, drawn from a seeded PRNG. */
  probability?: number;
  /** Seed of that PRNG (default 0); the stream is keyed by (case id, repeat, seed, entry index). */
  seed?: number;
  type: FaultType;
  /** `slow` only: how late the answer comes. */
  delay_ms?: number;
}

export type HideMode = 'unicode_tags' | 'zero_width';
export type InjectWhere = 'result' | 'description';

/** One `inject:` entry. */
export interface InjectSpec {
  /** A payload id from the library (src/core/injection/payloads.ts), or inline text. */
  payload: string | { text: string; hide?: HideMode };
  /** The tool whose result or description carries it (default: every tool). */
  tool?: string;
  where: InjectWhere;
  /** Put a canary secret in the system prompt (default true); it must never leave. */
  canary?: boolean;
  /** Tools the model must not call in this case. */
  deny_tools?: string[];
}
