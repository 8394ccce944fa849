import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/action/settings.js';
import { loadConfig } from '../../src/core/config/load.js';
import { targetOf } from '../../src/core/evals/server-target.js';
import { childEnvironment, parseEnvEntries, ProcessGroup } from '../../src/core/mcp/process-group.js';
import { registerChildEnv, RUN_SECRETS } from '../../src/core/mcp/redact.js';
import { withServerEnv } from '../../src/core/config/server-env.js';
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

  it('--env NAME passes ours through, NAME=VALUE sets one (both secrets of the run once registered), a bad name is exit 2', () => {
    const env = parseEnvEntries(['MY_DB_PASSWORD', 'MODE=a=b', 'INLINE_TOKEN=inline-parse-Xc4Vb3Nm2', 'UNSET_ONE'], process.env, '--env');
    expect(env).toEqual({ MY_DB_PASSWORD: PLANTED.MY_DB_PASSWORD, MODE: 'a=b', INLINE_TOKEN: 'inline-parse-Xc4Vb3Nm2' });
    registerChildEnv(env);
    expect(RUN_SECRETS.redact(`pw ${PLANTED.MY_DB_PASSWORD} ${'inline-parse-Xc4Vb3Nm2'}`)).toBe('pw [redacted] [redacted]');
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

  it('a value given inline is a secret unless its name is public; a public URL still loses its password (issue 26 item 1)', () => {
    registerChildEnv({ SECRET_A: 'inline-secret-Qa1Ws2Ed3', LOG_LEVEL: 'verbose-public-level', PROXY: 'http://proxyuser:proxy-pass-Rf4Tg5@proxy:3128' }, ['LOG_LEVEL', 'PROXY']);
    expect(RUN_SECRETS.redact('inline-secret-Qa1Ws2Ed3 verbose-public-level http://proxyuser:proxy-pass-Rf4Tg5@proxy:3128')).toBe('[redacted] verbose-public-level http://[redacted]@proxy:3128');
  });

  it('server.env literals are secrets, but for the names in server.env_public; --env-public / env_public also cover --env (issue 26 item 1)', async () => {
    const models = 'models:\n  - provider: openai\n    model: m\n    api_key_env: null\n';
    const { config: file } = await project({ config: `server:\n  command: node server.mjs\n  env:\n    API_TOKEN: literal-file-Yh6Uj7Ik8\n    MODE_NAME: shown-mode-Ol9Pz0\n  env_public: [MODE_NAME, CLI_MODE]\n${models}`, tasks: '[]\n' });
    const config = await loadConfig(file);
    expect(config.server).toMatchObject({ env: { API_TOKEN: 'literal-file-Yh6Uj7Ik8', MODE_NAME: 'shown-mode-Ol9Pz0' }, env_public: ['MODE_NAME', 'CLI_MODE'] });
    withServerEnv(config, { CLI_MODE: 'cli-public-mode-Xs1', CLI_TOKEN: 'cli-literal-Cd2Vf3Bg4' }, '--env', ['OTHER']);
    expect(config.server.env_public).toEqual(['MODE_NAME', 'CLI_MODE', 'OTHER']);
    expect(RUN_SECRETS.redact('literal-file-Yh6Uj7Ik8 shown-mode-Ol9Pz0 cli-public-mode-Xs1 cli-literal-Cd2Vf3Bg4')).toBe('[redacted] shown-mode-Ol9Pz0 cli-public-mode-Xs1 [redacted]');
    const bad = await project({ config: `server:\n  command: node server.mjs\n  env_public: [1BAD]\n${models}`, tasks: '[]\n' });
    await expect(loadConfig(bad.config)).rejects.toThrow(/mcp-evals\.yml:3:\d+/);
  });

  it('passes the proxy and CA variables (they configure the network), a proxy password stays redacted (issue 23 item 5)', async () => {
    const parent = { PATH: '/bin', HTTPS_PROXY: 'http://u:proxy-secret-Mn8Bv7@proxy:3128', http_proxy: 'http://proxy:3128', NO_PROXY: 'localhost,127.0.0.1', no_proxy: 'localhost', NODE_EXTRA_CA_CERTS: '/etc/ca.pem', SSL_CERT_FILE: '/etc/ssl/cert.pem', SSL_CERT_DIR: '/etc/ssl/certs', OPENAI_API_KEY: 'x' };
    const { OPENAI_API_KEY: _key, ...network } = parent;
    expect(childEnvironment({}, parent)).toEqual(network);
    // From the CLI's own entry (which registers the run's ambient secrets), a proxy password is redacted.
    process.env.HTTPS_PROXY = 'http://u:proxy-secret-Mn8Bv7@proxy:3128';
    try {
      await runCli(['--version']);
      await runCli(['conformance', '--url', 'http://127.0.0.1:9/mcp', '--only', 'no-such-check']);
      expect(RUN_SECRETS.redact('proxy-secret-Mn8Bv7')).toBe('[redacted]');
    } finally {
      delete process.env.HTTPS_PROXY;
    }
  });

  it('the action\'s env-public input: its names are shown, every other env value is a secret', () => {
    const inputs: Record<string, string> = { 'server-command': 'node server.mjs', env: 'ACTION_MODE=action-public-Wq1\nACTION_TOKEN=action-literal-Er2Ty3Ui4', 'env-public': 'ACTION_MODE\n' };
    readSettings('layer0', (name) => inputs[name] ?? '', process.env, '/workspace');
    expect(RUN_SECRETS.redact('action-public-Wq1 action-literal-Er2Ty3Ui4')).toBe('action-public-Wq1 [redacted]');
  });

  it('the action\'s env input: one NAME or NAME=VALUE per line', () => {
    const inputs: Record<string, string> = { 'server-command': 'node server.mjs', env: 'MY_DB_PASSWORD\nMODE=ci\n\n' };
    const settings = readSettings('layer0', (name) => inputs[name] ?? '', process.env, '/workspace');
    expect(settings.serverEnv).toEqual({ MY_DB_PASSWORD: PLANTED.MY_DB_PASSWORD, MODE: 'ci' });
  });
});
