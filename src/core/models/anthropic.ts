/** Anthropic Messages API (POST /v1/messages, anthropic-version 2023-06-01). */
import type { ModelConfig } from '../config/types.js';
import { callProvider, count, isRecord, responseIdentity, type ProviderOptions } from './http.js';
import { parseToolInput } from './tool-args.js';
import { ModelError, type ChatMessage, type ModelProvider, type ModelRequest, type ModelResponse, type ToolCall, type ToolSpec } from './types.js';

export const ANTHROPIC_VERSION = '2023-06-01';

export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

export interface AnthropicWireMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

export interface AnthropicWireTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

export class AnthropicProvider implements ModelProvider {
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
    this.url = anthropicMessagesUrl(config.endpoint);
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    const { config, apiKey, options, url } = this;
    return callProvider({ config, apiKey, options, url, headers, body: toAnthropicRequest(this.model, request), signal: request.signal, mayRetry: request.mayRetry, parse: fromAnthropicResponse });
  }
}

/** `https://api.anthropic.com` → `.../v1/messages`; an endpoint that already ends in `/v1` gets `/messages`. */
export function anthropicMessagesUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '');
  return /\/v1$/.test(base) ? `${base}/messages` : `${base}/v1/messages`;
}

/**
 * The Messages body. System messages become the top-level `system` (joined by blank lines); tool
 * results become `tool_result` blocks in a user turn; consecutive same-role turns are merged, with
 * tool results first in their turn; empty text is left out (the API rejects empty text blocks).
 * Anthropic has no `seed`: it is not sent.
 */
export function toAnthropicRequest(model: string, request: ModelRequest): Record<string, unknown> {
  const system: string[] = [];
  const messages: AnthropicWireMessage[] = [];
  const push = (role: AnthropicWireMessage['role'], blocks: AnthropicBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages[messages.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const message of request.messages) {
    switch (message.role) {
      case 'system':
        if (message.content.trim() !== '') system.push(message.content);
        break;
      case 'user':
        push('user', textBlocks(message.content));
        break;
      case 'assistant':
        push('assistant', [...textBlocks(message.content), ...(message.toolCalls ?? []).map(toToolUse)]);
        break;
      case 'tool': {
        const block: AnthropicBlock = { type: 'tool_result', tool_use_id: message.toolCallId, content: message.content };
        if (message.isError) block.is_error = true;
        push('user', [block]);
        break;
      }
    }
  }
  for (const message of messages) {
    if (message.role === 'user') {
      // The API wants a turn's tool results before any text in it.
      const results = message.content.filter((b) => b.type === 'tool_result');
      const rest = message.content.filter((b) => b.type !== 'tool_result');
      message.content = [...results, ...rest];
    }
  }

  const body: Record<string, unknown> = { model, max_tokens: request.maxTokens };
  if (system.length > 0) body.system = system.join('\n\n');
  body.messages = messages;
  if (request.tools.length > 0) body.tools = request.tools.map(toWireTool);
  body.temperature = request.temperature;
  return body;
}

function textBlocks(text: string): AnthropicBlock[] {
  return text.trim() === '' ? [] : [{ type: 'text', text }];
}

function toToolUse(call: ToolCall): AnthropicBlock {
  return { type: 'tool_use', id: call.id, name: call.name, input: call.arguments };
}

function toWireTool(tool: ToolSpec): AnthropicWireTool {
  return { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), input_schema: tool.inputSchema };
}

export function fromAnthropicResponse(json: unknown, label: string): Omit<ModelResponse, 'attempts' | 'latencyMs'> {
  const malformed = (why: string) => new ModelError(`${label}: malformed answer: ${why}`, 'malformed', 200);
  if (!isRecord(json)) throw malformed('the body is not a JSON object');
  if (json.type === 'error' || (json.error !== undefined && json.error !== null)) {
    const error = json.error;
    const text = isRecord(error) && typeof error.message === 'string' ? error.message : JSON.stringify(error);
    throw malformed(`an error in a 200 answer: ${text.slice(0, 500)}`);
  }
  if (!Array.isArray(json.content)) throw malformed('no content array');

  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  json.content.forEach((block: unknown, index) => {
    if (!isRecord(block)) throw malformed(`content[${index}] is not an object`);
    if (block.type === 'text') {
      if (typeof block.text === 'string') texts.push(block.text);
    } else if (block.type === 'tool_use') {
      if (typeof block.name !== 'string' || block.name === '') throw malformed(`content[${index}] tool_use has no name`);
      const id = typeof block.id === 'string' && block.id !== '' ? block.id : `toolu_${index}`;
      toolCalls.push({ id, name: block.name, ...parseToolInput(block.input) });
    }
    // thinking, redacted_thinking, server tool blocks...: not part of the answer.
  });
  const usage = isRecord(json.usage) ? json.usage : {};
  return {
    text: texts.join(''),
    toolCalls,
    usage: { inputTokens: count(usage.input_tokens), outputTokens: count(usage.output_tokens) },
    stopReason: typeof json.stop_reason === 'string' ? json.stop_reason : 'unknown',
    ...responseIdentity(json),
  };
}
