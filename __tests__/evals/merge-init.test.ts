import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { startScriptedModel, noTool, rightTool, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';

const TASKS = ['Berlin', 'Paris', 'Tokyo', 'London', 'Thanks']
  .map((word, i) => `- id: case-${i}\n  prompt: "Question about ${word}"\n  ${word === 'Thanks' ? 'expect_tool: null' : `expect_tool: get_weather\n  expect_args: {location: "${word}"}`}\n`)
  .join('');

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function setUp() {
  model = await startScriptedModel(
    byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Paris: rightTool('get_weather', { location: 'Paris' }), Tokyo: rightTool('get_weather', { location: 'Osaka' }), London: rightTool('get_weather', { location: 'London' }), Thanks: noTool('ok') }),
  );
  process.env.SCRIPTED_KEY = 'sk-scripted-merge-0123456789';
  return project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint, id: 'a' }, { provider: 'openai', endpoint: model.openaiEndpoint, id: 'b' }])}\nruns: 2\ncache: {enabled: false}\n`,
    tasks: TASKS,
  });
}

describe('sharding and merge', () => {
  it('two shards merged equal the unsharded run (same k/n, order and metrics)', async () => {
    const { config, dir } = await setUp();
    const whole = await runCli(['run', '--config', config, '--layers', '1', '--out', join(dir, 'whole')]);
    expect(whole.code).toBe(1); // case-2 asks for Tokyo and gets Osaka: below its floor
    const s1 = await runCli(['run', '--config', config, '--layers', '1', '--shard', '1/2', '--out', join(dir, 's1')]);
    const s2 = await runCli(['run', '--config', config, '--layers', '1', '--shard', '2/2', '--out', join(dir, 's2')]);
    expect([s1.code, s2.code].sort()).toEqual([0, 1]);
    const merged = await runCli(['merge', join(dir, 's1'), join(dir, 's2'), '--out', join(dir, 'merged')]);
    expect(merged.code).toBe(1);
    const a = JSON.parse(await readFile(join(dir, 'whole', 'report.json'), 'utf8')).behaviour;
    const b = JSON.parse(await readFile(join(dir, 'merged', 'report.json'), 'utf8')).behaviour;
    const strip = (results: Array<Record<string, unknown>>) => results.map(({ traceIds: _t, ...rest }) => rest);
    expect(strip(b.results)).toEqual(strip(a.results));
    expect(b.metrics).toEqual(a.metrics);
    expect(b.modelCalls).toBe(a.modelCalls);
    expect(b.shard).toBeUndefined();
    const s1Cases = JSON.parse(await readFile(join(dir, 's1', 'report.json'), 'utf8')).behaviour.results.map((r: { id: string }) => r.id);
    expect([...new Set(s1Cases)]).toEqual(['case-0', 'case-2', 'case-4']);
    expect((await readFile(join(dir, 'merged', 'traces.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(5 * 2 * 2);
  });

  it('a models × shards matrix merges into one report with every model column', async () => {
    const { config, dir } = await setUp();
    const whole = await runCli(['run', '--config', config, '--layers', '1', '--out', join(dir, 'whole')]);
    expect(whole.code).toBe(1);
    for (const m of ['a', 'b']) for (const s of ['1/2', '2/2']) await runCli(['run', '--config', config, '--layers', '1', '--models', m, '--shard', s, '--out', join(dir, `${m}-${s[0]}`)]);
    const merged = await runCli(['merge', join(dir, 'a-1'), join(dir, 'b-1'), join(dir, 'a-2'), join(dir, 'b-2'), '--out', join(dir, 'merged')]);
    expect(merged.code).toBe(1);
    const a = JSON.parse(await readFile(join(dir, 'whole', 'report.json'), 'utf8')).behaviour;
    const b = JSON.parse(await readFile(join(dir, 'merged', 'report.json'), 'utf8')).behaviour;
    expect(b.models.map((m: { id: string }) => m.id)).toEqual(['a', 'b']);
    const strip = (results: Array<Record<string, unknown>>) => results.map(({ traceIds: _t, ...rest }) => rest);
    expect(strip(b.results)).toEqual(strip(a.results));
    expect(b.metrics).toEqual(a.metrics);
  });

  it('refuses to merge shards of different golden sets', async () => {
    const { config, dir } = await setUp();
    await runCli(['run', '--config', config, '--layers', '1', '--shard', '1/2', '--out', join(dir, 's1')]);
    const other = await project({ config: (await readFile(config, 'utf8')), tasks: TASKS.replace('Berlin', 'Berne') });
    await runCli(['run', '--config', other.config, '--layers', '1', '--shard', '2/2', '--out', join(dir, 's2')]);
    const merged = await runCli(['merge', join(dir, 's1'), join(dir, 's2'), '--out', join(dir, 'm')]);
    expect(merged.code).toBe(2);
    expect(merged.stderr).toMatch(/different golden set/);
  });
});

describe('mcp-evals run: usage and configuration errors', () => {
  it('exits 2 naming file:line:column for a golden-file mistake', async () => {
    const { config, dir } = await project({ config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n  - provider: openai\n    model: m\n    endpoint: http://127.0.0.1:9/v1\n`, tasks: '- id: a\n  prompt: hi\n  expect_arg: {x: 1}\n' });
    const result = await runCli(['run', '--config', config, '--out', join(dir, 'out')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/tasks\.yaml:3:3: .*unknown field "expect_arg".*did you mean "expect_args"/);
  });

  it('exits 2 for --shard and --layers mistakes', async () => {
    for (const argv of [['--shard', '3/2'], ['--layers', '2']]) {
      const result = await runCli(['run', '--config', '/nonexistent/mcp-evals.yml', ...argv]);
      expect(result.code).toBe(2);
    }
  });
});

describe('mcp-evals init and the golden template', () => {
  it('copies a template whose config and golden set load, with 20–30 tasks, ≥ 4 negatives and every tier', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-init-'));
    const result = await runCli(['init', dir]);
    expect(result.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(expect.arrayContaining(['mcp-evals.yml', 'rubric.md', 'server', 'tasks.yaml']));
    const golden = await loadGoldenSet(join(dir, 'tasks.yaml'));
    expect(golden.cases.length).toBeGreaterThanOrEqual(20);
    expect(golden.cases.length).toBeLessThanOrEqual(30);
    expect(golden.cases.filter((c) => c.expect_tool === null).length).toBeGreaterThanOrEqual(4);
    expect(new Set(golden.cases.map((c) => c.tier))).toEqual(new Set(['basic', 'chain', 'conditional', 'exception', 'parallel']));
    const config = await loadConfig(join(dir, 'mcp-evals.yml'), { env: { OPENAI_API_KEY: 'x', ANTHROPIC_API_KEY: 'y' } });
    expect(config.models.length).toBeGreaterThan(0);
    // a repository with workflows of its own can still take the template's, file by file
    const other = await mkdtemp(join(tmpdir(), 'mcp-evals-init-'));
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(join(other, '.github', 'workflows'), { recursive: true });
    await writeFile(join(other, '.github', 'workflows', 'ci.yml'), 'on: push\n');
    expect((await runCli(['init', other])).code).toBe(0);
    const again = await runCli(['init', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/--force/);
  });
});
