// The server under test as a transport target, and the error for one that cannot be reached: every
// layer needs them, so they live apart from the model layers (which load lazily, ../on-demand.ts).
import { dirname } from 'node:path';
import type { EvalConfig } from '../config/types.js';
import type { TargetSpec } from '../mcp/target.js';

export class ServerUnavailableError extends Error {
  override name = 'ServerUnavailableError';
}

export function targetOf(config: EvalConfig): TargetSpec {
  const server = config.server;
  // Commands run from the config file's folder, so `node server/server.mjs` means what it says there.
  const cwd = dirname(config.file);
  const startupTimeoutMs = server.startup_timeout_ms;
  if ('command' in server) return { kind: 'stdio', command: server.command, cwd: server.cwd ?? cwd, env: server.env, startupTimeoutMs };
  return {
    kind: 'http',
    url: server.url,
    headers: server.headers,
    start: server.start ? { command: server.start, cwd, env: server.env, readyUrl: server.ready_url, readyTimeoutMs: startupTimeoutMs } : undefined,
    startupTimeoutMs,
  };
}

/** The server as the report's header names it: the stdio command line or the URL. */
export function describeTarget(config: EvalConfig): string {
  const target = targetOf(config);
  return target.kind === 'stdio' ? target.command : target.url;
}
