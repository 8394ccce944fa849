import { McpClient } from '../mcp/client.js';
import type { Connection } from '../mcp/connection.js';
import type { Target } from '../mcp/target.js';
import type { Era } from '../mcp/types.js';

export interface WarmConnection {
  connection: Connection;
  /** Why the process did not start (it is handed out anyway: the check reports what it meets). */
  problem?: string;
}

/**
 * stdio: fresh server processes started ahead of need, so a check that wants its own process
 * (subscriptions, progress, exit on stdin close...) does not wait for a start-up: the next one
 * starts while the current check runs. HTTP connections need no start-up and are not pooled.
 */
export class FreshPool {
  private readonly warm: Array<Promise<WarmConnection>> = [];
  private closed = false;
  /** Whether processes are started ahead of need (fill was called): a run of a few checks starts them on demand. */
  private warming = false;

  constructor(
    private readonly target: Target,
    private readonly settings: { era: Era; timeoutMs: number; startupTimeoutMs: number; size: number },
  ) {}

  /** A process that has answered (or why it has not); another one starts behind it. */
  take(): Promise<WarmConnection> {
    const next = this.warm.shift() ?? this.start();
    if (this.warming) this.fill();
    return next;
  }

  fill(): void {
    if (this.closed || this.target.kind !== 'stdio') return;
    this.warming = true;
    while (this.warm.length < this.settings.size) this.warm.push(this.start());
  }

  async dispose(): Promise<void> {
    this.closed = true;
    const left = this.warm.splice(0);
    await Promise.all(left.map(async (pending) => (await pending).connection.close().catch(() => undefined)));
  }

  private async start(): Promise<WarmConnection> {
    const connection = this.target.connect();
    // A client only for the readiness probe: its fence ids cannot be confused with the real client's.
    const probe = new McpClient(connection, { era: this.settings.era, timeoutMs: this.settings.timeoutMs });
    const problem = await probe.ready(this.settings.startupTimeoutMs);
    return { connection, problem };
  }
}
