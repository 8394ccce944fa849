/**
 * Secrets never leave the run: an echoing server (it repeats the Authorization header and the
 * URL's token in every encoding, in errors, results, its name and its stderr) and an echoing
 * model (it repeats its key) are run through the CLI, and every byte written (every file of the
 * report directory, stdout, stderr, the captured tasks.yaml) is scanned for every form of every
 * secret. Untrusted text in the terminal is inert: no workflow command, no raw control character.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echoingKey, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { ECHO_SERVER, freePort } from '../helpers/echo-server.js';
import { modelsYaml, project } from '../helpers/evals.js';
import { leaksIn, unsafeLines } from '../helpers/secret-scan.js';

const BEARER = 'echo-bearer-Zq9xY7wV5uT3sR1pO';
const QUERY_TOKEN = 'qtoken-Ab12Cd34Ef56Gh78';
const MODEL_KEY = 'sk-scripted-echo-key-0123456789abcdef';
const AMBIENT_KEY = 'sk-ambient-openai-key-9876543210';
// Issue 26 item 1: values handed to the server inline are secrets too, unless made public.
const INLINE_CLI = 'inline-cli-Pq7Rs6Tu5Vw4Xy3';
const INLINE_FILE = 'inline-file-Hj8Kl7Mn6Bv5';
const PUBLIC_VALUE = 'shown-public-mode-value';
const SECRETS = [BEARER, QUERY_TOKEN, MODEL_KEY, AMBIENT_KEY, INLINE_CLI, INLINE_FILE];

/** Every file under `dir`, with its text. */
async function filesIn(dir: string): Promise<Array<[string, string]>> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(names.filter((entry) => entry.isFile()).map(async (entry) => [join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name), 'utf8')] as [string, string]));
}

function expectNoLeak(where: string, text: string): void {
  expect(leaksIn(text, SECRETS), where).toEqual([]);
}

const saved = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, SCRIPTED_KEY: process.env.SCRIPTED_KEY, ECHO_TOKEN: process.env.ECHO_TOKEN };
beforeAll(() => {
  process.env.OPENAI_API_KEY = AMBIENT_KEY;
  process.env.SCRIPTED_KEY = MODEL_KEY;
  process.env.ECHO_TOKEN = BEARER;
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('an echoing server and an echoing model', () => {
  it('conformance: no form of the header token, the URL token or an ambient key in any file, stdout or stderr; no forged workflow command', async () => {
    const port = await freePort();
    const { dir } = await project({ config: '', tasks: '' });
    const out = join(dir, 'out');
    const result = await runCli([
      'conformance',
      '--url', `http://127.0.0.1:${port}/mcp?token=${QUERY_TOKEN}`,
      '--start', `node ${JSON.stringify(ECHO_SERVER)} --port ${port}`,
      '--header', `Authorization: Bearer ${BEARER}`,
      '--env', `INLINE_CLI=${INLINE_CLI}`,
      '--env', `PUBLIC_MODE=${PUBLIC_VALUE}`,
      '--env-public', 'PUBLIC_MODE',
      '--out', out,
    ]);
    expect([0, 1], `${result.stdout.slice(-1500)}\n${result.stderr.slice(-1500)}`).toContain(result.code);
    const files = await filesIn(out);
    expect(files.map(([file]) => file.slice(out.length + 1)).sort()).toEqual(['conformance.sarif', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
    // The server did echo: its answers reached the report, only without the secrets.
    const report = files.find(([file]) => file.endsWith('report.json'))![1];
    expect(report).toContain('[redacted]');
    // It echoed the inline value (its name survives) and the public one, shown as it is.
    expect(report).toContain('env INLINE_CLI');
    expect(report).toContain(`raw=${PUBLIC_VALUE}`);
    for (const [file, text] of files) expectNoLeak(file, text);
    expectNoLeak('stdout', result.stdout);
    expectNoLeak('stderr', result.stderr);
    expect(unsafeLines(result.stdout)).toEqual([]);
    expect(unsafeLines(result.stderr)).toEqual([]);
  }, 60_000);

  it('run (layers 0 and 1), then capture --use-output-as-expected: nothing written anywhere carries a secret', async () => {
    const port = await freePort();
    model = await startScriptedModel(echoingKey('get_weather', { location: 'Berlin' }));
    const { dir, config } = await project({
      config: [
        'server:',
        `  url: http://127.0.0.1:${port}/mcp?token=${QUERY_TOKEN}`,
        `  start: node ${JSON.stringify(ECHO_SERVER)} --port ${port}`,
        '  headers:',
        '    Authorization: "Bearer ${ECHO_TOKEN}"',
        '  env:',
        `    INLINE_FILE: ${INLINE_FILE}`,
        `    PUBLIC_MODE: ${PUBLIC_VALUE}`,
        '  env_public: [PUBLIC_MODE]',
        'models:',
        modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]),
        'runs: 1',
        '',
      ].join('\n'),
      tasks: '- id: weather\n  prompt: "Weather in Berlin?"\n  expect_tool: get_weather\n',
    });
    const out = join(dir, 'out');
    const result = await runCli(['run', '--config', config, '--out', out, '--no-cache', '--env', `INLINE_CLI=${INLINE_CLI}`]);
    expect([0, 1], `${result.stdout.slice(-1500)}\n${result.stderr.slice(-1500)}`).toContain(result.code);
    const files = await filesIn(out);
    expect(files.map(([file]) => file.slice(out.length + 1))).toEqual(expect.arrayContaining(['report.json', 'traces.jsonl', 'traces.otlp.json', 'report.html', 'junit.xml', 'summary.md']));
    const traces = files.find(([file]) => file.endsWith('traces.jsonl'))![1];
    expect(traces).toContain('[redacted]');
    const report = files.find(([file]) => file.endsWith('report.json'))![1];
    expect(report).toContain('env INLINE_FILE');
    expect(report).toContain('env INLINE_CLI');
    expect(report).toContain(`raw=${PUBLIC_VALUE}`);
    for (const [file, text] of files) expectNoLeak(file, text);
    expectNoLeak('stdout', result.stdout);
    expectNoLeak('stderr', result.stderr);
    expect(unsafeLines(result.stdout)).toEqual([]);

    const traceId = (JSON.parse(traces.split('\n')[0]) as { trace: { traceId: string } }).trace.traceId;
    const golden = join(dir, 'tasks.yaml');
    const captured = await runCli(['capture', '--trace', traceId, '--report', out, '--golden', golden, '--use-output-as-expected']);
    expect(captured.code, captured.stderr).toBe(0);
    expectNoLeak('tasks.yaml', await readFile(golden, 'utf8'));
    expectNoLeak('capture stdout', captured.stdout);
  }, 90_000);
});
