/**
 * Issue 10 item 1 through the action: a model that refuses every call (401) leaves the behaviour
 * layer not evaluated, and the action says so everywhere a person looks (exit 3, the failure
 * message, the outputs, the job summary, the sticky PR comment), never "passed". It runs the
 * action's source (src/action/index.ts through tsx) as the runner would run the bundle, against
 * the fake GitHub API: the bundle is rebuilt from this source when the branch is merged.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { EXAMPLE_SERVER, modelsYaml, project } from '../helpers/evals.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { REPO_ROOT, commandMessage, pullRequestEvent, runAction } from './harness.js';

const TASKS = `- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  kind: hard
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
`;
const KEY = 'sk-scripted-wrong-key-0123456789abcdef';
const SOURCE_ENTRY = join(REPO_ROOT, 'src', 'action', 'index.ts');
const TSX = pathToFileURL(join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href;

let fake: FakeGitHub;
let model: ScriptedModel | undefined;
beforeAll(async () => {
  fake = await startFakeGitHub();
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('the action when every model call fails', () => {
  it('a 401 on every call: exit 3 "could not evaluate", passed=false, the reasons in the comment and the job summary', async () => {
    model = await startScriptedModel(rightTool('get_weather', { location: 'Berlin' }), { apiKey: 'sk-the-right-key-0123456789' });
    const { dir } = await project({
      config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\nruns: 3\nconcurrency: 3\n`,
      tasks: TASKS,
    });
    const result = await runAction({
      entry: SOURCE_ENTRY,
      workspace: dir,
      event: pullRequestEvent({ labels: ['run-evals'], action: 'labeled' }),
      inputs: { layers: '1' },
      env: { GITHUB_API_URL: fake.url, SCRIPTED_KEY: KEY, NODE_OPTIONS: `--import=${TSX}` },
      timeoutMs: 120_000,
    });
    const log = result.stdout + result.stderr;
    expect(result.code, log).toBe(3);
    expect(model.calls()).toBe(3);
    const failed = result.commands.find((line) => line.startsWith('::error::mcp-evals: could not evaluate'));
    expect(failed, log).toBeDefined();
    expect(commandMessage(failed!)).toMatch(/1 of 1 case could not be evaluated; 3 runs not evaluated: .*HTTP 401: .*Incorrect API key provided.* \(3×\)/);
    expect(result.outputs.passed).toBe('false');
    expect(result.outputs.summary).toMatch(/^gate failed: could not evaluate: /);
    // The sticky comment and the job summary: headed "could not evaluate", the case marked, the reasons grouped.
    const comments = fake.comments.get(7) ?? [];
    expect(comments).toHaveLength(1);
    const body = comments[0].body;
    expect(body).toContain('### ⚠️ mcp-evals could not evaluate');
    expect(body).not.toContain('✅ mcp-evals passed');
    expect(body).toMatch(/Could not evaluate: 3 runs not evaluated: .*HTTP 401.*\(3×\)/);
    expect(body).toMatch(/\| weather-basic \| scripted-openai \| — \| 0\/0 \| — \| ⚠️ not evaluated \|/);
    expect(result.summary).toContain('### ⚠️ mcp-evals could not evaluate');
    expect(result.summary).toContain('### ⚠️ Behaviour could not be evaluated');
    // The wrong key the model server echoed back appears nowhere but in the runner's mask registration.
    const output = log.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(output.join('\n')).not.toContain(KEY);
    expect(body).not.toContain(KEY);
    expect(result.summary).not.toContain(KEY);
  }, 150_000);
});
