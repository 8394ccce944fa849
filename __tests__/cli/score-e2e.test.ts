import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { loop, noTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';

/** The regression loop on a real run: run → score after the fact → capture the failing run → history → compare. */

const TASKS = `# weather cases
- id: weather-loop
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  scorers: [no_tool_loop]   # a loop is the bug we chase
- id: thanks
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('the regression loop on a real run', () => {
  it('scores, captures and tracks runs that `mcp-evals run` wrote', async () => {
    model = await startScriptedModel(byPrompt({ Berlin: loop('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") }));
    process.env.SCRIPTED_KEY = 'sk-scripted-e2e-0123456789abcdef';
    const { dir, config } = await project({
      config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint, id: 'a' }])}\nruns: 2\nmax_steps: 3\ncache: {enabled: false}\n`,
      tasks: TASKS,
    });
    const out = join(dir, 'report');
    const run = await runCli(['run', '--config', config, '--layers', '1', '--out', out, '--experiment', 'v1']);
    expect(run.code).toBe(1);
    const lines = (await readFile(join(out, 'traces.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as TraceLine);
    const looping = lines.find((line) => line.caseId === 'weather-loop')!;
    expect(looping.scores.find((s) => s.scorer === 'no_tool_loop')).toMatchObject({ passed: false });

    const scored = await runCli(['score', '--report', out, '--config', config, '--scorers', 'answered,no_leaked_secret,span_present:tool']);
    expect(scored.stderr).toBe('');
    expect(scored.code).toBe(0);
    expect(scored.stdout).toMatch(/weather-loop · a #0  answered ✗: no final answer: the run hit max_steps after 3 step\(s\)/);
    expect(scored.stdout).toMatch(/thanks · a #1  span_present:tool ✗: no tool span/);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.behaviour.results.find((r: { id: string }) => r.id === 'thanks').scorers['span_present:tool']).toMatchObject({ failed: 2 });

    const captured = await runCli(['capture', '--report', out, '--trace', looping.trace.traceId.slice(0, 10)]);
    expect(captured.code).toBe(0);
    const text = await readFile(join(dir, 'tasks.yaml'), 'utf8');
    expect(text.startsWith(TASKS)).toBe(true);
    const golden = await loadGoldenSet(join(dir, 'tasks.yaml'));
    expect(golden.cases.at(-1)).toMatchObject({ expect_tool: 'get_weather', scorers: ['no_tool_loop'], expected: 'TODO: fill in the correct answer', source_trace_id: looping.trace.traceId });

    const history = join(dir, 'history.jsonl');
    expect((await runCli(['history', 'append', '--report', out, '--file', history])).code).toBe(0);
    expect((await runCli(['history', 'show', '--file', history])).stdout).toMatch(/weather-loop · a\s+0\/2/);
    expect((await runCli(['compare', out, out])).code).toBe(0);
  });
});
