import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = fileURLToPath(new URL('./cli-child.ts', import.meta.url));
const LIB_ENTRY = fileURLToPath(new URL('./cli-child-lib.mjs', import.meta.url));

/** Refuses a lib/ older than src/ (or none): a memory figure of stale code would prove nothing. */
export function assertLibFresh(): void {
  let built: number;
  try {
    built = statSync(join(ROOT, 'lib', 'cli-bundle', 'main.js')).mtimeMs;
  } catch {
    throw new Error('lib/ is not built: run `npm run build` (npm test does it) before this test');
  }
  const stale = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true }).find((entry) => entry.isFile() && entry.name.endsWith('.ts') && statSync(join(entry.parentPath, entry.name)).mtimeMs > built);
  if (stale) throw new Error(`lib/ is older than ${join(stale.parentPath, stale.name)}: run \`npm run build\` before this test`);
}

export interface CliProcessResult {
  /** The exit code, or null when the child was killed at the deadline. */
  code: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Peak RSS of the CLI process in bytes (process.resourceUsage().maxRSS), when it exited on its own. */
  peakRssBytes?: number;
}

/**
 * Runs the CLI from source in a child process with a deadline. For hostile servers: a hang or a
 * heap exhaustion shows up as `timedOut` or an exit code, never as a stuck test worker.
 * `fromLib` runs the compiled lib/ instead (as users run it), for tests that measure its memory.
 */
export function runCliProcess(argv: string[], options: { timeoutMs: number; cwd?: string; maxOldSpaceMb?: number; fromLib?: boolean }): Promise<CliProcessResult> {
  if (options.fromLib) assertLibFresh();
  const heap = options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : [];
  const nodeArgs = options.fromLib ? [...heap, LIB_ENTRY, ...argv] : ['--import', 'tsx', ...heap, ENTRY, ...argv];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeArgs, { cwd: options.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: a failing run may print a lot.
      err.push(chunk);
      errBytes += chunk.length;
      while (errBytes > 1024 * 1024 && err.length > 1) errBytes -= err.shift()!.length;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString('utf8');
      const rss = /mcp-evals-test peak-rss-kb=(\d+)/.exec(stderr);
      resolve({ code, timedOut, stdout: Buffer.concat(out).toString('utf8'), stderr, peakRssBytes: rss ? Number(rss[1]) * 1024 : undefined });
    });
  });
}
