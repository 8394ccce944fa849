/** OpenAI Chat Completions (and every server that speaks it: Ollama, vLLM, LM Studio, llama.cpp, Azure-style proxies). */
import type { ModelConfig } from '../config/types.js';
import { callProvider, count, isRecord, responseIdentity, type ProviderOptions } from './http.js';
import { parseToolArguments } from './tool-args.js';
import { ModelError, type ChatMessage, type ModelProvider, type ModelRequest, type ModelResponse, type ToolCall, type ToolSpec } from './types.js';

export type OpenAIWireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIWireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAIWireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAIWireTool {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

export class OpenAIProvider implements ModelProvider {
  readonly id: string;
  readonly model: string;
  readonly url: string;

  constructor(
    private readonly config: ModelConfig,
    private readonly apiKey: string | undefined,
    private readonly options: ProviderOptions = {},
  ) {
    this.id = config.id;
    this.model = config.model;
    this.url = `${config.endpoint.replace(/\/+$/, '')}/chat/completions`;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const headers: Record<string, string> = {};
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    const { config, apiKey, options, url } = this;
    return callProvider({ config, apiKey, options, url, headers, body: toOpenAIRequest(this.model, request), signal: request.signal, mayRetry: request.mayRetry, parse: fromOpenAIResponse });
  }
}

/**
 * Reasoning models (o1, o3, o4-mini, gpt-5...) reject `max_tokens` and want `max_completion_tokens`;
 * everything else (and every local server) gets `max_tokens`.
 */
export function usesMaxCompletionTokens(model: string): boolean {
  return /^(o\d|gpt-5)/i.test(model.replace(/^openai\//i, ''));
}

export function toOpenAIRequest(model: string, request: ModelRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model,
    messages: request.messages.map(toWireMessage),
  };
  if (request.tools.length > 0) body.tools = request.tools.map(toWireTool);
  body.temperature = request.temperature;
  body[usesMaxCompletionTokens(model) ? 'max_completion_tokens' : 'max_tokens'] = request.maxTokens;
  if (request.seed !== undefined) body.seed = request.seed;
  return body;
}

function toWireMessage(message: ChatMessage): OpenAIWireMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return { role: 'assistant', content: message.content === '' ? null : message.content, tool_calls: calls.map(toWireToolCall) };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

function toWireToolCall(call: ToolCall): OpenAIWireToolCall {
  // Echo the model's own text when it was valid; never send back text a strict server would reject.
  const args = call.parseError === undefined && call.rawArguments.trim() !== '' ? call.rawArguments : JSON.stringify(call.arguments);
  return { id: call.id, type: 'function', function: { name: call.name, arguments: args } };
}

function toWireTool(tool: ToolSpec): OpenAIWireTool {
  return { type: 'function', function: { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), parameters: tool.inputSchema } };
}

export function fromOpenAIResponse(json: unknown, label: string): Omit<ModelResponse, 'attempts' | 'latencyMs'> {
  const malformed = (why: string) => new ModelError(`${label}: malformed answer: ${why}`, 'malformed', 200);
  if (!isRecord(json)) throw malformed('the body is not a JSON object');
  if (json.error !== undefined && json.error !== null) {
    const error = json.error;
    const text = isRecord(error) && typeof error.message === 'string' ? error.message : JSON.stringify(error);
    throw malformed(`an error in a 200 answer: ${text.slice(0, 500)}`);
  }
  const choices = json.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw malformed('no choices');
  const choice: unknown = choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) throw malformed('choices[0].message is missing');
  const message = choice.message;

  const toolCalls: ToolCall[] = [];
  const wireCalls = message.tool_calls ?? [];
  if (!Array.isArray(wireCalls)) throw malformed('message.tool_calls is not an array');
  wireCalls.forEach((wire: unknown, index) => {
    if (!isRecord(wire) || !isRecord(wire.function) || typeof wire.function.name !== 'string' || wire.function.name === '') {
      throw malformed(`tool_calls[${index}] has no function name`);
    }
    const id = typeof wire.id === 'string' && wire.id !== '' ? wire.id : `call_${index}`;
    toolCalls.push({ id, name: wire.function.name, ...parseToolArguments(wire.function.arguments) });
  });

  let text = contentText(message.content);
  let stopReason = typeof choice.finish_reason === 'string' ? choice.finish_reason : 'unknown';
  if (typeof message.refusal === 'string' && message.refusal !== '') {
    text ||= message.refusal;
    stopReason = 'refusal';
  }
  const usage = isRecord(json.usage) ? json.usage : {};
  return {
    text,
    toolCalls,
    usage: { inputTokens: count(usage.prompt_tokens), outputTokens: count(usage.completion_tokens) },
    stopReason,
    ...responseIdentity(json),
  };
}

/** `content` is a string, null (tool calls only), or on some servers an array of text parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
  }
  return '';
}
