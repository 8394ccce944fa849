import { createServer, request as httpRequest, Agent as HttpAgent, type IncomingMessage, type ServerResponse, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { parseJsonMessage } from '../mcp/connection.js';
import { parseSse } from '../mcp/sse.js';
import type { JsonObject, ReceivedMessage } from '../mcp/types.js';
import { FAULT_TEXT, type CallDecision, type Layer2Session } from './session.js';

/** One request the proxy handled, for tests and debugging. */
export interface ProxyRecord {
  method: string;
  id?: unknown;
  tool?: string;
  /** What the proxy did: forwarded as is, rewrote the answer, answered by itself, or applied a fault. */
  action: 'passthrough' | 'forwarded' | 'simulated' | `fault:${string}`;
  /** Did the request reach the server? */
  upstream: boolean;
}

/** Hop-by-hop headers, never copied across the proxy. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'content-length', 'host']);
/** The same cap as the client's (HttpConnection): a body the proxy must hold whole is read up to here. */
export const PROXY_MAX_BODY = 16 * 1024 * 1024;
/** How long a `timeout` fault holds a request at most, should the client never give up. */
const HOLD_CAP_MS = 10 * 60_000;

/**
 * A real loopback HTTP proxy (127.0.0.1, a free port) between the agent's client and an MCP
 * server over Streamable HTTP: every fault is bytes on the wire. tools/call requests are decided
 * by the run's Layer2Session; tools/list answers are rewritten when a payload goes into a
 * description; everything else streams through untouched.
 */
export class FaultProxy {
  readonly records: ProxyRecord[] = [];
  private readonly held = new Set<ServerResponse>();
  private readonly agent: HttpAgent;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    private readonly upstream: URL,
    private readonly session: Layer2Session,
    readonly url: string,
  ) {
    this.agent = upstream.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  static async start(options: { upstream: string; session: Layer2Session }): Promise<FaultProxy> {
    const upstream = new URL(options.upstream);
    let proxy: FaultProxy | undefined;
    const server = createServer((req, res) => {
      void proxy!.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`mcp-evals fault proxy: ${error instanceof Error ? error.message : String(error)}`);
        } else res.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    proxy = new FaultProxy(server, upstream, options.session, `http://127.0.0.1:${port}${upstream.pathname}${upstream.search}`);
    return proxy;
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.held.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.agent.destroy();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readAll(req, PROXY_MAX_BODY);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      this.records.push({ method: `${req.method} (too large)`, action: 'passthrough', upstream: false });
      return send(res, 413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }, `mcp-evals fault proxy: ${error.message}`);
    }
    const message = req.method === 'POST' ? parseJsonMessage(body.toString('utf8')) : undefined;
    const isRequest = message !== undefined && typeof message.method === 'string' && message.id !== undefined;
    if (isRequest && message.method === 'tools/call') return this.toolCall(req, res, body, message);
    if (isRequest && message.method === 'tools/list' && this.session.rewritesToolsList) {
      const answer = await this.forward(req, body);
      this.records.push({ method: 'tools/list', id: message.id, action: 'forwarded', upstream: true });
      return this.reply(res, answer, (result) => this.session.transformToolsList(result), message.id);
    }
    this.records.push({ method: typeof message?.method === 'string' ? message.method : `${req.method} (raw)`, id: message?.id, action: 'passthrough', upstream: true });
    return this.passThrough(req, res, body);
  }

  private async toolCall(req: IncomingMessage, res: ServerResponse, body: Buffer, message: ReceivedMessage): Promise<void> {
    const decision = this.session.onToolCall(message);
    const record: ProxyRecord = { method: 'tools/call', id: message.id, tool: decision.tool, action: 'forwarded', upstream: false };
    this.records.push(record);
    const fault = decision.fault?.applied ? decision.fault : undefined;
    if (fault) record.action = `fault:${fault.type}`;
    switch (fault?.type) {
      case 'http_500':
        return send(res, 500, { 'content-type': 'text/plain; charset=utf-8' }, FAULT_TEXT.http500);
      case 'timeout':
        return this.hold(res);
      case 'malformed_json': {
        // A body cut off mid-value: what a crashed serializer or a truncating middlebox leaves.
        const garbage = `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)},"result":{"content":[{"type":"text","text":"{\\"loc`;
        return send(res, 200, { 'content-type': 'application/json' }, garbage);
      }
      case 'expired_token': {
        const error = { jsonrpc: '2.0', id: message.id, error: { code: -32001, message: FAULT_TEXT.expiredToken } };
        return send(
          res,
          401,
          { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' },
          JSON.stringify(error),
        );
      }
      case 'slow':
        await delay(fault.delayMs ?? 0);
        break;
      default:
        break;
    }
    let answer: Upstream;
    if (decision.simulate) {
      if (!fault) record.action = 'simulated';
      answer = { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: this.session.simulatedResult(message) })) };
    } else {
      answer = await this.forward(req, body);
      record.upstream = true;
    }
    if (fault?.type === 'stream_cut') return this.cut(res, answer, decision, message.id);
    return this.reply(res, answer, (result) => this.session.transformToolResult(decision, result), message.id);
  }

  /** `timeout`: never answer; the client's deadline ends it (closing the socket), or close() does. */
  private hold(res: ServerResponse): void {
    this.held.add(res);
    const timer = setTimeout(() => res.destroy(), HOLD_CAP_MS);
    res.on('close', () => {
      clearTimeout(timer);
      this.held.delete(res);
    });
  }

  /**
   * `stream_cut`: the answer goes out as an SSE response, cut in the middle of its event, and the
   * socket is destroyed: the request is lost (2026-07-28), the client must re-issue it.
   */
  private cut(res: ServerResponse, answer: Upstream, decision: CallDecision, id: unknown): void {
    const rewritten = rewriteAnswer(answer, (result) => this.session.transformToolResult(decision, result), id);
    const found = extractAnswer(rewritten);
    const data = JSON.stringify(found ?? { jsonrpc: '2.0', id, result: {} });
    const event = `event: message\ndata: ${data}\n\n`;
    const partial = event.slice(0, 'event: message\ndata: '.length + Math.floor(data.length / 2));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(partial, () => res.socket?.destroy());
  }

  private reply(res: ServerResponse, answer: Upstream, transform: (result: JsonObject) => JsonObject, id: unknown): void {
    const rewritten = rewriteAnswer(answer, transform, id);
    send(res, rewritten.status, copyHeaders(rewritten.headers), rewritten.body);
  }

  /**
   * Sends the request upstream and buffers the whole answer (only for answers the proxy rewrites),
   * up to PROXY_MAX_BODY: a larger (or endless) answer becomes a 502 naming the cap.
   */
  private forward(req: IncomingMessage, body: Buffer): Promise<Upstream> {
    return new Promise((resolve, reject) => {
      const upstream = this.open(req, body, (response) => {
        readAll(response, PROXY_MAX_BODY).then(
          (buffer) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: buffer }),
          (error: unknown) => {
            if (!(error instanceof BodyTooLarge)) return reject(error);
            upstream.destroy();
            resolve({ status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(`mcp-evals fault proxy: the server's answer ${error.message}`) });
          },
        );
      });
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  /** Streams everything else both ways untouched (SSE listen streams included). */
  private passThrough(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      let ended = false;
      const upstream = this.open(req, body, (response) => {
        res.writeHead(response.statusCode ?? 502, copyHeaders(response.headers));
        response.pipe(res);
        response.on('end', () => {
          ended = true;
          resolve();
        });
        response.on('error', reject);
      });
      // The client went away mid-stream (a closed SSE listen stream): stop the upstream request too.
      res.on('close', () => ended || upstream.destroy());
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  private open(req: IncomingMessage, body: Buffer, onResponse: (response: IncomingMessage) => void) {
    const target = new URL(req.url ?? '/', this.upstream);
    const headers = copyHeaders(req.headers);
    if (body.length > 0) headers['content-length'] = String(body.length);
    const options = { method: req.method, headers, agent: this.agent };
    return this.upstream.protocol === 'https:' ? httpsRequest(target, options, onResponse) : httpRequest(target, options, onResponse);
  }
}

interface Upstream {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The upstream answer with its JSON-RPC result rewritten, in the same framing (JSON or SSE). */
function rewriteAnswer(answer: Upstream, transform: (result: JsonObject) => JsonObject, id: unknown): Upstream {
  const contentType = String(answer.headers['content-type'] ?? '').toLowerCase();
  const text = answer.body.toString('utf8');
  const rewrite = (message: ReceivedMessage | undefined): ReceivedMessage | undefined => {
    if (!message || message.id === undefined || String(message.id) !== String(id) || !isObject(message.result)) return undefined;
    return { ...message, result: transform(message.result) };
  };
  if (contentType.startsWith('text/event-stream')) {
    const parsed = parseSse(text);
    let changed = false;
    const events = parsed.events.map((event) => {
      const replaced = rewrite(parseJsonMessage(event.data));
      if (!replaced) return event;
      changed = true;
      return { ...event, data: JSON.stringify(replaced) };
    });
    if (!changed) return answer;
    const sse = events.map((event) => `${event.event ? `event: ${event.event}\n` : ''}${event.id ? `id: ${event.id}\n` : ''}${event.data.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n`).join('');
    return { ...answer, body: Buffer.from(sse + parsed.rest) };
  }
  const replaced = rewrite(parseJsonMessage(text));
  return replaced ? { ...answer, body: Buffer.from(JSON.stringify(replaced)) } : answer;
}

function extractAnswer(answer: Upstream): ReceivedMessage | undefined {
  const text = answer.body.toString('utf8');
  if (String(answer.headers['content-type'] ?? '').toLowerCase().startsWith('text/event-stream')) {
    return parseSse(text)
      .events.map((event) => parseJsonMessage(event.data))
      .find((message) => message !== undefined && (message.result !== undefined || message.error !== undefined));
  }
  return parseJsonMessage(text);
}

function copyHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP.has(name.toLowerCase())) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  if (res.destroyed || res.writableEnded) return;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
  res.end(bytes);
}

class BodyTooLarge extends Error {}

/** The whole body, or BodyTooLarge as soon as it passes `maxBytes` (the stream is then dropped unread). */
function readAll(stream: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.off('data', onData);
        stream.resume();
        stream.destroy();
        reject(new BodyTooLarge(`exceeds ${maxBytes} bytes; read stopped`));
        return;
      }
      chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
