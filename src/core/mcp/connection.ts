import { nestsDeeperThan } from './json-depth.js';
import type { Exchange, ReceivedMessage, TransportKind } from './types.js';
import { parseSharingHugeStrings } from './huge-strings.js';

/** What a transport needs to send one message and (maybe) wait for its answer. */
export interface OutgoingMessage {
  /** JSON-RPC method, or a label such as `(invalid json)` for raw probes. */
  method: string;
  /** The JSON-RPC id the answer will carry; undefined for notifications. */
  id?: string | number | null;
  /** Exact bytes of the body, so checks can send deliberately malformed JSON. */
  body: string;
  /** HTTP only: headers exactly as to be sent (null values are omitted). */
  headers?: Record<string, string>;
  /** HTTP only: defaults to POST. */
  httpMethod?: string;
  /** Wait for a JSON-RPC answer with this id (stdio), or read the body (HTTP). */
  expectAnswer: boolean;
  /** stdio notifications: how long at most to watch for a (forbidden) reply. */
  quietMs?: number;
  /**
   * stdio notifications: a harmless request sent right after. Servers answer in order, so once its
   * answer is in, any reply to the notification would be too: the watch ends early.
   */
  fence?: { id: string; body: string };
  timeoutMs: number;
  /** What to do when `timeoutMs` passes without the answer: wait on, for a bounded time (see Overtime). */
  overtime?: Overtime;
}

/**
 * A missed deadline is not yet a verdict (a server slow at everything is not a broken one). When
 * the answer has not come by the deadline, the transport keeps waiting up to `graceMs` more and
 * calls `missed` once: it settles with why to stop waiting early (the server answered a request
 * sent after this one, so this one is stuck, not queued), or with undefined to wait out the grace.
 * A stop is not taken while the answer is visibly arriving (its bytes still coming). An answer
 * that comes in the grace is the exchange's answer, with `observed.answeredLate`; else the failure
 * says the deadline was missed, as without overtime, and why the wait ended.
 */
export interface Overtime {
  graceMs: number;
  missed(): Promise<string | undefined>;
}

/** The failure of a request that got no answer by its deadline (nor in its overtime): `what` is "no response" or "response body not complete". */
export function missFailure(what: string, timeoutMs: number, overtime: Overtime | undefined, stopped: string | undefined): string {
  const base = `${what} within ${timeoutMs} ms`;
  if (!overtime) return base;
  return stopped === undefined ? `${base}, nor in ${overtime.graceMs} ms more` : `${base} (${stopped})`;
}

/** Partial exchange a transport fills in; the client adds seq and era. */
export type TransportExchange = Omit<Exchange, 'seq' | 'era'>;

export interface CloseInfo {
  /** stdio: did the process exit by itself within the grace period after stdin closed? */
  exitedPromptly?: boolean;
  exitCode?: number | null;
  signal?: string | null;
}

export interface Connection {
  readonly kind: TransportKind;
  /** The command or URL, for the report. */
  readonly target: string;
  send(message: OutgoingMessage): Promise<TransportExchange>;
  /** Messages that arrived without a matching request: server requests, stray notifications, garbage. */
  unsolicited(): UnsolicitedRecord[];
  /** stdio only: the tail of what the server wrote to stderr. */
  stderrTail(): string;
  close(): Promise<CloseInfo>;
  /**
   * stdio only: wait until the server answered something (sending `probes`, harmless requests with
   * fence ids), within its start-up budget. Undefined when ready, else why it did not start.
   */
  awaitReady?(probes: Array<{ id: string; body: string }>, startupTimeoutMs: number, budgetMs?: number): Promise<string | undefined>;
  /** Send a request and keep reading for a bounded time: every message, in order, with its arrival time. */
  stream?(message: OutgoingMessage, options: StreamOptions): Promise<StreamCapture>;
}

/**
 * How long `stream` reads: until the answer (or the first message `until` accepts) arrives, at most
 * `collectMs`; then `afterAnswerMs` (`afterMatchMs`) more, to see what follows it. On stdio a
 * `fence` request then bounds the watch: once it is answered, anything the server wrote before is in.
 */
export interface StreamOptions {
  collectMs: number;
  /** Default 0: stop at the answer. */
  afterAnswerMs?: number;
  /** A message that ends the wait like an answer would (a listen's acknowledgment: listens are not answered). */
  until?: (message: ReceivedMessage) => boolean;
  afterMatchMs?: number;
  /** stdio: a harmless request sent once the wait is over; its answer ends the watch. */
  fence?: { id: string; body: string };
}

/** One message (or unparseable line/event) as it arrived. */
export interface TimedMessage {
  at: number;
  raw: string;
  message?: ReceivedMessage;
}

export interface StreamCapture {
  exchange: TransportExchange;
  /**
   * HTTP: every SSE event (or the JSON body) of this request's response; stdio: every stdout line
   * of the process while the stream was read (other traffic included), in arrival order.
   */
  received: TimedMessage[];
  /** HTTP: the server ended the response before the reading stopped; stdio: the process exited. */
  endedByServer: boolean;
}

export interface UnsolicitedRecord {
  at: number;
  raw: string;
  message?: ReceivedMessage;
  /** Why it is here: not JSON, not UTF-8, a request from the server, an unknown id... */
  reason: string;
}

/** True when a message answers a request (it has an id and a result or an error). */
export function isResponse(message: ReceivedMessage): boolean {
  return message.id !== undefined && (message.result !== undefined || message.error !== undefined) && message.method === undefined;
}

/** An error answering an unparseable request may leave out `id` (MCP schema) instead of sending null. */
export function isIdlessError(message: ReceivedMessage): boolean {
  return message.id === undefined && message.error !== undefined && message.method === undefined;
}

/** Loose id match (value, not type): a server that echoes `"1"` for `1` still gets its answer read; RT-05 judges the type. */
export function sameId(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  return String(a) === String(b);
}

export function parseJsonMessage(text: string): ReceivedMessage | undefined {
  try {
    const value = parseSharingHugeStrings(text);
    // Too deep to hand to recursive code (see json-depth.ts): treated like any unusable line.
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !nestsDeeperThan(value)) return value as ReceivedMessage;
  } catch {
    // fall through: the caller records garbage
  }
  return undefined;
}
