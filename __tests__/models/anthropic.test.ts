import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider, anthropicMessagesUrl, toAnthropicRequest } from '../../src/core/models/anthropic.js';
import type { ModelRequest } from '../../src/core/models/types.js';
import { CONVERSATION, TOOLS } from '../fixtures/models/conversation.js';
import { noTool, startScriptedModel, scriptedModelConfig, turns, type Script, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';

const KEY = 'sk-ant-test-0123456789';
let model: ScriptedModel | undefined;

afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function provider(script: Script, overrides = {}) {
  model = await startScriptedModel(script);
  return new AnthropicProvider(scriptedModelConfig(model, 'anthropic', overrides), KEY, { sleep: async () => undefined });
}

const request = (extra: Partial<ModelRequest> = {}): ModelRequest => ({ messages: CONVERSATION, tools: TOOLS, temperature: 0, maxTokens: 256, seed: 7, ...extra });

describe('AnthropicProvider: request translation', () => {
  it('sends the exact Messages body: system field, tool_use in assistant turns, tool_result in user turns', async () => {
    const p = await provider(noTool('done'));
    await p.complete(request());
    const sent = model!.requests[0];
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(sent.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({
      model: 'scripted-anthropic',
      max_tokens: 256,
      system: 'You are a test agent.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is 2+3? Then echo hi.' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me compute.' },
            { type: 'tool_use', id: 'call_a', name: 'add', input: { a: 2, b: 3 } },
            { type: 'tool_use', id: 'call_b', name: 'echo', input: { text: 'hi' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_a', content: '5' },
            { type: 'tool_result', tool_use_id: 'call_b', content: 'echo is down', is_error: true },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_c', name: 'echo', input: { text: 'hi' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_c', content: 'hi' }] },
      ],
      tools: [
        { name: 'add', description: 'Adds two numbers', input_schema: TOOLS[0].inputSchema },
        { name: 'echo', input_schema: TOOLS[1].inputSchema },
      ],
      temperature: 0,
    });
    expect(sent.body).not.toHaveProperty('seed');
  });

  it('merges consecutive same-role turns, tool results first, and joins every system message', () => {
    const body = toAnthropicRequest('claude-x', {
      messages: [
        { role: 'system', content: 'one' },
        { role: 'user', content: 'first' },
        { role: 'user', content: 'second' },
        { role: 'assistant', content: 'ok', toolCalls: [{ id: 't1', name: 'add', arguments: {}, rawArguments: '{}' }] },
        { role: 'user', content: 'by the way' },
        { role: 'tool', toolCallId: 't1', name: 'add', content: '0' },
        { role: 'system', content: 'two' },
        { role: 'assistant', content: '   ' },
        { role: 'assistant', content: 'final' },
      ],
      tools: [],
      temperature: 0.5,
      maxTokens: 9,
    });
    expect(body).toEqual({
      model: 'claude-x',
      max_tokens: 9,
      system: 'one\n\ntwo',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'first' }, { type: 'text', text: 'second' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }, { type: 'tool_use', id: 't1', name: 'add', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '0' }, { type: 'text', text: 'by the way' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'final' }] },
      ],
      temperature: 0.5,
    });
  });

  it('accepts an endpoint with or without /v1, and sends no key header without a key', async () => {
    expect(anthropicMessagesUrl('https://api.anthropic.com')).toBe('https://api.anthropic.com/v1/messages');
    expect(anthropicMessagesUrl('https://api.anthropic.com/v1/')).toBe('https://api.anthropic.com/v1/messages');
    model = await startScriptedModel(noTool('hi'));
    const p = new AnthropicProvider(scriptedModelConfig(model, 'anthropic', { endpoint: `${model.url}/v1` }), undefined);
    await p.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [], temperature: 0, maxTokens: 10 });
    expect(model.requests[0].headers['x-api-key']).toBeUndefined();
    expect(model.requests[0].body).toEqual({ model: 'scripted-anthropic', max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], temperature: 0 });
  });
});

describe('AnthropicProvider: response parsing', () => {
  it('parses text, usage and the stop reason', async () => {
    const p = await provider(() => ({ text: 'Five.', usage: { prompt: 42, completion: 3 } }));
    expect(await p.complete(request())).toMatchObject({ text: 'Five.', toolCalls: [], usage: { inputTokens: 42, outputTokens: 3 }, stopReason: 'end_turn', attempts: 1 });
  });

  it('parses tool_use blocks (with accompanying text)', async () => {
    const p = await provider(() => ({ text: 'Calling add.', toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }));
    const response = await p.complete(request());
    expect(response.text).toBe('Calling add.');
    expect(response.stopReason).toBe('tool_use');
    expect(response.toolCalls).toEqual([{ id: 'toolu_1', name: 'add', arguments: { a: 1, b: 2 }, rawArguments: '{"a":1,"b":2}' }]);
  });

  it('reports a tool_use input that is not an object as parseError', async () => {
    const p = await provider(() => ({ rawArguments: 'not json', name: 'add' }));
    const [call] = (await p.complete(request())).toolCalls;
    expect(call).toMatchObject({ name: 'add', arguments: {}, rawArguments: '"not json"' });
    expect(call.parseError).toMatch(/not a JSON object/);
  });

  it('parses a refusal', async () => {
    const p = await provider(() => ({ refusal: 'No.' }));
    expect(await p.complete(request())).toMatchObject({ text: 'No.', stopReason: 'refusal', toolCalls: [] });
  });

  it('ignores thinking blocks and records usage 0 when absent', async () => {
    const p = await provider(() => ({ rawBody: { type: 'message', content: [{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'a' }, { type: 'text', text: 'b' }], stop_reason: 'end_turn' } }));
    expect(await p.complete(request())).toMatchObject({ text: 'ab', usage: { inputTokens: 0, outputTokens: 0 } });
  });

  it.each([
    ['no content', { type: 'message', stop_reason: 'end_turn' }, /no content array/],
    ['an error body', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, /error in a 200 answer: Overloaded/],
    ['a nameless tool_use', { content: [{ type: 'tool_use', id: 'x', input: {} }] }, /tool_use has no name/],
  ])('a 200 answer with %s is a malformed ModelError', async (_name, rawBody, message) => {
    const p = await provider(() => ({ rawBody }));
    await expect(p.complete(request())).rejects.toMatchObject({ name: 'ModelError', kind: 'malformed', message: expect.stringMatching(message) });
  });

  it('drives a tool exchange with an error result through the strict server', async () => {
    const p = await provider(turns({ toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] }, (r) => ({ text: `${r.toolResults[0].isError ? 'failed' : 'ok'}: ${r.toolResults[0].content}` })));
    const messages: ModelRequest['messages'] = [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'echo x' }];
    const first = await p.complete({ messages, tools: TOOLS, temperature: 0, maxTokens: 50 });
    messages.push({ role: 'assistant', content: first.text, toolCalls: first.toolCalls });
    messages.push({ role: 'tool', toolCallId: first.toolCalls[0].id, name: 'echo', content: 'boom', isError: true });
    const second = await p.complete({ messages, tools: TOOLS, temperature: 0, maxTokens: 50 });
    expect(second.text).toBe('failed: boom');
  });
});
