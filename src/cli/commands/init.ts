import { access, cp, readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { packageRoot } from '../../core/paths.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

/** `mcp-evals init [DIR]`: copies golden-template/ (config, golden set, rubric, example server and workflow). */
export async function initCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals } = parseFlags(argv, { force: { type: 'boolean' } }, true);
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
  out.stdout(`wrote ${entries.join(', ')} to ${target}`);
  out.stdout('next: edit mcp-evals.yml (server, models), then `mcp-evals run --layers 0` (free) and `mcp-evals run` (with models)');
  return EXIT.ok;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
