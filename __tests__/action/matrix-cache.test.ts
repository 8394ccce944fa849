/**
 * The result cache across a models × shards matrix, through the cache service @actions/cache
 * really speaks (the v2 Twirp service and signed blob URLs, faked in fake-cache.ts): every cell
 * saves under a key of its own, so a second run of the same matrix makes no model call anywhere;
 * and the log says what happened to a save, never "saved" when the service refused it.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noTool, rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { byPrompt, EXAMPLE_SERVER, modelsYaml, project } from '../helpers/evals.js';
import { startFakeCacheService, type FakeCacheService } from './fake-cache.js';
import { commandMessage, runAction, SOURCE_ENTRY, type ActionRun } from './harness.js';

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

const MODELS = ['model-a', 'model-b'];
const CELLS = MODELS.flatMap((model) => ['1/2', '2/2'].map((shard) => ({ model, shard })));

let cache: FakeCacheService;
let model: ScriptedModel;
let source: string;

beforeAll(async () => {
  cache = await startFakeCacheService();
  model = await startScriptedModel(SCRIPT);
  const models = MODELS.map((id) => modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint, id }])).join('\n');
  source = (await project({ config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${models}\nruns: 2\nconcurrency: 4\n`, tasks: TASKS })).dir;
});
afterAll(async () => {
  await model?.close();
  await cache?.close();
});

/** One matrix job: a fresh checkout (no cache folder), the cell's models and shard, this run's id. */
async function cell(models: string, shard: string, runId: string, extra: Record<string, string> = {}): Promise<{ result: ActionRun; calls: number }> {
  const workspace = await mkdtemp(join(tmpdir(), 'mcp-evals-cell-'));
  await cp(source, workspace, { recursive: true });
  const before = model.calls();
  const result = await runAction({
    entry: SOURCE_ENTRY,
    workspace,
    event: { name: 'workflow_dispatch', payload: { inputs: {}, repository: { full_name: 'octo/mcp-server', default_branch: 'main' } } },
    inputs: { layers: '1', models, shard, baseline: 'none', comment: 'false', annotations: 'false', ...extra },
    env: { ...cache.env(), SCRIPTED_KEY: 'sk-scripted', GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: '1', GITHUB_API_URL: 'http://127.0.0.1:9' },
  });
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return { result, calls: model.calls() - before };
}

describe('the result cache of a models × shards matrix, through the Actions cache service', () => {
  it('each cell saves under its own key; the second run of the matrix makes 0 model calls in every cell', async () => {
    const first = [];
    for (const { model: id, shard } of CELLS) first.push(await cell(id, shard, '500'));
    for (const { result, calls } of first) {
      expect(calls).toBeGreaterThan(0);
      expect(result.stdout).toMatch(/Result cache saved as mcp-evals-[0-9a-f]+-0\.1\.0-model-[ab]~shard-[12]-of-2~500-1 \(GitHub Actions cache\)/);
    }
    // Four cells, four entries: none was refused for a key another cell took first.
    const saved = cache.entries.filter((entry) => entry.finalized).map((entry) => entry.key);
    expect(new Set(saved).size).toBe(4);
    expect(cache.calls.every((call) => call.authorization === 'Bearer fake-runtime-token')).toBe(true);

    const second = [];
    for (const { model: id, shard } of CELLS) second.push({ id, shard, ...(await cell(id, shard, '501')) });
    for (const { id, shard, result, calls } of second) {
      expect(calls, `${id} shard ${shard}\n${result.stdout}`).toBe(0);
      // Restored from its own cell's entry, not another's.
      expect(result.stdout).toContain(`${id}~shard-${shard.replace('/', '-of-')}~500-1 (GitHub Actions cache)`);
      expect(result.stdout).toContain('Every run came from the cache: nothing new to save.');
    }
  }, 300_000);

  it('a save the cache service refuses (rate limited) is reported as not saved, never as saved', async () => {
    cache.createStatus = 429;
    try {
      // A third repeat per case is new work, so this cell has something to save.
      const { result, calls } = await cell('model-a', '1/2', '502', { runs: '3' });
      expect(calls).toBeGreaterThan(0);
      expect(result.stdout).toContain('Failed to save');
      expect(result.stdout).not.toContain('Result cache saved');
      const notice = result.commands.filter((line) => line.startsWith('::notice')).map(commandMessage).find((text) => text.startsWith('Result cache not saved as'));
      expect(notice).toMatch(/~502-1: the cache service refused or failed the save \(its message is above\)\. The next run of this job repeats its \d+ new runs\./);
    } finally {
      cache.createStatus = undefined;
    }
  }, 120_000);
});
