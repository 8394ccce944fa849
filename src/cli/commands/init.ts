import { access, appendFile, cp, readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { CONFIG_DEFAULTS } from '../../core/config/load.js';
import { ConfigurationError } from '../../core/errors.js';
import { packageRoot } from '../../core/paths.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals init — start from the golden template

Usage:
  mcp-evals init [DIR] [--force]

Copies golden-template/ into DIR (default .): mcp-evals.yml, tasks.yaml (the golden
set), rubric.md, an example MCP server (server/, package.json) and the workflow
.github/workflows/mcp-evals.yml; adds the report and cache folders to DIR/.gitignore.
  --force   overwrite files that exist already (otherwise init refuses, naming them)

Exit codes: 0 written, 2 a file exists already (without --force) or a usage error.`;

/** What a run writes and nothing should commit: the report directory and the result cache. */
const IGNORED = ['mcp-evals-report/', `${CONFIG_DEFAULTS.cacheDir}/`];

/** `mcp-evals init [DIR]`: copies golden-template/ (config, golden set, rubric, example server and workflow). */
export async function initCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parseFlags(argv, { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const target = resolve(positionals[0] ?? '.');
  const template = join(packageRoot(), 'golden-template');
  const entries = await readdir(template);
  if (!values.force) {
    // File by file: a repository that already has .github/ (other workflows) can still take ours.
    const files = (await readdir(template, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => relative(template, join(entry.parentPath, entry.name)));
    const clashes = [];
    for (const file of files) if (await exists(join(target, file))) clashes.push(file);
    if (clashes.length > 0) throw new ConfigurationError(`${target} already has ${clashes.join(', ')}; pass --force to overwrite`);
  }
  await cp(template, target, { recursive: true, force: Boolean(values.force), filter: (source) => !source.includes('node_modules') });
  const ignored = await ignoreOutputs(target);
  out.stdout(`wrote ${entries.join(', ')} to ${target}`);
  if (ignored.length > 0) out.stdout(`added ${ignored.join(' and ')} to ${join(target, '.gitignore')}`);
  const cd = relative(process.cwd(), target);
  out.stdout(`next: install the example server's dependencies: ${cd ? `(cd ${cd} && npm install)` : 'npm install'}`);
  out.stdout('then: edit mcp-evals.yml (server, models), run `mcp-evals run --layers 0` (free) and `mcp-evals run` (with models)');
  return EXIT.ok;
}

/** Appends the report and cache folders to DIR/.gitignore, unless it lists them already; returns those added. */
async function ignoreOutputs(target: string): Promise<string[]> {
  const file = join(target, '.gitignore');
  const text = await readFile(file, 'utf8').catch(() => '');
  const listed = new Set(text.split(/\r?\n/).map((line) => line.trim().replace(/^\//, '')));
  const missing = IGNORED.filter((entry) => !listed.has(entry) && !listed.has(entry.replace(/\/$/, '')));
  if (missing.length > 0) await appendFile(file, `${text === '' || text.endsWith('\n') ? '' : '\n'}# mcp-evals: reports and the result cache\n${missing.join('\n')}\n`);
  return missing;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
