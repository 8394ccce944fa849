import { sameId, type Connection, type Overtime, type StreamCapture, type StreamOptions, type TimedMessage, type TransportExchange } from './connection.js';
import { ExchangeLog } from './exchange-log.js';
import { HungMethods } from './hung-methods.js';
import { LEGACY, MODERN, type Era, type Exchange, type JsonObject } from './types.js';
import { clientInfo } from '../version.js';

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** Methods whose HTTP request also carries `Mcp-Name`, and the param it mirrors. */
const NAMED_METHODS: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

export interface RequestOptions {
  /** Replace the era's default `_meta` entirely; `null` sends params without `_meta`. */
  meta?: JsonObject | null;
  /** Change single `_meta` entries; an `undefined` value removes that entry. */
  metaPatch?: Record<string, unknown>;
  /** Send the request with no `params` member at all. */
  noParams?: boolean;
  /** HTTP header overrides, matched case-insensitively: a string replaces, null removes. */
  headers?: Record<string, string | null>;
  /** The version put in `_meta` and `MCP-Protocol-Version` (default: the client's era). */
  version?: string;
  id?: string | number;
  timeoutMs?: number;
  /** Label for a deliberately malformed request, shown in evidence. */
  label?: string;
}

export interface ClientOptions {
  era: Era;
  timeoutMs: number;
  clientInfo?: { name: string; version: string };
  log?: ExchangeLog;
  /** Shared by every client of a run: a method that hung once is not waited for again. */
  hung?: HungMethods;
  /** The check this client works for, named when a method it waited for hung. */
  checkId?: string;
  /** W3C trace context for every request (Layers 1–3); conformance probes go without. */
  tracer?: RequestTracer;
}

/**
 * Where a client's requests get their W3C trace context (OpenTelemetry MCP conventions: a
 * `traceparent`, and `tracestate` when set, unprefixed in `params._meta`) and where each request's
 * client span is reported. src/core/telemetry/trace-context.ts implements it.
 */
export interface RequestTracer {
  /** A new client span for one request or notification: its id and the `_meta` entries naming it as the parent. */
  begin(): { spanId: string; meta: Record<string, string> };
  /** The request is over (answered, failed or timed out). */
  end(spanId: string, request: { method: string; params: JsonObject | undefined; id?: string | number }, exchange: TransportExchange): void;
  /** `_meta` entries for a message that is no span of its own (a readiness fence): the context's own span as parent. */
  meta(): Record<string, string>;
}

/** What a request's overtime found: `stuck` when the server answered a request sent after it. */
interface OvertimeSeen {
  stuck?: boolean;
}

/**
 * Requests whose fate depends on the method's handler: once it hung they are not sent again. Probes
 * that change the envelope (headers, version, _meta, params) are judged before any handler runs,
 * and one with its own id is a check's own protocol (cancellation): those are always sent.
 */
function isPlain(options: RequestOptions): boolean {
  return options.meta === undefined && !options.noParams && options.headers === undefined && options.version === undefined && options.id === undefined;
}

/**
 * Builds era-correct requests (2026-07-28 stateless `_meta` + headers, or 2025-11-25 session)
 * and lets a check change exactly one thing about them. Every exchange lands in the log.
 */
export class McpClient {
  connection: Connection;
  readonly log: ExchangeLog;
  era: Era;
  timeoutMs: number;
  sessionId: string | undefined;
  readonly hung: HungMethods;
  checkId: string | undefined;
  tracer: RequestTracer | undefined;
  /** Shared with forks: ids stay unique on the connection. */
  private ids: { next: number } = { next: 1 };
  private readonly clientInfo: { name: string; version: string };

  constructor(connection: Connection, options: ClientOptions) {
    this.connection = connection;
    this.era = options.era;
    this.timeoutMs = options.timeoutMs;
    this.clientInfo = options.clientInfo ?? clientInfo();
    this.log = options.log ?? new ExchangeLog();
    this.hung = options.hung ?? new HungMethods(false);
    this.checkId = options.checkId;
    this.tracer = options.tracer;
  }

  private get nextId(): number {
    return this.ids.next;
  }

  private set nextId(value: number) {
    this.ids.next = value;
  }

  /** The same connection, session and ids, recording into `log` on behalf of one check (checks run concurrently over HTTP). */
  fork(log: ExchangeLog, checkId: string, hung: HungMethods = this.hung): McpClient {
    const forked = new McpClient(this.connection, { era: this.era, timeoutMs: this.timeoutMs, clientInfo: this.clientInfo, log, hung, checkId, tracer: this.tracer });
    forked.ids = this.ids;
    forked.sessionId = this.sessionId;
    return forked;
  }

  /** Swap in a new connection (after the old stdio process died); ids keep counting. */
  replaceConnection(connection: Connection): void {
    this.connection = connection;
    this.sessionId = undefined;
  }

  defaultMeta(version: string = this.era): JsonObject {
    return {
      [META_PROTOCOL_VERSION]: version,
      [META_CLIENT_CAPABILITIES]: {},
      [META_CLIENT_INFO]: this.clientInfo,
    };
  }

  /** The standard headers a correct client sends for this method and params. */
  standardHeaders(method: string, params: JsonObject | undefined, version: string = this.era): Record<string, string> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    if (this.era === LEGACY) {
      if (method !== 'initialize') headers['MCP-Protocol-Version'] = version;
      if (this.sessionId) headers['Mcp-Session-Id'] = this.sessionId;
      return headers;
    }
    headers['MCP-Protocol-Version'] = version;
    headers['Mcp-Method'] = method;
    const nameParam = NAMED_METHODS[method];
    const value = nameParam && params ? params[nameParam] : undefined;
    if (typeof value === 'string') headers['Mcp-Name'] = encodeHeaderValue(value);
    return headers;
  }

  async request(method: string, params: JsonObject = {}, options: RequestOptions = {}): Promise<Exchange> {
    const plain = isPlain(options);
    const hung = plain && this.hung.active ? this.hung.reason(method, params) : undefined;
    if (hung) return this.notSent(method, hung);
    const id = options.id ?? this.nextId++;
    const version = options.version ?? this.era;
    const span = this.traced(options);
    const fullParams = options.noParams ? undefined : this.withMeta(params, span?.options ?? options, version);
    const body = JSON.stringify(fullParams === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params: fullParams });
    const headers = applyHeaderOverrides(this.standardHeaders(method, params, version), options.headers);
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const seen: OvertimeSeen = {};
    const exchange = await this.connection.send({
      method: options.label ? `${method} (${options.label})` : method,
      id,
      body,
      headers: this.connection.kind === 'http' ? headers : undefined,
      expectAnswer: true,
      timeoutMs,
      overtime: this.overtime(timeoutMs, seen),
    });
    if (span) this.tracer?.end(span.spanId, { method, params, id }, exchange);
    // Only a plain request's answer shows that the method's handler answers (a probe may be refused before it runs).
    if (exchange.response?.answer !== undefined) this.hung.answered(exchange.startedAt, plain ? method : undefined);
    else if (plain && this.hung.active && seen.stuck) this.hung.note(method, params, timeoutMs, this.checkId);
    return this.log.add(exchange, this.era);
  }

  /**
   * A missed deadline is judged, not assumed (connection.ts Overtime): the answer is waited for one
   * more deadline, unless the server shows it is stuck on the request by answering one sent after
   * it (over HTTP another check's; else the fence sent now: ping or server/discover). A server that
   * does not answer even the fence within two deadlines is silent: until it answers something sent
   * later, no miss waits again.
   * Only the conformance checks' clients do this (HungMethods active): an agent has its own deadlines.
   */
  private overtime(timeoutMs: number, seen: OvertimeSeen): Overtime | undefined {
    if (!this.hung.active || this.hung.silent) return undefined;
    const sentAt = Date.now();
    return {
      graceMs: timeoutMs,
      missed: async () => {
        // Over stdio only this process's own order counts (another process answering says nothing of this one's queue): the fence.
        if (this.connection.kind === 'http' && this.hung.answeredAfter(sentAt)) {
          seen.stuck = true;
          return 'the server answered a request sent after it';
        }
        const method = this.era === LEGACY ? 'ping' : 'server/discover';
        const fence = this.fence(method);
        const probeAt = Date.now();
        const headers = this.connection.kind === 'http' ? this.standardHeaders(method, {}) : undefined;
        // The fence gets two deadlines, more than the grace: a server slow at everything answers it, late, and is not taken for silent.
        const probe = await this.connection.send({ method: 'fence', id: fence.id, body: fence.body, headers, expectAnswer: true, timeoutMs: 2 * timeoutMs });
        if (probe.response?.answer !== undefined) {
          this.hung.answered(probeAt);
          seen.stuck = true;
          return `the server answered ${method}, sent after it at the deadline`;
        }
        if (/^(no response|response body not complete) within/.test(probe.failure ?? '')) {
          this.hung.wentSilent(probeAt);
          return undefined;
        }
        // Not taken, or not answered in JSON-RPC: the server is not waiting on this request either.
        return `${method}, sent after it at the deadline, got ${probe.failure ?? `HTTP ${probe.response?.status}`}`;
      },
    };
  }

  /**
   * A request of a traced client becomes a client span with its own traceparent, unless the caller
   * set one (an agent's tool call: its execute_tool span is the MCP client span, see agent/loop.ts).
   */
  private traced(options: RequestOptions): { spanId: string; options: RequestOptions } | undefined {
    if (!this.tracer || options.meta === null || options.metaPatch?.traceparent !== undefined) return undefined;
    const { spanId, meta } = this.tracer.begin();
    return { spanId, options: { ...options, metaPatch: { ...meta, ...options.metaPatch } } };
  }

  /**
   * A request went unanswered for a whole deadline: the method hangs if the server answered
   * something sent after it. Over HTTP other checks' requests show that; over stdio a fence goes
   * out now, and the method hangs if the fence is answered and the request still is not.
   */
  private async confirmHang(method: string, params: JsonObject, id: string | number, startedAt: number, timeoutMs: number): Promise<void> {
    if (!this.hung.answeredAfter(startedAt) && this.connection.kind === 'stdio') {
      const fence = this.fence();
      const probe = await this.connection.send({ method: 'fence', id: fence.id, body: fence.body, expectAnswer: true, timeoutMs });
      const lateAnswer = this.connection.unsolicited().some((record) => record.message !== undefined && record.message.method === undefined && sameId(record.message.id ?? null, id));
      if (probe.response?.answer === undefined || lateAnswer) return;
    } else if (!this.hung.answeredAfter(startedAt)) {
      return;
    }
    this.hung.note(method, params, timeoutMs, this.checkId);
  }

  /** A request not sent because its method already hung: a failed exchange at once, in the log like any other. */
  private notSent(method: string, reason: string): Exchange {
    return this.log.add({ transport: this.connection.kind, request: { method, body: '' }, failure: reason, startedAt: Date.now(), durationMs: 0 }, this.era);
  }

  /**
   * A request whose messages are read for a bounded time (subscriptions/listen, progress, logging):
   * see Connection.stream. The exchange lands in the log like any other.
   */
  async stream(
    method: string,
    params: JsonObject = {},
    options: RequestOptions & StreamOptions,
  ): Promise<{ id: string | number; exchange: Exchange; received: TimedMessage[]; endedByServer: boolean }> {
    if (!this.connection.stream) throw new Error(`the ${this.connection.kind} connection cannot stream`);
    const plain = isPlain(options) && options.until === undefined;
    const hung = plain && this.hung.active ? this.hung.reason(method, params) : undefined;
    if (hung) return { id: -1, exchange: this.notSent(method, hung), received: [], endedByServer: false };
    const id = options.id ?? this.nextId++;
    const version = options.version ?? this.era;
    const span = this.traced(options);
    const fullParams = this.withMeta(params, span?.options ?? options, version);
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: fullParams });
    const headers = applyHeaderOverrides(this.standardHeaders(method, params, version), options.headers);
    const capture: StreamCapture = await this.connection.stream(
      {
        method: options.label ? `${method} (${options.label})` : method,
        id,
        body,
        headers: this.connection.kind === 'http' ? headers : undefined,
        expectAnswer: true,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
      },
      {
        collectMs: options.collectMs,
        afterAnswerMs: options.afterAnswerMs,
        until: options.until,
        afterMatchMs: options.afterMatchMs,
        fence: this.connection.kind === 'stdio' ? this.fence() : undefined,
      },
    );
    if (span) this.tracer?.end(span.spanId, { method, params, id }, capture.exchange);
    const answered = capture.exchange.response?.answer !== undefined;
    if (answered) this.hung.answered(capture.exchange.startedAt);
    else if (plain && !capture.endedByServer && options.collectMs >= this.timeoutMs && capture.exchange.durationMs >= options.collectMs) {
      await this.confirmHang(method, params, id, capture.exchange.startedAt, options.collectMs);
    }
    return { id, exchange: this.log.add(capture.exchange, this.era), received: capture.received, endedByServer: capture.endedByServer };
  }

  /** A notification: no id, no answer expected; on stdio, watch `quietMs` for a forbidden reply. */
  async notify(method: string, params: JsonObject = {}, options: RequestOptions & { quietMs?: number } = {}): Promise<Exchange> {
    const version = options.version ?? this.era;
    const span = this.traced(options);
    // 2025-11-25 puts nothing of the protocol in _meta, but trace context rides there in both eras.
    const fullParams = this.era === MODERN || span ? this.withMeta(params, span?.options ?? options, version) : params;
    const body = JSON.stringify({ jsonrpc: '2.0', method, params: fullParams });
    const headers = applyHeaderOverrides(this.standardHeaders(method, params, version), options.headers);
    const exchange = await this.connection.send({
      method,
      body,
      headers: this.connection.kind === 'http' ? headers : undefined,
      expectAnswer: this.connection.kind === 'http',
      quietMs: options.quietMs ?? 500,
      fence: this.connection.kind === 'stdio' ? this.fence() : undefined,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
    });
    if (span) this.tracer?.end(span.spanId, { method, params }, exchange);
    return this.log.add(exchange, this.era);
  }

  /**
   * stdio: wait until the server has answered something on this connection, within its start-up
   * budget, so that no observation window counts the server's start-up. `ping` goes first (both eras
   * answer it, 2026-07-28 with -32601, and it is not the server/discover that META-05 does without);
   * a server still silent after one request deadline also gets a server/discover. Undefined when
   * ready, else why the server did not start. HTTP: the endpoint answered before the run began.
   */
  async ready(startupTimeoutMs: number): Promise<string | undefined> {
    const connection = this.connection;
    if (!connection.awaitReady) return undefined;
    const started = Date.now();
    const first = await connection.awaitReady([this.fence('ping', 'ready')], Math.min(this.timeoutMs, startupTimeoutMs));
    const alive = (connection as { alive?: boolean }).alive !== false;
    if (first === undefined || !alive || Date.now() - started >= startupTimeoutMs) return first;
    return connection.awaitReady([this.fence('server/discover', 'ready')], startupTimeoutMs - (Date.now() - started), startupTimeoutMs);
  }

  /** A request every server answers without side effects, used to bound a stdio notification's watch. */
  fence(method: string = this.era === LEGACY ? 'ping' : 'server/discover', kind = 'fence'): { id: string; body: string } {
    const id = `mcp-evals-fence-${kind === 'fence' ? '' : `${kind}-`}${this.nextId++}`;
    const trace = this.tracer?.meta();
    const params = this.era === LEGACY ? (trace ? { _meta: trace } : {}) : { _meta: { ...this.defaultMeta(), ...trace } };
    return { id, body: JSON.stringify({ jsonrpc: '2.0', id, method, params }) };
  }

  /** Exact bytes, for malformed-input probes. `answerId` is the id the answer will carry (null for parse errors). */
  async raw(
    label: string,
    body: string,
    options: { headers?: Record<string, string>; httpMethod?: string; answerId?: string | number | null; expectAnswer?: boolean; timeoutMs?: number; fenced?: boolean } = {},
  ): Promise<Exchange> {
    const exchange = await this.connection.send({
      fence: options.fenced && this.connection.kind === 'stdio' ? this.fence() : undefined,
      method: label,
      id: options.answerId ?? null,
      body,
      headers: options.headers,
      httpMethod: options.httpMethod,
      expectAnswer: options.expectAnswer ?? true,
      quietMs: 300,
      timeoutMs: options.timeoutMs ?? this.timeoutMs,
      overtime: options.expectAnswer === false ? undefined : this.overtime(options.timeoutMs ?? this.timeoutMs, {}),
    });
    return this.log.add(exchange, this.era);
  }

  /** 2025-11-25 handshake: initialize, remember the session, send notifications/initialized. */
  async initialize(protocolVersion: string = LEGACY): Promise<Exchange> {
    const id = this.nextId++;
    const span = this.tracer?.begin();
    const params = { protocolVersion, capabilities: {}, clientInfo: this.clientInfo, ...(span ? { _meta: span.meta } : {}) };
    const exchange = await this.connection.send({
      method: 'initialize',
      id,
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params }),
      headers: this.connection.kind === 'http' ? this.standardHeaders('initialize', params) : undefined,
      expectAnswer: true,
      timeoutMs: this.timeoutMs,
      overtime: this.overtime(this.timeoutMs, {}),
    });
    if (exchange.response?.answer !== undefined) this.hung.answered(exchange.startedAt);
    if (span) this.tracer?.end(span.spanId, { method: 'initialize', params, id }, exchange);
    const recorded = this.log.add(exchange, LEGACY);
    const session = exchange.response?.headers?.['mcp-session-id'];
    if (session) this.sessionId = session;
    if (exchange.response?.answer?.result !== undefined) await this.notify('notifications/initialized', {});
    return recorded;
  }

  private withMeta(params: JsonObject, options: RequestOptions, version: string): JsonObject {
    if (this.era === LEGACY) {
      // 2025-11-25 has no protocol fields in _meta, but _meta itself (e.g. traceparent) is allowed.
      const extra = Object.entries(options.metaPatch ?? {}).filter(([, value]) => value !== undefined);
      return extra.length > 0 ? { ...params, _meta: Object.fromEntries(extra) } : params;
    }
    if (options.meta === null) return { ...params };
    const meta: JsonObject = { ...(options.meta ?? this.defaultMeta(version)) };
    for (const [key, value] of Object.entries(options.metaPatch ?? {})) {
      if (value === undefined) delete meta[key];
      else meta[key] = value;
    }
    return { ...params, _meta: meta };
  }
}

/** Header values must be visible ASCII: anything else goes in the spec's base64 sentinel form. */
export function encodeHeaderValue(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && value.trim() === value ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function applyHeaderOverrides(headers: Record<string, string>, overrides: Record<string, string | null> | undefined): Record<string, string> {
  if (!overrides) return headers;
  const out = { ...headers };
  for (const [name, value] of Object.entries(overrides)) {
    for (const existing of Object.keys(out)) if (existing.toLowerCase() === name.toLowerCase()) delete out[existing];
    if (value !== null) out[name] = value;
  }
  return out;
}
