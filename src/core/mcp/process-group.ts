import { spawn, type ChildProcess } from 'node:child_process';
import { ConfigurationError } from '../errors.js';
import type { DropTally } from './bounds.js';
import { randomBytes } from 'node:crypto';
import { carrying, descendantsOf, HAS_PROC, isSame, signalStamp, type ProcessStamp } from './descendants.js';

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

/** How often the tree of a running server is read (Linux): a grandchild that leaves the group is seen within this. */
const TREE_POLL_MS = 250;

/** Set in the environment of every command we start, so that what it starts can be found at the end (descendants.ts). */
export const TREE_MARKER_ENV = 'MCP_EVALS_PROCESS_TREE';

/**
 * A command started in its own process group, so that everything it starts (a server launched
 * through `npx`, `sh -c`, `uv run`) is killed with it; what leaves the group (a grandchild in a new
 * session) is tracked on Linux and killed too (see descendants.ts). It gets a minimal environment
 * (childEnvironment) plus `env`, never the whole of ours.
 */
export class ProcessGroup {
  readonly child: ChildProcess;
  private stderr = '';
  private exited: Promise<{ code: number | null; signal: string | null }>;
  private exitInfo: { code: number | null; signal: string | null } | undefined;
  /** Every descendant seen while the command ran, by pid. */
  private readonly descendants = new Map<number, ProcessStamp>();
  /** `MCP_EVALS_PROCESS_TREE=<unique>`: whatever carries it in its environment at the end is this command's. */
  private readonly marker = `${TREE_MARKER_ENV}=${process.pid}-${randomBytes(8).toString('hex')}`;
  private poll: NodeJS.Timeout | undefined;

  constructor(command: string, options: { cwd?: string; env?: Record<string, string>; stdin: 'pipe' | 'ignore'; drops?: DropTally }) {
    this.child = spawn(command, {
      shell: true,
      detached: true, // new process group: kill(-pid) reaches grandchildren
      cwd: options.cwd,
      env: { ...childEnvironment(options.env), [TREE_MARKER_ENV]: this.marker.slice(TREE_MARKER_ENV.length + 1) },
      stdio: [options.stdin, 'pipe', 'pipe'],
    });
    if (HAS_PROC && this.child.pid !== undefined) {
      this.poll = setInterval(() => this.watchTree(), TREE_POLL_MS).unref();
      setTimeout(() => this.watchTree(), 20).unref();
    }
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
        clearInterval(this.poll);
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

  /** Remembers the command's descendants as they are now (Linux; it runs on a timer while the command lives). */
  watchTree(): void {
    const pid = this.child.pid;
    if (pid === undefined || this.hasExited) return;
    for (const stamp of descendantsOf(pid)) if (!this.descendants.has(stamp.pid)) this.descendants.set(stamp.pid, stamp);
  }

  /** Descendants seen and processes carrying our marker that still run: what outlived the command (Linux). */
  survivors(): ProcessStamp[] {
    const all = new Map<number, ProcessStamp>();
    for (const stamp of [...this.descendants.values(), ...carrying(this.marker)]) if (isSame(stamp)) all.set(stamp.pid, stamp);
    return [...all.values()];
  }

  /**
   * SIGTERM the group and every descendant seen (a grandchild in a new session too), then SIGKILL
   * what is still there after `graceMs`. Then our ends of its pipes are closed: a grandchild that
   * holds its stdout open cannot keep this process from exiting once the command has.
   */
  async kill(graceMs = 1000): Promise<void> {
    this.watchTree();
    clearInterval(this.poll);
    this.signalGroup('SIGTERM');
    for (const stamp of this.survivors()) signalStamp(stamp, 'SIGTERM');
    const exited = await this.waitForExit(graceMs);
    // Children may outlive the leader: always sweep the group and the tree.
    this.signalGroup('SIGKILL');
    for (const stamp of this.survivors()) signalStamp(stamp, 'SIGKILL');
    if (!exited) await this.waitForExit(graceMs);
    this.release();
  }

  /** Stops reading the command's pipes, so an open one no longer holds our event loop. */
  private release(): void {
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.destroy();
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
