/**
 * `mcp-evals init` where users run it (issue 27 item 4): in their own server's repository it adds
 * the evaluation files around their server, reading how it starts, and copies the example server
 * only into an empty folder or with --example.
 */
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { fromPackageJson, fromPyproject } from '../../src/core/init/server-command.js';
import { runCli } from '../helpers/cli.js';

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-init-project-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const KEYS = { OPENAI_API_KEY: 'x', ANTHROPIC_API_KEY: 'y' };

describe('init in an existing project', () => {
  it('a Python project: the [project.scripts] entry is the server command, and the workflow installs it with pip', async () => {
    const pyproject = '[project]\nname = "weather-mcp"\n\n[project.scripts]\nweather-mcp = "weather_mcp.server:main"  # the MCP server\n\n[tool.ruff]\nline-length = 100\n';
    const dir = await folder({ 'pyproject.toml': pyproject, 'server.py': 'print()\n' });
    const result = await runCli(['init', dir]);
    expect(result.code, result.stderr).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(['.github', '.gitignore', 'mcp-evals.yml', 'pyproject.toml', 'rubric.md', 'server.py', 'tasks.yaml']);
    expect(await readFile(join(dir, 'pyproject.toml'), 'utf8')).toBe(pyproject);
    const config = await loadConfig(join(dir, 'mcp-evals.yml'), { env: KEYS });
    expect('command' in config.server && config.server.command).toBe('weather-mcp');
    expect(await readFile(join(dir, '.github/workflows/mcp-evals.yml'), 'utf8')).toMatch(/setup-command: pip install -e \.\n/);
    expect(result.stdout).toMatch(/mcp-evals conformance --command "weather-mcp"/);
  });

  it('a project whose start init cannot tell: a marked placeholder, and it says so', async () => {
    const dir = await folder({ 'main.go': 'package main\n' });
    const result = await runCli(['init', dir]);
    expect(result.code).toBe(0);
    expect(await readFile(join(dir, 'mcp-evals.yml'), 'utf8')).toMatch(/# TODO: how your MCP server starts/);
    expect(result.stdout).toMatch(/init could not tell how your server starts: set server\.command in mcp-evals\.yml/);
    expect(await readdir(dir)).not.toContain('server');
  });

  it('refuses to overwrite the user\'s own mcp-evals.yml, naming it (exit 2), and --example copies the example on request', async () => {
    const dir = await folder({ 'package.json': '{"name":"x","bin":{"x":"bin/x.js"}}', 'mcp-evals.yml': 'server: {command: mine}\n' });
    const refused = await runCli(['init', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already has mcp-evals\.yml; pass --force/);
    expect(await readFile(join(dir, 'mcp-evals.yml'), 'utf8')).toBe('server: {command: mine}\n');
    const example = await mkdtemp(join(tmpdir(), 'mcp-evals-init-example-'));
    await writeFile(join(example, 'notes.txt'), 'mine\n');
    expect((await runCli(['init', example, '--example'])).code).toBe(0);
    expect(await readdir(join(example, 'server'))).toEqual(['server.mjs']);
  });
});

describe('how the server starts', () => {
  it('package.json: scripts.start (its own command, not `npm start`, whose banner would reach stdout), else bin, else main', () => {
    expect(fromPackageJson('{"scripts":{"start":"node build/index.js --stdio"},"bin":"x.js"}')?.command).toBe('node build/index.js --stdio');
    expect(fromPackageJson('{"bin":{"srv":"dist/cli.js"}}')?.command).toBe('node dist/cli.js');
    expect(fromPackageJson('{"bin":"dist/cli.js"}')?.command).toBe('node dist/cli.js');
    expect(fromPackageJson('{"main":"index.js"}')?.command).toBe('node index.js');
    expect(fromPackageJson('{"name":"lib-only"}')).toBeUndefined();
    expect(fromPackageJson('not json')).toBeUndefined();
  });

  it('pyproject.toml: only an entry under [project.scripts]', () => {
    expect(fromPyproject('[project.scripts]\n"my-server" = "pkg.main:run"\n')?.command).toBe('my-server');
    expect(fromPyproject('[tool.poetry.scripts]\nx = "a:b"\n[project]\nname = "y"\n')).toBeUndefined();
  });
});
