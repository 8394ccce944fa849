import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { createJudgeScorer } from '../../src/core/scorers/judge.js';
import { emitRuns } from './otel-agent.js';

/** The daemon on a random loopback port, driven over real HTTP; the judge is a scripted OpenAI-wire server. */

interface Started {
  daemon: RunningDaemon;
  store: SqliteStore;
  dir: string;
}

const started: Started[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.daemon.close();
    s.store.close();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

type JudgeMode = 'ok' | 'hang' | 'prose' | 'first-then-hang';
let judgeMode: JudgeMode = 'ok';
let judgeCalls = 0;
let judgeServer: Server;
let judgeUrl: string;

beforeAll(async () => {
  judgeServer = createServer((request, response) => {
    judgeCalls += 1;
    request.resume();
    request.on('end', () => {
      if (judgeMode === 'hang') return; // never answers
      if (judgeMode === 'first-then-hang') judgeMode = 'hang';
      const content = judgeMode === 'prose' ? 'I think it is fine.' : JSON.stringify({ scores: { helpful: 0.9 }, reasoning: 'answers the question' });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 'c1', object: 'chat.completion', model: 'judge-m', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => judgeServer.listen(0, '127.0.0.1', resolve));
  judgeUrl = `http://127.0.0.1:${(judgeServer.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  judgeServer.closeAllConnections();
  await new Promise((resolve) => judgeServer.close(resolve));
});

async function start(options: { quotaPerMinute?: number; requestTimeoutMs?: number; judgeTimeoutMs?: number; maxBodyBytes?: number; token?: string } = {}): Promise<Started & { url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpd-'));
  const store = new SqliteStore(join(dir, 'mcpd.sqlite'));
  const judgeTimeoutMs = options.judgeTimeoutMs ?? 1000;
  const judge = createJudgeScorer({ provider: 'openai', model: 'judge-m', endpoint: judgeUrl, criteria: [{ id: 'helpful', description: 'answers the question' }], rubric: '', pass_threshold: 0.7, timeout_ms: judgeTimeoutMs }, undefined);
  const daemon = await startDaemon({ store, host: '127.0.0.1', port: 0, requestTimeoutMs: options.requestTimeoutMs ?? 3000, judge, judgeTimeoutMs, ...options });
  const s = { daemon, store, dir };
  started.push(s);
  return { ...s, url: daemon.url };
}

async function call(url: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer | string } = {}): Promise<{ status: number; body: any; text: string; headers: Headers }> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text, headers: response.headers };
}

const WEATHER = { agent: 'weather-bot', model: 'gpt-x', prompt: 'Weather in Paris?', answer: 'Sunny, 21°C', tools: [{ name: 'get_weather', args: { city: 'Paris' }, result: '{"sky":"sunny"}' }] };

describe('POST /v1/traces', () => {
  it('turns spans from the official OpenTelemetry SDK (http/json and http/protobuf exporters) into runs', async () => {
    const { url } = await start();
    const [jsonTrace] = await emitRuns(url, 'json', 'shop', [WEATHER]);
    const [protoTrace] = await emitRuns(url, 'protobuf', 'shop', [{ ...WEATHER, fail: true, answer: undefined, tools: [{ name: 'get_weather', args: { city: 'Oslo' }, error: 'upstream 503' }] }]);
    const { status, body } = await call(url, '/v1/api/runs?project=shop');
    expect(status).toBe(200);
    expect(body.runs).toHaveLength(2);
    const ok = body.runs.find((run: any) => run.trace_id === jsonTrace);
    expect(ok).toMatchObject({ status: 'ok', agent: 'weather-bot', model: 'gpt-x', input: 'Weather in Paris?', answer: 'Sunny, 21°C', tool_calls: 1, usage: { input_tokens: 200, output_tokens: 40 } });
    const failed = body.runs.find((run: any) => run.trace_id === protoTrace);
    expect(failed).toMatchObject({ status: 'error', error: 'the agent gave up', tool_calls: 1 });

    const detail = await call(url, `/v1/api/runs/${protoTrace}`);
    const trace = detail.body.runs[0].trace;
    expect(trace.toolCalls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Oslo' }, isError: true });
    expect(trace.spans.map((span: any) => span.kind).sort()).toEqual(['agent', 'model', 'model', 'tool']);
    expect(await call(url, '/v1/api/runs?status=error')).toMatchObject({ body: { runs: [{ trace_id: protoTrace }] } });
  });

  it('accepts gzip, answers protobuf with protobuf, and reports rejected spans as partial success', async () => {
    const { url } = await start();
    const span = (traceId: string) => ({ traceId, spanId: '1'.repeat(16), name: 'invoke_agent a', kind: 1, startTimeUnixNano: '1700000000000000000', endTimeUnixNano: '1700000001000000000', attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'invoke_agent' } }] });
    const body = JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'p' } }] }, scopeSpans: [{ spans: [span('ab'.repeat(16)), span('not-hex')] }] }] });
    const response = await call(url, '/v1/traces', { raw: gzipSync(body), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.body.partialSuccess.rejectedSpans).toBe('1');
    expect(response.body.partialSuccess.errorMessage).toMatch(/valid traceId/);
    expect((await call(url, '/v1/api/runs')).body.runs).toHaveLength(1);
    const empty = await fetch(`${url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array(0) });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe('application/x-protobuf');
  });

  it('refuses malformed JSON, malformed protobuf, a wrong content type and a body over the limit with JSON errors, and keeps serving', async () => {
    const { url } = await start({ maxBodyBytes: 4096 });
    const json = await call(url, '/v1/traces', { raw: '{"resourceSpans": [', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toMatch(/malformed JSON/);
    const proto = await call(url, '/v1/traces', { raw: Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01]), headers: { 'content-type': 'application/x-protobuf' } });
    expect(proto.status).toBe(400);
    expect(proto.body.error.message).toMatch(/not an OTLP ExportTraceServiceRequest in protobuf/);
    expect((await call(url, '/v1/traces', { raw: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    const big = await call(url, '/v1/traces', { raw: 'x'.repeat(5000), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/4096/);
    // A gzip bomb: small on the wire, over the limit once decompressed.
    const bomb = await call(url, '/v1/traces', { raw: gzipSync(Buffer.alloc(1024 * 1024, 32)), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(bomb.status).toBe(413);
    expect((await call(url, '/nope')).status).toBe(404);
    const escape = await call(url, '/v1/api/datasets/%E0%A4%A');
    expect(escape.status).toBe(400);
    expect(escape.body.error.message).toMatch(/malformed percent-encoding/);
    expect((await call(url, '/v1/traces')).status).toBe(405);
    expect((await call(url, '/healthz')).body).toEqual({ ok: true });
  });

  it('stays bounded on hostile traces: a 30,000-span chain, a parent cycle, attributes nested 100 deep; refuses 5,000 deep unparsed', async () => {
    const { url } = await start();
    const traceId = 'cd'.repeat(16);
    const id = (n: number) => n.toString(16).padStart(16, '0');
    // Built as text: JSON.stringify itself would run out of stack.
    const nestedKv = (levels: number) => `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(levels)}{"stringValue":"bottom"}${'}]}}'.repeat(levels)}`;
    const nested = nestedKv(100);
    const spans = Array.from({ length: 30_000 }, (_, i) => ({
      traceId,
      spanId: id(i + 1),
      // A chain 30,000 deep with an agent at depth 5,000; spans 1 and 2 are each other's parent.
      parentSpanId: i === 0 ? id(2) : id(i),
      name: i === 5000 ? 'invoke_agent deep' : 'step',
      kind: 1,
      startTimeUnixNano: String(1_700_000_000_000_000_000n + BigInt(i)),
      endTimeUnixNano: String(1_700_000_000_000_000_000n + BigInt(i) + 1n),
      attributes: i === 0 ? [{ key: 'deep', value: 'NESTED' }] : [],
    }));
    const text = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
    // 20,000 levels (5,000 kvlists): refused by the depth scan before any parsing, and nothing stored.
    const tooDeep = await call(url, '/v1/traces', { raw: text.replace('"NESTED"', nestedKv(5000)), headers: { 'content-type': 'application/json' } });
    expect(tooDeep).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('nests deeper than 512 levels') } } });
    expect((await call(url, '/v1/api/runs')).body.runs).toEqual([]);
    const body = text.replace('"NESTED"', nested);
    const response = await call(url, '/v1/traces', { raw: body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    const runs = await call(url, '/v1/api/runs');
    expect(runs.status).toBe(200);
    expect(runs.body.runs[0]).toMatchObject({ trace_id: traceId, agent: 'deep' });
  });

  it('asks for the bearer token when one is set', async () => {
    const { url } = await start({ token: 's3cret-token' });
    expect((await call(url, '/v1/api/runs')).status).toBe(401);
    expect((await call(url, '/v1/api/runs', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await call(url, '/v1/api/runs', { headers: { authorization: 'Bearer s3cret-token' } })).status).toBe(200);
    expect((await call(url, '/v1/api/runs', { headers: { authorization: 'bearer s3cret-token' } })).status).toBe(200); // the scheme is case-insensitive
    expect((await call(url, '/v1/api/runs', { headers: { authorization: 's3cret-token' } })).status).toBe(401);
    const [traceId] = await emitRuns(url, 'protobuf', 'p', [WEATHER], { authorization: 'Bearer s3cret-token' });
    expect((await call(url, `/v1/api/runs/${traceId}`, { headers: { authorization: 'Bearer s3cret-token' } })).status).toBe(200);
  });
});

describe('datasets', () => {
  it('captures runs as cases (expected left to write by default) and exports a tasks.yaml the golden loader accepts', async () => {
    const { url, dir } = await start();
    const [a, b] = await emitRuns(url, 'json', 'shop', [WEATHER, { ...WEATHER, prompt: 'Weather in Rome?', answer: 'Rainy' }]);
    const captured = await call(url, '/v1/api/datasets/regressions/capture', { body: { trace_ids: [a] } });
    expect(captured.status).toBe(200);
    expect(captured.body.captured).toEqual([{ case_id: `weather-bot-${a.slice(0, 8)}`, source_trace_id: a, expected_from: 'placeholder' }]);
    const withOutput = await call(url, '/v1/api/datasets/regressions/capture', { body: { trace_ids: [b, a], use_output_as_expected: true } });
    expect(withOutput.body.captured).toHaveLength(1);
    expect(withOutput.body.already).toEqual([{ case_id: `weather-bot-${a.slice(0, 8)}`, source_trace_id: a }]);

    const listed = await call(url, '/v1/api/datasets/regressions');
    expect(listed.body.cases.map((c: any) => [c.prompt, c.expected, c.source_trace_id])).toEqual([
      ['Weather in Paris?', 'TODO: fill in the correct answer', a],
      ['Weather in Rome?', 'Rainy', b],
    ]);
    const exported = await call(url, '/v1/api/datasets/regressions/export?format=tasks.yaml');
    expect(exported.status).toBe(200);
    const file = join(dir, 'tasks.yaml');
    writeFileSync(file, exported.text);
    const golden = await loadGoldenSet(file);
    expect(golden.cases.map((c) => [c.id, c.source_trace_id])).toEqual([[`weather-bot-${a.slice(0, 8)}`, a], [`weather-bot-${b.slice(0, 8)}`, b]]);
  });

  it('answers 404 for an unknown dataset or trace, and 400 for a bad name or body', async () => {
    const { url } = await start();
    expect((await call(url, '/v1/api/datasets/none')).status).toBe(404);
    expect((await call(url, '/v1/api/datasets/none/export?format=tasks.yaml')).status).toBe(404);
    const unknown = await call(url, '/v1/api/datasets/d/capture', { body: { trace_ids: ['ab'.repeat(16)] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/no run with trace id/);
    expect((await call(url, '/v1/api/datasets/d/capture', { body: { trace_ids: [] } })).status).toBe(400);
    expect((await call(url, '/v1/api/datasets/d/capture', { raw: '{nope', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await call(url, `/v1/api/datasets/${encodeURIComponent('../etc')}/capture`, { body: { trace_ids: ['x'] } })).status).toBe(400);
  });
});

describe('scoring', () => {
  it('lists the 13 built-in scorers with needs_config, and names judge criteria only in an unknown-scorer error', async () => {
    const { url } = await start();
    const { body } = await call(url, '/v1/api/scorers');
    expect(body.scorers).toHaveLength(13);
    expect(body.scorers.every((s: any) => typeof s.needs_config === 'boolean')).toBe(true);
    expect(body.scorers.map((s: any) => s.id)).not.toContain('helpful');
    const unknown = await call(url, '/v1/api/score', { body: { scorers: ['answerd'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/unknown scorer `answerd` \(did you mean `answered`\?\).*judge criteria: `helpful`/);
  });

  it('scores the newest runs, saves each score, lists abstentions apart, and stores nothing on a dry run', async () => {
    judgeMode = 'prose';
    const { url, store } = await start();
    const ids = [...(await emitRuns(url, 'json', 'shop', [WEATHER])), ...(await emitRuns(url, 'json', 'shop', [{ ...WEATHER, answer: undefined }]))];
    const dry = await call(url, '/v1/api/score', { body: { scorers: ['answered', 'helpful'], dry_run: true } });
    expect(dry.status).toBe(200);
    // answered × 2, and the run without an answer's judge abstention (it would be stored).
    expect(dry.body.scores).toHaveLength(3);
    expect(store.listScores({})).toHaveLength(0);
    const before = judgeCalls;
    const { body } = await call(url, '/v1/api/score', { body: { scorers: ['answered', 'helpful'], project: 'shop' } });
    expect(judgeCalls - before).toBe(1); // the run without an answer is never sent
    expect(body.runs.map((r: any) => r.trace_id)).toEqual([ids[1], ids[0]]); // newest first
    expect(body.scores.filter((s: any) => s.scorer === 'answered').map((s: any) => s.passed)).toEqual([false, true]);
    const judged = body.scores.filter((s: any) => s.scorer === 'judge');
    expect(judged.every((s: any) => s.scorer_version === 'judge-m' && s.passed === null)).toBe(true);
    expect(body.abstentions).toHaveLength(2);
    expect(body.abstentions[0]).toMatchObject({ trace_id: ids[1], reason: expect.stringContaining('never measured') });
    expect(body.abstentions[1].reason).toMatch(/judge abstained: .*I think it is fine/);
    expect(store.listScores({})).toHaveLength(4);
    judgeMode = 'ok';
  });

  it('refuses more judge calls than fit the request timeout with a 400 before any model call; a hanging judge abstains', async () => {
    judgeMode = 'hang';
    const { url } = await start({ requestTimeoutMs: 2500, judgeTimeoutMs: 1000 });
    const ids = await emitRuns(url, 'json', 'shop', [WEATHER, WEATHER, WEATHER]);
    const before = judgeCalls;
    const refused = await call(url, '/v1/api/score', { body: { scorers: ['judge'], limit: 3 } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/at most 2 fit the daemon's request timeout \(--request-timeout-seconds 2.5\)/);
    expect(judgeCalls).toBe(before);
    const hung = await call(url, '/v1/api/score', { body: { scorers: ['judge'], trace_ids: ids.slice(0, 2) } });
    expect(hung.status).toBe(200);
    expect(hung.body.abstentions).toHaveLength(2);
    expect(hung.body.abstentions[0].reason).toMatch(/judge abstained/);
    expect(hung.body.judge).toMatchObject({ calls_allowed: 2, calls_made: 2 });
    judgeMode = 'ok';
  });

  it('saves each judge score as it returns: a request still waiting on the judge has stored the ones before', async () => {
    const { url, store } = await start({ requestTimeoutMs: 6000, judgeTimeoutMs: 2000 });
    const ids = [...(await emitRuns(url, 'json', 'shop', [WEATHER])), ...(await emitRuns(url, 'json', 'shop', [WEATHER]))];
    judgeMode = 'first-then-hang';
    let settled = false;
    const pending = call(url, '/v1/api/score', { body: { scorers: ['judge'], trace_ids: ids } }).finally(() => (settled = true));
    while (store.listScores({}).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(store.listScores({})[0]).toMatchObject({ traceId: ids[1], scorer: 'judge', passed: true, scorerVersion: 'judge-m' });
    const { body } = await pending;
    expect(body.scores.map((s: any) => s.passed)).toEqual([true, null]);
    judgeMode = 'ok';
  });

  it('stores no score past the per-project quota, listing each in skipped', async () => {
    const { url, store } = await start({ quotaPerMinute: 3 });
    await emitRuns(url, 'json', 'shop', [WEATHER, WEATHER]);
    const { body } = await call(url, '/v1/api/score', { body: { scorers: ['answered', 'no_errors'] } });
    expect(body.scores).toHaveLength(3);
    expect(body.skipped).toHaveLength(1);
    expect(body.skipped[0]).toMatchObject({ kind: 'quota' });
    expect(body.skipped[0].reason).toMatch(/--quota-per-minute 3/);
    expect(store.listScores({ project: 'shop' })).toHaveLength(3);
  });

  it('answers 400 for bad score requests and an unknown experiment, 404 for an unknown trace', async () => {
    const { url } = await start();
    expect((await call(url, '/v1/api/score', { body: { scorers: [] } })).status).toBe(400);
    expect((await call(url, '/v1/api/score', { body: { scorers: ['answered'], limit: 0 } })).status).toBe(400);
    expect((await call(url, '/v1/api/score', { body: { scorers: ['answered'], bogus: 1 } })).status).toBe(400);
    expect((await call(url, '/v1/api/score', { body: { scorers: ['answered'], experiment: 'v9' } })).body.error.message).toMatch(/unknown experiment "v9"/);
    expect((await call(url, '/v1/api/score', { body: { scorers: ['answered'], trace_ids: ['ab'.repeat(16)] } })).status).toBe(404);
    expect((await call(url, '/v1/api/score', { raw: '[1,2', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('the page', () => {
  it('lists runs with filters and draws a run\'s waterfall, escaped, under a CSP without script', async () => {
    const { url } = await start();
    const [traceId] = await emitRuns(url, 'json', 'shop', [{ ...WEATHER, prompt: '<script>alert(1)</script>' }]);
    const list = await call(url, '/?project=shop&status=ok');
    expect(list.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(list.text).toContain(`/runs/${traceId}`);
    expect(list.text).not.toContain('<script>alert(1)');
    expect(list.text).toContain('&lt;script&gt;');
    expect((await call(url, '/?project=other')).text).not.toContain(traceId);
    const run = await call(url, `/runs/${traceId}`);
    expect(run.status).toBe(200);
    expect(run.text).toContain('get_weather');
    expect(run.text).toContain('not scored');
    expect(run.text).not.toContain('every scorer abstained');
    expect(run.text).not.toMatch(/<script/);
  });
});
