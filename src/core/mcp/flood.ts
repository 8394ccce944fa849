/**
 * A flood of unsolicited messages is bounded in time, not only in memory (issue 26 item 4): a
 * server that sends 60 MB of notifications before each answer kept a run busy for 200 s, reading
 * what the buffers then dropped. Past FLOOD_BOUNDS.perRequestBytes while one request waits (or
 * perRunBytes over the whole run), mcp-evals stops waiting on that server: the waiting request
 * fails saying what the server sent, and every later request of the run (on any of its processes)
 * fails at once with the same reason instead of paying for the flood again.
 */
import { thousands } from '../thousands.js';

export const FLOOD_BOUNDS = {
  /** Unsolicited bytes one request may cost before its answer (a 20 MB burst is still evaluated). */
  perRequestBytes: 32 * 1024 * 1024,
  /** Unsolicited bytes a whole run may cost, across every process of the server. */
  perRunBytes: 256 * 1024 * 1024,
} as const;

/** "60 MB", "512 KB": a byte count a person reads. */
export function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${thousands(Math.round(bytes / (1024 * 1024)))} MB`;
  if (bytes >= 1024) return `${thousands(Math.round(bytes / 1024))} KB`;
  return `${thousands(bytes)} bytes`;
}

/** One run's unsolicited traffic, shared by every connection to its server (see Target). */
export class FloodGuard {
  private bytes = 0;
  private messages = 0;
  private reason: string | undefined;

  constructor(private readonly bounds: { perRequestBytes: number; perRunBytes: number } = FLOOD_BOUNDS) {}

  get perRequestBytes(): number {
    return this.bounds.perRequestBytes;
  }

  /** Why requests are no longer sent, once the server flooded; undefined before. */
  get tripped(): string | undefined {
    return this.reason;
  }

  /** Counts one unsolicited message; true when the run's own bound is now passed. */
  add(bytes: number): boolean {
    this.bytes += bytes;
    this.messages += 1;
    if (this.reason === undefined && this.bytes > this.bounds.perRunBytes) {
      this.reason = `the server sent ${sizeOf(this.bytes)} (${thousands(this.messages)} messages) of notifications and other unsolicited messages in this run, past the bound of ${sizeOf(this.bounds.perRunBytes)}; mcp-evals stopped waiting on it`;
    }
    return this.reason !== undefined;
  }

  /** A request waited through `bytes` (`messages`) of unsolicited traffic: the server is flooding. Returns why. */
  floodedRequest(method: string, bytes: number, messages: number): string {
    const why = `the server sent ${sizeOf(bytes)} (${thousands(messages)} messages) of notifications and other unsolicited messages before answering ${method}, past the bound of ${sizeOf(this.bounds.perRequestBytes)} a request may cost; mcp-evals stopped waiting on it`;
    this.reason ??= why;
    return why;
  }

  /** The failure of a request not sent because the server flooded earlier. */
  notSent(method: string): string {
    return `not sent (${method}): ${this.reason ?? 'the server flooded'}`;
  }
}
