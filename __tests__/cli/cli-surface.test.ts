/**
 * The CLI as a clone and a new user meet it: every command answers --help (exit 0), commands
 * are loaded on demand (so --version and --help stay fast: bench/cli-startup.mjs measures it),
 * `npm run build` (run by the demo and the tests) builds lib/, and init leaves a repository ready to run.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../../src/cli/main.js';
import { runCli } from '../helpers/cli.js';
import { ROOT } from '../workflows/helpers.js';

describe('the CLI surface', () => {
  it.each(COMMAND_NAMES)('`mcp-evals %s --help` prints its usage and exits 0', async (name) => {
    const result = await runCli([name, '--help']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`mcp-evals ${name}`);
    expect(result.stderr).toBe('');
  });

  it('lists every command in --help', async () => {
    const { stdout, code } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const name of COMMAND_NAMES) expect(stdout).toContain(`mcp-evals ${name}`);
  });

  it('loads command modules on demand: the entry imports none of them statically', async () => {
    const source = await readFile(join(ROOT, 'src', 'cli', 'main.ts'), 'utf8');
    expect(source).not.toMatch(/^import .* from '\.\/commands\//m);
    for (const name of COMMAND_NAMES) expect(source).toMatch(new RegExp(`${name}: async \\(\\) => \\(await import\\('\\./commands/`));
  });

  it('builds lib/ once before the demo and the tests (no prepare: an installed package runs no script), which bin/mcp-evals.js runs', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; bin: Record<string, string> };
    expect(pkg.scripts.prepare).toBeUndefined();
    expect(pkg.scripts.demo).toMatch(/^npm run build --silent && /);
    expect(pkg.scripts.test).toMatch(/^npm run build --silent && vitest run$/);
    // The validators are generated first (src/core/validators/generate.mjs), then lib/ is compiled and bundled.
    expect(pkg.scripts.build).toBe('node src/core/validators/generate.mjs && tsc -p tsconfig.build.json && node src/cli/bundle.mjs');
    const build = JSON.parse(await readFile(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { extends: string };
    expect(build.extends).toBe('./tsconfig.json');
    expect(await readFile(join(ROOT, 'tsconfig.json'), 'utf8')).toMatch(/"outDir": "lib"/);
    expect(await readFile(join(ROOT, pkg.bin['mcp-evals']), 'utf8')).toContain("import('../lib/cli-bundle/main.js')");
  });
});

describe('mcp-evals init', () => {
  it('says to install the example server\'s dependencies and ignores the report and cache folders, once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-init-'));
    await writeFile(join(dir, '.gitignore'), 'node_modules');
    const first = await runCli(['init', dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/next: install the example server's dependencies: \(cd .+ && npm install\)/);
    expect(first.stdout).toContain('added mcp-evals-report/ and .mcp-evals-cache/ to');
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n# mcp-evals: reports and the result cache\nmcp-evals-report/\n.mcp-evals-cache/\n');
    const again = await runCli(['init', dir, '--force']);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('added');
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n# mcp-evals: reports and the result cache\nmcp-evals-report/\n.mcp-evals-cache/\n');
  });
});
