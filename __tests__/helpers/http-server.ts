import { spawn } from 'node:child_process';

export interface StartedServer {
  url: string;
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Starts a server that prints `listening http://...` on stderr, and returns that URL. */
export function startHttpServer(argv: string[], timeoutMs = 10_000): Promise<StartedServer> {
  const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  // If the test worker dies before stop() runs, do not leave the server behind.
  const reap = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not print its URL within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1], stderr: () => stderr, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
}
