import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** `mcp-evals serve` from source in a child process (under tsx), resolved once it prints its URL. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = fileURLToPath(new URL('../helpers/cli-child.ts', import.meta.url));
/** tsx by path: the child may run in a folder outside the repository. */
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

export function startServe(args: string[], options: { cwd?: string; onChild?: (child: ChildProcess) => void } = {}): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', TSX, ENTRY, 'serve', ...args], { cwd: options.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  options.onChild?.(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start; stderr: ${err}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], stderr: () => err });
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}; stderr: ${err}`)));
  });
}
