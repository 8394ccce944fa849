import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./cli-child.ts', import.meta.url));

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
 */
export function runCliProcess(argv: string[], options: { timeoutMs: number; cwd?: string; maxOldSpaceMb?: number }): Promise<CliProcessResult> {
  const nodeArgs = ['--import', 'tsx', ...(options.maxOldSpaceMb ? [`--max-old-space-size=${options.maxOldSpaceMb}`] : []), ENTRY, ...argv];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeArgs, { cwd: options.cwd ?? fileURLToPath(new URL('../..', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
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
