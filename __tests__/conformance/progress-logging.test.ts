import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/core/conformance/runner.js';
import { check, REFERENCE_SERVER, runOnFixture } from '../helpers/conformance.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';
import { startHttpServer } from '../helpers/http-server.js';

const CHECKS = ['progress-notifications', 'log-level-filtering', 'cancel-stops-request'];

/** Each break violates one row: the check's sub-result for that row fails or warns, the others pass. */
const CASES: Array<{ check: string; breaks: string; transport: 'stdio' | 'http'; sub: string; expected: 'fail' | 'warn' }> = [
  { check: 'progress-notifications', breaks: 'PROG-02', transport: 'stdio', sub: 'PROG-02', expected: 'fail' },
  { check: 'progress-notifications', breaks: 'PROG-02', transport: 'http', sub: 'PROG-02', expected: 'fail' },
  { check: 'progress-notifications', breaks: 'PROG-03', transport: 'stdio', sub: 'PROG-03', expected: 'fail' },
  { check: 'progress-notifications', breaks: 'PROG-03', transport: 'http', sub: 'PROG-03', expected: 'fail' },
  // LOG-02 is IMPLIED: a warning.
  { check: 'log-level-filtering', breaks: 'LOG-02', transport: 'stdio', sub: 'LOG-02', expected: 'warn' },
  { check: 'log-level-filtering', breaks: 'LOG-02', transport: 'http', sub: 'LOG-02', expected: 'warn' },
  // Messages for a request without a logLevel: on HTTP they land on the concurrent request's own stream.
  { check: 'log-level-filtering', breaks: 'LOG-01', transport: 'http', sub: 'LOG-03', expected: 'fail' },
  { check: 'log-level-filtering', breaks: 'LOG-05', transport: 'stdio', sub: 'LOG-05', expected: 'fail' },
  { check: 'log-level-filtering', breaks: 'LOG-05', transport: 'http', sub: 'LOG-05', expected: 'fail' },
];

// Each test starts its own server and mostly waits on it, so these run a few at a time; the correct
// server's runs, where a missed deadline would be a false failure, run alone.
describe.concurrent('progress, log levels and cancellation against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it.sequential(`the correct server passes on ${transport}`, async () => {
      const run = await runOnFixture({ transport, only: [...CHECKS, 'no-unrequested-notifications'] });
      const progress = check(run, 'progress-notifications');
      expect(progress.status, progress.message).toBe('pass');
      expect(progress.subResults?.map((sub) => `${sub.id}=${sub.status}`)).toEqual(['PROG-01=pass', 'PROG-02=pass', 'PROG-03=pass', 'PROG-04=pass']);
      expect(progress.message).toContain('3 progress notification(s) for slow');
      const log = check(run, 'log-level-filtering');
      expect(log.status, log.message).toBe('pass');
      expect(log.subResults?.map((sub) => `${sub.id}=${sub.status}`)).toEqual(transport === 'http' ? ['LOG-02=pass', 'LOG-03=pass', 'LOG-05=pass'] : ['LOG-02=pass', 'LOG-05=pass']);
      // What these checks asked for is not "unrequested".
      expect(check(run, 'no-unrequested-notifications').status).toBe('pass');
      if (transport === 'stdio') {
        const cancel = check(run, 'cancel-stops-request');
        expect(cancel.status, cancel.message).toBe('pass');
        expect(cancel.message).toContain('slow(steps=10, delayMs=200)');
      } else {
        expect(run.section.checks.some((c) => c.id === 'cancel-stops-request')).toBe(false);
      }
    });
  }

  for (const c of CASES) {
    it(`${c.check}: --break=${c.breaks} makes ${c.sub} ${c.expected} (${c.transport})`, async () => {
      const result = check(await runOnFixture({ transport: c.transport, breaks: [c.breaks], only: [c.check] }), c.check);
      expect(result.status, result.message).toBe(c.expected);
      expect(result.message).toMatch(new RegExp(`^${c.sub}: `));
      const subs = result.subResults ?? [];
      expect(subs.find((sub) => sub.id === c.sub)?.status).toBe(c.expected);
      expect(subs.filter((sub) => sub.id !== c.sub && sub.status !== 'pass').map((sub) => `${sub.id}: ${sub.message}`)).toEqual([]);
    });
  }

  it('cancel-stops-request warns when a cancelled request keeps sending (--break=CANC-02)', async () => {
    const result = check(await runOnFixture({ transport: 'stdio', breaks: ['CANC-02'], only: ['cancel-stops-request'] }), 'cancel-stops-request');
    expect(result.status, result.message).toBe('warn');
    expect(result.level).toBe('SHOULD');
    expect(result.message).toContain('after notifications/cancelled the server still sent progress');
  });

  // A loaded machine: the server reads each stdin line 180 ms late, so a progress it sends 130 ms
  // after the cancel went out was on its way before it read the cancel (the fence behind the
  // cancel shows when it did). Not a failure; a server that ignores the cancel still is one.
  for (const [breaks, expected] of [
    [[], 'pass'],
    [['CANC-02'], 'warn'],
  ] as const) {
    it(`cancel-stops-request on a server slow to read its stdin${breaks.length ? ` (--break=${breaks[0]})` : ''}: ${expected}`, async () => {
      const command = ['node', REFERENCE_SERVER, '--stdin-lag-ms=180', ...breaks.map((name) => `--break=${name}`)].map((part) => JSON.stringify(part)).join(' ');
      const run = await runConformance({ kind: 'stdio', command }, { only: ['cancel-stops-request'], callTools: 'all', timeoutMs: 3000 });
      const result = check(run, 'cancel-stops-request');
      expect(result.status, result.message).toBe(expected);
    });
  }

  it('skips without tools to call', async () => {
    const run = await runOnFixture({ transport: 'stdio', only: CHECKS, callTools: 'none' });
    for (const id of CHECKS) expect(check(run, id).status, id).toBe('skip');
    expect(check(run, 'cancel-stops-request').message).toContain('duration parameter');
  });
});

describe('progress, log levels and cancellation against the example server (official SDK)', () => {
  const judge = (run: Awaited<ReturnType<typeof runConformance>>) => {
    // Its tools report no progress and log nothing: allowed, so no false failures.
    const progress = check(run, 'progress-notifications');
    expect(progress.status, progress.message).toBe('pass');
    expect(progress.message).toContain('PROG-05');
    const log = check(run, 'log-level-filtering');
    expect(log.status, log.message).toBe('pass');
    expect(log.message).toContain('nothing logged');
  };

  it('stdio: passes, and cancel-stops-request skips (no tool has a duration parameter)', async () => {
    const run = await runConformance({ kind: 'stdio', command: `node ${JSON.stringify(EXAMPLE_SERVER)}` }, { only: CHECKS, timeoutMs: 5000 });
    judge(run);
    expect(check(run, 'cancel-stops-request').status).toBe('skip');
  });

  it('HTTP: passes', async () => {
    const server = await startHttpServer(['node', EXAMPLE_SERVER, '--http', '--port', '0']);
    try {
      judge(await runConformance({ kind: 'http', url: server.url }, { only: CHECKS, timeoutMs: 5000 }));
    } finally {
      await server.stop();
    }
  });
});
