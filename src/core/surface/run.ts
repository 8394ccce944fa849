import { walkList } from '../conformance/context.js';
import { discoverEra, withStartupBudget } from '../conformance/runner.js';
import type { ServerIdentity } from '../conformance/types.js';
import { ExchangeLog } from '../mcp/exchange-log.js';
import { Target, TargetUnavailableError, type TargetSpec } from '../mcp/target.js';
import type { Era } from '../mcp/types.js';
import { analyzeSurface } from './analyze.js';
import { collectDefinitions } from './collect.js';
import type { SurfaceSection } from './types.js';

/** `mcp-evals surface` alone: the era probe conformance uses, the lists, the analysis; no checks. */

export interface SurfaceRun {
  server: ServerIdentity;
  era?: Era;
  /** Undefined when the server could not be reached: `problem` says why. */
  surface?: SurfaceSection;
  problem?: string;
}

/** `mcp-evals surface`: connect, find the era, list, analyse, disconnect. */
export async function runSurface(spec: TargetSpec, options: { timeoutMs: number; startupTimeoutMs?: number }): Promise<SurfaceRun> {
  const server: ServerIdentity = { transport: spec.kind, target: spec.kind === 'stdio' ? spec.command : spec.url };
  let target: Target;
  try {
    target = await Target.open(options.startupTimeoutMs === undefined ? spec : withStartupBudget(spec, options.startupTimeoutMs));
  } catch (error) {
    if (!(error instanceof TargetUnavailableError)) throw error;
    return { server, problem: error.message };
  }
  try {
    const probe = await discoverEra(target, new ExchangeLog(), options.timeoutMs, options.startupTimeoutMs);
    if ('problem' in probe) return { server, problem: probe.problem };
    if ('notStarted' in probe) return { server, problem: probe.notStarted };
    const { client, discovery } = probe;
    server.name = discovery.serverInfo?.name;
    server.version = discovery.serverInfo?.version;
    const capabilities = discovery.capabilities;
    const declares = (capability: string) => capabilities[capability] !== null && typeof capabilities[capability] === 'object';
    try {
      const definitions = await collectDefinitions(declares, (method) => walkList(client, method));
      return { server, era: discovery.era, surface: await analyzeSurface(definitions) };
    } finally {
      await client.connection.close().catch(() => undefined);
    }
  } finally {
    await target.dispose();
  }
}
