import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/core/daemon/store.js';
import { runCli } from '../helpers/cli.js';
import { startServe } from './serve-child.js';

/** `mcp-evals serve` as a process: it starts, refuses an open bind without a token, and loses no acknowledged span to kill -9. */

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function serve(db: string): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  return startServe(['--port', '0', '--db', db], { onChild: (child) => children.push(child) });
}

let batch = 0;
/** One OTLP/JSON export of `n` spans in one agent run, with fresh ids. */
function exportBody(n: number): { body: string; traceId: string; spanIds: string[] } {
  batch += 1;
  const traceId = (batch.toString(16).padStart(8, '0') + 'feedface').repeat(2);
  const spanIds = Array.from({ length: n }, (_, i) => (i + 1).toString(16).padStart(16, '0'));
  const start = 1_700_000_000_000_000_000n + BigInt(batch) * 1_000_000_000n;
  const spans = spanIds.map((spanId, i) => ({
    traceId,
    spanId,
    ...(i > 0 ? { parentSpanId: spanIds[0] } : {}),
    name: i === 0 ? 'invoke_agent bot' : `chat m`,
    kind: i === 0 ? 1 : 3,
    startTimeUnixNano: String(start + BigInt(i) * 1000n),
    endTimeUnixNano: String(start + BigInt(i) * 1000n + 500n),
    attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: i === 0 ? 'invoke_agent' : 'chat' } }, { key: 'gen_ai.request.model', value: { stringValue: 'm' } }],
  }));
  return { body: JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'load' } }] }, scopeSpans: [{ scope: { name: 't' }, spans }] }] }), traceId, spanIds };
}

describe('mcp-evals serve (a process)', () => {
  it("starts without Node's SQLite ExperimentalWarning in front of its first line", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-evals-serve-quiet-'));
    dirs.push(dir);
    const { child, stderr } = await serve(join(dir, 'db.sqlite'));
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(stderr()).not.toMatch(/ExperimentalWarning|SQLite is an experimental feature/);
  });

  it('refuses a non-loopback --host without --token-env (exit 2), and a token variable that is not set', async () => {
    const open = await runCli(['serve', '--host', '0.0.0.0', '--port', '0']);
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/not a loopback address: binding there needs a bearer token \(--token-env NAME\)/);
    const unset = await runCli(['serve', '--token-env', 'MCP_EVALS_TEST_TOKEN_THAT_IS_NOT_SET', '--port', '0']);
    expect(unset.code).toBe(2);
    expect((await runCli(['serve', '--help'])).stdout).toMatch(/--request-timeout-seconds/);
  });

  it('keeps every acknowledged span when killed with SIGKILL during ingestion', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-kill-'));
    dirs.push(dir);
    const db = join(dir, 'mcpd.sqlite');
    const first = await serve(db);
    const acked: Array<{ traceId: string; spanIds: string[] }> = [];
    let stop = false;
    // Four senders in parallel; the daemon is killed while they are sending.
    const sender = async () => {
      while (!stop) {
        const { body, traceId, spanIds } = exportBody(20);
        try {
          const response = await fetch(`${first.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          if (response.status === 200) acked.push({ traceId, spanIds });
          await response.arrayBuffer();
        } catch {
          return; // the daemon is gone
        }
      }
    };
    const senders = [sender(), sender(), sender(), sender()];
    while (acked.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    stop = true;
    await Promise.all(senders);
    expect(acked.length).toBeGreaterThanOrEqual(40);

    // Restart on the same database: every acknowledged span is there, and its run answers.
    const second = await serve(db);
    const last = acked[acked.length - 1];
    const run = await fetch(`${second.url}/v1/api/runs/${last.traceId}`);
    expect(run.status).toBe(200);
    second.child.kill('SIGKILL');
    const store = new SqliteStore(db);
    try {
      for (const { traceId, spanIds } of acked) expect(store.spansOf(traceId).map((span) => span.spanId)).toEqual(spanIds);
    } finally {
      store.close();
    }
  });
});
