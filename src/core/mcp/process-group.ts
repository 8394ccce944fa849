import { spawn, type ChildProcess } from 'node:child_process';

const STDERR_TAIL_BYTES = 64 * 1024;

/**
 * A command started in its own process group, so that everything it starts (a server launched
 * through `npx`, `sh -c`, `uv run`) is killed with it.
 */
export class ProcessGroup {
  readonly child: ChildProcess;
  private stderr = '';
  private exited: Promise<{ code: number | null; signal: string | null }>;
  private exitInfo: { code: number | null; signal: string | null } | undefined;

  constructor(command: string, options: { cwd?: string; env?: Record<string, string>; stdin: 'pipe' | 'ignore' }) {
    this.child = spawn(command, {
      shell: true,
      detached: true, // new process group: kill(-pid) reaches grandchildren
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: [options.stdin, 'pipe', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      if (this.stderr.length > STDERR_TAIL_BYTES * 2) this.stderr = this.stderr.slice(-STDERR_TAIL_BYTES);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
      this.child.once('error', (error) => {
        this.stderr += `\n[mcp-evals] failed to start: ${error.message}`;
        this.exitInfo = { code: null, signal: null };
        resolve(this.exitInfo);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  get exit(): { code: number | null; signal: string | null } | undefined {
    return this.exitInfo;
  }

  stderrTail(maxChars = 4000): string {
    return this.stderr.length > maxChars ? this.stderr.slice(-maxChars) : this.stderr;
  }

  /** Resolves with true if the process exits within `ms`. */
  async waitForExit(ms: number): Promise<boolean> {
    if (this.hasExited) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const result = await Promise.race([this.exited.then(() => true as const), timeout]);
    clearTimeout(timer);
    return result;
  }

  /** SIGTERM the group, then SIGKILL it if anything is still there after `graceMs`. */
  async kill(graceMs = 1000): Promise<void> {
    this.signalGroup('SIGTERM');
    const exited = await this.waitForExit(graceMs);
    // Children may outlive the leader: always sweep the group.
    this.signalGroup('SIGKILL');
    if (!exited) await this.waitForExit(graceMs);
  }

  private signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is already gone
    }
  }
}
