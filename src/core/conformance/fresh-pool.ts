import { availableParallelism } from 'node:os';
import { McpClient } from '../mcp/client.js';
import type { Connection } from '../mcp/connection.js';
import type { Target } from '../mcp/target.js';
import { MODERN, type Era, type Exchange } from '../mcp/types.js';

export interface WarmConnection {
  connection: Connection;
  /** Why the process did not start (it is handed out anyway: the check reports what it meets). */
  problem?: string;
}

/**
 * Spares the run expects to take, before it knows its era or what its checks need: the demand of a
 * 2026-07-28 server over stdio (2: the chain of runner.ts PROCESS_CHAINS and the legacy
 * initialize's). A 2025-11-25 server needs 2 too; the rest are killed once the era is known.
 */
export const EARLY_SPARES = 2;

/**
 * Of those, how many start beside the first process before it has answered anything: a server that
 * never answers costs this many starts more, not the run's whole demand, and the first process gets
 * the CPU it needs to answer (nine Python interpreters started at once on two cores took 5.5 s to
 * answer their first request, one alone 1.1-1.7 s). The rest start once it has answered, while the
 * first checks run. At most one per core beside the first, at least one.
 */
export const EARLY_START_LIMIT = Math.max(1, Math.min(2, availableParallelism() - 1));

/** Spare processes started and not yet taken, at most: bounded in memory. */
export const SPARE_LIMIT = 8;

/** A fresh process may take this many times the first process's start-up before its first request's deadline runs. */
const STARTUP_ALLOWANCE = 2;

/**
 * stdio: the fresh server processes a run needs, started ahead of need and side by side, so a run
 * costs about one start-up plus the checks rather than one start-up per check (issue 22 item 7: a
 * Python server takes ~3 s to start). A spare process is sent nothing until it is taken: `take`
 * waits for it to answer a readiness probe, `takeUntouched` hands it over for a probe that must be
 * its first message. At most SPARE_LIMIT spares wait at once, and once the checks are known never
 * more than they still need; every one left is killed at the end (its process group with it). HTTP needs no start-up
 * and is not pooled.
 */
export class FreshPool {
  private readonly spares: Connection[] = [];
  /** Fresh processes the run will still take, as its checks declare them. */
  private remaining = 0;
  private closed = false;
  /** Fresh processes ended in the background (release): awaited at the end. */
  private readonly ending: Array<Promise<unknown>> = [];
  /** When each process was spawned: an untouched one's first deadline counts the rest of its start-up. */
  private readonly spawnedAt = new WeakMap<Connection, number>();
  /** How long the run's first process took to answer, once known (noteStartup). */
  private startupMs?: number;

  constructor(
    private readonly target: Target,
    private readonly settings: { timeoutMs: number; startupTimeoutMs: number; limit?: number; earlyLimit?: number },
  ) {}

  /** How many spares may wait at once: fewer until the first process has answered (EARLY_START_LIMIT). */
  private get limit(): number {
    const limit = this.settings.limit ?? SPARE_LIMIT;
    return this.startupMs === undefined ? Math.min(limit, this.settings.earlyLimit ?? EARLY_START_LIMIT) : limit;
  }

  /**
   * Start `count` spares now, before the run knows which era it is in or what it needs (they are
   * sent nothing, so they serve either era): they start while the first process does.
   */
  startEarly(count: number): void {
    this.remaining = Math.max(this.remaining, count);
    this.fill();
  }

  /** The run's demand once its checks are known: spares past it are killed now, missing ones start. */
  plan(demand: number): void {
    this.remaining = demand;
    for (const extra of this.spares.splice(demand)) this.end(extra);
    this.fill();
  }

  /** A process that has answered a readiness probe (or why it has not); another spare starts behind it. */
  async take(era: Era): Promise<WarmConnection> {
    const connection = this.next();
    // A client only for the readiness probe: its fence ids cannot be confused with the real client's.
    const probe = new McpClient(connection, { era, timeoutMs: this.settings.timeoutMs });
    const problem = await probe.ready(this.settings.startupTimeoutMs);
    return { connection, problem };
  }

  /** A process that has been sent nothing: the caller's request is its first message. */
  takeUntouched(): Connection {
    return this.next();
  }

  /** How long the run's first process took from spawn to its first answer: it is up, so the rest of the spares start. */
  noteStartup(ms: number): void {
    this.startupMs = ms;
    this.fill();
  }

  /**
   * The deadline of the first request written to an untouched process: the request deadline plus
   * what may be left of its start-up, allowing twice the first process's (it may have started under
   * more load). Before that is known, and at most, the whole start-up budget: a first request a
   * Python server never answers costs a few seconds, not the 30 s budget of a server still starting.
   */
  firstRequestTimeout(connection: Connection): number {
    const { timeoutMs, startupTimeoutMs } = this.settings;
    const spawned = this.spawnedAt.get(connection);
    if (this.startupMs === undefined || spawned === undefined) return startupTimeoutMs;
    const startingFor = Math.max(0, spawned + STARTUP_ALLOWANCE * this.startupMs - Date.now());
    return Math.min(startupTimeoutMs, timeoutMs + startingFor);
  }

  /** Ends a fresh process whose check is done with it, without waiting for it to go. */
  release(connection: Connection): void {
    this.end(connection);
  }

  async dispose(): Promise<void> {
    this.closed = true;
    for (const spare of this.spares.splice(0)) this.end(spare);
    await Promise.all(this.ending.splice(0));
  }

  private next(): Connection {
    const connection = this.spares.shift() ?? this.spawn();
    this.remaining = Math.max(0, this.remaining - 1);
    this.fill();
    return connection;
  }

  private fill(): void {
    if (this.closed || this.target.kind !== 'stdio') return;
    while (this.spares.length < Math.min(this.limit, this.remaining)) this.spares.push(this.spawn());
  }

  private spawn(): Connection {
    const connection = this.target.connect();
    this.spawnedAt.set(connection, Date.now());
    return connection;
  }

  /** Killed, not closed politely: a spare or a used fresh process is not being judged on how it exits. */
  private end(connection: Connection): void {
    const kill = (connection as { kill?: () => Promise<void> }).kill;
    const ending = (kill ? kill.call(connection) : connection.close()).catch(() => undefined);
    this.ending.push(ending);
  }
}

/**
 * stdio: one fresh process handed from check to check along a chain (runner.ts PROCESS_CHAINS), so
 * checks that leave nothing behind on it cost one start-up between them, not one each. A check
 * releases its fresh client into the relay instead of ending it; the next check's `fresh` gets it
 * back. It goes on after a check that passed, or that the server only refused (onlyRefused): one
 * that failed, warned or skipped otherwise after taking it may have left it stuck, bound to a client
 * or still running a tool, and the next check gets a process of its own instead, as it would alone.
 * A legacy client (a session) is never handed on.
 */
export class ProcessRelay {
  private held?: McpClient;
  /** Whether the current check took the held process or put one here. */
  private touched = false;

  constructor(private readonly pool: FreshPool) {}

  /** The process the chain's earlier checks left, alive, or undefined (the check takes one from the pool). */
  take(): McpClient | undefined {
    const held = this.held;
    this.held = undefined;
    if (!held) return undefined;
    this.touched = true;
    if ((held.connection as { alive?: boolean }).alive === false) {
      this.pool.release(held.connection);
      return undefined;
    }
    return held;
  }

  /** A check is done with its fresh client: kept for the next check of the chain. */
  hold(client: McpClient): void {
    this.touched = true;
    if (client.era !== MODERN || this.held) {
      this.pool.release(client.connection);
      return;
    }
    this.held = client;
  }

  /** A check of the chain ended: what it touched goes on only if it passed or left the process as it was. */
  settle(handOn: boolean): void {
    if (this.touched && !handOn) this.drop();
    this.touched = false;
  }

  /** The chain ended: its process is killed. */
  drop(): void {
    if (this.held) this.pool.release(this.held.connection);
    this.held = undefined;
  }
}

/**
 * Whether a check's exchanges leave its process as the check found it: the server answered every
 * request with a JSON-RPC error and sent nothing else. A refusal changes nothing (fastmcp answers
 * `subscriptions/listen` with -32601: the check fails, and the process is as good as before), while a
 * result may have bound the process to a client, a missing answer may leave it stuck, and anything
 * sent besides may be a tool still running. `recorded` is how many the check made: a log that kept
 * fewer (check-log.ts bounds it) cannot say.
 */
export function onlyRefused(exchanges: readonly Exchange[], recorded = exchanges.length): boolean {
  return (
    exchanges.length > 0 &&
    recorded === exchanges.length &&
    exchanges.every(({ failure, response }) => failure === undefined && response !== undefined && response.garbage.length === 0 && response.messages.length === 1 && response.answer?.error !== undefined && response.answer.result === undefined)
  );
}
