import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';
import { createJudgeScorer } from '../../src/core/scorers/judge.js';
import { startScriptedModel, type ScriptedModel, type Script } from '../fixtures/models/scripted-model-server.js';
import { emitRuns } from './otel-agent.js';

/**
 * The judge's time budget in `POST /v1/api/score`: the cap (request timeout ÷ judge timeout) and
 * the per-call time check agree, so every call the cap allows is made (at the defaults, 30 s and
 * 30 s: one); a run with no answer is never sent to the model; a client that goes away stops
 * the calls. The judge is a scripted model on 127.0.0.1 speaking the OpenAI wire format.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const VERDICT = JSON.stringify({ scores: { answer_relevance: 0.9 }, reasoning: 'on topic' });

async function judgeModel(script: Script): Promise<ScriptedModel> {
  const model = await startScriptedModel(script);
  cleanup.push(() => model.close());
  return model;
}

async function daemonWith(model: ScriptedModel, requestTimeoutMs: number, judgeTimeoutMs: number, clock?: () => number): Promise<{ url: string; store: SqliteStore; daemon: RunningDaemon }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpd-judge-'));
  const store = new SqliteStore(join(dir, 'mcpd.sqlite'));
  const judge = createJudgeScorer({ provider: 'openai', model: 'judge-m', endpoint: model.openaiEndpoint, criteria: [{ id: 'answer_relevance', description: 'Does the answer address the question?' }], rubric: '', pass_threshold: 0.7, timeout_ms: judgeTimeoutMs }, undefined);
  const daemon = await startDaemon({ store, host: '127.0.0.1', port: 0, requestTimeoutMs, judge, judgeTimeoutMs, ...(clock ? { clock } : {}), onInternalError: (error) => console.error('DAEMON 500', error) });
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanup.push(() => store.close());
  cleanup.push(() => daemon.close());
  return { url: daemon.url, store, daemon };
}

async function score(url: string, body: unknown, signal?: AbortSignal): Promise<any> {
  const response = await fetch(`${url}/v1/api/score`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...(signal ? { signal } : {}) });
  return { status: response.status, ...(await response.json()) };
}

const answered = (n: number) => Array.from({ length: n }, (_, i) => ({ agent: 'desk', model: 'm', prompt: `Question ${i}?`, answer: `Answer ${i}.` }));

describe('the judge budget', () => {
  it('judges one run at the defaults (30 s request, 30 s judge): the call the cap allows is made', async () => {
    const model = await judgeModel(() => ({ text: VERDICT }));
    // Time passes as the request works (5 ms per reading of the clock), as it does on a real machine.
    let now = Date.now();
    const { url } = await daemonWith(model, 30_000, 30_000, () => (now += 5));
    await emitRuns(url, 'json', 'support-desk', answered(2));
    const answer = await score(url, { limit: 1, scorers: ['answer_relevance'] });
    expect(answer.status).toBe(200);
    expect(answer.judge).toMatchObject({ calls_allowed: 1, calls_made: 1 });
    expect(answer.abstentions).toEqual([]);
    expect(answer.scores).toMatchObject([{ scorer: 'judge', passed: true, score: 0.9, scorer_version: 'judge-m' }]);
    expect(model.calls()).toBe(1);
  });

  it('makes the last call the cap allows when the calls before it used their full timeout, within the time left', async () => {
    // Two calls that hang past the judge's timeout, then one that answers: cap 3 (3 s ÷ 1 s).
    const model = await judgeModel(({ call }) => (call <= 2 ? { delayMs: 1500, text: VERDICT } : { text: VERDICT }));
    const { url } = await daemonWith(model, 3000, 1000);
    await emitRuns(url, 'json', 'support-desk', answered(3));
    const answer = await score(url, { limit: 3, scorers: ['answer_relevance'] });
    expect(answer.judge).toMatchObject({ calls_allowed: 3, calls_made: 3 });
    expect(answer.abstentions.map((a: any) => a.reason)).toEqual([expect.stringContaining('deadline'), expect.stringContaining('deadline')]);
    expect(answer.scores.filter((s: any) => s.passed === true)).toHaveLength(1);
  });

  it('abstains on a run with no answer ("never measured") without asking the model', async () => {
    const model = await judgeModel(() => ({ text: VERDICT }));
    const { url } = await daemonWith(model, 30_000, 30_000);
    const [traceId] = await emitRuns(url, 'json', 'support-desk', [{ agent: 'desk', model: 'm', prompt: 'Refund order 7?', fail: true }]);
    const answer = await score(url, { trace_ids: [traceId], scorers: ['answer_relevance'] });
    expect(answer.status).toBe(200);
    expect(model.calls()).toBe(0);
    expect(answer.scores).toMatchObject([{ scorer: 'judge', passed: null, reason: expect.stringContaining('never measured') }]);
    expect(answer.scores[0].score).toBeUndefined();
    expect(answer.abstentions).toMatchObject([{ trace_id: traceId, stored: true }]);
  });

  it('stops calling the model when the client goes away', async () => {
    const model = await judgeModel(() => ({ delayMs: 800, text: VERDICT }));
    const { url, store } = await daemonWith(model, 30_000, 5000);
    await emitRuns(url, 'json', 'support-desk', answered(5));
    const client = new AbortController();
    const pending = score(url, { limit: 5, scorers: ['answered', 'answer_relevance'] }, client.signal).catch(() => 'aborted');
    // Wait until the first judge call arrives, then hang up.
    while (model.calls() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    client.abort();
    expect(await pending).toBe('aborted');
    // Longer than the remaining four calls would take if they were made.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(model.calls()).toBe(1);
    expect(store.listScores({}).filter((s) => s.scorer === 'judge')).toEqual([]);
  });
});
