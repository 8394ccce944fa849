import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from src/ (tests) or lib/ (built). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('mcp-evals: cannot find its package root');
    dir = parent;
  }
  return dir;
}

export function schemasDir(): string {
  return join(packageRoot(), 'schemas');
}
