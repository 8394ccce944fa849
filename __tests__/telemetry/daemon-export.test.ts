/**
 * `mcp-evals run --daemon URL` (and the config's `daemon:`): the run's spans go to an mcp-evals
 * daemon as OTLP/HTTP JSON too, with the bearer token from the named variable; a failed send is a
 * warning that never changes the verdict, and the token is never printed.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OtlpTraceRequest } from '../../src/core/telemetry/otlp.js';
import { noTool, rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';
import { startCollector, type Collector } from './collector.js';
import { startDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';

const TASKS = `
- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
const SCRIPT = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });
const TOKEN = 'daemon-token-0123456789-abcdef';
const ENV = { SCRIPTED_KEY: 'sk-scripted-test-key-0123456789', MCP_EVALS_TEST_DAEMON_TOKEN: TOKEN };

let model: ScriptedModel | undefined;
let daemon: Collector | undefined;
const dirs: string[] = [];
const saved: Record<string, string | undefined> = {};
beforeEach(() => {
  for (const [name, value] of Object.entries(ENV)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterEach(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await model?.close();
  await daemon?.close();
  model = undefined;
  daemon = undefined;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function setUp(extra = '') {
  model = await startScriptedModel(SCRIPT);
  const files = await project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]).replace('timeout_ms: 5000', 'timeout_ms: 30000')}\nruns: 1\ncache: {enabled: false}\n${extra}`,
    tasks: TASKS,
  });
  dirs.push(files.dir);
  return { ...files, out: join(files.dir, 'report') };
}

describe('run --daemon URL', () => {
  it('POSTs the run\'s spans (the traces.otlp.json body) to URL/v1/traces as JSON with the bearer token', async () => {
    daemon = await startCollector();
    const { config, out } = await setUp();
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon', daemon.url, '--daemon-token-env', 'MCP_EVALS_TEST_DAEMON_TOKEN']);
    expect(result.stderr).not.toMatch(/warning/);
    expect(result.code, result.stderr).toBe(0);
    expect(daemon.received).toHaveLength(1);
    const [request] = daemon.received;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/traces' });
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const sent = JSON.parse(request.body) as OtlpTraceRequest;
    const file = JSON.parse(await readFile(join(out, 'traces.otlp.json'), 'utf8')) as OtlpTraceRequest;
    expect(sent).toEqual(file);
    // every run's agent span arrived, with its model and tool spans
    const spans = sent.resourceSpans[0].scopeSpans[0].spans;
    const lines = (await readFile(join(out, 'traces.jsonl'), 'utf8')).trim().split('\n').map((text) => JSON.parse(text) as { trace: { traceId: string } });
    for (const line of lines) expect(spans.filter((s) => s.traceId === line.trace.traceId).map((s) => s.name.split(' ')[0])).toEqual(expect.arrayContaining(['invoke_agent', 'chat']));
    expect(spans.some((s) => s.name === 'tools/call get_weather')).toBe(true);
    // the token is in no output and no file
    expect(`${result.stdout}\n${result.stderr}`).not.toContain(TOKEN);
    for (const name of ['report.json', 'traces.jsonl', 'traces.otlp.json', 'summary.md', 'report.html']) expect(await readFile(join(out, name), 'utf8')).not.toContain(TOKEN);
  });

  it('a real daemon files each run with its prompt, answer, model and tool call, and no run for the setup trace', async () => {
    const store = new SqliteStore(':memory:');
    const real = await startDaemon({ store, host: '127.0.0.1', port: 0, requestTimeoutMs: 30_000, judgeTimeoutMs: 30_000 });
    try {
      const { config, out } = await setUp();
      const result = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon', real.url]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toMatch(/warning/);
      const { runs } = (await (await fetch(`${real.url}/v1/api/runs`)).json()) as { runs: Array<Record<string, unknown>> };
      // one run per case, the setup trace (discovery, tools/list) not among them
      expect(runs).toHaveLength(2);
      const weather = runs.find((run) => run.agent === 'weather-basic');
      expect(weather).toMatchObject({ input: "What's the weather in Berlin right now?", project: 'acme-ops-assistant' });
      expect(weather?.tool_calls).toBe(1);
      const detail = await (await fetch(`${real.url}/v1/api/runs/${weather?.trace_id as string}`)).json();
      expect(JSON.stringify(detail)).toContain('get_weather');
      const chitchat = runs.find((run) => run.agent === 'negative-chitchat');
      expect(chitchat).toMatchObject({ input: "Thanks, that's all I needed.", answer: "You're welcome!", status: 'ok' });
    } finally {
      await real.close();
      store.close();
    }
  });

  it('a daemon that answers 503 is a warning (token never shown); the verdict and exit code stay', async () => {
    daemon = await startCollector({ status: 503, body: `{"error":"overloaded, token ${TOKEN}"}` });
    const { config, out } = await setUp();
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon', `${daemon.url}/`, '--daemon-token-env', 'MCP_EVALS_TEST_DAEMON_TOKEN']);
    expect(result.code, result.stderr).toBe(0);
    expect(daemon.received).toHaveLength(1);
    expect(result.stderr).toMatch(/warning: daemon export of \d+ spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces failed: HTTP 503/);
    expect(`${result.stdout}\n${result.stderr}`).not.toContain(TOKEN);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { behaviour: { results: Array<{ meetsFloor: boolean }> } };
    expect(report.behaviour.results.every((r) => r.meetsFloor)).toBe(true);
  });

  it('a daemon that is not there is a warning too', async () => {
    const gone = await startCollector();
    const url = gone.url;
    await gone.close();
    const { config, out } = await setUp();
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon', url]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: daemon export of \d+ spans to .* failed: request failed/);
  });

  it('the config key daemon: {url, token_env} sends the same way', async () => {
    daemon = await startCollector();
    const { config, out } = await setUp(`daemon:\n  url: ${daemon.url}\n  token_env: MCP_EVALS_TEST_DAEMON_TOKEN\n`);
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', out]);
    expect(result.code).toBe(0);
    expect(daemon.received).toHaveLength(1);
    expect(daemon.received[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('usage mistakes are exit 2 before any work: a token variable that is unset, a token without a daemon, a URL that is none', async () => {
    const { config, out } = await setUp();
    delete process.env.MCP_EVALS_TEST_DAEMON_TOKEN;
    const unset = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon', 'http://127.0.0.1:9', '--daemon-token-env', 'MCP_EVALS_TEST_DAEMON_TOKEN']);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toMatch(/--daemon-token-env: the environment variable MCP_EVALS_TEST_DAEMON_TOKEN is not set or empty/);
    const lonely = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon-token-env', 'X']);
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toMatch(/--daemon-token-env needs a daemon/);
    const notUrl = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--daemon', 'localhost:4317']);
    expect(notUrl.code).toBe(2);
    expect(notUrl.stderr).toMatch(/--daemon takes the daemon's http:\/\/ or https:\/\/ URL/);
    expect(model!.calls()).toBe(0);
  });
});
