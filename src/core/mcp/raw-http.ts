import { connect } from 'node:net';
import type { TransportExchange } from './connection.js';
import { parseJsonMessage } from './connection.js';
import { isPrimingEvent, parseSse } from './sse.js';
import type { ReceivedMessage } from './types.js';

const MAX_RAW_RESPONSE = 1024 * 1024;

/**
 * One HTTP/1.1 POST written byte for byte on a socket: the only way to send header bytes that
 * a conforming client library refuses to send (raw non-ASCII, control characters).
 */
export function rawPost(url: string, headerLines: Buffer[], body: string, timeoutMs: number): Promise<TransportExchange> {
  const target = new URL(url);
  const startedAt = Date.now();
  const bodyBytes = Buffer.from(body, 'utf8');
  const head = Buffer.concat([
    Buffer.from(`POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: close\r\nContent-Length: ${bodyBytes.length}\r\n`, 'latin1'),
    ...headerLines.flatMap((line) => [line, Buffer.from('\r\n')]),
    Buffer.from('\r\n'),
  ]);
  const recordedHeaders = Object.fromEntries(headerLines.map((line) => {
    const text = line.toString('latin1');
    const colon = text.indexOf(':');
    return [text.slice(0, colon), JSON.stringify(text.slice(colon + 1).trim()).slice(1, -1)];
  }));
  const request = { method: 'raw POST', httpMethod: 'POST', headers: recordedHeaders, body };
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const socket = connect({ host: target.hostname.replace(/^\[|\]$/g, ''), port: Number(target.port || 80) });
    const finish = (failure?: string) => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks);
      const parsed = raw.length > 0 ? parseResponse(raw) : undefined;
      resolve({
        transport: 'http',
        request,
        response: parsed,
        failure: parsed ? undefined : (failure ?? 'the connection closed without a response'),
        startedAt,
        durationMs: Date.now() - startedAt,
      });
    };
    const timer = setTimeout(() => finish(`no response within ${timeoutMs} ms`), timeoutMs);
    // The write side stays open until the answer or the deadline: some servers (uvicorn) drop the reply
    // to a half-closed socket. `Connection: close` makes the server end the connection once it has answered.
    socket.on('connect', () => socket.write(Buffer.concat([head, bodyBytes])));
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_RAW_RESPONSE) chunks.push(chunk);
    });
    socket.on('end', () => finish());
    socket.on('error', (error) => finish(`socket error: ${error.message}`));
  });
}

function parseResponse(raw: Buffer): NonNullable<TransportExchange['response']> {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split === -1 ? raw : raw.subarray(0, split)).toString('latin1');
  let bodyBytes = split === -1 ? Buffer.alloc(0) : raw.subarray(split + 4);
  const [statusLine, ...headerLines] = head.split('\r\n');
  const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) bodyBytes = dechunk(bodyBytes);
  const body = bodyBytes.toString('utf8');
  const contentType = headers['content-type'] ?? '';
  const messages: ReceivedMessage[] = [];
  const garbage: string[] = [];
  const events = contentType.startsWith('text/event-stream') ? parseSse(body).events : [];
  const priming = events.filter(isPrimingEvent).map((event) => event.id ?? '');
  const payloads = contentType.startsWith('text/event-stream') ? events.filter((event) => !isPrimingEvent(event)).map((e) => e.data) : body.trim() ? [body] : [];
  for (const payload of payloads) {
    const message = parseJsonMessage(payload);
    if (message) messages.push(message);
    else garbage.push(payload.slice(0, 200));
  }
  return { status, headers, body, messages, answer: messages.find((m) => m.error !== undefined || m.result !== undefined), garbage, ...(priming.length > 0 ? { priming } : {}), contentType };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
