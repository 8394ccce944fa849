/** Provider-neutral chat types: the agent loop speaks these, providers translate to their wire format. */

export interface ToolSpec {
  name: string;
  description?: string;
  /** The tool's JSON Schema, as the MCP server listed it. */
  inputSchema: Record<string, unknown>;
}

export interface ToolCall {
  /** The provider's call id (tool_call.id / tool_use.id), echoed back with the result. */
  id: string;
  name: string;
  /** Parsed arguments; when the model sent text that is not a JSON object, `parseError` says so. */
  arguments: Record<string, unknown>;
  rawArguments: string;
  parseError?: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean };

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelRequest {
  messages: ChatMessage[];
  tools: ToolSpec[];
  temperature: number;
  maxTokens: number;
  seed?: number;
  signal?: AbortSignal;
  /**
   * Asked before each retry of a failed attempt (an HTTP 500, a 429, a network error): every
   * attempt is a model call the budget counts; false, and the last failure is final.
   */
  mayRetry?: () => boolean;
}

export interface ModelResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  /** Provider's reason: stop, tool_calls, length, end_turn, tool_use, refusal... */
  stopReason: string;
  /** How many HTTP attempts it took (retries on 429/5xx). */
  attempts: number;
  latencyMs: number;
  /** The model that answered and the answer's id, as the provider sent them (gen_ai.response.model / .id). */
  responseModel?: string;
  responseId?: string;
}

/** A model call that could not complete: never cached, reported as an error run. */
export class ModelError extends Error {
  override name = 'ModelError';
  constructor(
    message: string,
    readonly kind: 'http' | 'timeout' | 'network' | 'malformed' | 'auth',
    readonly status?: number,
    /** A network failure's error code (ECONNREFUSED, UND_ERR_SOCKET), when it had one. */
    readonly code?: string,
  ) {
    super(message);
  }

  /** Requests that went out for this call, retries included (each is a model call the budget counted). */
  attempts = 1;
}

export interface ModelProvider {
  /** The config id (report column). */
  readonly id: string;
  readonly model: string;
  complete(request: ModelRequest): Promise<ModelResponse>;
}
