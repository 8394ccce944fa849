/** The scripted model server itself: what Layer 1 tests rely on. */
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../src/core/models/anthropic.js';
import { OpenAIProvider } from '../../src/core/models/openai.js';
import type { ChatMessage, ModelProvider, ToolSpec } from '../../src/core/models/types.js';
import { CONVERSATION, TOOLS } from '../fixtures/models/conversation.js';
import { loop, noTool, refusal, rightTool, startScriptedModel, scriptedModelConfig, turns, wrongTool, type ScriptedModel, type ScriptedRequest } from '../fixtures/models/scripted-model-server.js';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${model!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A minimal agent loop: call the model, run tools with `run`, stop at a text answer. */
async function converse(provider: ModelProvider, run: (name: string, args: Record<string, unknown>) => string, maxSteps = 5): Promise<{ answer: string; calls: string[] }> {
  const messages: ChatMessage[] = [{ role: 'user', content: 'go' }];
  const calls: string[] = [];
  for (let step = 0; step < maxSteps; step++) {
    const response = await provider.complete({ messages, tools: TOOLS, temperature: 0, maxTokens: 64 });
    messages.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    if (response.toolCalls.length === 0) return { answer: response.text, calls };
    for (const call of response.toolCalls) {
      calls.push(call.name);
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: run(call.name, call.arguments) });
    }
  }
  return { answer: '(max steps)', calls };
}

describe.each(['openai', 'anthropic'] as const)('ready-made scripts over %s', (format) => {
  async function provider(script: Parameters<typeof startScriptedModel>[0]): Promise<ModelProvider> {
    model = await startScriptedModel(script);
    const config = scriptedModelConfig(model, format);
    return format === 'openai' ? new OpenAIProvider(config, 'sk-scripted-000000') : new AnthropicProvider(config, 'sk-scripted-000000');
  }

  it('rightTool calls the tool once, then summarizes its result', async () => {
    const p = await provider(rightTool('add', { a: 2, b: 3 }));
    const run = await converse(p, (_name, args) => String((args.a as number) + (args.b as number)));
    expect(run).toEqual({ answer: 'The add tool returned: 5', calls: ['add'] });
    expect(model!.calls()).toBe(2);
  });

  it('wrongTool calls another offered tool', async () => {
    const p = await provider(wrongTool('add', { text: 'x' }));
    expect(await converse(p, () => 'x')).toEqual({ answer: 'The echo tool returned: x', calls: ['echo'] });
  });

  it('noTool answers at once; refusal refuses', async () => {
    expect(await converse(await provider(noTool('42')), () => '')).toEqual({ answer: '42', calls: [] });
    await model!.close();
    expect((await (await provider(refusal())).complete({ messages: [{ role: 'user', content: 'x' }], tools: [], temperature: 0, maxTokens: 5 })).stopReason).toBe('refusal');
  });

  it('loop calls the same tool forever', async () => {
    const p = await provider(loop('echo', { text: 'again' }));
    const run = await converse(p, () => 'again', 4);
    expect(run).toEqual({ answer: '(max steps)', calls: ['echo', 'echo', 'echo', 'echo'] });
  });

  it('turns answers by assistant-turn count, the last step repeating', async () => {
    const p = await provider(turns({ toolCalls: [{ name: 'add', arguments: { a: 1, b: 1 } }] }, { toolCalls: [{ name: 'echo', arguments: { text: 'two' } }] }, { text: 'done' }));
    expect(await converse(p, () => 'ok')).toEqual({ answer: 'done', calls: ['add', 'echo'] });
  });

  it('gives the script a neutral view of the request, the same whichever wire format', async () => {
    const seen: ScriptedRequest[] = [];
    const p = await provider((request) => {
      seen.push(request);
      return { text: 'ok' };
    });
    await p.complete({ messages: CONVERSATION, tools: TOOLS, temperature: 0, maxTokens: 64 });
    const view = seen[0];
    expect(view.format).toBe(format);
    expect(view.call).toBe(1);
    expect(view.model).toBe(`scripted-${format}`);
    expect(view.toolNames).toEqual(['add', 'echo']);
    expect(view.tools).toEqual(TOOLS satisfies ToolSpec[]);
    expect(view.toolResults).toEqual([
      { toolCallId: 'call_a', name: 'add', content: '5', isError: false },
      // OpenAI has no error flag on tool messages.
      { toolCallId: 'call_b', name: 'echo', content: 'echo is down', isError: format === 'anthropic' },
      { toolCallId: 'call_c', name: 'echo', content: 'hi', isError: false },
    ]);
    expect(view.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool']);
    const assistant = view.messages[2] as Extract<ChatMessage, { role: 'assistant' }>;
    expect(assistant.toolCalls?.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['call_a', 'add', { a: 2, b: 3 }],
      ['call_b', 'echo', { text: 'hi' }],
    ]);
  });
});

describe('scripted model server', () => {
  it('reports default usage 100/20 and a configurable server default', async () => {
    model = await startScriptedModel(noTool('x'), { usage: { prompt: 7, completion: 3 } });
    const p = new OpenAIProvider(scriptedModelConfig(model, 'openai'), undefined);
    expect((await p.complete({ messages: [{ role: 'user', content: 'x' }], tools: [], temperature: 0, maxTokens: 5 })).usage).toEqual({ inputTokens: 7, outputTokens: 3 });
    await model.close();
    model = await startScriptedModel(noTool('x'));
    const q = new AnthropicProvider(scriptedModelConfig(model, 'anthropic'), undefined);
    expect((await q.complete({ messages: [{ role: 'user', content: 'x' }], tools: [], temperature: 0, maxTokens: 5 })).usage).toEqual({ inputTokens: 100, outputTokens: 20 });
  });

  it('records every request, unknown routes included, and counts only model calls', async () => {
    model = await startScriptedModel(noTool('x'));
    const missing = await fetch(`${model.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] }, { authorization: 'Bearer sk-abc' });
    expect(model.calls()).toBe(1);
    expect(model.requests.map((r) => [r.path, r.format, r.status])).toEqual([
      ['/v1/embeddings', undefined, 404],
      ['/chat/completions', 'openai', 200],
    ]);
    expect(model.requests[1].headers.authorization).toBe('Bearer sk-abc');
  });

  it.each([
    ['a tool message answering no tool call', { model: 'm', messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'nope', content: 'r' }] }, /must be a response to a preceeding message/],
    ['an unanswered tool call', { model: 'm', messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'user', content: 'y' }] }, /did not have response messages: c/],
    ['object arguments', { model: 'm', messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: {} } }] }, { role: 'tool', tool_call_id: 'c', content: 'r' }] }, /function.arguments \(a string\)/],
    ['an empty tools array', { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [] }, /too short/],
  ])('strict OpenAI checks reject %s with a 400', async (_name, body, message) => {
    model = await startScriptedModel(noTool('x'));
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(400);
    expect((json.error as { message: string }).message).toMatch(message);
  });

  const V = { 'anthropic-version': '2023-06-01' };
  const toolUse = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] };
  it.each([
    ['a missing anthropic-version header', {}, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] }, /anthropic-version/],
    ['a missing max_tokens', V, { model: 'm', messages: [{ role: 'user', content: 'x' }] }, /max_tokens/],
    ['a system role in messages', V, { model: 'm', max_tokens: 5, messages: [{ role: 'system', content: 'x' }] }, /'user' or 'assistant'/],
    ['consecutive user turns', V, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }, { role: 'user', content: 'y' }] }, /consecutive user turns/],
    ['an empty text block', V, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'text', text: ' ' }] }] }, /non-whitespace/],
    ['a tool_result in an assistant turn', V, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }, { role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] }] }, /belong in user turns/],
    ['text before the tool results', V, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }, toolUse, { role: 'user', content: [{ type: 'text', text: 'hm' }, { type: 'tool_result', tool_use_id: 't1', content: 'r' }] }] }, /must come first/],
    ['an unanswered tool_use', V, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }, toolUse, { role: 'user', content: 'y' }] }, /without `tool_result` blocks/],
    ['a tool_result for an unknown id', V, { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }, toolUse, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }, { type: 'tool_result', tool_use_id: 't9', content: 'r' }] }] }, /unexpected `tool_use_id`/],
  ])('strict Anthropic checks reject %s with a 400', async (_name, headers, body, message) => {
    model = await startScriptedModel(noTool('x'));
    const { status, json } = await post('/v1/messages', body, headers);
    expect(status).toBe(400);
    expect(json.type).toBe('error');
    expect((json.error as { type: string; message: string }).type).toBe('invalid_request_error');
    expect((json.error as { message: string }).message).toMatch(message);
  });

  it('lets a strict: false server accept anything', async () => {
    model = await startScriptedModel(noTool('x'), { strict: false });
    expect((await post('/v1/messages', { model: 'm', messages: [{ role: 'user', content: 'x' }, { role: 'user', content: 'y' }] })).status).toBe(200);
  });

  it('answers 500 with the message when the script throws', async () => {
    model = await startScriptedModel(() => {
      throw new Error('no such step');
    });
    const { status, json } = await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(status).toBe(500);
    expect((json.error as { message: string }).message).toBe('script threw: no such step');
  });

  it('closes promptly with a slow answer pending', async () => {
    model = await startScriptedModel(() => ({ text: 'late', delayMs: 60_000 }));
    const pending = fetch(`${model.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }) }).catch(() => 'closed');
    while (model.calls() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await model.close();
    model = undefined;
    expect(Date.now() - started).toBeLessThan(1000);
    await pending;
  });
});
