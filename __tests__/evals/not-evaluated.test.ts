/**
 * Issue 10 item 1: when every model call fails, nothing was measured, and the run must say so:
 * exit 3 "could not evaluate", with the grouped reasons on the console, in summary.md, report.json
 * and junit.xml (an <error>, never a <skipped>). Driven through `mcp-evals run` against the real
 * example server and a scripted model on loopback (or no model at all: a closed port).
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportViolations } from '../../src/core/report/schema.js';
import type { Report } from '../../src/core/report/types.js';
import { failing, rightTool, startScriptedModel, type Script, type ScriptedModel, type ScriptedModelOptions } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, modelsYaml, project } from '../helpers/evals.js';

const TASKS = `- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  kind: hard
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
  arg_match: {location: fuzzy}
`;

const KEY = 'sk-scripted-test-key-0123456789';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** A URL on which nothing listens: a port taken, then freed. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

async function runWith(endpoint: string, options: { extra?: string; timeoutMs?: number } = {}): Promise<{ code: number; stdout: string; stderr: string; out: string; report: Report }> {
  const models = modelsYaml([{ provider: 'openai', endpoint }]).replace('timeout_ms: 5000', `timeout_ms: ${options.timeoutMs ?? 5000}`);
  const { dir, config } = await project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${models}\nruns: 2\n${options.extra?.includes('concurrency') ? '' : 'concurrency: 2\n'}cache: {enabled: false}\n${options.extra ?? ''}`,
    tasks: TASKS,
  });
  const out = join(dir, 'report');
  const previous = process.env.SCRIPTED_KEY;
  process.env.SCRIPTED_KEY = KEY;
  try {
    const result = await runCli(['run', '--config', config, '--layers', '1', '--out', out]);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as Report;
    return { ...result, out, report };
  } finally {
    if (previous === undefined) delete process.env.SCRIPTED_KEY;
    else process.env.SCRIPTED_KEY = previous;
  }
}

async function scripted(script: Script, options: ScriptedModelOptions = {}): Promise<string> {
  model = await startScriptedModel(script, options);
  return model.openaiEndpoint;
}

/** What every "nothing was measured" run has in common, whatever the cause. */
async function expectNotEvaluated(run: Awaited<ReturnType<typeof runWith>>, reason: RegExp): Promise<void> {
  const { code, stdout, stderr, out, report } = run;
  expect(code, stdout + stderr).toBe(3);
  expect(stderr).toMatch(/could not evaluate: 1 of 1 case could not be evaluated; 2 runs not evaluated: /);
  expect(stderr).toMatch(reason);
  // The console: never a ✓, never "0 model calls" next to failed calls, the reasons grouped.
  expect(stdout).not.toMatch(/✓ behaviour/);
  expect(stdout).toMatch(/! behaviour could not be evaluated/);
  expect(stdout).toMatch(/1 not evaluated/);
  expect(stdout).toMatch(/! 2 runs not evaluated: .*\(2×\)/);
  expect(stdout).toMatch(reason);
  if (report.behaviour!.modelCalls > 0) expect(stdout).toMatch(new RegExp(`${report.behaviour!.modelCalls} model calls? \\(${report.behaviour!.failedModelCalls} failed\\)`));
  // report.json: valid against the schema, the case not evaluated, no floor verdict.
  expect(reportViolations(report)).toEqual([]);
  const result = report.behaviour!.results[0];
  expect(result).toMatchObject({ evaluated: false, minEvaluated: 2, meetsFloor: null, errored: 2 });
  expect(result.notEvaluated).toHaveLength(1);
  expect(result.notEvaluated![0].runs).toBe(2);
  expect(result.notEvaluated![0].reason).toMatch(reason);
  expect(report.behaviour!.notEvaluated).toMatchObject({ runs: 2, cases: 1 });
  // No secret in any report file.
  const summary = await readFile(join(out, 'summary.md'), 'utf8');
  const junit = await readFile(join(out, 'junit.xml'), 'utf8');
  for (const text of [summary, junit, JSON.stringify(report), stdout, stderr]) expect(text).not.toContain(KEY);
  // summary.md is not headed ✅, and says why.
  expect(summary).not.toMatch(/### ✅ Behaviour/);
  expect(summary).toMatch(/### ⚠️ Behaviour could not be evaluated/);
  expect(summary).toMatch(/2 runs not evaluated: /);
  expect(summary).toMatch(/⚠️ not evaluated/);
  // junit.xml: an <error>, not a <skipped>.
  expect(junit).toMatch(/<error message="not evaluated: 0 of 2 runs evaluated, 2 needed" type="not-evaluated">/);
  expect(junit).not.toMatch(/<skipped/);
  expect(junit).toMatch(/<testsuite name="behaviour" tests="1" failures="0" errors="1" skipped="0"/);
}

describe('every model call fails: not evaluated, exit 3', () => {
  it('an unreachable model URL', async () => {
    const run = await runWith(await closedPort());
    await expectNotEvaluated(run, /request failed: .*ECONNREFUSED.*\(gave up after 4 attempts\)/);
  }, 60_000);

  it('a wrong key (401): the status and the redacted body', async () => {
    const run = await runWith(await scripted(rightTool('get_weather', { location: 'Berlin' }), { apiKey: 'sk-the-right-one-0123456789' }));
    await expectNotEvaluated(run, /HTTP 401: .*Incorrect API key provided/);
    expect(run.report.behaviour!).toMatchObject({ modelCalls: 2, failedModelCalls: 2 });
  }, 60_000);

  it('a 429 that never clears', async () => {
    const run = await runWith(await scripted(() => ({ status: 429, retryAfter: 0 })));
    await expectNotEvaluated(run, /HTTP 429: .*\(gave up after 4 attempts\)/);
    expect(model!.calls()).toBe(8); // 2 runs × 4 attempts
  }, 60_000);

  it('a reply that is not JSON', async () => {
    const run = await runWith(await scripted(() => ({ malformed: true })));
    await expectNotEvaluated(run, /answer is not JSON/);
  }, 60_000);

  it('a model that does not answer in time', async () => {
    const run = await runWith(await scripted(() => ({ delayMs: 3_000 })), { timeoutMs: 300 });
    await expectNotEvaluated(run, /no complete answer within 300 ms/);
  }, 60_000);

  it('an unreachable server is the same kind of failure: exit 3, no model call', async () => {
    const endpoint = await scripted(rightTool('get_weather', { location: 'Berlin' }));
    const { dir, config } = await project({
      config: `server:\n  command: node -e "process.exit(1)"\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint }])}\nruns: 2\n`,
      tasks: TASKS,
    });
    const previous = process.env.SCRIPTED_KEY;
    process.env.SCRIPTED_KEY = KEY;
    try {
      const result = await runCli(['run', '--config', config, '--layers', '1', '--out', join(dir, 'report')]);
      expect(result.code, result.stdout + result.stderr).toBe(3);
      expect(result.stderr).toMatch(/could not evaluate: the server is unavailable: /);
      expect(model!.calls()).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.SCRIPTED_KEY;
      else process.env.SCRIPTED_KEY = previous;
    }
  }, 60_000);

  it('layers 0 and 1 against a server that never answers: one start-up budget, spent once (issue 23 item 6)', async () => {
    const endpoint = await scripted(rightTool('get_weather', { location: 'Berlin' }));
    // Each start of the server leaves a line in starts.txt, then the process stays silent.
    const { dir, config } = await project({
      config: `server:\n  command: sh -c "echo start >> starts.txt; exec sleep 60"\n  startup_timeout_ms: 1500\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint }])}\nruns: 2\n`,
      tasks: TASKS,
    });
    const previous = process.env.SCRIPTED_KEY;
    process.env.SCRIPTED_KEY = KEY;
    try {
      const starts = async () => (await readFile(join(dir, 'starts.txt'), 'utf8')).trim().split('\n').length;
      // Layer 0 alone: the processes its run starts (stdio starts the fresh ones it needs beside the first).
      expect((await runCli(['run', '--config', config, '--layers', '0', '--out', join(dir, 'report0')])).code).toBe(3);
      const layer0 = await starts();
      const result = await runCli(['run', '--config', config, '--layers', '0,1', '--out', join(dir, 'report')]);
      expect(result.code, result.stdout + result.stderr).toBe(3);
      expect(result.stderr).toMatch(/layer 1 not run: the server could not be started for layer 0 \(.*1500 ms/);
      // Before: layer 1 started the server again and waited out a second budget.
      expect((await starts()) - layer0).toBe(layer0);
      expect(model!.calls()).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.SCRIPTED_KEY;
      else process.env.SCRIPTED_KEY = previous;
    }
  }, 60_000);

  it('min_evaluated: a case with enough evaluated runs keeps its verdict; by default every run must be evaluated', async () => {
    const script = failing(1, rightTool('get_weather', { location: 'Berlin' }), 401);
    const strict = await runWith(await scripted(script), { extra: 'concurrency: 1\n' });
    expect(strict.code, strict.stdout + strict.stderr).toBe(3);
    expect(strict.report.behaviour!.results[0]).toMatchObject({ evaluated: false, errored: 1, passed: 1, meetsFloor: null });
    await model!.close();
    const lenient = await runWith(await scripted(failing(1, rightTool('get_weather', { location: 'Berlin' }), 401)), { extra: 'concurrency: 1\nmin_evaluated: 1\n' });
    expect(lenient.code, lenient.stdout + lenient.stderr).toBe(0);
    expect(lenient.report.behaviour!.results[0]).toMatchObject({ evaluated: true, minEvaluated: 1, errored: 1, passed: 1, meetsFloor: true });
    expect(lenient.report.behaviour!.notEvaluated).toMatchObject({ runs: 1, cases: 0 });
    expect(lenient.stdout).toMatch(/! 1 run not evaluated: .*HTTP 401/);
  }, 60_000);
});
