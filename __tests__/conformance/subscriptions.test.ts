import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/core/conformance/runner.js';
import { check, runOnFixture } from '../helpers/conformance.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';
import { startHttpServer } from '../helpers/http-server.js';

const ID = 'subscriptions-listen';
const ROWS = ['SUB-01', 'SUB-02', 'SUB-03', 'SUB-04', 'SUB-05', 'SUB-06', 'SUB-07', 'SUB-10'];

/** Each break violates one row: that sub-result fails (SUB-04 is IMPLIED: a warning), the others pass. */
const BREAKS: Array<{ breaks: string; expected: 'fail' | 'warn' }> = [
  { breaks: 'SUB-02', expected: 'fail' },
  { breaks: 'SUB-03', expected: 'fail' },
  { breaks: 'SUB-04', expected: 'warn' },
  { breaks: 'SUB-05', expected: 'fail' },
  { breaks: 'SUB-06', expected: 'fail' },
  { breaks: 'SUB-07', expected: 'fail' },
];

// Each test starts its own server and mostly waits on it, so these run a few at a time; the correct
// server's runs, where a missed deadline would be a false failure, run alone.
describe.concurrent('subscriptions/listen against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it.sequential(`the correct server passes every row on ${transport}`, async () => {
      const result = check(await runOnFixture({ transport, only: [ID] }), ID);
      expect(result.status, result.message).toBe('pass');
      expect(result.subResults?.map((sub) => sub.id)).toEqual(ROWS);
      expect(result.subResults?.filter((sub) => sub.status !== 'pass')).toEqual([]);
    });

    it(`--break=SUB-01 (-32601) fails with a clear message on ${transport}`, async () => {
      const result = check(await runOnFixture({ transport, breaks: ['SUB-01'], only: [ID] }), ID);
      expect(result.status).toBe('fail');
      expect(result.message).toContain('-32601');
      expect(result.subResults).toEqual([expect.objectContaining({ id: 'SUB-01', status: 'fail' })]);
    });

    for (const c of BREAKS) {
      it(`--break=${c.breaks} makes ${c.breaks} ${c.expected} on ${transport}`, async () => {
        const result = check(await runOnFixture({ transport, breaks: [c.breaks], only: [ID] }), ID);
        expect(result.status, result.message).toBe(c.expected);
        expect(result.message).toMatch(new RegExp(`^${c.breaks}: `));
        const subs = result.subResults ?? [];
        expect(subs.find((sub) => sub.id === c.breaks)?.status).toBe(c.expected);
        expect(subs.filter((sub) => sub.id !== c.breaks && sub.status !== 'pass').map((sub) => `${sub.id}: ${sub.message}`)).toEqual([]);
      });
    }
  }

  it('listen streams do not count as unrequested notifications in a full run (HTTP)', async () => {
    const run = await runOnFixture({ transport: 'http', only: [ID, 'no-unrequested-notifications'] });
    expect(check(run, 'no-unrequested-notifications').status).toBe('pass');
  });
});

describe('subscriptions/listen against the example server (official SDK)', () => {
  it('passes on stdio', async () => {
    const run = await runConformance({ kind: 'stdio', command: `node ${JSON.stringify(EXAMPLE_SERVER)}` }, { only: [ID], timeoutMs: 5000 });
    const result = check(run, ID);
    expect(result.status, result.message).toBe('pass');
  });

  it('passes on HTTP', async () => {
    const server = await startHttpServer(['node', EXAMPLE_SERVER, '--http', '--port', '0']);
    try {
      const result = check(await runConformance({ kind: 'http', url: server.url }, { only: [ID], timeoutMs: 5000 }), ID);
      expect(result.status, result.message).toBe('pass');
    } finally {
      await server.stop();
    }
  });
});
