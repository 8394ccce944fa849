import { describeOutcome, errorOf, resultOf } from '../mcp/answer.js';
import { META_CLIENT_CAPABILITIES, type McpClient } from '../mcp/client.js';
import { isStreamCut } from '../mcp/http-transport.js';
import type { Exchange, JsonObject } from '../mcp/types.js';
import { errorTypeOf } from '../telemetry/trace-context.js';

/** What one tools/call came to, after any MRTR rounds. */
export interface ToolOutcome {
  text: string;
  isError: boolean;
  empty: boolean;
  /** The exchanges it took (one, or more with input_required rounds / a re-issued request). */
  exchanges: Exchange[];
  /** MRTR rounds answered from the case's scripted input_responses. */
  inputRounds: number;
  /** Set when an SSE response stream was cut before its answer and the request re-issued (new id). */
  reissued?: { requestIds: unknown[] };
  /** OpenTelemetry error.type of a failed call (telemetry/trace-context.ts errorTypeOf), else undefined. */
  errorType?: string;
  /** The JSON-RPC id of the last request sent (jsonrpc.request.id). */
  requestId?: string;
}

const MAX_INPUT_ROUNDS = 4;
const MAX_RESULT_CHARS = 20_000;

/**
 * Calls a tool the way a 2026-07-28 client does: an `input_required` result is answered from the
 * case's scripted `input_responses` and the call re-issued (new id, same params plus the
 * responses and the server's requestState).
 */
export async function callTool(
  client: McpClient,
  name: string,
  args: Record<string, unknown>,
  options: { traceparent: string; tracestate?: string; inputResponses?: Record<string, unknown>; timeoutMs?: number },
): Promise<ToolOutcome> {
  const exchanges: Exchange[] = [];
  let params: JsonObject = { name, arguments: args };
  // A case that scripts input responses can answer input requests: say so, or the server must refuse (-32021).
  const meta: Record<string, unknown> = { traceparent: options.traceparent };
  // W3C tracestate rides next to traceparent, unprefixed (MCP SEP-414, OpenTelemetry MCP conventions).
  if (options.tracestate) meta.tracestate = options.tracestate;
  if (options.inputResponses && Object.keys(options.inputResponses).length > 0) meta[META_CLIENT_CAPABILITIES] = { elicitation: { form: {} }, sampling: {}, roots: {} };
  let reissued: ToolOutcome['reissued'];
  for (let round = 0; ; round += 1) {
    let exchange = await client.request('tools/call', params, { metaPatch: meta, timeoutMs: options.timeoutMs });
    exchanges.push(exchange);
    // 2026-07-28: a request whose SSE stream is cut before the answer is lost; re-issue it once, as a new request (new id).
    if (!reissued && isStreamCut(exchange)) {
      const first = exchange;
      exchange = await client.request('tools/call', params, { metaPatch: meta, timeoutMs: options.timeoutMs });
      exchanges.push(exchange);
      reissued = { requestIds: [requestIdOf(first), requestIdOf(exchange)] };
    }
    const id = requestIdOf(exchange);
    const extra = { ...(reissued ? { reissued } : {}), ...(id !== undefined && id !== null ? { requestId: String(id) } : {}) };
    const result = resultOf(exchange);
    if (!result) {
      const error = errorOf(exchange);
      const text = error ? `Error ${error.code}: ${error.message}` : `Error: ${describeOutcome(exchange)}`;
      return { text, isError: true, empty: false, exchanges, inputRounds: round, errorType: errorTypeOf(exchange) ?? '_OTHER', ...extra };
    }
    if (result.resultType !== 'input_required') {
      const rendered = renderResult(result);
      return { ...rendered, exchanges, inputRounds: round, ...(rendered.isError ? { errorType: 'tool_error' } : {}), ...extra };
    }
    if (round >= MAX_INPUT_ROUNDS) {
      return { text: `Error: the tool still asked for input after ${MAX_INPUT_ROUNDS} rounds`, isError: true, empty: false, exchanges, inputRounds: round, errorType: 'input_required', ...extra };
    }
    const requests = isObject(result.inputRequests) ? Object.keys(result.inputRequests) : [];
    const scripted = options.inputResponses ?? {};
    const missing = requests.filter((key) => !(key in scripted));
    if (missing.length > 0) {
      return { text: `Error: the tool asked for input (${missing.join(', ')}) that the case does not script in input_responses`, isError: true, empty: false, exchanges, inputRounds: round, errorType: 'input_required', ...extra };
    }
    params = {
      name,
      arguments: args,
      inputResponses: Object.fromEntries(requests.map((key) => [key, scripted[key]])),
      ...(typeof result.requestState === 'string' ? { requestState: result.requestState } : {}),
    };
  }
}

/** The text a model sees for a CallToolResult: text blocks, else structured content, else a description. */
export function renderResult(result: JsonObject): { text: string; isError: boolean; empty: boolean } {
  const content: unknown[] = Array.isArray(result.content) ? result.content : [];
  const parts = content.map((block) => {
    // The server's content is untrusted: a block that is not an object is shown, not dereferenced.
    if (!isObject(block)) return `[${block === null ? 'null' : Array.isArray(block) ? 'array' : typeof block} content block]`;
    if (block.type === 'text' && typeof block.text === 'string') return block.text;
    if (block.type === 'resource_link') return `[resource ${String(block.uri)}]`;
    if (block.type === 'resource' && isObject(block.resource)) return typeof block.resource.text === 'string' ? block.resource.text : `[resource ${String(block.resource.uri)}]`;
    return `[${String(block.type)} content]`;
  });
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join('\n');
  return {
    text: text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}… (truncated)` : text,
    isError: result.isError === true,
    empty: content.length === 0 && result.structuredContent === undefined,
  };
}

/** The JSON-RPC id a recorded request was sent with. */
function requestIdOf(exchange: Exchange): unknown {
  try {
    return (JSON.parse(exchange.request.body) as { id?: unknown }).id;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
