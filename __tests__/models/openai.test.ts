import { afterEach, describe, expect, it } from 'vitest';
import { OpenAIProvider, toOpenAIRequest, usesMaxCompletionTokens } from '../../src/core/models/openai.js';
import type { ModelRequest } from '../../src/core/models/types.js';
import { CONVERSATION, TOOLS } from '../fixtures/models/conversation.js';
import { noTool, startScriptedModel, scriptedModelConfig, turns, type Script, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';

const KEY = 'sk-test-openai-0123456789';
let model: ScriptedModel | undefined;

afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function provider(script: Script, overrides = {}) {
  model = await startScriptedModel(script);
  return new OpenAIProvider(scriptedModelConfig(model, 'openai', overrides), KEY, { sleep: async () => undefined });
}

const request = (extra: Partial<ModelRequest> = {}): ModelRequest => ({ messages: CONVERSATION, tools: TOOLS, temperature: 0, maxTokens: 256, seed: 7, ...extra });

describe('OpenAIProvider: request translation', () => {
  it('sends the exact Chat Completions body, with the key as a Bearer token', async () => {
    const p = await provider(noTool('5, and echo failed'));
    await p.complete(request());
    expect(model!.requests).toHaveLength(1);
    const sent = model!.requests[0];
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      model: 'scripted-openai',
      messages: [
        { role: 'system', content: 'You are a test agent.' },
        { role: 'user', content: 'What is 2+3? Then echo hi.' },
        {
          role: 'assistant',
          content: 'Let me compute.',
          tool_calls: [
            { id: 'call_a', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } },
            { id: 'call_b', type: 'function', function: { name: 'echo', arguments: '{"text": "hi"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_a', content: '5' },
        { role: 'tool', tool_call_id: 'call_b', content: 'echo is down' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_c', type: 'function', function: { name: 'echo', arguments: '{"text":"hi"}' } }] },
        { role: 'tool', tool_call_id: 'call_c', content: 'hi' },
      ],
      tools: [
        { type: 'function', function: { name: 'add', description: 'Adds two numbers', parameters: TOOLS[0].inputSchema } },
        { type: 'function', function: { name: 'echo', parameters: TOOLS[1].inputSchema } },
      ],
      temperature: 0,
      max_tokens: 256,
      seed: 7,
    });
  });

  it('sends no Authorization header without a key, no tools field without tools, no seed when unset', async () => {
    model = await startScriptedModel(noTool('hi'));
    const p = new OpenAIProvider(scriptedModelConfig(model, 'openai'), undefined);
    await p.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [], temperature: 0.2, maxTokens: 10 });
    expect(model.requests[0].headers.authorization).toBeUndefined();
    expect(model.requests[0].body).toEqual({ model: 'scripted-openai', messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, max_tokens: 10 });
  });

  it('sends the model’s arguments text back verbatim, but {} for arguments that did not parse', () => {
    const body = toOpenAIRequest('gpt-4o', {
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'add', arguments: {}, rawArguments: 'not json', parseError: 'bad' }] },
        { role: 'tool', toolCallId: 'c1', name: 'add', content: 'invalid arguments' },
      ],
      tools: [],
      temperature: 0,
      maxTokens: 5,
    });
    expect((body.messages as Array<{ tool_calls?: Array<{ function: { arguments: string } }> }>)[1].tool_calls![0].function.arguments).toBe('{}');
  });

  it('uses max_completion_tokens for reasoning models only', () => {
    expect(usesMaxCompletionTokens('o3-mini')).toBe(true);
    expect(usesMaxCompletionTokens('gpt-5-mini')).toBe(true);
    expect(usesMaxCompletionTokens('gpt-4o')).toBe(false);
    expect(usesMaxCompletionTokens('llama3.1:8b')).toBe(false);
    const body = toOpenAIRequest('o3-mini', { messages: [{ role: 'user', content: 'x' }], tools: [], temperature: 1, maxTokens: 99 });
    expect(body.max_completion_tokens).toBe(99);
    expect(body.max_tokens).toBeUndefined();
  });

  it('works against the /chat/completions route too (endpoint without /v1)', async () => {
    model = await startScriptedModel(noTool('hi'));
    const p = new OpenAIProvider(scriptedModelConfig(model, 'openai', { endpoint: `${model.url}/` }), KEY);
    expect(p.url).toBe(`${model.url}/chat/completions`);
    expect((await p.complete(request())).text).toBe('hi');
  });
});

describe('OpenAIProvider: response parsing', () => {
  it('parses text, usage and the finish reason', async () => {
    const p = await provider(() => ({ text: 'The answer is 5.', usage: { prompt: 321, completion: 12 } }));
    const response = await p.complete(request());
    expect(response).toMatchObject({ text: 'The answer is 5.', toolCalls: [], usage: { inputTokens: 321, outputTokens: 12 }, stopReason: 'stop', attempts: 1 });
    expect(response.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('parses tool calls (content null) with their ids and parsed arguments', async () => {
    const p = await provider(() => ({ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }, { name: 'echo', arguments: { text: 'x' } }] }));
    const response = await p.complete(request());
    expect(response.text).toBe('');
    expect(response.stopReason).toBe('tool_calls');
    expect(response.toolCalls).toEqual([
      { id: 'call_1', name: 'add', arguments: { a: 1, b: 2 }, rawArguments: '{"a":1,"b":2}' },
      { id: 'call_2', name: 'echo', arguments: { text: 'x' }, rawArguments: '{"text":"x"}' },
    ]);
  });

  it('reports invalid tool arguments as parseError with {} arguments', async () => {
    const p = await provider(() => ({ rawArguments: 'not json', name: 'add' }));
    const [call] = (await p.complete(request())).toolCalls;
    expect(call.name).toBe('add');
    expect(call.arguments).toEqual({});
    expect(call.rawArguments).toBe('not json');
    expect(call.parseError).toMatch(/not valid JSON/);
  });

  it('reports arguments that are JSON but not an object as parseError', async () => {
    const p = await provider(() => ({ rawArguments: '[1,2]', name: 'add' }));
    const [call] = (await p.complete(request())).toolCalls;
    expect(call.parseError).toMatch(/an array, not a JSON object/);
  });

  it('treats empty arguments text as no arguments', async () => {
    const p = await provider(() => ({ rawArguments: '', name: 'echo' }));
    const [call] = (await p.complete(request())).toolCalls;
    expect(call).toEqual({ id: 'call_1', name: 'echo', arguments: {}, rawArguments: '' });
  });

  it('turns a refusal into text with stopReason refusal', async () => {
    const p = await provider(() => ({ refusal: 'I cannot do that.' }));
    const response = await p.complete(request());
    expect(response.text).toBe('I cannot do that.');
    expect(response.stopReason).toBe('refusal');
  });

  it('records usage as 0 when the server sends none, and accepts arguments sent as an object', async () => {
    const p = await provider(() => ({
      rawBody: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'x1', type: 'function', function: { name: 'add', arguments: { a: 1 } } }] }, finish_reason: 'tool_calls' }] },
    }));
    const response = await p.complete(request());
    expect(response.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(response.toolCalls).toEqual([{ id: 'x1', name: 'add', arguments: { a: 1 }, rawArguments: '{"a":1}' }]);
  });

  it.each([
    ['no choices', { id: 'x', object: 'chat.completion' }, /no choices/],
    ['empty choices', { choices: [] }, /no choices/],
    ['no message', { choices: [{ finish_reason: 'stop' }] }, /message is missing/],
    ['an error object', { error: { message: 'quota exceeded' } }, /error in a 200 answer: quota exceeded/],
    ['a tool call without a name', { choices: [{ message: { tool_calls: [{ id: 'a', function: {} }] } }] }, /no function name/],
    ['not an object', [1, 2], /not a JSON object/],
  ])('a 200 answer with %s is a malformed ModelError', async (_name, rawBody, message) => {
    const p = await provider(() => ({ rawBody }));
    await expect(p.complete(request())).rejects.toMatchObject({ name: 'ModelError', kind: 'malformed', message: expect.stringMatching(message) });
  });

  it('drives a two-turn tool exchange through the strict server', async () => {
    const p = await provider(turns({ toolCalls: [{ name: 'add', arguments: { a: 2, b: 3 } }] }, (r) => ({ text: `sum is ${r.toolResults[0].content}` })));
    const messages: ModelRequest['messages'] = [{ role: 'user', content: 'add 2 and 3' }];
    const first = await p.complete({ messages, tools: TOOLS, temperature: 0, maxTokens: 50 });
    messages.push({ role: 'assistant', content: first.text, toolCalls: first.toolCalls });
    messages.push({ role: 'tool', toolCallId: first.toolCalls[0].id, name: 'add', content: '5' });
    const second = await p.complete({ messages, tools: TOOLS, temperature: 0, maxTokens: 50 });
    expect(second.text).toBe('sum is 5');
    expect(model!.requests.map((r) => r.status)).toEqual([200, 200]);
  });
});
