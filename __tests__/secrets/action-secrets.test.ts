/**
 * The action (src/action, run from source through tsx) against the echoing server and the echoing
 * model, on a labelled pull request: every byte it writes (the report directory, stdout, stderr,
 * the job summary, the outputs, and the comment bodies posted to the fake GitHub API) is scanned
 * for every form of every secret; the server gets none of the runner's secrets; and no forged
 * workflow command reaches the log.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echoingKey, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { startFakeGitHub, type FakeGitHub } from '../action/fake-github.js';
import { REPO_ROOT, TOKEN, pullRequestEvent, runAction } from '../action/harness.js';
import { ECHO_SERVER, freePort } from '../helpers/echo-server.js';
import { modelsYaml, project } from '../helpers/evals.js';
import { leaksIn } from '../helpers/secret-scan.js';

const BEARER = 'action-bearer-Qw8Er7Ty6Ui5Op4';
const QUERY_TOKEN = 'qtoken-action-Zx9Cv8Bn7';
const MODEL_KEY = 'sk-action-echo-key-0123456789abcdef';
const RUNTIME_TOKEN = 'runtime-token-planted-0123456789';
const OIDC_TOKEN = 'oidc-request-token-planted-0123456789';
// Issue 26 item 1: a NAME=VALUE line of the env input is a secret too (masked, redacted).
const INLINE = 'inline-action-Gf5Hd4Js3Ka2';
const SECRETS = [BEARER, QUERY_TOKEN, MODEL_KEY, RUNTIME_TOKEN, OIDC_TOKEN, TOKEN, INLINE];

let fake: FakeGitHub;
let model: ScriptedModel;
beforeAll(async () => {
  fake = await startFakeGitHub();
  model = await startScriptedModel(echoingKey('get_weather', { location: 'Berlin' }));
});
afterAll(async () => {
  await fake.close();
  await model.close();
});

describe('the action with an echoing server and model', () => {
  it('writes, logs, summarises and comments no secret, hands the server none, and prints no forged command', async () => {
    const port = await freePort();
    const { dir } = await project({
      config: [
        'server:',
        `  url: http://127.0.0.1:${port}/mcp?token=${QUERY_TOKEN}`,
        `  start: node ${JSON.stringify(ECHO_SERVER)} --port ${port}`,
        '  headers:',
        '    Authorization: "Bearer ${ECHO_TOKEN}"',
        'models:',
        modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]),
        'runs: 1',
        '',
      ].join('\n'),
      tasks: '- id: weather\n  prompt: "Weather in Berlin?"\n  expect_tool: get_weather\n',
    });
    const result = await runAction({
      entry: join(REPO_ROOT, 'src', 'action', 'index.ts'),
      // The workspace is elsewhere: tsx is loaded by its path in this repository.
      nodeArgs: ['--import', pathToFileURL(join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href],
      workspace: dir,
      event: pullRequestEvent({ labels: ['run-evals'], action: 'labeled' }),
      inputs: { cache: 'false', env: `SERVER_MODE=ci\nINLINE_SECRET=${INLINE}` },
      env: { GITHUB_API_URL: fake.url, SCRIPTED_KEY: MODEL_KEY, ECHO_TOKEN: BEARER, ACTIONS_RUNTIME_TOKEN: RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC_TOKEN },
      timeoutMs: 120_000,
    });
    const log = result.stdout + result.stderr;
    expect([0, 1], log).toContain(result.code);
    expect(log).toContain('layers 0, 1');

    const reportDir = join(dir, 'mcp-evals-report');
    const names = await readdir(reportDir);
    expect(names).toEqual(expect.arrayContaining(['report.json', 'traces.jsonl', 'summary.md']));
    const written: Array<[string, string]> = await Promise.all(names.map(async (name) => [name, await readFile(join(reportDir, name), 'utf8')] as [string, string]));
    const comments = fake.requests.filter((request) => request.path.includes('/comments') && request.method !== 'GET').map((request) => JSON.stringify(request.body));
    expect(comments.length).toBeGreaterThan(0);
    const surfaces: Array<[string, string]> = [
      ...written,
      // The runner's mask registrations are the one place a secret may be printed (that is how it learns them).
      ['log', log.split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n')],
      ['job summary', result.summary],
      ['outputs', JSON.stringify(result.outputs)],
      ...comments.map((body, i) => [`comment ${i}`, body] as [string, string]),
    ];
    for (const [where, text] of surfaces) expect(leaksIn(text, SECRETS), where).toEqual([]);

    // The echoing server names, in its serverInfo, every secret variable it was given: none.
    const report = written.find(([name]) => name === 'report.json')![1];
    expect(report).toContain('echo ');
    expect(report).toContain('env INLINE_SECRET');
    expect(log.split('\n')).toContain(`::add-mask::${INLINE}`);
    expect(report).not.toMatch(/env (OPENAI_API_KEY|GITHUB_TOKEN|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_TOKEN|SCRIPTED_KEY|ECHO_TOKEN)/);

    // The server's `\n::warning::forged` and `##[error …]` stay text.
    expect(result.stdout.split('\n').filter((line) => /^\s*::warning::forged/.test(line))).toEqual([]);
    expect(result.stdout).not.toContain('##[');
    expect(result.stdout).not.toMatch(/[\u0007\u001b\u202e]/);
  }, 150_000);
});
