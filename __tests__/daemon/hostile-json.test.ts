import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';

/**
 * JSON a client can send that a parser pays for: brackets nested millions deep are refused by a
 * linear depth scan before JSON.parse sees them, while other clients are answered; OTLP/JSON
 * timestamps written as JSON numbers (every epoch-nanosecond value is above 2^53) are read
 * exactly, from the text, not rounded through a double.
 */

const started: Array<{ daemon: RunningDaemon; store: SqliteStore; dir: string }> = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.daemon.close();
    s.store.close();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

async function start(): Promise<{ url: string; store: SqliteStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpd-json-'));
  const store = new SqliteStore(join(dir, 'mcpd.sqlite'));
  const daemon = await startDaemon({ store, host: '127.0.0.1', port: 0, requestTimeoutMs: 30_000, judgeTimeoutMs: 30_000 });
  started.push({ daemon, store, dir });
  return { url: daemon.url, store };
}

async function post(url: string, path: string, body: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, body: await response.json() };
}

describe('hostile JSON', () => {
  it('refuses 16 MB of nested brackets unparsed, on the OTLP and the API endpoints, and answers other clients meanwhile', async () => {
    const { url } = await start();
    const deep = '['.repeat(16 * 1024 * 1024 - 1);
    const others = Promise.all(Array.from({ length: 20 }, () => fetch(`${url}/v1/api/runs`).then((r) => r.status)));
    const [traces, score, answered] = await Promise.all([
      post(url, '/v1/traces', deep),
      post(url, '/v1/api/score', `{"config":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}`),
      others,
    ]);
    expect(traces).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('nests deeper than 512 levels') } } });
    expect(score).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('nests deeper than 512 levels') } } });
    expect(answered.every((status) => status === 200)).toBe(true);
    // Depth within the limit, and brackets inside strings, are not depth.
    expect((await post(url, '/v1/traces', JSON.stringify({ resourceSpans: [], note: '['.repeat(100_000) }))).status).toBe(200);
  });

  it('reads OTLP/JSON timestamps sent as JSON numbers above 2^53 exactly', async () => {
    const { url, store } = await start();
    const traceId = 'ab'.repeat(16);
    // As a JSON encoder that writes 64-bit integers as numbers sends them: not quoted.
    const body = `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"shop"}}]},"scopeSpans":[{"spans":[
      {"traceId":"${traceId}","spanId":"00000000000000a1","name":"invoke_agent bot","kind":1,"startTimeUnixNano":1700000000123456789,"endTimeUnixNano":1700000000987654321,
       "attributes":[{"key":"gen_ai.operation.name","value":{"stringValue":"invoke_agent"}},{"key":"big","value":{"intValue":9007199254740993}}]}]}]}]}`;
    const answer = await post(url, '/v1/traces', body);
    expect(answer).toMatchObject({ status: 200, body: {} });
    const [span] = store.spansOf(traceId);
    expect(span.startNs).toBe('1700000000123456789');
    expect(span.endNs).toBe('1700000000987654321');
    expect(span.attributes.big).toBe('9007199254740993');
    const runs = await (await fetch(`${url}/v1/api/runs`)).json();
    expect(runs.runs[0]).toMatchObject({ trace_id: traceId, started_at: '2023-11-14T22:13:20.123Z', duration_ms: 864.197 });
  });
});
