import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/core/conformance/runner.js';
import { REFERENCE_SERVER, check, runOnFixture } from '../helpers/conformance.js';
import { freePort } from '../helpers/echo-server.js';

/**
 * A misbehaving server under test becomes failed checks with a clear message: never a hang, a crash
 * of the harness, or unbounded memory.
 */
describe('a misbehaving server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`that hangs on tools/list fails within the deadline (${transport})`, async () => {
      const started = Date.now();
      const run = await runOnFixture({ transport, breaks: ['hang'], only: ['capabilities-declared', 'discover-answers'], timeoutMs: 800 });
      const result = check(run, 'capabilities-declared');
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(/no response within 800 ms|tools\/list did not answer within 800 ms/);
      expect(check(run, 'discover-answers').status).toBe('pass');
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it(`that answers garbage fails with what it sent (${transport})`, async () => {
      const run = await runOnFixture({ transport, breaks: ['garbage'], only: ['capabilities-declared'], timeoutMs: 800 });
      const result = check(run, 'capabilities-declared');
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(transport === 'http' ? /not JSON-RPC/ : /no response within/);
    });

  }

  it('that sends a 50 MB stdout line is cut off, not buffered without bound', async () => {
    // A generous deadline: building and piping 50 MB takes the fixture seconds on a loaded machine,
    // and the cut must come from the line limit, never from the deadline.
    const run = await runOnFixture({ transport: 'stdio', breaks: ['huge'], only: ['capabilities-declared', 'stdio-only-messages-on-stdout'], timeoutMs: 60_000 });
    expect(check(run, 'capabilities-declared').status).toBe('fail');
    expect(check(run, 'capabilities-declared').message).toMatch(/stdout line longer than \d+ bytes/);
    expect(check(run, 'stdio-only-messages-on-stdout').message).toMatch(/longer than \d+ bytes/);
  }, 90_000);

  it('that sends a 50 MB HTTP body is cut off with a message', async () => {
    const run = await runOnFixture({ transport: 'http', breaks: ['huge'], only: ['capabilities-declared'], timeoutMs: 10_000 });
    const result = check(run, 'capabilities-declared');
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(/exceeds \d+ bytes/);
  });

  it('that crashes mid-run (stdio) fails that check with the exit and stderr, and later checks get a new process', async () => {
    const run = await runOnFixture({ transport: 'stdio', breaks: ['crash-on-tools-list'], only: ['capabilities-declared', 'discover-version-checked'] });
    const crashed = check(run, 'capabilities-declared');
    expect(crashed.status).toBe('fail');
    expect(crashed.message).toMatch(/server process exited with code 1/);
    expect(check(run, 'discover-version-checked').status).toBe('pass');
  });

  it('that drops the connection (HTTP) fails with a connection error', async () => {
    const run = await runOnFixture({ transport: 'http', breaks: ['crash-on-tools-list'], only: ['capabilities-declared'] });
    const result = check(run, 'capabilities-declared');
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(/request failed|socket|closed|terminated/i);
  });

  it('that does not exist is not evaluated (exit 3 at the CLI), naming the command', async () => {
    const run = await runConformance({ kind: 'stdio', command: 'definitely-not-a-command-mcp-evals' }, { timeoutMs: 1000 });
    expect(run.section.checks).toEqual([]);
    expect(run.section.notEvaluated?.reason).toMatch(/did not start: .*not found/);
  });

  it('that nobody listens for is not evaluated', async () => {
    const run = await runConformance({ kind: 'http', url: 'http://127.0.0.1:9/mcp' }, { timeoutMs: 1000 });
    expect(run.section.checks).toEqual([]);
    expect(run.section.notEvaluated?.reason).toMatch(/ECONNREFUSED/);
  });

  it('an HTTP server the harness starts is waited for, then stopped', async () => {
    const port = await freePort();
    const run = await runConformance(
      { kind: 'http', url: `http://127.0.0.1:${port}/mcp`, start: { command: `node ${JSON.stringify(REFERENCE_SERVER)} --http --port ${port} --break=slow-start`, readyUrl: `http://127.0.0.1:${port}/healthz` } },
      { only: ['discover-answers'] },
    );
    expect(check(run, 'discover-answers').status).toBe('pass');
  });

  it('a start command that exits early is reported with its stderr', async () => {
    const run = await runConformance({ kind: 'http', url: 'http://127.0.0.1:9/mcp', start: { command: 'echo "boom: missing API key" >&2; exit 3', readyTimeoutMs: 5000 } }, {});
    expect(run.section.checks).toEqual([]);
    expect(run.section.notEvaluated?.reason).toMatch(/did not start: boom: missing API key \(the start command exited \(exit code 3\)/);
  });
});
