import { ConfigurationError } from '../errors.js';
import type { EvalConfig } from './types.js';

/**
 * Adds variables given outside the file (`--env`, the action's env input) to the server's
 * server.env: they go to the process mcp-evals starts (the stdio command, or `start`), so a server
 * reached at a URL alone has nothing to give them to.
 */
export function withServerEnv(config: EvalConfig, env: Record<string, string>, what: string): void {
  if (Object.keys(env).length === 0) return;
  const server = config.server;
  if ('url' in server && !server.start) throw new ConfigurationError(`${what} goes to the process mcp-evals starts (server.command, or server.start with url); this server is only reached at its url`);
  server.env = { ...server.env, ...env };
}
