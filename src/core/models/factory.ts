import type { ModelConfig } from '../config/types.js';
import { ConfigurationError } from '../errors.js';
import { AnthropicProvider } from './anthropic.js';
import type { ProviderOptions } from './http.js';
import { OpenAIProvider } from './openai.js';
import type { ModelProvider } from './types.js';

/** The variable a provider's key is read from when the config names none. */
export const DEFAULT_API_KEY_ENV: Record<ModelConfig['provider'], string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
};

/**
 * Builds the provider for one configured model. The key comes from `env[config.api_key_env]`
 * (default OPENAI_API_KEY / ANTHROPIC_API_KEY). An https endpoint on another host needs one: a
 * missing key is a ConfigurationError naming the variable. Plain-http and loopback endpoints
 * (Ollama, vLLM, LM Studio, the test server) work without a key, and get it when it is set.
 */
export function createProvider(config: ModelConfig, env: NodeJS.ProcessEnv, options: ProviderOptions = {}): ModelProvider {
  let url: URL;
  try {
    url = new URL(config.endpoint);
  } catch {
    throw new ConfigurationError(`model ${config.id}: endpoint ${JSON.stringify(config.endpoint)} is not a URL`, config.location);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigurationError(`model ${config.id}: endpoint ${config.endpoint} must be http:// or https://`, config.location);
  }
  const keyEnv = config.api_key_env ?? DEFAULT_API_KEY_ENV[config.provider];
  const key = keyEnv ? env[keyEnv]?.trim() || undefined : undefined;
  if (!key && url.protocol === 'https:' && !isLoopback(url.hostname)) {
    throw new ConfigurationError(`model ${config.id}: environment variable ${keyEnv} is not set (the API key for ${url.origin})`, config.location);
  }
  switch (config.provider) {
    case 'openai':
      return new OpenAIProvider(config, key, options);
    case 'anthropic':
      return new AnthropicProvider(config, key, options);
    default:
      throw new ConfigurationError(`model ${config.id}: unknown provider ${JSON.stringify(config.provider as string)} (openai or anthropic)`, config.location);
  }
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
