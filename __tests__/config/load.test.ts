import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigOverrides } from '../../src/core/config/load.js';
import { ConfigurationError } from '../../src/core/errors.js';
import { InvalidFileError } from '../../src/core/golden/yaml-source.js';

let root: string;
let counter = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mcp-evals-config-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes a config (and any side files) into a fresh folder; returns the config's path. */
async function writeConfig(lines: string[], files: Record<string, string> = {}): Promise<string> {
  counter += 1;
  const dir = join(root, `c${counter}`);
  await mkdir(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), content);
  }
  const file = join(dir, 'mcp-evals.yml');
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

async function errorOf(file: string, overrides?: ConfigOverrides): Promise<ConfigurationError> {
  try {
    await loadConfig(file, overrides);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

const MINIMAL = ['server:', '  command: "node server.mjs"', 'models:', '  - provider: openai', '    model: gpt-4o-mini'];

describe('defaults', () => {
  it('fills every default and resolves paths against the config folder', async () => {
    const file = await writeConfig(MINIMAL);
    const dir = join(file, '..');
    const config = await loadConfig(file);
    expect(config).toEqual({
      file,
      server: { command: 'node server.mjs' },
      golden: join(dir, 'tasks.yaml'),
      models: [
        {
          id: 'gpt-4o-mini',
          provider: 'openai',
          model: 'gpt-4o-mini',
          endpoint: 'https://api.openai.com/v1',
          api_key_env: 'OPENAI_API_KEY',
          temperature: 0,
          max_tokens: 1024,
          timeout_ms: 60000,
          location: { file, line: 4, column: 3 },
        },
      ],
      runs: 5,
      floors: { hard: 1.0, soft: 0.8 },
      concurrency: 4,
      budget: {},
      pricing: {},
      cache: { dir: join(dir, '.mcp-evals-cache'), enabled: true },
      max_steps: 8,
    });
    expect(config.judge).toBeUndefined();
    expect(config.embeddings).toBeUndefined();
  });

  it('per provider: endpoint and key variable; no default key for a third-party or local endpoint', async () => {
    const file = await writeConfig([
      'server: {command: node server.mjs}',
      'models:',
      '  - {provider: anthropic, model: claude-sonnet-4-5}',
      '  - {provider: openai, model: llama3.1, id: local, endpoint: "http://127.0.0.1:11434/v1"}',
      '  - {provider: openai, model: gpt-4o, id: explicit-none, api_key_env: null}',
      '  - {provider: openai, model: x, id: router, endpoint: "https://openrouter.ai/api/v1", api_key_env: OPENROUTER_API_KEY, seed: 7, temperature: 0.2, max_tokens: 64, timeout_ms: 5000}',
    ]);
    const [anthropic, local, none, router] = (await loadConfig(file)).models;
    expect(anthropic).toMatchObject({ id: 'claude-sonnet-4-5', endpoint: 'https://api.anthropic.com', api_key_env: 'ANTHROPIC_API_KEY' });
    expect(local.endpoint).toBe('http://127.0.0.1:11434/v1');
    expect(local.api_key_env).toBeUndefined();
    expect(none.api_key_env).toBeUndefined();
    expect(router).toMatchObject({ id: 'router', api_key_env: 'OPENROUTER_API_KEY', seed: 7, temperature: 0.2, max_tokens: 64, timeout_ms: 5000 });
  });
});

describe('a full config', () => {
  it('loads, reading the rubric file and resolving every path', async () => {
    const file = await writeConfig(
      [
        'server:',
        '  url: http://127.0.0.1:3000/mcp',
        '  start: "node server.mjs --http"',
        '  ready_url: http://127.0.0.1:3000/healthz',
        '  startup_timeout_ms: 60000',
        '  headers: {Authorization: "Bearer ${MCP_TOKEN}", X-Team: "evals-${TEAM}-${TEAM}"}',
        'golden: evals/tasks.yaml',
        'models:',
        '  - provider: openai',
        '    model: gpt-4o-mini',
        '    id: gpt-mini',
        'runs: 3',
        'floors: {hard: 0.9, soft: 0.5}',
        'judge:',
        '  model: gpt-4o',
        '  criteria: [{id: helpful, description: "Answers the question"}]',
        '  rubric: rubric.md',
        '  pass_threshold: 0.6',
        'embeddings: {model: text-embedding-3-small, threshold: 0.9}',
        'concurrency: 2',
        'budget: {max_cost_usd: 5, max_model_calls: 2000}',
        'pricing: {"gpt-4o-mini": {input_per_mtok: 0.15, output_per_mtok: 0.6}}',
        'cache: {dir: ../shared-cache, enabled: false}',
        'max_steps: 12',
        'system_prompt: "You are a careful assistant."',
      ],
      { 'rubric.md': '# Rubric\nCite sources.\n', 'evals/tasks.yaml': '- id: a\n  prompt: p\n' },
    );
    const dir = join(file, '..');
    const config = await loadConfig(file, { env: { MCP_TOKEN: 's3cret', TEAM: 'core' } });
    expect(config.server).toEqual({
      url: 'http://127.0.0.1:3000/mcp',
      start: 'node server.mjs --http',
      ready_url: 'http://127.0.0.1:3000/healthz',
      startup_timeout_ms: 60000,
      headers: { Authorization: 'Bearer s3cret', 'X-Team': 'evals-core-core' },
    });
    expect(config.golden).toBe(join(dir, 'evals', 'tasks.yaml'));
    expect(config.runs).toBe(3);
    expect(config.floors).toEqual({ hard: 0.9, soft: 0.5 });
    expect(config.judge).toEqual({
      provider: 'openai',
      model: 'gpt-4o',
      endpoint: 'https://api.openai.com/v1',
      api_key_env: 'OPENAI_API_KEY',
      criteria: [{ id: 'helpful', description: 'Answers the question' }],
      rubric: '# Rubric\nCite sources.\n',
      pass_threshold: 0.6,
      timeout_ms: 60000,
    });
    expect(config.embeddings).toEqual({
      endpoint: 'https://api.openai.com/v1',
      model: 'text-embedding-3-small',
      api_key_env: 'OPENAI_API_KEY',
      threshold: 0.9,
      timeout_ms: 60000,
    });
    expect(config.concurrency).toBe(2);
    expect(config.budget).toEqual({ max_cost_usd: 5, max_model_calls: 2000 });
    expect(config.pricing).toEqual({ 'gpt-4o-mini': { input_per_mtok: 0.15, output_per_mtok: 0.6 } });
    expect(config.cache).toEqual({ dir: join(dir, '..', 'shared-cache'), enabled: false });
    expect(config.max_steps).toBe(12);
    expect(config.system_prompt).toBe('You are a careful assistant.');
  });

  it('keeps an inline rubric, and gives the judge default criteria', async () => {
    const file = await writeConfig([...MINIMAL, 'judge:', '  model: gpt-4o', '  rubric: |', '    Be strict.', '    Penalize guesses.']);
    const config = await loadConfig(file);
    expect(config.judge?.rubric).toBe('Be strict.\nPenalize guesses.\n');
    expect(config.judge?.criteria).toEqual([{ id: 'task_completed', description: "The final answer completes the user's task" }]);
    expect(config.judge?.pass_threshold).toBe(0.7);
  });

  it("takes the judge's deadline as timeout_seconds (mcpd's name, 1–300) too, and names the line of a value out of range", async () => {
    const file = await writeConfig([...MINIMAL, 'judge:', '  model: gpt-4o', '  timeout_seconds: 45']);
    expect((await loadConfig(file)).judge?.timeout_ms).toBe(45_000);
    const wrong = await writeConfig([...MINIMAL, 'judge:', '  model: gpt-4o', '  timeout_seconds: 301']);
    expect((await errorOf(wrong)).message).toMatch(/:\d+:\d+: .*timeout_seconds/);
  });

  it('resolves a stdio server cwd against the config folder', async () => {
    const file = await writeConfig(['server: {command: "node server.mjs", cwd: server, env: {LOG_LEVEL: debug}}', 'models: [{provider: openai, model: m}]']);
    expect((await loadConfig(file)).server).toEqual({ command: 'node server.mjs', cwd: join(file, '..', 'server'), env: { LOG_LEVEL: 'debug' } });
  });
});

describe('environment variables in headers', () => {
  it('a missing variable is an error naming it, at the header line', async () => {
    const file = await writeConfig(['server:', '  url: http://127.0.0.1:3000/mcp', '  headers:', '    Authorization: "Bearer ${MCP_TOKEN}"', 'models: [{provider: openai, model: m}]']);
    const error = await errorOf(file, { env: {} });
    expect(error.message).toBe(
      `${file}:4:20: server.headers.Authorization: environment variable MCP_TOKEN is not set (or empty); set it (in CI, from a secret) or remove the reference`,
    );
  });

  it('an empty variable counts as missing (a secret a fork cannot see arrives empty)', async () => {
    const file = await writeConfig(['server: {url: "http://h/mcp", headers: {X-Key: "${K}"}}', 'models: [{provider: openai, model: m}]']);
    await expect(loadConfig(file, { env: { K: '' } })).rejects.toThrow(/environment variable K is not set \(or empty\)/);
  });

  it('reads process.env by default', async () => {
    const file = await writeConfig(['server: {url: "http://h/mcp", headers: {X-Key: "${MCP_EVALS_TEST_HEADER}"}}', 'models: [{provider: openai, model: m}]']);
    process.env.MCP_EVALS_TEST_HEADER = 'from-env';
    try {
      const config = await loadConfig(file);
      expect(config.server).toEqual({ url: 'http://h/mcp', headers: { 'X-Key': 'from-env' } });
    } finally {
      delete process.env.MCP_EVALS_TEST_HEADER;
    }
  });
});

describe('mistakes', () => {
  it('an api_key is refused without echoing it', async () => {
    const secret = 'sk-proj-THIS-MUST-NOT-LEAK-0123456789';
    const file = await writeConfig([
      'server: {command: node s.mjs}',
      'models:',
      '  - provider: openai',
      '    model: gpt-4o-mini',
      `    api_key: ${secret}`,
      '  - provider: openai',
      '    model: gpt-4o',
      `    api_key_env: ${secret}`,
    ]);
    const error = await errorOf(file);
    expect(error.message).not.toContain(secret);
    expect(error.message).not.toContain('THIS-MUST-NOT-LEAK');
    expect((error as InvalidFileError).problems.map((p) => `${p.location.line}:${p.location.column}: ${p.message}`)).toEqual([
      '5:5: api_key in models[0]: secrets do not belong in this file (the value is not shown here). Put the key in an environment variable (in CI, from a secret) and name the variable with api_key_env, e.g. api_key_env: OPENAI_API_KEY',
      '8:18: models[1].api_key_env must be the name of an environment variable (like OPENAI_API_KEY), not the key itself',
    ]);
  });

  it('max_cost_usd with a model that has no price is refused at the model (issue 23 item 4); a pricing: entry makes it count', async () => {
    const lines = ['server: {command: node s.mjs}', 'models:', '  - provider: openai', '    model: gpt-4o-mini', '  - provider: openai', '    model: my-local-llama', '    endpoint: http://127.0.0.1:1/v1', 'budget: {max_cost_usd: 0.000001}'];
    const error = await errorOf(await writeConfig(lines));
    expect((error as InvalidFileError).problems.map((p) => `${p.location.line}:${p.location.column}: ${p.message}`)).toEqual([
      '6:12: models[1].model: "my-local-llama" has no price, so budget.max_cost_usd (0.000001) cannot count its calls; add "my-local-llama": {input_per_mtok: …, output_per_mtok: …} under pricing:, or remove max_cost_usd',
    ]);
    const priced = await loadConfig(await writeConfig([...lines, 'pricing:', '  my-local-llama: {input_per_mtok: 0.1, output_per_mtok: 0.2}']));
    expect(priced.budget.max_cost_usd).toBe(0.000001);
    // Without a ceiling an unpriced model is fine: its cost is reported as unknown.
    await expect(loadConfig(await writeConfig(lines.slice(0, -1)))).resolves.toBeDefined();
  });

  it('unknown keys get a suggestion, at the key', async () => {
    const file = await writeConfig([...MINIMAL, '    tempurature: 0.2', 'max_step: 4']);
    const error = await errorOf(file);
    expect(error.message.split('\n')).toEqual([
      `2 problems in ${file}:`,
      `${file}:6:5: unknown field "tempurature" in models[0] (did you mean "temperature"?)`,
      `${file}:7:1: unknown field "max_step" (did you mean "max_steps"?)`,
    ]);
    expect(error.location).toEqual({ file, line: 6, column: 5 });
  });

  it('bad values: enum with suggestion, range, URL', async () => {
    const file = await writeConfig([
      'server: {url: "localhost:3000/mcp"}',
      'models:',
      '  - provider: antropic',
      '    model: claude',
      '    temperature: 3',
      'runs: 0',
    ]);
    expect((await errorOf(file)).message.split('\n').slice(1)).toEqual([
      `${file}:1:15: server.url must be an http:// or https:// URL`,
      `${file}:3:15: models[0].provider must be one of openai, anthropic; got "antropic" (did you mean "anthropic"?)`,
      `${file}:5:18: models[0].temperature must be a number from 0 to 2, got 3`,
      `${file}:6:7: runs must be a whole number from 1 to 100, got 0`,
    ]);
  });

  it('server: exactly one of command and url, and no field of the other kind', async () => {
    const both = await writeConfig(['server:', '  command: node s.mjs', '  url: http://h/mcp', 'models: [{provider: openai, model: m}]']);
    expect((await errorOf(both)).message).toBe(`${both}:3:3: server: give either command (a stdio server) or url (an HTTP server), not both`);
    const neither = await writeConfig(['server: {}', 'models: [{provider: openai, model: m}]']);
    expect((await errorOf(neither)).message).toMatch(new RegExp(`^${escape(neither)}:1:1: server: needs command \\(a stdio server`));
    const mixed = await writeConfig(['server:', '  command: node s.mjs', '  ready_url: http://h/healthz', 'models: [{provider: openai, model: m}]']);
    expect((await errorOf(mixed)).message).toBe(`${mixed}:3:3: server.ready_url is for an HTTP server (with url); a stdio server is started by command`);
  });

  it('missing sections', async () => {
    const file = await writeConfig(['runs: 2']);
    expect((await errorOf(file)).message.split('\n').slice(1)).toEqual([
      `${file}:1:1: missing required field "server"`,
      `${file}:1:1: missing required field "models"`,
    ]);
    const empty = await writeConfig(['# nothing']);
    expect((await errorOf(empty)).message).toBe(`${empty}:1:1: the config is empty: it needs at least \`server:\` and \`models:\``);
  });

  it('duplicate model ids name both lines', async () => {
    const file = await writeConfig(['server: {command: x}', 'models:', '  - {provider: openai, model: gpt-4o}', '  - {provider: openai, model: gpt-4o, temperature: 1}']);
    expect((await errorOf(file)).message).toBe(
      `${file}:4:31: models[1]: duplicate model id "gpt-4o" at lines 3 and 4 (give each model a distinct \`id:\`; it names the report's column)`,
    );
  });

  it('a golden path or a rubric file that does not exist', async () => {
    const file = await writeConfig([...MINIMAL, 'golden: cases/tasks.yaml', 'judge: {model: gpt-4o, rubric: rubrics/judge.md}']);
    const lines = (await errorOf(file)).message.split('\n');
    expect(lines[1]).toBe(`${file}:6:9: golden: file "cases/tasks.yaml" not found (looked for ${join(file, '..', 'cases', 'tasks.yaml')})`);
    expect(lines[2]).toMatch(new RegExp(`^${escape(file)}:7:32: judge.rubric: rubric file "rubrics/judge.md" not found`));
  });

  it('YAML syntax errors have a position', async () => {
    const file = await writeConfig(['server:', '  command: node s.mjs', 'models: [{provider: openai, model: m}', 'runs: 2']);
    const error = await errorOf(file);
    expect(error.location?.line).toBeGreaterThanOrEqual(3);
    expect(error.message).toMatch(new RegExp(`^${escape(file)}:\\d+:\\d+: invalid YAML: `));
  });

  it('an unreadable file', async () => {
    const file = join(root, 'absent.yml');
    await expect(loadConfig(file)).rejects.toThrow(`${file}: cannot read the config file: no such file`);
  });
});

describe('overrides', () => {
  const THREE = ['server: {command: x}', 'models:', '  - {provider: openai, model: gpt-4o-mini, id: mini}', '  - {provider: openai, model: gpt-4o}', '  - {provider: anthropic, model: claude, id: claude}'];

  it('filter models by id, in the config order', async () => {
    const file = await writeConfig(THREE);
    const config = await loadConfig(file, { models: ['claude', 'mini'] });
    expect(config.models.map((m) => m.id)).toEqual(['mini', 'claude']);
  });

  it('an unknown model id in the filter is a usage error with a suggestion', async () => {
    const file = await writeConfig(THREE);
    const error = await errorOf(file, { models: ['gpt-4o-min'] });
    expect(error.message).toBe(`unknown model id "gpt-4o-min" (did you mean "gpt-4o"?); ${file} defines "mini", "gpt-4o", "claude"`);
  });

  it('runs and noCache', async () => {
    const file = await writeConfig(THREE);
    const config = await loadConfig(file, { runs: 10, noCache: true });
    expect(config.runs).toBe(10);
    expect(config.cache.enabled).toBe(false);
    await expect(loadConfig(file, { runs: 0 })).rejects.toThrow('runs must be a whole number from 1 to 100, got 0');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
