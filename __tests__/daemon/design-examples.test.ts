import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadServeConfig } from '../../src/core/daemon/serve-config.js';
import { parseVerdict } from '../../src/core/scorers/judge-verdict.js';
import { startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { emitRuns, type AgentRunSpec } from './otel-agent.js';
import { startServe } from './serve-child.js';

/**
 * The mcpd design's own examples, as its user would copy them, against `mcp-evals serve` as a
 * process: its judge config (criteria as a map of id → question, `api_key: ""` for a local
 * model, no `server:`/`models:` sections), both score requests (`{"limit": 1, "scorers":
 * ["answer_relevance"]}` at the default timeouts; `{"project": "support-desk", "limit": 100,
 * "config": {"max_ms": 4000}}` without `scorers`), capture, scorers and compare. The judge is a
 * scripted model on 127.0.0.1 speaking the OpenAI wire format, answering its verdict inside a
 * sentence as chat models do.
 */

const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function scriptedJudge(): Promise<ScriptedModel> {
  const model = await startScriptedModel(() => ({ text: `Sure. Here is my verdict: ${JSON.stringify({ scores: { answer_relevance: 0.9 }, reasoning: 'addresses the refund question' })} Let me know if you need more.` }));
  cleanup.push(() => model.close());
  return model;
}

function designConfig(dir: string, endpoint: string): string {
  const file = join(dir, 'mcpd.yml');
  writeFileSync(file, ['judge:', `  endpoint: ${endpoint}`, '  model: judge-small', '  api_key: ""', '  criteria:', '    answer_relevance: "Does the answer address what the user asked?"', '    politeness: "Is the answer polite?"', ''].join('\n'));
  return file;
}

async function serve(args: string[], cwd: string): Promise<string> {
  const { url } = await startServe(['--port', '0', '--db', join(cwd, 'mcpd.sqlite'), ...args], { cwd, onChild: (child: ChildProcess) => cleanup.push(() => child.kill('SIGKILL')) });
  return url;
}

async function post(url: string, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const desk = (answer: string | undefined): AgentRunSpec => ({ agent: 'support-bot', model: 'gpt-x', prompt: 'Can I get a refund for order 7?', ...(answer !== undefined ? { answer } : { fail: true }) });

describe('the mcpd design, as written', () => {
  it('takes its judge config and both score requests, reads a verdict inside a sentence, and compares', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-design-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const model = await scriptedJudge();
    const url = await serve(['--config', designConfig(dir, model.openaiEndpoint)], dir);

    // A run that never answered, then (newest) one that did. "Newest" is by start time in ms: two
    // runs emitted in the same millisecond would tie, and `limit: 1` could pick either (a CI flake).
    await emitRuns(url, 'json', 'support-desk', [desk(undefined)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [answeredTrace] = await emitRuns(url, 'json', 'support-desk', [desk('Yes: the refund for order 7 is on its way.')]);

    // Scorers: the built-ins are listed.
    const scorers = await (await fetch(`${url}/v1/api/scorers`)).json();
    expect(scorers.scorers.map((s: any) => s.id)).toContain('latency_budget');

    // Capture: the answered run becomes a case.
    const captured = await post(url, '/v1/api/datasets/regressions/capture', { trace_ids: [answeredTrace] });
    expect(captured.status).toBe(200);
    expect(captured.body.captured).toHaveLength(1);
    const again = await post(url, '/v1/api/datasets/regressions/capture', { trace_ids: [answeredTrace] });
    expect(again.body).toMatchObject({ captured: [], already: [{ source_trace_id: answeredTrace }] });

    // The judge example, at the defaults (30 s request timeout, 30 s judge timeout): one run is judged.
    const judged = await post(url, '/v1/api/score', { limit: 1, scorers: ['answer_relevance'] });
    expect(judged.status).toBe(200);
    expect(judged.body.judge).toMatchObject({ model: 'judge-small', calls_allowed: 1, calls_made: 1, timeout_seconds: 30, request_timeout_seconds: 30 });
    expect(judged.body.abstentions).toEqual([]);
    expect(judged.body.scores).toMatchObject([{ scorer: 'judge', passed: true, score: 0.9, details: { criteria: ['answer_relevance'] } }]);
    expect(model.requests.at(-1)!.headers.authorization).toBeUndefined(); // api_key: "" sends no key

    // The scoring example, without `scorers`: the built-ins its config configures (max_ms → latency_budget).
    const scored = await post(url, '/v1/api/score', { project: 'support-desk', limit: 100, config: { max_ms: 4000 } });
    expect(scored.status).toBe(200);
    expect(scored.body.scorers).toContain('latency_budget');
    expect(scored.body.scorers).toContain('answered');
    const latency = scored.body.scores.filter((s: any) => s.scorer === 'latency_budget');
    expect(latency).toHaveLength(2);
    expect(latency.every((s: any) => s.passed === true)).toBe(true);
    expect(scored.body.scores.filter((s: any) => s.scorer === 'answered').map((s: any) => s.passed).sort()).toEqual([false, true]);
    expect(model.calls()).toBe(1); // no judge without a judge scorer named

    // Compare: two experiments scored the same way.
    for (const id of ['v1', 'v2']) {
      expect((await post(url, '/v1/api/experiments', { id, project: 'support-desk' })).status).toBe(200);
      expect((await post(url, '/v1/api/score', { project: 'support-desk', limit: 100, config: { max_ms: 4000 }, experiment: id })).status).toBe(200);
    }
    const compared = await runCli(['compare', '--daemon', url, 'v1', 'v2', '--json']);
    expect(compared.code, compared.stderr).toBe(0);
    const comparison = JSON.parse(compared.stdout);
    expect(comparison.scorers.map((s: any) => s.name)).toContain('latency_budget');
  }, 90_000);

  it('refuses a key written in the file, with its line and column (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-design-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'mcpd.yml');
    writeFileSync(file, 'judge:\n  model: m\n  endpoint: http://127.0.0.1:9/v1\n  api_key: "sk-live-123456"\n  criteria:\n    answer_relevance: "Relevant?"\n');
    const result = await runCli(['serve', '--port', '0', '--db', join(dir, 'db.sqlite'), '--config', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:4:`);
    expect(result.stderr).toContain('api_key_env');
    expect(result.stderr + result.stdout).not.toContain('sk-live-123456');
  });
});

describe('the daemon-only config', () => {
  it('takes a pricing: section beside the judge, and points at a malformed price', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-design-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'mcpd.yml');
    writeFileSync(file, 'judge:\n  model: m\n  endpoint: http://127.0.0.1:9/v1\n  api_key: ""\npricing:\n  in-house-llm: {input_per_mtok: 1, output_per_mtok: 2}\n');
    const config = await loadServeConfig(file, {});
    expect(config).toMatchObject({ judge: { model: 'm', criteria: [{ id: 'task_completed' }], timeout_ms: 30_000 }, pricing: { 'in-house-llm': { input_per_mtok: 1, output_per_mtok: 2 } } });
    expect(config.judge!.api_key_env).toBeUndefined();
    // The judge's keys at the top level, criteria as our list.
    writeFileSync(file, 'model: m\nendpoint: http://127.0.0.1:9/v1\ncriteria:\n  - {id: helpful, description: "Helpful?"}\n');
    expect((await loadServeConfig(file, {})).judge).toMatchObject({ model: 'm', criteria: [{ id: 'helpful', description: 'Helpful?' }] });
    writeFileSync(file, 'judge:\n  model: m\n  critera: {a: "b"}\n');
    await expect(loadServeConfig(file, {})).rejects.toThrow(/:3:\d+: judge\.critera: unknown key \(did you mean "criteria"\?\)/);
    writeFileSync(file, 'pricing:\n  in-house-llm: {input_per_mtok: "cheap"}\n');
    await expect(loadServeConfig(file, {})).rejects.toThrow(/pricing\.in-house-llm/);
  });

  it('gives a full mcp-evals.yml judge without a timeout the daemon\'s 30 s (the CLI\'s 60 s fits no call in a 30 s request); a set one is kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpd-design-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'mcp-evals.yml');
    const base = 'server:\n  command: "node server.mjs"\nmodels:\n  - provider: openai\n    model: gpt-4.1-mini\njudge:\n  model: gpt-4.1-mini\n';
    writeFileSync(file, base);
    expect((await loadServeConfig(file, {})).judge?.timeout_ms).toBe(30_000);
    writeFileSync(file, `${base}  timeout_seconds: 10\n`);
    expect((await loadServeConfig(file, {})).judge?.timeout_ms).toBe(10_000);
  });
});

describe('a verdict inside a sentence', () => {
  it('is read; prose without one still abstains', () => {
    expect(parseVerdict('My verdict: {"scores": {"a": 0.5}, "reasoning": "it says {x}"}. Thanks!', ['a'])).toEqual({ ok: true, scores: { a: 0.5 }, reasoning: 'it says {x}' });
    expect(parseVerdict('Considering {the context}, here: {"scores": {"a": 1}}', ['a'])).toEqual({ ok: true, scores: { a: 1 }, reasoning: '' });
    expect(parseVerdict('I would give it 0.9.', ['a'])).toMatchObject({ ok: false, problem: expect.stringContaining('prose') });
    expect(parseVerdict('Here: {"scores": {"a": 3}}', ['a'])).toMatchObject({ ok: false, problem: expect.stringContaining('outside 0..1') });
  });
});
