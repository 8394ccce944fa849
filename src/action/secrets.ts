import * as core from '@actions/core';
import type { EvalConfig } from '../core/config/types.js';

/**
 * Registers every secret the run can see with the runner, so no log line, annotation or summary
 * ever shows one: each model's, the judge's and the embeddings' key (by the variable the config
 * names), the credential headers of the server and of the OTLP export (they may carry `${TOKEN}` expansions), and the GitHub token.
 */
export function maskSecrets(config: EvalConfig | undefined, env: NodeJS.ProcessEnv, token: string): void {
  const values = new Set<string>();
  if (token) values.add(token);
  if (config) {
    const names = [...config.models.map((model) => model.api_key_env), config.judge?.api_key_env, config.embeddings?.api_key_env];
    for (const name of names) {
      const value = name ? env[name] : undefined;
      if (value) values.add(value);
    }
    const headers = { ...('url' in config.server ? config.server.headers : {}), ...config.otlp?.headers };
    for (const [name, value] of Object.entries(headers)) if (value && SECRET_HEADER.test(name)) values.add(value);
  }
  for (const value of values) core.setSecret(value);
}

/** Header names whose values are credentials. */
const SECRET_HEADER = /auth|token|key|secret|cookie|session|password|credential/i;
