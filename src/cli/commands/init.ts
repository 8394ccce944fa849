import { access, appendFile, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CONFIG_DEFAULTS } from '../../core/config/load.js';
import { ConfigurationError } from '../../core/errors.js';
import { fromPackageJson, fromPyproject, type ServerGuess } from '../../core/init/server-command.js';
import { configFor, STARTER_TASKS, workflowFor } from '../../core/init/starter.js';
import { packageRoot } from '../../core/paths.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals init — add evaluations to an MCP server's repository

Usage:
  mcp-evals init [DIR] [--example] [--force]

In an existing project (DIR has files: package.json, pyproject.toml, your server…) init adds the
evaluation files around your own server and leaves your files alone: mcp-evals.yml (server.command
read from package.json scripts.start, bin or main, or pyproject.toml [project.scripts]), a starter
tasks.yaml, rubric.md and .github/workflows/mcp-evals.yml.
In an empty folder (or with --example) it copies the whole golden template instead: the same files
for a small example MCP server (server/, package.json) that the golden set targets.
Either way it adds the report and cache folders to DIR/.gitignore.
  --example  copy the example server and its golden set (into an empty DIR; try \`init --example demo\`)
  --force    overwrite files that exist already (otherwise init refuses, naming them)

Exit codes: 0 written, 2 a file exists already (without --force) or a usage error.`;

/** What a run writes and nothing should commit: the report directory and the result cache. */
const IGNORED = ['mcp-evals-report/', `${CONFIG_DEFAULTS.cacheDir}/`];
const WORKFLOW = join('.github', 'workflows', 'mcp-evals.yml');
/** Entries that do not make a folder a project: a fresh `git init`, an editor's settings. */
const NOT_A_PROJECT = new Set(['.git', '.gitignore', '.gitattributes', '.DS_Store', '.vscode', '.idea', 'README.md', 'LICENSE']);

/** `mcp-evals init [DIR]`: the evaluation files around the user's server, or the whole example. */
export async function initCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parseFlags(argv, { example: { type: 'boolean' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const target = resolve(positionals[0] ?? '.');
  const template = join(packageRoot(), 'golden-template');
  const existing = (await readdir(target).catch(() => [] as string[])).filter((name) => !NOT_A_PROJECT.has(name));
  const files = values.example || existing.length === 0 ? await exampleFiles(template) : await projectFiles(template, target);
  if (!values.force) {
    // File by file: a repository that already has .github/ (other workflows) can still take ours.
    const clashes = [];
    for (const file of files.keys()) if (await exists(join(target, file))) clashes.push(file);
    if (clashes.length > 0) throw new ConfigurationError(`${target} already has ${clashes.join(', ')}; pass --force to overwrite`);
  }
  for (const [file, content] of files) {
    await mkdir(dirname(join(target, file)), { recursive: true });
    if (typeof content === 'string') await writeFile(join(target, file), content);
    else await cp(content.from, join(target, file));
  }
  const ignored = await ignoreOutputs(target);
  out.stdout(`wrote ${[...files.keys()].join(', ')} in ${target}`);
  if (ignored.length > 0) out.stdout(`added ${ignored.join(' and ')} to ${join(target, '.gitignore')}`);
  for (const line of nextSteps(target, files)) out.stdout(line);
  return EXIT.ok;
}

type Content = string | { from: string };

/** The whole golden template, file by file (relative path → source). */
async function exampleFiles(template: string): Promise<Map<string, Content>> {
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const files = new Map<string, Content>();
  for (const entry of entries) {
    const from = join(entry.parentPath, entry.name);
    const path = relative(template, from);
    // Relative to the template: an installed copy lives under some node_modules/ itself.
    if (entry.isFile() && !path.split(sep).includes('node_modules')) files.set(path, { from });
  }
  return files;
}

/** The evaluation files for the user's own server: config, starter golden set, rubric, workflow. */
async function projectFiles(template: string, target: string): Promise<Map<string, Content>> {
  const guess = await guessServer(target);
  return new Map<string, Content>([
    ['mcp-evals.yml', configFor(await readFile(join(template, 'mcp-evals.yml'), 'utf8'), guess)],
    ['tasks.yaml', STARTER_TASKS],
    ['rubric.md', { from: join(template, 'rubric.md') }],
    [WORKFLOW, workflowFor(await readFile(join(template, WORKFLOW), 'utf8'), guess)],
  ]);
}

async function guessServer(target: string): Promise<ServerGuess | undefined> {
  const pkg = await readFile(join(target, 'package.json'), 'utf8').catch(() => undefined);
  const fromPkg = pkg === undefined ? undefined : fromPackageJson(pkg);
  if (fromPkg) return fromPkg;
  const pyproject = await readFile(join(target, 'pyproject.toml'), 'utf8').catch(() => undefined);
  return pyproject === undefined ? undefined : fromPyproject(pyproject);
}

function nextSteps(target: string, files: Map<string, Content>): string[] {
  const cd = relative(process.cwd(), target);
  const inDir = (command: string) => (cd ? `(cd ${cd} && ${command})` : command);
  if (files.has('package.json')) {
    return [
      `next: install the example server's dependencies: ${inDir('npm install')}`,
      `then: ${inDir('mcp-evals conformance --command "node server/server.mjs"')} (free), then set models in mcp-evals.yml and ${inDir('mcp-evals run')}`,
    ];
  }
  const config = files.get('mcp-evals.yml');
  const command = typeof config === 'string' ? /^ {2}command: (".*")$/m.exec(config)?.[1] : undefined;
  const todo = typeof config === 'string' && config.includes('# TODO');
  return [
    todo ? 'next: init could not tell how your server starts: set server.command in mcp-evals.yml' : `next: check server.command in mcp-evals.yml (${command})`,
    `then: ${inDir(`mcp-evals conformance --command ${command ?? '"…"'}`)} (free), write cases for your tools in tasks.yaml, set models in mcp-evals.yml and ${inDir('mcp-evals run')}`,
  ];
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
