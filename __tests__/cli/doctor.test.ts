import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noTool, startScriptedModel, type Script, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, modelsYaml, project } from '../helpers/evals.js';

const KEY = 'sk-doctor-test-key-0123456789abcdef';

const TASKS = `
- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;

/** A model that calls whatever tool it is offered: tool calling works. */
const CALLS_TOOLS: Script = (request) => ({ toolCalls: [{ name: request.toolNames[0], arguments: { echo: 'ok' } }] });

const started: ScriptedModel[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(started.splice(0).map((model) => model.close()));
});

async function model(script: Script, options: Parameters<typeof startScriptedModel>[1] = {}): Promise<ScriptedModel> {
  const m = await startScriptedModel(script, options);
  started.push(m);
  return m;
}

const stdioServer = `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\n`;

async function doctor(files: Parameters<typeof project>[0], timeoutMs = 5000, startupTimeoutMs?: number) {
  const { config } = await project(files);
  vi.stubEnv('SCRIPTED_KEY', KEY);
  return runCli(['doctor', '--config', config, '--timeout', String(timeoutMs), ...(startupTimeoutMs ? ['--startup-timeout', String(startupTimeoutMs)] : [])]);
}

/** The "✓ 3 title" lines, as [mark, number] pairs. */
function marks(stdout: string): string[] {
  return [...stdout.matchAll(/^([✓✗!-]) (\d) /gm)].map((m) => `${m[1]}${m[2]}`);
}

describe('mcp-evals doctor', () => {
  it('walks all nine steps green against the example server, a tool-calling model and a judge', async () => {
    const m = await model(CALLS_TOOLS);
    const judge = await model(() => ({ text: '{"ok": true}' }));
    const result = await doctor({
      config: `${stdioServer}models:\n${modelsYaml([{ provider: 'openai', endpoint: m.openaiEndpoint }, { provider: 'anthropic', endpoint: m.anthropicEndpoint }])}\njudge:\n  model: judge-model\n  endpoint: ${judge.openaiEndpoint}\n  api_key_env: SCRIPTED_KEY\n  criteria:\n    - {id: task_completed, description: "The task is done."}\n`,
      tasks: TASKS,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(marks(result.stdout)).toEqual(['✓1', '✓2', '✓3', '✓4', '✓5', '✓6', '✓7', '✓8', '✓9']);
    expect(result.stdout).toMatch(/✓ 3 server\/discover or initialize answers \((\d+ms|\d+\.\ds)\): acme-ops-assistant 1\.0\.0 answered server\/discover: era 2026-07-28/);
    expect(result.stdout).toMatch(/✓ 4 tools\/list answers .*: 4 tools: /);
    expect(result.stdout).toMatch(/✓ 6 one tools\/call works .*: get_weather \{/);
    expect(result.stdout).toMatch(/✓ scripted-openai .* answered in \d+ ms with a tool call/);
    expect(result.stdout).toMatch(/✓ scripted-anthropic .* answered in \d+ ms with a tool call/);
    expect(result.stdout).toMatch(/✓ 8 the scoring config is valid .*: tasks\.yaml: 2 cases, scorers .*judge ×2; judge judge-model answered/);
    expect(result.stdout).toMatch(/✓ 9 every tool tasks\.yaml names is listed .*: every tool name in tasks\.yaml and allow_destructive_tools is one the server lists/);
    expect(result.stdout).toMatch(/✓ all 9 steps passed/);
    // one tiny request per model, offering exactly the dummy tool, with the key
    const probes = m.requests.filter((r) => r.format);
    expect(probes).toHaveLength(2);
    expect(probes.every((r) => JSON.stringify(r.body).includes('mcp_evals_ping'))).toBe(true);
    expect(result.stdout).not.toContain(KEY);
  });

  it('a tool name the server does not list fails step 9 with exit 2, tasks.yaml:line:column and a did-you-mean', async () => {
    const m = await model(CALLS_TOOLS);
    const tasks = `- id: weather-basic\n  prompt: "What's the weather in Berlin right now?"\n  expect_tool: get_wether\n- id: invoice\n  prompt: "Find Globex's invoice and email it."\n  expect_sequence: [search_invoices, send_mail]\n`;
    const result = await doctor({ config: `${stdioServer}models:\n${modelsYaml([{ provider: 'openai', endpoint: m.openaiEndpoint }])}\n`, tasks });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(marks(result.stdout)).toEqual(['✓1', '✓2', '✓3', '✓4', '✓5', '✓6', '✓7', '✓8', '✗9']);
    expect(result.stdout).toMatch(/✗ 9 every tool tasks\.yaml names is listed .*: 2 tool names the server does not list/);
    expect(result.stdout).toMatch(/tasks\.yaml:3:16: case "weather-basic": expect_tool: the server has no tool "get_wether" \(did you mean "get_weather"\?\)/);
    expect(result.stdout).toMatch(/tasks\.yaml:6:38: case "invoice": expect_sequence: the server has no tool "send_mail" \(did you mean "send_email"\?\)/);
  });

  it('stops at step 2 with the stderr tail when the server command exits', async () => {
    const result = await doctor({
      config: `server:\n  command: "echo 'starting acme server' >&2; echo 'Error: Cannot find module /app/build/server.js' >&2; exit 3"\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: 'http://127.0.0.1:9/v1' }])}\n`,
      tasks: TASKS,
    });
    expect(result.code).toBe(1);
    expect(marks(result.stdout)).toEqual(['✓1', '✗2']);
    expect(result.stdout).toMatch(/✗ 2 the server starts .*exited with code 3 right after it started/);
    expect(result.stdout).toContain('stderr ends with:');
    expect(result.stdout).toContain('Error: Cannot find module /app/build/server.js');
    expect(result.stdout).toMatch(/fix: run it by hand in .* to see the whole error/);
    expect(result.stdout).toMatch(/3 server\/discover or initialize answers: not checked/);
    expect(result.stdout).toMatch(/stopped at step 2 \(the server starts\): a server or model problem/);
  });

  it('a program the shell cannot find gets the PATH hint', async () => {
    const result = await doctor({ config: `server:\n  command: mcp-evals-no-such-program --stdio\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: 'http://127.0.0.1:9/v1' }])}\n`, tasks: TASKS });
    expect(result.code).toBe(1);
    expect(marks(result.stdout)).toEqual(['✓1', '✗2']);
    expect(result.stdout).toContain('exited with code 127');
    expect(result.stdout).toMatch(/mcp-evals-no-such-program.*not found/);
    expect(result.stdout).toContain('the shell did not find the program');
  });

  it('a server that starts but never answers fails step 3 with the stdout hint', async () => {
    const result = await doctor({ config: `server:\n  command: "echo 'listening on stdio' >&2; cat >/dev/null"\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: 'http://127.0.0.1:9/v1' }])}\n`, tasks: TASKS }, 300, 1500);
    expect(result.code).toBe(1);
    expect(marks(result.stdout)).toEqual(['✓1', '✓2', '✗3']);
    // Silent through the start-up budget --startup-timeout gave it (the config says none).
    expect(result.stdout).toMatch(/no answer to anything within the start-up budget of 1500 ms/);
    expect(result.stdout).toContain('write logs to stderr only');
  });

  it('fails step 7 with the tool-calling hint when a model never calls tools', async () => {
    const m = await model(noTool('Sure, I can help with that.'));
    const result = await doctor({ config: `${stdioServer}models:\n${modelsYaml([{ provider: 'openai', endpoint: m.openaiEndpoint }])}\n`, tasks: TASKS });
    expect(result.code).toBe(1);
    expect(marks(result.stdout)).toEqual(['✓1', '✓2', '✓3', '✓4', '✓5', '✓6', '✗7']);
    expect(result.stdout).toMatch(/✗ scripted-openai .* answered in \d+ ms but called no tool \(stop reason stop, said "Sure, I can help with that\."\)/);
    expect(result.stdout).toContain('this model/endpoint does not support tool calling');
    expect(result.stdout).toMatch(/8 the scoring config is valid: not checked/);
  });

  it('turns a 401 into "check the key in $VAR", without printing the key', async () => {
    const m = await model(CALLS_TOOLS, { apiKey: 'sk-the-right-key' });
    const result = await doctor({ config: `${stdioServer}models:\n${modelsYaml([{ provider: 'anthropic', endpoint: m.anthropicEndpoint }])}\n`, tasks: TASKS });
    expect(result.code).toBe(1);
    expect(marks(result.stdout).at(-1)).toBe('✗7');
    expect(result.stdout).toMatch(/HTTP 401/);
    expect(result.stdout).toContain('check the key in $SCRIPTED_KEY');
    expect(result.stdout + result.stderr).not.toContain(KEY);
    expect(m.requests).toHaveLength(1); // a 401 is not retried
  });

  it('a missing key is a configuration problem (exit 2) naming the variable', async () => {
    const result = await doctor({
      config: `${stdioServer}models:\n  - provider: openai\n    model: gpt-4.1-mini\n    api_key_env: DOCTOR_TEST_UNSET_KEY\n`,
      tasks: TASKS,
    });
    expect(result.code).toBe(2);
    expect(marks(result.stdout).at(-1)).toBe('✗7');
    expect(result.stdout).toContain('DOCTOR_TEST_UNSET_KEY is not set');
  });

  it('a bad tasks.yaml fails step 8 with exit 2 and file:line:column', async () => {
    const m = await model(CALLS_TOOLS);
    const { config, dir } = await project({
      config: `${stdioServer}models:\n${modelsYaml([{ provider: 'openai', endpoint: m.openaiEndpoint }])}\n`,
      tasks: `- id: weather\n  prompt: "Weather in Berlin?"\n  expect_tol: get_weather\n`,
    });
    vi.stubEnv('SCRIPTED_KEY', KEY);
    const result = await runCli(['doctor', '--config', config]);
    expect(result.code).toBe(2);
    expect(marks(result.stdout)).toEqual(['✓1', '✓2', '✓3', '✓4', '✓5', '✓6', '✓7', '✗8']);
    expect(result.stdout).toContain(`${dir}/tasks.yaml:3:3`);
    expect(result.stdout).toMatch(/expect_tol.*expect_tool/);
    expect(result.stdout).toMatch(/stopped at step 8 \(the scoring config is valid\): a configuration problem/);
  });

  it('a broken mcp-evals.yml stops at step 1 with exit 2', async () => {
    const result = await doctor({ config: `server:\n  command: node server.mjs\nmodels:\n  - provider: openai\n    modle: gpt-4.1-mini\n`, tasks: TASKS });
    expect(result.code).toBe(2);
    expect(marks(result.stdout)).toEqual(['✗1']);
    expect(result.stdout).toMatch(/mcp-evals\.yml:\d+:\d+/);
    expect(result.stdout).toMatch(/2 the server starts: not checked/);
  });

  it('a missing config file says how to create one', async () => {
    const result = await runCli(['doctor', '--config', '/nonexistent/mcp-evals.yml']);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('mcp-evals init');
  });

  it('starts an HTTP server with its start command and readiness URL', async () => {
    const port = await freePort();
    const m = await model(CALLS_TOOLS);
    const result = await doctor({
      config: `server:\n  url: http://127.0.0.1:${port}/mcp\n  start: node ${JSON.stringify(EXAMPLE_SERVER)} --http --port ${port}\n  ready_url: http://127.0.0.1:${port}/healthz\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: m.openaiEndpoint }])}\n`,
      tasks: TASKS,
    });
    expect(result.code, result.stdout).toBe(0);
    expect(marks(result.stdout)).toEqual(['✓1', '✓2', '✓3', '✓4', '✓5', '✓6', '✓7', '✓8', '✓9']);
    expect(result.stdout).toMatch(/✓ 2 the server starts .*started `node .*`; http:\/\/127\.0\.0\.1:\d+\/healthz is ready/);
  });

  it('an HTTP URL nobody listens on fails step 2 with how to start it', async () => {
    const port = await freePort();
    const result = await doctor({ config: `server:\n  url: http://127.0.0.1:${port}/mcp\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: 'http://127.0.0.1:9/v1' }])}\n`, tasks: TASKS });
    expect(result.code).toBe(1);
    expect(marks(result.stdout)).toEqual(['✓1', '✗2']);
    expect(result.stdout).toMatch(/nothing answers at http:\/\/127\.0\.0\.1:\d+\/mcp: .*ECONNREFUSED/);
    expect(result.stdout).toContain('give `start:`');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
