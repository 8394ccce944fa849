/**
 * Issue 10 items 2–5, each against the real example server and a scripted model on loopback: a
 * tool loop never passes, a misspelt tool name is exit 2 before any model call, the budget is a
 * hard ceiling under concurrency, and a cache entry is checked and re-scored, never trusted.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { runEvals } from '../../src/core/evals/run-evals.js';
import { renderBehaviourText } from '../../src/core/report/behaviour-text.js';
import { failing, loop, malformed, noTool, rightTool, startScriptedModel, wrongTool, type Script, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';

const env = { SCRIPTED_KEY: 'sk-scripted-test-key-0123456789' };

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function setUp(script: Script, tasks: string, extra = ''): Promise<{ dir: string; config: string }> {
  model = await startScriptedModel(script);
  return project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\n${extra}`,
    tasks,
  });
}

const WEATHER = `- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
`;

describe('a tool loop (item 2)', () => {
  it('a run that calls the right tool until max_steps and never answers fails, with the reason', async () => {
    const { config } = await setUp(loop('get_weather', { location: 'Berlin' }), WEATHER, 'runs: 3\nmax_steps: 6\n');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const result = report.behaviour!.results[0];
    // Every scorer the case implies passes (right tool, right arguments); the run still never answered.
    expect(result.scorers.tool_selection).toMatchObject({ passed: 3, failed: 0 });
    expect(result.scorers.arguments).toMatchObject({ passed: 3, failed: 0 });
    expect(result).toMatchObject({ passed: 0, failed: 3, meetsFloor: false });
    expect(result.scorers.max_steps).toMatchObject({ failed: 3, reasons: ['stopped at max_steps (6) without an answer'] });
    expect(report.behaviour!.metrics.overall.taskSuccessRate).toBe(0);
  });
});

describe('tool names checked against tools/list (item 3)', () => {
  it('a misspelt expect_tool, expect_sequence, inject tool, deny_tools or allow_destructive_tools is exit 2 at file:line:column, before any model call', async () => {
    const tasks = `- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_wether
- id: invoice
  prompt: "Find Globex's invoice for July 2026 and email it to finance@acme.example."
  expect_sequence: [search_invoices, send_mail]
  inject:
    - {payload: calendar-email-attendees, tool: search_invoice, where: result, deny_tools: [sendemail]}
  faults:
    - {tool: get_weathr, type: http_500}
`;
    const { config } = await setUp(noTool('ok'), tasks, 'allow_destructive_tools: [send_emails]\n');
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', join(config, '..', 'report')]);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(model!.calls()).toBe(0);
    expect(result.stderr).toMatch(/tasks\.yaml:3:16: case "weather-basic": expect_tool: the server has no tool "get_wether" \(did you mean "get_weather"\?\)/);
    expect(result.stderr).toMatch(/tasks\.yaml:6:38: case "invoice": expect_sequence: the server has no tool "send_mail" \(did you mean "send_email"\?\)/);
    expect(result.stderr).toMatch(/tasks\.yaml:8:\d+: case "invoice": inject\[0\]\.tool: the server has no tool "search_invoice" \(did you mean "search_invoices"\?\)/);
    expect(result.stderr).toMatch(/tasks\.yaml:8:\d+: case "invoice": inject\[0\]\.deny_tools: the server has no tool "sendemail" \(did you mean "send_email"\?\)/);
    expect(result.stderr).toMatch(/tasks\.yaml:10:\d+: case "invoice": faults\[0\]\.tool: the server has no tool "get_weathr" \(did you mean "get_weather"\?\)/);
    expect(result.stderr).toMatch(/mcp-evals\.yml:\d+:\d+: allow_destructive_tools: the server has no tool "send_emails" \(did you mean "send_email"\?\)/);
  }, 60_000);
});

describe('the budget is a hard ceiling (item 4)', () => {
  it('max_model_calls: 5 at concurrency 4 makes exactly 5 calls, and the partial report names the cases not reached', async () => {
    const tasks = `${WEATHER}- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
    const script = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });
    const { config, dir } = await setUp(script, tasks, 'runs: 5\nconcurrency: 4\nbudget: {max_model_calls: 5}\ncache: {enabled: false}\n');
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', join(dir, 'report')]);
    expect(model!.calls()).toBe(5);
    expect(result.code, result.stdout + result.stderr).toBe(3);
    expect(result.stderr).toMatch(/could not evaluate: .*the budget ran out before the suite finished \(the budget of 5 model calls was reached\)/);
    const report = JSON.parse(await readFile(join(dir, 'report', 'report.json'), 'utf8'));
    expect(report.behaviour.modelCalls).toBe(5);
    expect(report.behaviour.partial.notReached).toEqual([
      // One weather run finished on the 5th call; the three others in flight were stopped mid-run.
      { id: 'weather-basic', model: 'scripted-openai', runs: 4 },
      { id: 'negative-chitchat', model: 'scripted-openai', runs: 5 },
    ]);
    expect(result.stdout).toMatch(/not reached: weather-basic \[scripted-openai\], negative-chitchat \[scripted-openai\]/);
  }, 60_000);
});

describe('a budget-cut run tells one story (issue 23 item 9)', () => {
  it('telemetry counts the calls of runs the budget stopped mid-run, and task success says what it stands on', async () => {
    const tasks = `${WEATHER}- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
    const script = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });
    const { config } = await setUp(script, tasks, 'runs: 5\nconcurrency: 4\nbudget: {max_model_calls: 5}\ncache: {enabled: false}\n');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(report.behaviour!.modelCalls).toBe(5);
    expect(report.telemetry!.modelCalls).toBe(5);
    const text = renderBehaviourText(report.behaviour!, { color: false }, report.telemetry);
    expect(text).toMatch(/\b5 model calls\b/);
    expect(text).toContain('model scripted-openai: 5 calls');
    expect(text).toMatch(/task success 100% of 1 decided run \(9 not evaluated\)/);
  }, 60_000);
});

describe('failed attempts count against the budget (issue 23 item 4)', () => {
  const tasks = `${WEATHER}- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
  const ok = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });

  it('garbage replies: max_model_calls: 5 sends exactly 5 requests', async () => {
    const { config } = await setUp(malformed(1000, ok), tasks, 'runs: 5\nconcurrency: 4\nbudget: {max_model_calls: 5}\ncache: {enabled: false}\n');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(model!.calls()).toBe(5);
    expect(report.behaviour!).toMatchObject({ modelCalls: 5, failedModelCalls: 5 });
    expect(report.behaviour!.partial?.reason).toBe('the budget of 5 model calls was reached');
  }, 60_000);

  it('HTTP 500s that are retried: every attempt is a call, and max_model_calls: 5 sends exactly 5 requests', async () => {
    const { config } = await setUp(failing(1000, ok), tasks, 'runs: 5\nconcurrency: 4\nbudget: {max_model_calls: 5}\ncache: {enabled: false}\n');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(model!.calls()).toBe(5);
    expect(report.behaviour!).toMatchObject({ modelCalls: 5, failedModelCalls: 5 });
    // Telemetry counts the same requests (item 9): one span per agent call, its attempts inside.
    expect(report.telemetry!.perModel['scripted-openai']).toMatchObject({ calls: 5, errors: 5 });
  }, 60_000);

  it('a call that succeeds on its third attempt is three calls, two failed, in the headline and in telemetry alike', async () => {
    const { config } = await setUp(failing(2, ok), WEATHER, 'runs: 1\ncache: {enabled: false}\n');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(model!.calls()).toBe(4);
    expect(report.behaviour!).toMatchObject({ modelCalls: 4, failedModelCalls: 2 });
    expect(report.telemetry!.perModel['scripted-openai']).toMatchObject({ calls: 4, errors: 2 });
    expect(report.behaviour!.results[0]).toMatchObject({ passed: 1 });
  }, 60_000);
});

describe('the result cache (item 5)', () => {
  async function entries(dir: string): Promise<string[]> {
    const root = join(dir, '.mcp-evals-cache', 'runs');
    const files: string[] = [];
    for (const shard of await readdir(root)) for (const name of await readdir(join(root, shard))) files.push(join(root, shard, name));
    return files;
  }

  it('with MCP_EVALS_CACHE_KEY set, an entry edited with its sha-256 recomputed is a miss: the red case stays red (issue 23 item 8)', async () => {
    const signed = { ...env, MCP_EVALS_CACHE_KEY: 'a-ci-secret-kept-outside-the-cache' };
    const { config, dir } = await setUp(wrongTool('get_weather', { location: 'Berlin' }), WEATHER, 'runs: 1\n');
    const loaded = await loadConfig(config, { env: signed });
    const first = await runEvals(loaded, { env: signed }, { layers: [1] });
    expect(first.report.behaviour!.results[0]).toMatchObject({ passed: 0, failed: 1 });
    const [file] = await entries(dir);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['hmac', 'value']);
    stored.value.trace.toolCalls[0].name = 'get_weather';
    stored.value.trace.toolCalls[0].arguments = { location: 'Berlin' };
    const text = JSON.stringify(stored.value);
    await writeFile(file, JSON.stringify({ sha256: createHash('sha256').update(text).digest('hex'), value: stored.value }));
    const calls = model!.calls();
    const second = await runEvals(loaded, { env: signed }, { layers: [1] });
    expect(second.report.behaviour!).toMatchObject({ cachedRuns: 0, executedRuns: 1 });
    expect(second.report.behaviour!.results[0]).toMatchObject({ passed: 0, failed: 1 });
    expect(model!.calls()).toBe(calls * 2);
  });

  it('an edited entry (passed: true, a changed trace) or a truncated one is a miss, never a pass', async () => {
    const { config, dir } = await setUp(wrongTool('get_weather', { location: 'Berlin' }), WEATHER, 'runs: 2\n');
    const loaded = await loadConfig(config, { env });
    const first = await runEvals(loaded, { env }, { layers: [1] });
    expect(first.report.behaviour!.results[0]).toMatchObject({ passed: 0, failed: 2 });
    const calls = model!.calls();
    const [one, two] = (await entries(dir)).sort();
    // What the old cache trusted: a verdict in the file. A "passed": true now breaks the hash.
    const stored = JSON.parse(await readFile(one, 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['sha256', 'value']);
    expect(stored.value.passed).toBeUndefined();
    stored.value.passed = true;
    stored.value.trace.toolCalls[0].name = 'get_weather';
    await writeFile(one, JSON.stringify(stored));
    const text = await readFile(two, 'utf8');
    await writeFile(two, text.slice(0, Math.floor(text.length / 2)));

    const second = await runEvals(loaded, { env }, { layers: [1] });
    expect(second.report.behaviour!).toMatchObject({ cachedRuns: 0, executedRuns: 2 });
    expect(second.report.behaviour!.results[0]).toMatchObject({ passed: 0, failed: 2 });
    expect(model!.calls()).toBe(calls * 2);
    // The rewritten entries are whole again: the next run is served from the cache and re-scored.
    const third = await runEvals(loaded, { env }, { layers: [1] });
    expect(third.report.behaviour!).toMatchObject({ cachedRuns: 2, executedRuns: 0, modelCalls: 0 });
    expect(third.report.behaviour!.results[0]).toMatchObject({ passed: 0, failed: 2 });
    expect(third.report.behaviour!.results[0].scorers.tool_selection).toMatchObject({ failed: 2 });
  }, 60_000);
});
