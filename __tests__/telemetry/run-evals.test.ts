import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { mergeReports } from '../../src/core/evals/merge.js';
import { runEvals } from '../../src/core/evals/run-evals.js';
import { renderBehaviourText } from '../../src/core/report/behaviour-text.js';
import { reportViolations } from '../../src/core/report/schema.js';
import { writeReportFiles } from '../../src/core/report/write.js';
import type { OtlpTraceRequest } from '../../src/core/telemetry/otlp.js';
import { telemetrySection } from '../../src/core/telemetry/summary.js';
import { noTool, rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';
import { startCollector, type Collector } from './collector.js';

const TASKS = `
- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
  arg_match: {location: fuzzy}
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
const RECORD_STDIN = fileURLToPath(new URL('./fixtures/record-stdin.mjs', import.meta.url));
const SCRIPT = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });
const env = { SCRIPTED_KEY: 'sk-scripted-test-key-0123456789', OTLP_TOKEN: 'otlp-token-abcdef-0123456789' };

let model: ScriptedModel | undefined;
let collector: Collector | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await model?.close();
  await collector?.close();
  model = undefined;
  collector = undefined;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Two models on one scripted server: `priced` has a price in the config, `unpriced` has none. */
async function setUp(extra = '') {
  model = await startScriptedModel(SCRIPT);
  const models = modelsYaml([
    { provider: 'openai', endpoint: model.openaiEndpoint, id: 'priced' },
    { provider: 'anthropic', endpoint: model.anthropicEndpoint, id: 'unpriced' },
  ]);
  const files = await project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${models}\nruns: 2\npricing:\n  scripted-openai: {input_per_mtok: 1, output_per_mtok: 2}\n${extra}`,
    tasks: TASKS,
  });
  dirs.push(files.dir);
  return files;
}

describe('telemetry in a full run (scripted model, example server)', () => {
  it('report.telemetry: per model and per tool, cost known for the priced model and unknown for the other', async () => {
    const { config, dir } = await setUp();
    const { report, traceLines, warnings } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(warnings).toEqual([]);
    const t = report.telemetry!;
    expect(Object.keys(t.perModel).sort()).toEqual(['priced', 'unpriced']);
    expect(Object.keys(t.perTool)).toEqual(['get_weather']);
    // weather: 2 model calls and 1 tool call per run, chitchat: 1 model call; 2 runs each, per model
    expect(t).toMatchObject({ runs: 8, cachedRuns: 0, modelCalls: 12, toolCalls: 4, invalidToolCalls: 0, costUsd: null, unpricedCalls: 6 });
    expect(t.perTool.get_weather).toMatchObject({ calls: 4, errors: 0 });
    expect(t.perTool.get_weather.latencyMs.p50).toBeGreaterThanOrEqual(0);
    expect(t.perModel.priced).toMatchObject({ calls: 6, errors: 0, runs: 4, unpricedCalls: 0 });
    expect(t.perModel.priced.tokens).toMatchObject({ inputTotal: 600, outputTotal: 120, inputMean: 100, outputMean: 20 });
    // (100 × $1 + 20 × $2) per million tokens, 6 calls, over 4 runs
    expect(t.perModel.priced.costUsd).toBeCloseTo(6 * 0.00014, 12);
    expect(t.perModel.priced.costPerRunUsd).toBeCloseTo((6 * 0.00014) / 4, 12);
    expect(t.perModel.unpriced).toMatchObject({ calls: 6, costUsd: null, unpricedCalls: 6, costPerRunUsd: null });
    expect(t.perCase['weather-basic'].models.priced).toMatchObject({ runs: 2, tokensPerRun: { inputMean: 200, outputMean: 40 } });
    expect(t.perCase['weather-basic'].costPerRunUsd).toBeNull();
    expect(reportViolations(JSON.parse(JSON.stringify(report)))).toEqual([]);

    // the files: report.json keeps the section, traces.otlp.json holds every span, summary.md a block
    const out = join(dir, 'out');
    const paths = await writeReportFiles(out, report, { traces: traceLines });
    expect(paths).toContain(join(out, 'traces.otlp.json'));
    expect(JSON.parse(await readFile(join(out, 'report.json'), 'utf8')).telemetry).toEqual(JSON.parse(JSON.stringify(t)));
    const otlp = JSON.parse(await readFile(join(out, 'traces.otlp.json'), 'utf8')) as OtlpTraceRequest;
    const spans = otlp.resourceSpans[0].scopeSpans[0].spans;
    expect(spans).toHaveLength(traceLines.reduce((n, l) => n + l.trace.spans.length, 0));
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set(traceLines.map((l) => l.trace.traceId)));
    const providers = spans.filter((s) => s.name.startsWith('chat ')).map((s) => JSON.stringify(s.attributes.find((a) => a.key === 'gen_ai.provider.name')?.value));
    expect(new Set(providers)).toEqual(new Set(['{"stringValue":"openai"}', '{"stringValue":"anthropic"}']));
    const summary = await readFile(join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('<summary>Telemetry: latency, tokens and cost</summary>');
    expect(summary).toMatch(/\| `priced` \| 6 \| 0 \| .* \| 100 \/ 20 \| \$0\.0008 \| \$0\.0002 \|/);
    expect(summary).toMatch(/\| `unpriced` \| 6 \| 0 \| .* \| unknown \(6 unpriced calls\) \| unknown \|/);
    expect(summary).toMatch(/\| `get_weather` \| 4 \| 0 \|/);
    const text = renderBehaviourText(report.behaviour!, { color: false }, report.telemetry);
    expect(text).toMatch(/model priced: 6 calls, .*100 \/ 20 tokens, \$0\.0008/);
    expect(text).toMatch(/tool get_weather: 4 calls/);
    expect(text).toMatch(/cost unknown \(6 unpriced calls\)/);
  });

  it('a second, fully cached run keeps the telemetry and flags the cached runs', async () => {
    const { config } = await setUp();
    await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const again = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(again.report.behaviour!.cachedRuns).toBe(8);
    expect(again.report.telemetry).toMatchObject({ runs: 8, cachedRuns: 8, modelCalls: 12, toolCalls: 4 });
  });

  it('merge recomputes the telemetry from every shard\'s traces (not the first shard\'s section)', async () => {
    const { config } = await setUp();
    const loaded = await loadConfig(config, { env });
    const first = await runEvals(loaded, { env }, { layers: [1], shard: { index: 1, total: 2 } });
    const second = await runEvals(loaded, { env }, { layers: [1], shard: { index: 2, total: 2 } });
    expect(first.report.telemetry!.runs).toBe(4);
    const merged = mergeReports([
      { dir: 'shard-1', report: first.report, traces: first.traceLines },
      { dir: 'shard-2', report: second.report, traces: second.traceLines },
    ]);
    expect(merged.report.telemetry).toEqual(telemetrySection([...first.traceLines, ...second.traceLines]));
    expect(merged.report.telemetry).toMatchObject({ runs: 8, modelCalls: 12, toolCalls: 4 });
    expect(reportViolations(JSON.parse(JSON.stringify(merged.report)))).toEqual([]);
  });

  it('with otlp configured, the same spans are POSTed to the collector, with the expanded header', async () => {
    collector = await startCollector();
    const { config, dir } = await setUp(`otlp:\n  endpoint: ${collector.url}\n  headers:\n    Authorization: "Bearer \${OTLP_TOKEN}"\n`);
    const { report, traceLines, warnings, setup } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(warnings).toEqual([]);
    expect(collector.received).toHaveLength(1);
    const [request] = collector.received;
    expect(request.url).toBe('/v1/traces');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe(`Bearer ${env.OTLP_TOKEN}`);
    await writeReportFiles(join(dir, 'out'), report, { traces: traceLines, setup });
    expect(JSON.parse(request.body)).toEqual(JSON.parse(await readFile(join(dir, 'out', 'traces.otlp.json'), 'utf8')));
    expect(JSON.stringify(report)).not.toContain(env.OTLP_TOKEN);
  });

  it('a collector that hangs past the deadline gives a warning; the run and its report are unaffected', async () => {
    collector = await startCollector({ hang: true });
    const { config } = await setUp(`otlp:\n  endpoint: ${collector.url}\n  timeout_ms: 200\n  headers:\n    Authorization: "Bearer \${OTLP_TOKEN}"\n`);
    const seen: string[] = [];
    const { report, warnings } = await runEvals(await loadConfig(config, { env }), { env, onWarning: (line) => seen.push(line) }, { layers: [1] });
    expect(warnings).toHaveLength(1);
    expect(warnings![0]).toMatch(/OTLP export of \d+ spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces failed: no answer within 200 ms/);
    expect(warnings![0]).not.toContain(env.OTLP_TOKEN);
    expect(seen).toEqual(warnings);
    expect(report.behaviour!.results.every((r) => r.meetsFloor === true)).toBe(true);
    expect(report.telemetry!.modelCalls).toBe(12);
  });

  it('traceparent and the config\'s tracestate reach the server in the _meta of every tools/call', async () => {
    model = await startScriptedModel(SCRIPT);
    const log = join(await mkdtemp(join(tmpdir(), 'mcp-evals-stdin-')), 'stdin.log');
    dirs.push(join(log, '..'));
    const command = ['node', RECORD_STDIN, log, EXAMPLE_SERVER].map((part) => JSON.stringify(part)).join(' ');
    const files = await project({
      config: `server:\n  command: ${JSON.stringify(command)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\nruns: 2\ntracestate: "acme=t61rcWkgMzE, rojo=00f067aa0ba902b7"\n`,
      tasks: TASKS,
    });
    dirs.push(files.dir);
    const { traceLines } = await runEvals(await loadConfig(files.config, { env }), { env }, { layers: [1] });
    const sent = (await readFile(log, 'utf8')).split('\n').filter(Boolean).map((text) => JSON.parse(text) as { method?: string; params?: { _meta?: Record<string, string> } });
    const calls = sent.filter((message) => message.method === 'tools/call');
    expect(calls).toHaveLength(2); // weather-basic × 2 runs
    const toolSpans = new Set(traceLines.flatMap((l) => l.trace.spans.filter((s) => s.kind === 'tool').map((s) => `00-${l.trace.traceId}-${s.spanId}-01`)));
    for (const call of calls) {
      expect(call.params!._meta!.tracestate).toBe('acme=t61rcWkgMzE,rojo=00f067aa0ba902b7');
      expect(toolSpans.has(call.params!._meta!.traceparent)).toBe(true);
    }
  });
});
