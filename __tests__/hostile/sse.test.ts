import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpConnection } from '../../src/core/mcp/http-transport.js';
import { parseSse, SseParser } from '../../src/core/mcp/sse.js';

/** Issue 11 item 5: SSE is parsed incrementally, in one pass over the bytes. */

const NOTE = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(1000) } })}\n\n`;
const BODY_BYTES = 15 * 1024 * 1024;

describe('SseParser', () => {
  it('scans each line once however the stream is chunked', () => {
    const events = 2000;
    const text = NOTE.repeat(events);
    const parser = new SseParser();
    let seen = 0;
    for (let at = 0; at < text.length; at += 997) seen += parser.push(text.slice(at, at + 997)).length;
    expect(seen).toBe(events);
    // Three lines per event (event, data, blank): the work is the line count, not lines × chunks.
    expect(parser.linesScanned).toBe(events * 3);
  });

  it('joins a line split anywhere, CRLF split across chunks included', () => {
    const text = 'event: message\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: ping\r\rdata: 2\n\n';
    for (let size = 1; size <= text.length; size += 1) {
      const parser = new SseParser();
      const events = [];
      for (let at = 0; at < text.length; at += size) events.push(...parser.push(text.slice(at, at + size)));
      events.push(...parser.end());
      expect(events.map((event) => event.data)).toEqual(['{"a":\n1}', '2']);
      expect(parser.comments).toBe(1);
    }
    expect(parseSse(text).events).toHaveLength(2);
  });

  it('a 15 MB single data line in small chunks is one event', () => {
    const parser = new SseParser();
    const chunk = 'y'.repeat(16 * 1024);
    parser.push('data: ');
    for (let sent = 0; sent < BODY_BYTES; sent += chunk.length) parser.push(chunk);
    const events = parser.push('\n\n');
    expect(events).toHaveLength(1);
    expect(events[0].data.length).toBeGreaterThanOrEqual(BODY_BYTES);
  });
});

describe('a 15 MB SSE answer over HTTP', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        // Written in small pieces so that the client sees many chunks before the answer.
        let sent = 0;
        const pump = () => {
          while (sent < BODY_BYTES) {
            sent += NOTE.length;
            if (!response.write(NOTE)) return void response.once('drain', pump);
          }
          response.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ok: true } })}\n\n`);
        };
        pump();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is read to its answer within the request deadline', async () => {
    const connection = new HttpConnection({ url });
    try {
      const exchange = await connection.send({ method: 'tools/call', id: 1, body: '{}', expectAnswer: true, timeoutMs: 10_000 });
      expect(exchange.failure).toBeUndefined();
      expect(exchange.response?.answer?.result).toEqual({ ok: true });
    } finally {
      await connection.close();
    }
  });
});
