/**
 * The package as users get it (issue 27 items 3–5): `npm pack`, installed into a temporary project
 * from the tarball with no network. It has no runtime dependencies (the CLI is one bundle; the
 * o200k table and the schemas are files of the package), every command answers from it, `init`
 * writes its files from an installed copy (which lives under node_modules/), and a conformance
 * run works from it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/cli/main.js';
import { loadConfig } from '../../src/core/config/load.js';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { assertLibFresh } from '../helpers/cli-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** A temporary project with the packed tarball installed (offline), shared by the tests. */
let project = '';

/** The installed command, run in `cwd` (default: the project). */
function mcpEvals(cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, [join(project, 'node_modules', '.bin', 'mcp-evals'), ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
}

/** A folder of the user's next to the installed package, with these files. */
function userFolder(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(project, 'user-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

beforeAll(() => {
  assertLibFresh();
  const out = mkdtempSync(join(tmpdir(), 'mcp-evals-pack-'));
  // --ignore-scripts: pack what lib/ holds now (fresh, checked above) without building again.
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: ROOT, encoding: 'utf8' })) as Array<{ filename: string }>;
  project = mkdtempSync(join(tmpdir(), 'mcp-evals-packed-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(out, packed.filename)], { cwd: project, stdio: 'pipe' });
}, 120_000);

describe('the packed package', () => {
  it('installs from its tarball offline as one package, with no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    expect(pkg.dependencies ?? {}).toEqual({});
    const packages = readdirSync(join(project, 'node_modules'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'));
    expect(packages.map((entry) => entry.name)).toEqual(['mcp-evals-kit']);
    // What the bundle reads at run time ships with it; the unbundled lib/ and the sources do not.
    const installed = join(project, 'node_modules', 'mcp-evals-kit');
    for (const file of ['lib/cli-bundle/main.js', 'data/o200k_base.bin', 'data/poisoning-model.bin', 'data/fabrication-model.bin', 'schemas/report.schema.json', 'golden-template/mcp-evals.yml', 'LICENSE']) expect(existsSync(join(installed, file)), file).toBe(true);
    for (const absent of ['src', 'lib/core', '__tests__']) expect(existsSync(join(installed, absent)), absent).toBe(false);
  }, 120_000);

  it('answers --version and every command\'s --help', () => {
    const version = mcpEvals(project, '--version');
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(VERSION);
    for (const command of COMMAND_NAMES) {
      const help = mcpEvals(project, command, '--help');
      expect(help.status, `${command}: ${help.stderr}`).toBe(0);
      expect(help.stdout, command).toMatch(new RegExp(`mcp-evals ${command}`));
    }
  }, 180_000);

  it('init in an existing project adds the evaluation files around the user\'s server and leaves their files alone', async () => {
    const pkg = JSON.stringify({ name: 'user-server', version: '1.0.0', type: 'module', scripts: { start: 'node dist/server.js' } }, null, 2);
    const dir = userFolder({ 'README.md': '# my server\n', 'package.json': pkg });
    const result = mcpEvals(dir, 'init');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote mcp-evals\.yml, tasks\.yaml, rubric\.md, \.github\/workflows\/mcp-evals\.yml/);
    for (const file of ['mcp-evals.yml', 'tasks.yaml', 'rubric.md', '.github/workflows/mcp-evals.yml']) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(existsSync(join(dir, 'server'))).toBe(false);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(pkg);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('# my server\n');
    const config = await loadConfig(join(dir, 'mcp-evals.yml'), { env: { OPENAI_API_KEY: 'x', ANTHROPIC_API_KEY: 'y' } });
    expect('command' in config.server && config.server.command).toBe('node dist/server.js');
    expect((await loadGoldenSet(join(dir, 'tasks.yaml'))).cases.length).toBeGreaterThan(0);
  }, 120_000);

  it('init in an empty folder copies the whole example, which then runs as its next steps say', () => {
    const dir = join(project, 'demo');
    mkdirSync(dir);
    const result = mcpEvals(project, 'init', 'demo');
    expect(result.status, result.stderr).toBe(0);
    for (const file of ['mcp-evals.yml', 'tasks.yaml', 'rubric.md', 'package.json', 'server/server.mjs', '.github/workflows/mcp-evals.yml']) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(result.stdout).toMatch(/next: install the example server's dependencies: \(cd demo && npm install\)/);
  }, 120_000);

  it('runs a conformance run from the installed package (its schemas and token table included)', () => {
    const dir = userFolder();
    const result = mcpEvals(dir, 'conformance', '--command', `node ${JSON.stringify(join(ROOT, 'golden-template', 'server', 'server.mjs'))}`, '--out', 'report');
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8')) as { conformance: { checks: unknown[] }; surface?: { tokens?: unknown } };
    expect(report.conformance.checks.length).toBeGreaterThan(20);
    expect(report.surface).toBeDefined();
  }, 180_000);
});
