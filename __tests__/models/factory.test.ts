import { describe, expect, it } from 'vitest';
import type { ModelConfig } from '../../src/core/config/types.js';
import { ConfigurationError } from '../../src/core/errors.js';
import { AnthropicProvider } from '../../src/core/models/anthropic.js';
import { createProvider, isLoopback } from '../../src/core/models/factory.js';
import { OpenAIProvider } from '../../src/core/models/openai.js';
import { noTool, startScriptedModel } from '../fixtures/models/scripted-model-server.js';

const base: ModelConfig = { id: 'm', provider: 'openai', model: 'gpt-4o', endpoint: 'https://api.openai.com/v1', api_key_env: 'MY_OPENAI_KEY', temperature: 0, max_tokens: 100, timeout_ms: 1000 };

describe('createProvider', () => {
  it('builds the provider of the configured kind', () => {
    expect(createProvider(base, { MY_OPENAI_KEY: 'sk-abcdefgh' })).toBeInstanceOf(OpenAIProvider);
    expect(createProvider({ ...base, provider: 'anthropic', endpoint: 'https://api.anthropic.com' }, { MY_OPENAI_KEY: 'sk-abcdefgh' })).toBeInstanceOf(AnthropicProvider);
  });

  it('requires the key for a remote https endpoint, naming the variable (never a value)', () => {
    expect(() => createProvider(base, {})).toThrow(ConfigurationError);
    expect(() => createProvider(base, { MY_OPENAI_KEY: '  ' })).toThrow(/MY_OPENAI_KEY is not set/);
    expect(() => createProvider({ ...base, api_key_env: undefined }, {})).toThrow(/OPENAI_API_KEY is not set/);
    expect(() => createProvider({ ...base, provider: 'anthropic', api_key_env: undefined, endpoint: 'https://api.anthropic.com' }, {})).toThrow(/ANTHROPIC_API_KEY/);
  });

  it('puts the config location on the error', () => {
    const error = (() => {
      try {
        createProvider({ ...base, location: { file: 'mcp-evals.yml', line: 4, column: 5 } }, {});
      } catch (e) {
        return e as ConfigurationError;
      }
    })();
    expect(error?.message).toMatch(/^mcp-evals.yml:4:5: /);
  });

  it('accepts a missing key for local endpoints', () => {
    for (const endpoint of ['http://127.0.0.1:11434/v1', 'http://localhost:8000/v1', 'https://localhost:8443/v1', 'http://[::1]:1234/v1', 'http://gpu-box.lan:8000/v1']) {
      expect(() => createProvider({ ...base, endpoint }, {}), endpoint).not.toThrow();
    }
  });

  it('rejects an endpoint that is not an http(s) URL, and an unknown provider', () => {
    expect(() => createProvider({ ...base, endpoint: 'api.openai.com' }, {})).toThrow(/not a URL/);
    expect(() => createProvider({ ...base, endpoint: 'ftp://x/v1' }, {})).toThrow(/http:\/\/ or https:\/\//);
    expect(() => createProvider({ ...base, provider: 'gemini' as never, endpoint: 'http://127.0.0.1:1' }, {})).toThrow(/unknown provider "gemini"/);
  });

  it('sends the key from the environment', async () => {
    const model = await startScriptedModel(noTool('hi'), { apiKey: 'sk-from-env-123456' });
    try {
      const provider = createProvider({ ...base, endpoint: model.openaiEndpoint }, { MY_OPENAI_KEY: 'sk-from-env-123456\n' });
      expect((await provider.complete({ messages: [{ role: 'user', content: 'x' }], tools: [], temperature: 0, maxTokens: 5 })).text).toBe('hi');
      expect(model.requests[0].headers.authorization).toBe('Bearer sk-from-env-123456');
    } finally {
      await model.close();
    }
  });

  it('knows loopback hosts', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.1.2.3')).toBe(true);
    expect(isLoopback('[::1]')).toBe(true);
    expect(isLoopback('LOCALHOST')).toBe(true);
    expect(isLoopback('api.openai.com')).toBe(false);
    expect(isLoopback('127.0.0.1.nip.io')).toBe(false);
  });
});
