import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';
import { emitRuns } from './otel-agent.js';

/** Smaller promises of the loop: what a dry run predicts, what a re-capture says, what a comparison notes. */

const started: Array<{ daemon: RunningDaemon; store: SqliteStore; dir: string }> = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.daemon.close();
    s.store.close();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

async function start(quotaPerMinute?: number): Promise<{ url: string; store: SqliteStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpd-loop-'));
  const store = new SqliteStore(join(dir, 'mcpd.sqlite'));
  const daemon = await startDaemon({ store, host: '127.0.0.1', port: 0, requestTimeoutMs: 30_000, judgeTimeoutMs: 30_000, ...(quotaPerMinute !== undefined ? { quotaPerMinute } : {}) });
  started.push({ daemon, store, dir });
  return { url: daemon.url, store };
}

async function send(url: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

const RUN = { agent: 'bot', model: 'm', prompt: 'Weather in Oslo?', answer: 'Rain.' };

describe('the loop, in detail', () => {
  it('a dry run predicts the scores the quota would skip', async () => {
    const { url, store } = await start(3);
    await emitRuns(url, 'json', 'shop', [RUN, RUN]);
    const dry = await send(url, '/v1/api/score', { scorers: ['answered', 'no_errors'], dry_run: true });
    expect(dry.scores).toHaveLength(3);
    expect(dry.skipped).toMatchObject([{ kind: 'quota', reason: expect.stringContaining('would not be stored') }]);
    expect(store.listScores({})).toEqual([]);
    const real = await send(url, '/v1/api/score', { scorers: ['answered', 'no_errors'] });
    expect(real.scores).toHaveLength(3);
    expect(real.skipped).toHaveLength(1);
  });

  it('re-capturing a run already in the dataset says `already`, even where it would now be skipped', async () => {
    const { url } = await start();
    const [traceId] = await emitRuns(url, 'json', 'shop', [{ ...RUN, answer: undefined, fail: true }]);
    const first = await send(url, '/v1/api/datasets/regressions/capture', { trace_ids: [traceId] });
    expect(first.captured).toHaveLength(1);
    const again = await send(url, '/v1/api/datasets/regressions/capture', { trace_ids: [traceId], use_output_as_expected: true });
    expect(again).toMatchObject({ captured: [], skipped: [], already: [{ source_trace_id: traceId }] });
  });

  it('a comparison of two experiments carries no note about metrics neither side has', async () => {
    const { url } = await start();
    await emitRuns(url, 'json', 'shop', [RUN]);
    for (const id of ['v1', 'v2']) {
      await send(url, '/v1/api/experiments', { id, project: 'shop' });
      await send(url, '/v1/api/score', { scorers: ['answered'], experiment: id });
    }
    const comparison = await send(url, '/v1/api/experiments/compare?baseline=v1&candidate=v2');
    expect(comparison.scorers.map((s: any) => s.name)).toEqual(['answered']);
    expect(comparison.notes.join(' ')).not.toContain('differ between the sides');
  });
});
