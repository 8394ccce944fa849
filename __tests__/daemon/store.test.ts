import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, SqliteStore, type StoredRun, type StoredSpan } from '../../src/core/daemon/store.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function span(traceId: string, spanId: string, startNs: string): StoredSpan {
  return { traceId, spanId, name: 'chat m', kind: 3, startNs, endNs: String(BigInt(startNs) + 1_000_000n), statusCode: 0, attributes: { 'gen_ai.operation.name': 'chat' }, resource: { 'service.name': 'p' } };
}

/** One run per trace, built from its spans (the real builder is tested with the OTLP mapping). */
function build(spans: StoredSpan[]): StoredRun[] {
  const first = spans[0];
  const startMs = Number(BigInt(first.startNs) / 1_000_000n);
  return [{
    runId: first.traceId, traceId: first.traceId, project: 'p', status: 'ok', startMs, durationMs: 1, model: 'm', caseId: 'c', input: 'hi', answer: 'ok',
    inputTokens: 1, outputTokens: 2, costUsd: null, toolCalls: 0,
    trace: { traceId: first.traceId, caseId: 'c', model: 'm', repeat: 0, startedAt: new Date(startMs).toISOString(), durationMs: 1, spans: [], toolCalls: [], finalAnswer: 'ok', stopReason: 'answer', steps: spans.length, usage: { inputTokens: 1, outputTokens: 2 }, costUsd: null },
  }];
}

describe('SqliteStore', () => {
  it('creates the schema in WAL mode through numbered migrations, and keeps data across a reopen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-store-'));
    dirs.push(dir);
    const file = join(dir, 'sub', 'mcpd.sqlite');
    const store = new SqliteStore(file);
    const trace = 'a'.repeat(32);
    expect(store.ingest([span(trace, '1'.repeat(16), '1700000000000000000')], build)).toEqual({ spans: 1, runs: 1 });
    // A second batch of the same trace rebuilds its run from every stored span.
    store.ingest([span(trace, '2'.repeat(16), '1700000000500000000')], build);
    store.close();

    const raw = new DatabaseSync(file);
    expect(raw.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    expect(Number(raw.prepare('PRAGMA user_version').get()?.user_version)).toBe(SCHEMA_VERSION);
    raw.close();

    const again = new SqliteStore(file, { buildRuns: build });
    expect(again.countSpans()).toBe(2);
    const [run] = again.listRuns({});
    expect(run.trace.steps).toBe(2);
    expect(again.listRuns({ project: 'other' })).toEqual([]);
    again.close();
  });

  it('builds a trace that arrives in batches once, when read, not once per batch; says how many spans past 10,000 it left out', () => {
    let builds = 0;
    const counting = (spans: StoredSpan[]) => {
      builds += 1;
      return build(spans);
    };
    const store = new SqliteStore(':memory:', { buildRuns: counting });
    const trace = 'b'.repeat(32);
    const start = 1_700_000_000_000_000_000n;
    // 10,050 spans in 201 batches of 50.
    for (let batch = 0; batch < 201; batch += 1) {
      store.ingest(Array.from({ length: 50 }, (_, i) => span(trace, (batch * 50 + i + 1).toString(16).padStart(16, '0'), String(start + BigInt(batch * 50 + i) * 1000n))));
    }
    expect(builds).toBe(1); // the first batch (a new trace); the other 200 only mark it
    const [run] = store.listRuns({});
    expect(builds).toBe(2);
    expect(run.trace.steps).toBe(10_000);
    expect(run.droppedSpans).toBe(50);
    store.listRuns({});
    expect(builds).toBe(2); // clean until the trace grows again
    store.close();
  });

  it('refuses a database newer than it knows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-store-'));
    dirs.push(dir);
    const file = join(dir, 'mcpd.sqlite');
    const raw = new DatabaseSync(file);
    raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => new SqliteStore(file)).toThrow(/newer than this mcp-evals knows/);
  });

  it('keeps one case per trace in a dataset, and counts scores per project and minute', () => {
    const store = new SqliteStore(':memory:');
    const c = { dataset: 'd', caseId: 'c-1', traceId: 't1', fields: { id: 'c-1', prompt: 'p' }, createdMs: 1 };
    expect(store.addCases([c]).added).toHaveLength(1);
    expect(store.addCases([{ ...c, caseId: 'c-2' }]).existing[0].caseId).toBe('c-1');
    expect(store.listCases('d')).toHaveLength(1);
    store.addScore({ runId: 'r', traceId: 't1', project: 'p', scorer: 'answered', passed: true, reason: 'x', createdMs: 1000 });
    store.addScore({ runId: 'r', traceId: 't1', project: 'p', experiment: 'v3', scorer: 'judge', passed: null, reason: 'abstained', scorerVersion: 'j', createdMs: 2000 });
    expect(store.countScoresSince('p', 1500)).toBe(1);
    expect(store.listScores({ experiment: 'v3' })[0]).toMatchObject({ passed: null, scorerVersion: 'j' });
    store.close();
  });
});
