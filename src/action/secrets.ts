import * as core from '@actions/core';
import type { EvalConfig } from '../core/config/types.js';
import { AMBIENT_SECRET_ENV, PROXY_ENV, RUN_SECRETS, registerConfigSecrets, registerRunSecrets, secretForms } from '../core/mcp/redact.js';

const masked = new Set<string>();

/**
 * Registers every secret the run can see with the run's redactor (core/mcp/redact: in front of
 * every file, the comment and the summary) and with the runner, in every encoding, so no log line
 * or annotation shows one: each model's, the judge's and the embeddings' key (by the variable the
 * config names), the credential headers of the server and of the OTLP export, URL credentials (a
 * proxy's password included), every value handed to the server that is not public, and the GitHub token.
 */
export function maskSecrets(config: EvalConfig | undefined, env: NodeJS.ProcessEnv, token: string): void {
  registerRunSecrets({ env, envNames: AMBIENT_SECRET_ENV, values: [token], urls: PROXY_ENV.map((name) => env[name]) });
  if (config) registerConfigSecrets(config, env);
  for (const value of RUN_SECRETS.values()) {
    for (const form of secretForms(value)) {
      if (masked.has(form)) continue;
      masked.add(form);
      core.setSecret(form);
    }
  }
}
