import { DropTally } from './bounds.js';
import { FloodGuard } from './flood.js';
import type { Connection } from './connection.js';
import { ProcessGroup } from './process-group.js';
import { didNotStart, silentStartHint } from './startup-error.js';
import { StdioConnection } from './stdio-transport.js';
import type { TransportKind } from './types.js';

export type TargetSpec = (
  | { kind: 'stdio'; command: string; cwd?: string; env?: Record<string, string> }
  | {
      kind: 'http';
      url: string;
      headers?: Record<string, string>;
      /** A server the harness launches itself, and how to know it is up. */
      start?: { command: string; cwd?: string; env?: Record<string, string>; readyUrl?: string; readyTimeoutMs?: number };
    }
) & {
  /** How long the server may take to start (config server.startup_timeout_ms); runs default to 30 s. */
  startupTimeoutMs?: number;
};

/** Raised when the server under test cannot be started or reached: nothing can be evaluated (exit 3). */
export class TargetUnavailableError extends Error {
  override name = 'TargetUnavailableError';
}

/** The server under test: how to open a fresh connection to it, and how to stop what we started. */
export class Target {
  private launched: ProcessGroup | undefined;
  /** The HTTP client, loaded by open() for an HTTP server only: a stdio run never parses it. */
  private http: typeof import('../http-client.js') | undefined;
  private readonly connections: Connection[] = [];
  /** What the bounds dropped over every connection to this server (and its stderr), for the report. */
  readonly drops = new DropTally();
  /** Unsolicited traffic over every stdio process of this server: a flood stops the run's waiting once (flood.ts). */
  readonly flood = new FloodGuard();

  private constructor(readonly spec: TargetSpec) {}

  static async open(spec: TargetSpec): Promise<Target> {
    const target = new Target(spec);
    if (spec.kind === 'http') target.http = await import('../http-client.js');
    if (spec.kind === 'http' && spec.start) await target.launch(spec.start, spec.url);
    return target;
  }

  get kind(): TransportKind {
    return this.spec.kind;
  }

  get description(): string {
    return this.spec.kind === 'stdio' ? this.spec.command : this.spec.url;
  }

  /** stdio: a new process; HTTP: a new connection pool to the same endpoint. */
  connect(): Connection {
    const connection =
      this.spec.kind === 'stdio'
        ? new StdioConnection({ command: this.spec.command, cwd: this.spec.cwd, env: this.spec.env, drops: this.drops, flood: this.flood })
        : new this.http!.HttpConnection({ url: this.spec.url, headers: this.spec.headers, drops: this.drops });
    this.connections.push(connection);
    return connection;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.connections.splice(0).map((connection) => connection.close().catch(() => undefined)));
    await this.launched?.kill(1000);
  }

  /** stderr of the launched HTTP server, for the report. */
  stderrTail(): string {
    return this.launched?.stderrTail() ?? '';
  }

  /**
   * How the launched HTTP server ended, if it has (waiting up to `waitMs` for the exit to be seen):
   * a check that lost its answer names the exit code and stderr instead of a bare socket error.
   */
  async launchedExit(waitMs = 0): Promise<{ code: number | null; signal: string | null; stderrTail: string } | undefined> {
    if (!this.launched) return undefined;
    if (!(await this.launched.waitForExit(waitMs))) return undefined;
    const exit = this.launched.exit;
    return { code: exit?.code ?? null, signal: exit?.signal ?? null, stderrTail: this.launched.stderrTail(600).trim() };
  }

  private async launch(start: NonNullable<Extract<TargetSpec, { kind: 'http' }>['start']>, url: string): Promise<void> {
    this.launched = new ProcessGroup(start.command, { cwd: start.cwd, env: start.env, stdin: 'ignore', drops: this.drops });
    const readyUrl = start.readyUrl ?? url;
    const deadline = Date.now() + (start.readyTimeoutMs ?? 30_000);
    let lastProblem = 'no answer yet';
    while (Date.now() < deadline) {
      if (this.launched.hasExited) {
        const exit = this.launched.exit;
        const how = exit?.signal ? `killed by ${exit.signal}` : `exit code ${exit?.code ?? 'unknown'}`;
        throw new TargetUnavailableError(didNotStart(`the start command exited (${how}) before ${readyUrl} answered`, this.launched.stderrTail(8000)));
      }
      try {
        const response = await this.http!.request(readyUrl, { method: 'GET', headersTimeout: 1000, bodyTimeout: 1000, signal: AbortSignal.timeout(1500) });
        await response.body.dump();
        // Any HTTP answer from the MCP endpoint means it listens; a dedicated probe URL must say 2xx.
        if (readyUrl === url || response.statusCode < 300) return;
        lastProblem = `HTTP ${response.statusCode}`;
      } catch (error) {
        lastProblem = this.http!.describeHttpError(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stderr = this.launched.stderrTail(8000);
    await this.launched.kill(500);
    throw new TargetUnavailableError(`${didNotStart(`${readyUrl} was not ready within the start-up budget of ${start.readyTimeoutMs ?? 30_000} ms (last: ${lastProblem})`, stderr)}${silentStartHint(start.command)}`);
  }
}
