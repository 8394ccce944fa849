import { ConfigurationError } from '../errors.js';
import { registerChildEnv } from '../mcp/redact.js';
import type { EvalConfig } from './types.js';

/**
 * Adds variables given outside the file (`--env`, the action's env input) to the server's
 * server.env: they go to the process mcp-evals starts (the stdio command, or `start`), so a server
 * reached at a URL alone has nothing to give them to. Each value is a secret of the run unless its
 * name is public (`publicNames`: --env-public, the action's env-public input; or server.env_public).
 */
export function withServerEnv(config: EvalConfig, env: Record<string, string>, what: string, publicNames: readonly string[] = []): void {
  const server = config.server;
  if (publicNames.length > 0) server.env_public = [...new Set([...(server.env_public ?? []), ...publicNames])];
  if (Object.keys(env).length === 0) return;
  if ('url' in server && !server.start) throw new ConfigurationError(`${what} goes to the process mcp-evals starts (server.command, or server.start with url); this server is only reached at its url`);
  registerChildEnv(env, server.env_public);
  server.env = { ...server.env, ...env };
}
