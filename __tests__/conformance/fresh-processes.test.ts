import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDemand, PROCESS_CHAINS, runConformance } from '../../src/core/conformance/runner.js';
import { CHECKS } from '../../src/core/conformance/registry.js';
import { EARLY_START_LIMIT, FreshPool, onlyRefused, ProcessRelay } from '../../src/core/conformance/fresh-pool.js';
import { McpClient } from '../../src/core/mcp/client.js';
import type { Connection } from '../../src/core/mcp/connection.js';
import type { Target } from '../../src/core/mcp/target.js';
import type { Exchange } from '../../src/core/mcp/types.js';

/*
 * Issue 22 item 7: a stdio run needs several fresh processes (a first request, a legacy initialize,
 * a listen stream, progress...), and a Python server takes seconds to start each. They are started
 * side by side with the first process, not one after another as each check asks; every one is
 * killed at the end. The fixture starts reading stdin 3 s after it starts and logs each start: a
 * start during the first one's 3 s overlapped it. The order of starts is asserted, never a duration.
 */

const START_LOGGED = fileURLToPath(new URL('../fixtures/servers/start-logged.mjs', import.meta.url));
const DELAY_MS = 3000;

interface Start {
  pid: number;
  t: number;
}

/** Running (a zombie left to an init that does not reap is gone: it runs nothing and holds no memory). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

async function startsOf(log: string): Promise<Start[]> {
  return (await readFile(log, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
}

async function startLog(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'mcp-evals-starts-')), 'starts.jsonl');
}

function commandFor(log: string, ...args: string[]): string {
  return ['node', START_LOGGED, log, ...args].map((part) => JSON.stringify(part)).join(' ');
}

describe('the fresh processes of a stdio run', () => {
  it('start beside the first process and as soon as it answers, one per chain of checks, and are all gone when the run ends', { timeout: 180_000 }, async () => {
    const log = await startLog();
    const run = await runConformance({ kind: 'stdio', command: commandFor(log, `--start-delay-ms=${DELAY_MS}`) }, { callTools: 'all', timeoutMs: 3000, surface: false });
    expect(run.section.checks.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    const starts = await startsOf(log);
    // The first process, and the fresh ones the checks take: one for the chain (PROCESS_CHAINS: the
    // first request -> list sets -> progress -> logging -> cancel -> listen -> stdin close) and the
    // legacy initialize's. Before, each of the 8 checks took its own (9 starts). No spare the run did
    // not plan, and none a check had to start unplanned (it would wait a start-up of its own).
    const applicable = CHECKS.filter((check) => check.eras.includes(run.section.era) && check.transport !== 'http');
    const declares = (capability: string) => capability in run.section.capabilities;
    const declared = freshDemand(applicable, { declares, transport: 'stdio', era: run.section.era });
    expect(declared).toBe(2);
    expect(freshDemand(applicable, { declares })).toBeGreaterThanOrEqual(7);
    expect(starts).toHaveLength(1 + declared);
    // Before the first process answers, only EARLY_START_LIMIT spares start beside it (nine at once
    // starved the first on two cores); the rest start once it has answered, not as each check asks:
    // none waits for another spare's start-up.
    const firstReady = starts[0].t + DELAY_MS;
    expect(starts.filter((start) => start.t < firstReady).length).toBeLessThanOrEqual(1 + EARLY_START_LIMIT);
    expect(starts.filter((start) => start.t >= firstReady + DELAY_MS).map((start) => start.t - starts[0].t)).toEqual([]);
    expect(starts.filter((start) => alive(start.pid))).toEqual([]);
  });

  it('a server that never comes up costs a start or two, not the whole demand of the run', { timeout: 60_000 }, async () => {
    const log = await startLog();
    const run = await runConformance({ kind: 'stdio', command: commandFor(log, '--die') }, { timeoutMs: 3000, surface: false });
    expect(run.section.notEvaluated?.reason).toMatch(/ended before answering/);
    const starts = await startsOf(log);
    expect(starts.length).toBeLessThanOrEqual(1 + EARLY_START_LIMIT);
    expect(starts.filter((start) => alive(start.pid))).toEqual([]);
  });

  it('a chain goes on after a pass or a refusal only: the check after one that failed otherwise gets a process of its own, and still passes', { timeout: 120_000 }, async () => {
    const log = await startLog();
    // META-05-later: the first request binds the process to its client, so stateless-first-request
    // fails on the chain's process; list-sets-stable must not inherit that process.
    const run = await runConformance({ kind: 'stdio', command: commandFor(log, '--break=META-05-later') }, { callTools: 'all', timeoutMs: 3000, surface: false });
    const status = (id: string) => run.section.checks.find((check) => check.id === id)?.status;
    expect(status('stateless-first-request')).toBe('fail');
    expect(status('list-sets-stable')).toBe('pass');
    expect(status('stdio-exit-on-stdin-close')).toBe('pass');
    const starts = await startsOf(log);
    expect(starts).toHaveLength(1 + 2 + 1);
    expect(starts.filter((start) => alive(start.pid))).toEqual([]);
  });

  it('a check the server only refused leaves the chain its process: fastmcp answers subscriptions/listen with -32601, and stdin close still needs no start of its own', { timeout: 120_000 }, async () => {
    const log = await startLog();
    const run = await runConformance({ kind: 'stdio', command: commandFor(log, '--break=SUB-01') }, { callTools: 'all', timeoutMs: 3000, surface: false });
    const status = (id: string) => run.section.checks.find((check) => check.id === id)?.status;
    expect(status('subscriptions-listen')).toBe('fail');
    expect(status('stdio-exit-on-stdin-close')).toBe('pass');
    // The first process, the chain's and the legacy initialize's: before, a fourth for stdin close.
    const starts = await startsOf(log);
    expect(starts).toHaveLength(1 + 2);
    expect(starts.filter((start) => alive(start.pid))).toEqual([]);
  });

  it('the first process asks whether the server is dual-era last, once its other checks are done (the era probe waits for a start-up of its own)', { timeout: 60_000 }, async () => {
    const log = await startLog();
    const only = ['modern-initialize-rejected', 'legacy-initialize-rejected', 'removed-notifications', 'cancel-unknown-ignored', 'unknown-method'];
    const run = await runConformance({ kind: 'stdio', command: commandFor(log) }, { timeoutMs: 3000, surface: false, only });
    const evidence = (id: string) => run.section.checks.find((check) => check.id === id)?.evidence ?? [];
    const seqs = (id: string) => evidence(id).map((exchange) => exchange.seq);
    // The reference server is modern-only: the check sends its initialize once the probe has answered.
    expect(run.section.eraModel).toBe('modern-only');
    const modern = evidence('modern-initialize-rejected').filter((exchange) => exchange.request.method === 'initialize (modern-shaped)').map((exchange) => exchange.seq);
    expect(modern).toHaveLength(1);
    const others = ['removed-notifications', 'cancel-unknown-ignored', 'unknown-method'].flatMap(seqs);
    expect(others.length).toBeGreaterThan(3);
    expect(Math.max(...others)).toBeLessThan(modern[0]);
    // The report keeps the registry's order.
    expect(run.section.checks.map((check) => check.id)).toEqual(CHECKS.map((check) => check.id).filter((id) => only.includes(id)));
  });

  it('closes the first process beside the chains only once nothing of the run will ask it anything more', { timeout: 120_000 }, async () => {
    const log = await startLog();
    // A whole run (late checks take an inventory, the surface reads resource templates) and a few
    // checks that walk the lists but not the templates: neither meets a first process already closed.
    for (const only of [undefined, ['capabilities-declared', 'stateless-first-request', 'response-envelope']]) {
      const run = await runConformance({ kind: 'stdio', command: commandFor(log) }, { callTools: 'all', timeoutMs: 3000, only });
      const lost = run.section.checks.flatMap((check) => check.evidence.filter((exchange) => /exited|closed|not running/i.test(exchange.failure ?? '')).map((exchange) => `${check.id}: ${exchange.request.method}: ${exchange.failure}`));
      expect(lost).toEqual([]);
      expect(run.surface?.problems ?? []).toEqual([]);
      expect(run.surface?.counts.resourceTemplates).toBeGreaterThan(0);
    }
  });

  it('a run of a few checks (--only) starts only the processes they take', { timeout: 60_000 }, async () => {
    const log = await startLog();
    const run = await runConformance({ kind: 'stdio', command: commandFor(log) }, { timeoutMs: 3000, surface: false, only: ['stateless-first-request', 'stdio-exit-on-stdin-close', 'subscriptions-listen'] });
    expect(run.section.checks.map((check) => `${check.id}: ${check.status}`)).toEqual(['stateless-first-request: pass', 'stdio-exit-on-stdin-close: pass', 'subscriptions-listen: pass']);
    // The first process and the chain's: the first request, the listen stream, then stdin close.
    const starts = await startsOf(log);
    expect(starts).toHaveLength(2);
    expect(starts.filter((start) => alive(start.pid))).toEqual([]);
  });
});

describe('the first request to an untouched process', () => {
  afterEach(() => vi.useRealTimers());

  // Nothing can be asked of an untouched process before its probe, so the probe's deadline counts
  // its start-up: twice the first process's, of which the part already spent is not waited again.
  it('waits the request deadline plus what may be left of its start-up, at most the start-up budget', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const target = { kind: 'stdio', connect: () => ({}) as Connection } as unknown as Target;
    const pool = new FreshPool(target, { timeoutMs: 5000, startupTimeoutMs: 30_000 });
    const early = pool.takeUntouched();
    expect(pool.firstRequestTimeout(early)).toBe(30_000);
    vi.advanceTimersByTime(3000);
    pool.noteStartup(3000);
    expect(pool.firstRequestTimeout(early)).toBe(5000 + 3000);
    const late = pool.takeUntouched();
    expect(pool.firstRequestTimeout(late)).toBe(5000 + 6000);
    vi.advanceTimersByTime(60_000);
    expect(pool.firstRequestTimeout(late)).toBe(5000);
    pool.noteStartup(20_000);
    expect(pool.firstRequestTimeout(pool.takeUntouched())).toBe(30_000);
  });
});

describe('a chain of checks on one fresh process', () => {
  const connection = (name: string) => ({ name, alive: true }) as unknown as Connection;
  const released: string[] = [];
  const pool = { release: (c: Connection) => released.push((c as unknown as { name: string }).name) } as unknown as FreshPool;
  const client = (c: Connection, era: '2026-07-28' | '2025-11-25' = '2026-07-28') => new McpClient(c, { era, timeoutMs: 1000 });

  it('hands the process on after a pass, and ends it after anything else that touched it', () => {
    released.length = 0;
    const relay = new ProcessRelay(pool);
    expect(relay.take()).toBeUndefined();
    const a = client(connection('a'));
    relay.hold(a);
    relay.settle(true);
    expect(relay.take()).toBe(a);
    relay.hold(a);
    relay.settle(false);
    expect(released).toEqual(['a']);
    expect(relay.take()).toBeUndefined();
    // A check that skipped without touching the held process leaves it for the next.
    const b = client(connection('b'));
    relay.hold(b);
    relay.settle(true);
    relay.settle(false);
    expect(relay.take()).toBe(b);
    relay.hold(b);
    relay.drop();
    expect(released).toEqual(['a', 'b']);
  });

  it('reads a check that only met JSON-RPC errors, answered and nothing else, as leaving the process as it was', () => {
    const exchange = (answer: Record<string, unknown> | undefined, extra: Partial<Exchange> = {}, messages = answer ? [answer] : []) =>
      ({ seq: 1, transport: 'stdio', era: '2026-07-28', request: { method: 'subscriptions/listen', body: '{}' }, response: { body: '', messages, answer, garbage: [] }, startedAt: 0, durationMs: 1, ...extra }) as Exchange;
    const refusal = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } };
    expect(onlyRefused([exchange(refusal), exchange(refusal)])).toBe(true);
    // A result may have bound the process; no answer may leave it stuck; anything besides may be work still running.
    expect(onlyRefused([exchange(refusal), exchange({ jsonrpc: '2.0', id: 2, result: {} })])).toBe(false);
    expect(onlyRefused([exchange(undefined, { failure: 'no response within 3000 ms' })])).toBe(false);
    expect(onlyRefused([exchange(refusal, {}, [{ jsonrpc: '2.0', method: 'notifications/progress' }, refusal])])).toBe(false);
    expect(onlyRefused([exchange(refusal, { response: { body: 'x', messages: [refusal], answer: refusal, garbage: ['not JSON'] } })])).toBe(false);
    // Nothing sent, or a log that kept fewer exchanges than the check made, says nothing.
    expect(onlyRefused([])).toBe(false);
    expect(onlyRefused([exchange(refusal)], 65)).toBe(false);
  });

  it('never hands on a dead process or a legacy session', () => {
    released.length = 0;
    const relay = new ProcessRelay(pool);
    const dead = connection('dead');
    relay.hold(client(dead));
    relay.settle(true);
    (dead as unknown as { alive: boolean }).alive = false;
    expect(relay.take()).toBeUndefined();
    relay.hold(client(connection('legacy'), '2025-11-25'));
    relay.settle(true);
    expect(relay.take()).toBeUndefined();
    expect(released).toEqual(['dead', 'legacy']);
  });

  it('chains only checks on processes of their own, each chain led by a check that needs a first request', () => {
    const byId = new Map(CHECKS.map((check) => [check.id, check]));
    for (const chain of PROCESS_CHAINS) for (const id of chain) expect(byId.get(id)?.ownProcess, id).toBe(true);
    expect(PROCESS_CHAINS.flat().filter((id, index) => index !== 0 && id === 'stateless-first-request')).toEqual([]);
  });
});
