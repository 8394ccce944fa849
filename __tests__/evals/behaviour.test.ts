import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { runEvals } from '../../src/core/evals/run-evals.js';
import { loop, malformed, noTool, rateLimited, refusal, rightTool, slow, startScriptedModel, wrongTool, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';

const TASKS = `
- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  kind: hard
  tier: basic
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
  arg_match: {location: fuzzy}
  expected: "14"
- id: multi-step-invoice
  prompt: "Find Globex's invoice for July 2026 and email it to finance@acme.example."
  tier: chain
  expect_sequence: [search_invoices, send_email]
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  kind: hard
  expect_tool: null
`;

const GOOD = byPrompt({
  Berlin: rightTool('get_weather', { location: 'Berlin' }),
  Globex: (request) =>
    request.toolResults.length === 0
      ? { toolCalls: [{ name: 'search_invoices', arguments: { customer: 'Globex', month: '2026-07' } }] }
      : request.toolResults.length === 1
        ? { toolCalls: [{ name: 'send_email', arguments: { to: 'finance@acme.example', subject: 'INV-1005', body: 'Attached.', attachment_id: 'INV-1005' } }] }
        : { text: 'Sent INV-1005 to finance.' },
  Thanks: noTool("You're welcome!"),
});

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function setUp(script: Parameters<typeof startScriptedModel>[0], extra = '', provider: 'openai' | 'anthropic' = 'openai') {
  model = await startScriptedModel(script);
  const endpoint = provider === 'openai' ? model.openaiEndpoint : model.anthropicEndpoint;
  const files = await project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider, endpoint }])}\nruns: 5\n${extra.includes('concurrency') ? '' : 'concurrency: 4\n'}${extra}`,
    tasks: TASKS,
  });
  return files;
}

const env = { SCRIPTED_KEY: 'sk-scripted-test-key-0123456789' };

describe('layer 1 against the example server and a scripted model', () => {
  it('a model that does the right thing passes every case 5/5, with exact metrics', async () => {
    const { config } = await setUp(GOOD);
    const { report, runs } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const b = report.behaviour!;
    expect(b.results.map((r) => [r.id, `${r.passed}/${r.runs}`, r.meetsFloor, r.flaky])).toEqual([
      ['weather-basic', '5/5', true, false],
      ['multi-step-invoice', '5/5', true, false],
      ['negative-chitchat', '5/5', true, false],
    ]);
    expect(runs).toHaveLength(15);
    // weather: 2 calls per run, invoice: 3, chitchat: 1 → (2 + 3 + 1) × 5
    expect(b.modelCalls).toBe(30);
    expect(model!.calls()).toBe(30);
    expect(b.metrics.overall.taskSuccessRate).toBe(1);
    expect(b.metrics.overall.overTriggerRate).toBe(0);
    expect(b.metrics.overall.avgToolCalls).toBeCloseTo((1 + 2 + 0) / 3, 10);
    expect(b.results[0].scorers.arguments).toMatchObject({ passed: 5, failed: 0 });
    expect(b.results[0].scorers.final_answer).toMatchObject({ passed: 5 });
    // every MCP request of the agent carried a traceparent naming the run's trace
    const trace = runs.find((r) => r.caseId === 'weather-basic')!.trace;
    expect(trace.spans.map((s) => s.kind)).toEqual(['agent', 'model', 'tool', 'model']);
    expect(trace.costUsd).toBeNull(); // a scripted model has no price: unknown, never 0
  });

  it('the wrong tool fails tool selection 0/5, and a negative case that calls a tool over-triggers', async () => {
    const { config } = await setUp(byPrompt({ Berlin: wrongTool('get_weather', { customer: 'x' }), Globex: noTool('Done.'), Thanks: rightTool('get_weather', { location: 'x' }) }));
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const b = report.behaviour!;
    const weather = b.results.find((r) => r.id === 'weather-basic')!;
    expect(weather).toMatchObject({ passed: 0, failed: 5, meetsFloor: false });
    expect(weather.scorers.tool_selection).toMatchObject({ passed: 0, failed: 5 });
    expect(b.results.find((r) => r.id === 'negative-chitchat')).toMatchObject({ passed: 0, failed: 5, meetsFloor: false });
    expect(b.metrics.overall.overTriggerRate).toBe(1);
    expect(b.metrics.overall.taskSuccessRate).toBe(0);
  });

  it('bad arguments: the right tool with the wrong location passes selection 5/5 and fails arguments 0/5', async () => {
    const { config } = await setUp(byPrompt({ Berlin: rightTool('get_weather', { location: 'Lisbon' }) }, noTool('ok')));
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const weather = report.behaviour!.results.find((r) => r.id === 'weather-basic')!;
    expect(weather.scorers.tool_selection).toMatchObject({ passed: 5, failed: 0 });
    expect(weather.scorers.arguments).toMatchObject({ passed: 0, failed: 5, meanScore: 0 });
    expect(weather).toMatchObject({ passed: 0, failed: 5, meetsFloor: false });
    expect(report.behaviour!.metrics.perModel['scripted-openai'].argumentAccuracy).toBe(0);
  });

  it('a refusal calls no tool: selection fails on the positive cases and the negative case passes', async () => {
    const { config } = await setUp(refusal());
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(report.behaviour!.results.map((r) => [r.id, r.passed, r.failed])).toEqual([
      ['weather-basic', 0, 5],
      ['multi-step-invoice', 0, 5],
      ['negative-chitchat', 5, 0],
    ]);
  });

  it('a model slower than its deadline gives errored runs (a timeout is not a failure of the server)', async () => {
    const { config } = await setUp(slow(800, GOOD), 'concurrency: 8\n');
    const text = (await import('node:fs/promises')).readFile;
    const yaml = (await text(config, 'utf8')).replace('timeout_ms: 5000', 'timeout_ms: 300');
    await (await import('node:fs/promises')).writeFile(config, yaml);
    const { report } = await runEvals(await loadConfig(config, { env, runs: 1 }), { env }, { layers: [1] });
    expect(report.behaviour!.results.map((r) => [r.errored, r.passed, r.failed, r.meetsFloor])).toEqual([
      [1, 0, 0, null],
      [1, 0, 0, null],
      [1, 0, 0, null],
    ]);
  });

  it('a loop is stopped at max_steps and fails', async () => {
    const { config } = await setUp(byPrompt({ Berlin: loop('get_weather', { location: 'Berlin' }) }, noTool('ok')), 'max_steps: 3\n');
    const { runs } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const weather = runs.filter((r) => r.caseId === 'weather-basic');
    expect(weather.every((r) => r.trace.stopReason === 'max_steps' && r.trace.toolCalls.length === 3 && r.passed === false)).toBe(true);
  });

  it('a second run of an unchanged suite makes zero model calls; changing one case re-runs only that case', async () => {
    const { config, dir } = await setUp(GOOD);
    const first = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(first.report.behaviour!.executedRuns).toBe(15);
    const callsAfterFirst = model!.calls();
    const second = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(model!.calls()).toBe(callsAfterFirst);
    expect(second.report.behaviour!).toMatchObject({ cachedRuns: 15, executedRuns: 0, modelCalls: 0 });
    expect(second.report.behaviour!.results.map((r) => r.passed)).toEqual([5, 5, 5]);
    const { writeFile, readFile } = await import('node:fs/promises');
    const tasks = await readFile(`${dir}/tasks.yaml`, 'utf8');
    await writeFile(`${dir}/tasks.yaml`, tasks.replace("Thanks, that's all I needed.", 'Thanks, that is all.'));
    const third = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(third.report.behaviour!).toMatchObject({ cachedRuns: 10, executedRuns: 5, modelCalls: 5 });
    // runs: 3 of the same case are 3 distinct samples, cached under distinct keys
    const fourth = await runEvals(await loadConfig(config, { env, runs: 7 }), { env }, { layers: [1] });
    expect(fourth.report.behaviour!).toMatchObject({ cachedRuns: 15, executedRuns: 6 });
  });

  it('--no-cache runs everything again', async () => {
    const { config } = await setUp(GOOD);
    await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const again = await runEvals(await loadConfig(config, { env, noCache: true }), { env }, { layers: [1] });
    expect(again.report.behaviour!).toMatchObject({ cachedRuns: 0, executedRuns: 15, modelCalls: 30 });
  });

  it('429s are retried (honouring Retry-After) and the run still passes', async () => {
    const { config } = await setUp(rateLimited(2, GOOD, 0));
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(report.behaviour!.results.every((r) => r.passed === 5)).toBe(true);
    expect(model!.requests.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('a model that answers malformed JSON gives errored runs, which are not scored and not cached', async () => {
    const { config } = await setUp(malformed(1000, GOOD));
    const first = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const b = first.report.behaviour!;
    expect(b.results.every((r) => r.errored === 5 && r.passed === 0 && r.failed === 0 && r.meetsFloor === null)).toBe(true);
    const second = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(second.report.behaviour!.cachedRuns).toBe(0);
  });

  it('the budget stops the run cleanly and the report says it is partial', async () => {
    const { config } = await setUp(GOOD, 'budget: {max_model_calls: 4}\nconcurrency: 1\n');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const b = report.behaviour!;
    expect(b.modelCalls).toBe(4);
    expect(b.partial?.reason).toMatch(/budget of 4 model calls/);
    expect(b.partial!.notRun).toBeGreaterThan(0);
    expect(b.results.reduce((n, r) => n + r.notRun, 0)).toBe(b.partial!.notRun);
  });

  it('the Anthropic wire format works the same way', async () => {
    const { config } = await setUp(GOOD, '', 'anthropic');
    const { report } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(report.behaviour!.results.map((r) => r.passed)).toEqual([5, 5, 5]);
    expect(model!.requests.every((r) => r.path === '/v1/messages')).toBe(true);
  });

  it('the API key is sent to the model but appears in no report or trace', async () => {
    const { config } = await setUp(GOOD);
    const { report, runs } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(model!.requests[0].headers.authorization).toBe(`Bearer ${env.SCRIPTED_KEY}`);
    expect(JSON.stringify(report)).not.toContain(env.SCRIPTED_KEY);
    expect(JSON.stringify(runs)).not.toContain(env.SCRIPTED_KEY);
  });
});

describe('the judge in a full run', () => {
  let judge: ScriptedModel | undefined;
  afterEach(async () => {
    await judge?.close();
    judge = undefined;
  });

  async function withJudge(verdict: string) {
    judge = await startScriptedModel(() => ({ text: verdict }));
    const judgeYaml = `judge:\n  model: judge-model\n  endpoint: ${judge.openaiEndpoint}\n  api_key_env: SCRIPTED_KEY\n  criteria:\n    - {id: task_completed, description: "The task is done."}\n  rubric: "Be strict."\n`;
    return setUp(GOOD, judgeYaml);
  }

  it('scores every run with the configured criteria; scorer_version is the judge model', async () => {
    const { config } = await withJudge('{"scores": {"task_completed": 0.9}, "reasoning": "done"}');
    const { report, runs } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    expect(report.behaviour!.judge).toEqual({ model: 'judge-model', criteria: ['task_completed'] });
    const judged = runs.flatMap((r) => r.scores.filter((s) => s.scorer === 'judge'));
    expect(judged).toHaveLength(15);
    expect(judged.every((s) => s.passed === true && s.score === 0.9 && s.scorerVersion === 'judge-model')).toBe(true);
    const body = judge!.requests[0].body as { temperature: number; messages: Array<{ role: string; content: string }> };
    expect(body.temperature).toBe(0);
    expect(body.messages[0].content).toMatch(/Be strict/);
  });

  it('a prose verdict is an abstention, never a zero, and does not fail the run', async () => {
    const { config } = await withJudge('I think the assistant did quite well overall.');
    const { report, runs } = await runEvals(await loadConfig(config, { env }), { env }, { layers: [1] });
    const judged = runs.flatMap((r) => r.scores.filter((s) => s.scorer === 'judge'));
    expect(judged.every((s) => s.passed === null && s.score === undefined)).toBe(true);
    expect(report.behaviour!.results.map((r) => [r.passed, r.scorers.judge.abstained])).toEqual([[5, 5], [5, 5], [5, 5]]);
  });
});
