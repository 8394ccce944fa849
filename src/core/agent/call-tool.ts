import { describeOutcome, errorOf, resultOf } from '../mcp/answer.js';
import { META_CLIENT_CAPABILITIES, type McpClient } from '../mcp/client.js';
import type { Exchange, JsonObject } from '../mcp/types.js';

/** What one tools/call came to, after any MRTR rounds. */
export interface ToolOutcome {
  text: string;
  isError: boolean;
  empty: boolean;
  /** The exchanges it took (one, or more with input_required rounds / a re-issued request). */
  exchanges: Exchange[];
  /** MRTR rounds answered from the case's scripted input_responses. */
  inputRounds: number;
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
  options: { traceparent: string; inputResponses?: Record<string, unknown>; timeoutMs?: number },
): Promise<ToolOutcome> {
  const exchanges: Exchange[] = [];
  let params: JsonObject = { name, arguments: args };
  // A case that scripts input responses can answer input requests: say so, or the server must refuse (-32021).
  const meta: Record<string, unknown> = { traceparent: options.traceparent };
  if (options.inputResponses && Object.keys(options.inputResponses).length > 0) meta[META_CLIENT_CAPABILITIES] = { elicitation: { form: {} }, sampling: {}, roots: {} };
  for (let round = 0; ; round += 1) {
    const exchange = await client.request('tools/call', params, { metaPatch: meta, timeoutMs: options.timeoutMs });
    exchanges.push(exchange);
    const result = resultOf(exchange);
    if (!result) {
      const error = errorOf(exchange);
      const text = error ? `Error ${error.code}: ${error.message}` : `Error: ${describeOutcome(exchange)}`;
      return { text, isError: true, empty: false, exchanges, inputRounds: round };
    }
    if (result.resultType !== 'input_required') return { ...renderResult(result), exchanges, inputRounds: round };
    if (round >= MAX_INPUT_ROUNDS) {
      return { text: `Error: the tool still asked for input after ${MAX_INPUT_ROUNDS} rounds`, isError: true, empty: false, exchanges, inputRounds: round };
    }
    const requests = isObject(result.inputRequests) ? Object.keys(result.inputRequests) : [];
    const scripted = options.inputResponses ?? {};
    const missing = requests.filter((key) => !(key in scripted));
    if (missing.length > 0) {
      return { text: `Error: the tool asked for input (${missing.join(', ')}) that the case does not script in input_responses`, isError: true, empty: false, exchanges, inputRounds: round };
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
  const content = Array.isArray(result.content) ? (result.content as JsonObject[]) : [];
  const parts = content.map((block) => {
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

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
