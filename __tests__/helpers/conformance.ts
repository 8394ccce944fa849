import { fileURLToPath } from 'node:url';
import { runConformance, type ConformanceRun } from '../../src/core/conformance/runner.js';
import type { CheckResult } from '../../src/core/conformance/types.js';
import { freePort } from './echo-server.js';
import { startHttpServer, type StartedServer } from './http-server.js';

export const REFERENCE_SERVER = fileURLToPath(new URL('../fixtures/servers/reference-server.mjs', import.meta.url));

export interface FixtureRun {
  transport: 'stdio' | 'http';
  /** `--break` names of the reference server (see __tests__/fixtures/servers/BREAKS.md). */
  breaks?: string[];
  era?: '2026-07-28' | '2025-11-25';
  only?: string[];
  callTools?: 'read-only' | 'all' | 'none';
  timeoutMs?: number;
}

export function fixtureArgs(run: Pick<FixtureRun, 'breaks' | 'era'>): string[] {
  const args: string[] = [];
  if (run.breaks?.length) args.push(`--break=${run.breaks.join(',')}`);
  if (run.era) args.push(`--era=${run.era}`);
  return args;
}

/** Runs the conformance checker against the hand-written reference server, over a real transport. */
export async function runOnFixture(run: FixtureRun): Promise<ConformanceRun> {
  const options = { only: run.only, callTools: run.callTools ?? 'all', timeoutMs: run.timeoutMs ?? 3000 } as const;
  if (run.transport === 'stdio') {
    const command = ['node', REFERENCE_SERVER, ...fixtureArgs(run)].map((part) => JSON.stringify(part)).join(' ');
    return runConformance({ kind: 'stdio', command }, options);
  }
  const server: StartedServer = await startHttpServer(['node', REFERENCE_SERVER, '--http', ...fixtureArgs(run)]);
  try {
    return await runConformance({ kind: 'http', url: server.url }, options);
  } finally {
    await server.stop();
  }
}

export function check(run: ConformanceRun, id: string): CheckResult {
  const found = run.section.checks.find((c) => c.id === id);
  if (!found) throw new Error(`check ${id} did not run; ran: ${run.section.checks.map((c) => `${c.id}=${c.status}`).join(', ')}`);
  return found;
}

/**
 * The CLI arguments that make `mcp-evals conformance` spawn `server` over stdio, or start it with
 * `--http` on a port nothing listens on (a random port collided with another test's server).
 */
export async function cliTarget(server: string, transport: 'stdio' | 'http'): Promise<string[]> {
  if (transport === 'stdio') return ['--command', server];
  const port = await freePort();
  return ['--url', `http://127.0.0.1:${port}/mcp`, '--start', `${server} --http --port ${port}`];
}
