import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/action/settings.js';
import { loadConfig } from '../../src/core/config/load.js';
import { targetOf } from '../../src/core/evals/server-target.js';
import { childEnvironment, parseEnvEntries, ProcessGroup } from '../../src/core/mcp/process-group.js';
import { RUN_SECRETS } from '../../src/core/mcp/redact.js';
import { runCli } from '../helpers/cli.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { project } from '../helpers/evals.js';

/** What the runner and a developer's shell hold: none of it may reach the server unless named. */
const PLANTED = {
  OPENAI_API_KEY: 'sk-planted-openai-0123456789',
  ANTHROPIC_API_KEY: 'sk-ant-planted-0123456789',
  GITHUB_TOKEN: 'ghs_plantedGithubToken0123456789',
  ACTIONS_RUNTIME_TOKEN: 'planted-runtime-token-0123456789',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'planted-oidc-token-0123456789',
  MY_DB_PASSWORD: 'planted-db-password-0123456789',
};

const saved: Record<string, string | undefined> = {};
beforeEach(() => {
  for (const [name, value] of Object.entries(PLANTED)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterEach(() => {
  for (const name of Object.keys(PLANTED)) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** The environment a command started through ProcessGroup sees. */
async function envSeenBy(env?: Record<string, string>): Promise<Record<string, string>> {
  const group = new ProcessGroup(`node -e "process.stdout.write(JSON.stringify(process.env))"`, { env, stdin: 'ignore' });
  let out = '';
  group.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await group.waitForExit(15_000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return JSON.parse(out) as Record<string, string>;
}

describe('the environment of a started server', () => {
  it('is the allow-list plus what was passed on purpose, never a key or a runner token', async () => {
    const seen = await envSeenBy({ SERVER_MODE: 'test', MY_DB_PASSWORD: PLANTED.MY_DB_PASSWORD });
    for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN']) expect(seen[name], name).toBeUndefined();
    expect(seen.PATH).toBe(process.env.PATH);
    expect(seen.SERVER_MODE).toBe('test');
    expect(seen.MY_DB_PASSWORD).toBe(PLANTED.MY_DB_PASSWORD);
  });

  it('keeps locale variables and drops exported shell functions', () => {
    const env = childEnvironment({}, { PATH: '/bin', LC_ALL: 'C.UTF-8', LANG: 'C', BASH_FUNC_x: '() { :; }', SHELL: '() { evil; }', OTHER: 'x' });
    expect(env).toEqual({ PATH: '/bin', LC_ALL: 'C.UTF-8', LANG: 'C' });
  });

  it('--env NAME passes ours through (a secret of the run from then on), NAME=VALUE sets one, a bad name is exit 2', () => {
    expect(parseEnvEntries(['MY_DB_PASSWORD', 'MODE=a=b', 'UNSET_ONE'], process.env, '--env')).toEqual({ MY_DB_PASSWORD: PLANTED.MY_DB_PASSWORD, MODE: 'a=b' });
    expect(RUN_SECRETS.redact(`pw ${PLANTED.MY_DB_PASSWORD}`)).toBe('pw [redacted]');
    expect(() => parseEnvEntries(['1BAD'], process.env, '--env')).toThrow(/--env takes NAME or NAME=VALUE/);
  });

  it('mcp-evals conformance --command: the server gets PATH and --env, not the keys of the shell', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-child-env-'));
    const dump = join(dir, 'env.txt');
    const command = `sh -c 'env > "${dump}"; exec node "${REFERENCE_SERVER}"'`;
    const result = await runCli(['conformance', '--command', command, '--env', 'MY_DB_PASSWORD', '--env', 'SERVER_MODE=ci', '--out', join(dir, 'out'), '--only', 'tools-list-order-stable']);
    expect(result.code, result.stderr).toBe(0);
    const seen = await readFile(dump, 'utf8');
    for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GITHUB_TOKEN', 'ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN']) expect(seen).not.toContain(`${name}=`);
    expect(seen).toContain(`MY_DB_PASSWORD=${PLANTED.MY_DB_PASSWORD}`);
    expect(seen).toContain('SERVER_MODE=ci');
  });

  it('--env with --url alone is a usage error (nothing to give it to)', async () => {
    const result = await runCli(['conformance', '--url', 'http://127.0.0.1:9/mcp', '--env', 'A=b']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--env goes with --command or --start/);
  });

  it('server.env in mcp-evals.yml: names passed through, or NAME: value with ${VAR}; it goes to `start` too, and needs a process to go to', async () => {
    const models = 'models:\n  - provider: openai\n    model: m\n    api_key_env: null\n';
    const names = await project({ config: `server:\n  command: node server.mjs\n  env: [MY_DB_PASSWORD, NOT_SET_ANYWHERE]\n${models}`, tasks: '[]\n' });
    expect((await loadConfig(names.config)).server).toMatchObject({ env: { MY_DB_PASSWORD: PLANTED.MY_DB_PASSWORD } });
    const mapping = await project({ config: `server:\n  url: http://127.0.0.1:3000/mcp\n  start: node server.mjs --http\n  env:\n    DB_URL: "postgres://app:\${MY_DB_PASSWORD}@db/app"\n    MODE: ci\n${models}`, tasks: '[]\n' });
    const config = await loadConfig(mapping.config);
    expect(targetOf(config)).toMatchObject({ kind: 'http', start: { env: { DB_URL: `postgres://app:${PLANTED.MY_DB_PASSWORD}@db/app`, MODE: 'ci' } } });
    const nowhere = await project({ config: `server:\n  url: http://127.0.0.1:3000/mcp\n  env: [MY_DB_PASSWORD]\n${models}`, tasks: '[]\n' });
    await expect(loadConfig(nowhere.config)).rejects.toThrow(/mcp-evals\.yml:3:\d+: server\.env is for the process mcp-evals starts/);
  });

  it('the action\'s env input: one NAME or NAME=VALUE per line', () => {
    const inputs: Record<string, string> = { 'server-command': 'node server.mjs', env: 'MY_DB_PASSWORD\nMODE=ci\n\n' };
    const settings = readSettings('layer0', (name) => inputs[name] ?? '', process.env, '/workspace');
    expect(settings.serverEnv).toEqual({ MY_DB_PASSWORD: PLANTED.MY_DB_PASSWORD, MODE: 'ci' });
  });
});
