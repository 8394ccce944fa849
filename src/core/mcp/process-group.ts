import { spawn, type ChildProcess } from 'node:child_process';
import { ConfigurationError } from '../errors.js';
import type { DropTally } from './bounds.js';

const STDERR_TAIL_BYTES = 64 * 1024;

/**
 * The variables that configure the network rather than grant access (a proxy, extra CA
 * certificates): without them a server started through `npx` behind a proxy stalls. A password in a
 * proxy URL is still a secret of the run (redact.ts, PROXY_ENV there too).
 */
export const NETWORK_ENV: readonly string[] = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy', 'ALL_PROXY', 'all_proxy', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR'];

/**
 * What a child inherits from our environment without being asked, as the official MCP SDK's stdio
 * client does: enough to find programs, a home and the network, nothing that is a credential. Model
 * keys, GITHUB_TOKEN and the runner's ACTIONS_* tokens reach a child only when the user names them
 * (server.env, --env, the action's env input).
 */
export const INHERITED_ENV: readonly string[] = [
  ...(process.platform === 'win32'
    ? ['APPDATA', 'HOMEDRIVE', 'HOMEPATH', 'LOCALAPPDATA', 'PATH', 'PATHEXT', 'PROCESSOR_ARCHITECTURE', 'SYSTEMDRIVE', 'SYSTEMROOT', 'COMSPEC', 'TEMP', 'TMP', 'USERNAME', 'USERPROFILE', 'PROGRAMFILES', 'WINDIR']
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'TMPDIR', 'LANG', 'LANGUAGE']),
  ...NETWORK_ENV,
];

/** The allow-list (INHERITED_ENV and the locale's LC_*) from `parent`, then what the user passed on purpose. */
export function childEnvironment(passed: Readonly<Record<string, string>> = {}, parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || !(INHERITED_ENV.includes(name) || name.startsWith('LC_'))) continue;
    // A bash function exported through the environment (`() { …`) is code, not a setting.
    if (value.startsWith('()')) continue;
    env[name] = value;
  }
  return { ...env, ...passed };
}

/**
 * `NAME` (passed through from `parent`; left out when unset there) or `NAME=VALUE` entries, as
 * `--env` and the action's env input take them. Registering the values as secrets is the caller's
 * (registerChildEnv), once it knows which names the user made public.
 */
export function parseEnvEntries(entries: readonly string[], parent: NodeJS.ProcessEnv, what: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const name = (equals < 0 ? entry : entry.slice(0, equals)).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new ConfigurationError(`${what} takes NAME or NAME=VALUE (NAME made of letters, digits and _), got "${name.slice(0, 40)}"`);
    if (equals >= 0) {
      env[name] = entry.slice(equals + 1);
      continue;
    }
    const value = parent[name];
    if (value === undefined) continue;
    env[name] = value;
  }
  return env;
}

/**
 * A command started in its own process group, so that everything it starts (a server launched
 * through `npx`, `sh -c`, `uv run`) is killed with it. It gets a minimal environment
 * (childEnvironment) plus `env`, never the whole of ours.
 */
export class ProcessGroup {
  readonly child: ChildProcess;
  private stderr = '';
  private exited: Promise<{ code: number | null; signal: string | null }>;
  private exitInfo: { code: number | null; signal: string | null } | undefined;

  constructor(command: string, options: { cwd?: string; env?: Record<string, string>; stdin: 'pipe' | 'ignore'; drops?: DropTally }) {
    this.child = spawn(command, {
      shell: true,
      detached: true, // new process group: kill(-pid) reaches grandchildren
      cwd: options.cwd,
      env: childEnvironment(options.env),
      stdio: [options.stdin, 'pipe', 'pipe'],
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      if (this.stderr.length > STDERR_TAIL_BYTES * 2) {
        const kept = this.stderr.slice(-STDERR_TAIL_BYTES);
        options.drops?.add('stderrBytes', Buffer.byteLength(this.stderr) - Buffer.byteLength(kept));
        this.stderr = kept;
      }
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
