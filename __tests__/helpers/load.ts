import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * CPU load for the slow lane: `stress-ng --cpu N` when it is installed (Debian package stress-ng),
 * else N busy Node loops. Timing windows must survive it (issue 9 items 1 and 2).
 */
export function startCpuLoad(workers = Math.max(2, availableParallelism())): { stop: () => void } {
  const children: ChildProcess[] = [];
  const stressNg = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' }).status === 0;
  if (stressNg) {
    children.push(spawn('stress-ng', ['--cpu', String(workers), '--timeout', '1800s', '--quiet'], { stdio: 'ignore', detached: true }));
  } else {
    for (let i = 0; i < workers; i += 1) children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true }));
  }
  const stop = () => {
    for (const child of children) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', stop);
  return { stop };
}
