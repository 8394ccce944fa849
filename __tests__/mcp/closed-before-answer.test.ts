import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpConnection } from '../../src/core/mcp/http-transport.js';

/**
 * Issue 27 item 2: on a loaded machine a server may close an idle keep-alive socket just as the
 * client reuses it, and the request fails with "other side closed" though the server is fine (a
 * MUST failure of tool-call-result-shape in a slow-lane run). Such a request is sent once more on a
 * fresh connection, and the exchange's `observed.retriedAfterClose` says so (what the run itself saw, kept
 * in one field); a server that really drops the request still fails, naming both attempts there too.
 */
describe('a connection closed before any answer', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** Drops the connection of the first `drops` requests (no status line), answers the rest. */
  async function serve(drops: number): Promise<{ url: string; received: () => number }> {
    let received = 0;
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received += 1;
        if (received <= drops) return void request.socket.destroy();
        const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: { ok: true } }));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp`, received: () => received };
  }

  const message = { id: 1, method: 'tools/list', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), timeoutMs: 5000, expectAnswer: true };

  it('is sent again on a fresh connection, and the answer that comes is the exchange, with what happened observed', async () => {
    const { url, received } = await serve(1);
    const exchange = await new HttpConnection({ url }).send(message);
    expect(received()).toBe(2);
    expect(exchange.failure).toBeUndefined();
    expect(exchange.response?.answer).toMatchObject({ id: 1, result: { ok: true } });
    expect(exchange.observed?.retriedAfterClose).toEqual({ firstFailure: expect.stringMatching(/^request failed: (UND_ERR_SOCKET|ECONNRESET)/), secondOutcome: 'HTTP 200' });
    expect(exchange).not.toHaveProperty('notes');
  });

  it('still fails when the server drops it again, naming both attempts', async () => {
    const { url, received } = await serve(2);
    const exchange = await new HttpConnection({ url }).send(message);
    expect(received()).toBe(2);
    expect(exchange.response).toBeUndefined();
    expect(exchange.failure).toMatch(/^request failed: (UND_ERR_SOCKET|ECONNRESET).*\(sent again on a fresh connection: request failed: /);
    expect(exchange.observed?.retriedAfterClose).toEqual({
      firstFailure: expect.stringMatching(/^request failed: (UND_ERR_SOCKET|ECONNRESET)/),
      secondOutcome: expect.stringMatching(/^request failed: (UND_ERR_SOCKET|ECONNRESET)/),
    });
  });

  it('is sent once when the server answered at all (an HTTP error is an answer)', async () => {
    let received = 0;
    server = createServer((_request, response) => {
      received += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const exchange = await new HttpConnection({ url }).send(message);
    expect(received).toBe(1);
    expect(exchange.response?.status).toBe(500);
    expect(exchange.observed?.retriedAfterClose).toBeUndefined();
  });
});
