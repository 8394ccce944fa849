/**
 * The models × shards matrix the cache test (matrix-cache.test.ts) and its bench figure
 * (bench/action-matrix-cache.mjs) both run: 2 models × 2 shards over four cases, a scripted
 * OpenAI-compatible model, the example server, the fake cache service, and one function that runs
 * a cell as a matrix job would (a fresh checkout, the cell's model and shard, the run's id).
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noTool, rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { byPrompt, EXAMPLE_SERVER, modelsYaml, project } from '../helpers/evals.js';
import { startFakeCacheService, type FakeCacheService } from './fake-cache.js';
import { runAction, type ActionRun } from './harness.js';

const TASKS = `- id: weather-berlin
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
- id: thanks
  prompt: "Thanks, that's all I needed."
  expect_tool: null
- id: weather-paris
  prompt: "What's the weather in Paris right now?"
  expect_tool: get_weather
  expect_args: {location: "Paris"}
- id: bye
  prompt: "Bye for now."
  expect_tool: null
`;

const SCRIPT = byPrompt({
  Berlin: rightTool('get_weather', { location: 'Berlin' }),
  Paris: rightTool('get_weather', { location: 'Paris' }),
  Thanks: noTool("You're welcome!"),
  Bye: noTool('Bye!'),
});

export const MODELS = ['model-a', 'model-b'];
export const CELLS = MODELS.flatMap((model) => ['1/2', '2/2'].map((shard) => ({ model, shard })));

export interface CellRun {
  result: ActionRun;
  /** Model calls the cell made (the scripted model's count before and after). */
  calls: number;
  wallMs: number;
}

export interface Matrix {
  cache: FakeCacheService;
  model: ScriptedModel;
  /** One matrix job; `entry` is the action's entry (SOURCE_ENTRY or dist/index.js). */
  cell(entry: string, models: string, shard: string, runId: string, extra?: Record<string, string>): Promise<CellRun>;
  close(): Promise<void>;
}

export async function startMatrix(): Promise<Matrix> {
  const cache = await startFakeCacheService();
  const model = await startScriptedModel(SCRIPT);
  const models = MODELS.map((id) => modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint, id }])).join('\n');
  const source = (await project({ config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${models}\nruns: 2\nconcurrency: 4\n`, tasks: TASKS })).dir;
  return {
    cache,
    model,
    async cell(entry, models, shard, runId, extra = {}) {
      const workspace = await mkdtemp(join(tmpdir(), 'mcp-evals-cell-'));
      await cp(source, workspace, { recursive: true });
      const before = model.calls();
      const started = performance.now();
      const result = await runAction({
        entry,
        workspace,
        event: { name: 'workflow_dispatch', payload: { inputs: {}, repository: { full_name: 'octo/mcp-server', default_branch: 'main' } } },
        inputs: { layers: '1', models, shard, baseline: 'none', comment: 'false', annotations: 'false', ...extra },
        env: { ...cache.env(), SCRIPTED_KEY: 'sk-scripted', GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: '1', GITHUB_API_URL: 'http://127.0.0.1:9' },
      });
      return { result, calls: model.calls() - before, wallMs: performance.now() - started };
    },
    async close() {
      await model.close();
      await cache.close();
    },
  };
}
