import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDemand, runConformance } from '../../src/core/conformance/runner.js';
import { CHECKS } from '../../src/core/conformance/registry.js';
import { FreshPool, SPARE_LIMIT } from '../../src/core/conformance/fresh-pool.js';
import type { Connection } from '../../src/core/mcp/connection.js';
import type { Target } from '../../src/core/mcp/target.js';

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

/** The most processes in their start-up at one moment: each is for DELAY_MS after its start. */
function mostAtOnce(starts: Start[]): number {
  return Math.max(...starts.map((start) => starts.filter((other) => other.t <= start.t && start.t < other.t + DELAY_MS).length));
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

describe('the fresh processes of a stdio run', () => {
  it('start side by side with the first process, and are all gone when the run ends', { timeout: 180_000 }, async () => {
    const log = join(await mkdtemp(join(tmpdir(), 'mcp-evals-starts-')), 'starts.jsonl');
    const command = ['node', START_LOGGED, log, `--start-delay-ms=${DELAY_MS}`].map((part) => JSON.stringify(part)).join(' ');
    const run = await runConformance({ kind: 'stdio', command }, { callTools: 'all', timeoutMs: 3000, surface: false });
    expect(run.section.checks.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.message}`)).toEqual([]);
    const starts: Start[] = (await readFile(log, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    // The first process, and the fresh ones the checks declare (stateless-first-request, the legacy
    // initialize, list-sets-stable, stdio-exit, subscriptions, progress, logging, cancel): no spare the
    // run did not plan, and none a check had to start unplanned (it would wait a start-up of its own).
    const applicable = CHECKS.filter((check) => check.eras.includes(run.section.era) && check.transport !== 'http');
    const declared = freshDemand(applicable, { declares: (capability) => capability in run.section.capabilities });
    expect(declared).toBeGreaterThanOrEqual(7);
    expect(starts).toHaveLength(1 + declared);
    // One start-up, not one per fresh process: every process started while the first was still
    // starting. Before, each check started its own as it came to it (a chain of 10 start-ups).
    const firstReady = starts[0].t + DELAY_MS;
    expect(starts.filter((start) => start.t >= firstReady).map((start) => start.t - starts[0].t)).toEqual([]);
    // Bounded: the first process and at most SPARE_LIMIT spares start at once.
    expect(mostAtOnce(starts)).toBeLessThanOrEqual(SPARE_LIMIT + 1);
    expect(starts.filter((start) => alive(start.pid))).toEqual([]);
  });

  it('a run of a few checks (--only) starts only the processes they take', { timeout: 60_000 }, async () => {
    const log = join(await mkdtemp(join(tmpdir(), 'mcp-evals-starts-')), 'starts.jsonl');
    const command = ['node', START_LOGGED, log].map((part) => JSON.stringify(part)).join(' ');
    const run = await runConformance({ kind: 'stdio', command }, { timeoutMs: 3000, surface: false, only: ['stateless-first-request', 'stdio-exit-on-stdin-close'] });
    expect(run.section.checks.map((check) => `${check.id}: ${check.status}`)).toEqual(['stateless-first-request: pass', 'stdio-exit-on-stdin-close: pass']);
    const starts: Start[] = (await readFile(log, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(starts).toHaveLength(3);
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
