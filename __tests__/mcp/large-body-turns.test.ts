import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpConnection } from '../../src/core/mcp/http-transport.js';
import { LARGE_BODIES_AT_ONCE, LARGE_BODY_BYTES, largeBodyTurn } from '../../src/core/mcp/large-body-turns.js';

/**
 * Issue 11 item 2: at most LARGE_BODIES_AT_ONCE HTTP bodies of a megabyte or more are read at
 * once, so eight concurrent 15 MB answers are never all in memory together; the time an answer
 * waits for its turn is not charged to its server's deadline.
 */
describe('largeBodyTurn', () => {
  it('lets LARGE_BODIES_AT_ONCE read at once and hands each ended turn to the next in line', async () => {
    const ends = await Promise.all(Array.from({ length: LARGE_BODIES_AT_ONCE }, () => largeBodyTurn()));
    const order: number[] = [];
    const later = [1, 2].map((n) => largeBodyTurn().then((end) => (order.push(n), end)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    ends[0]();
    ends[0](); // ending twice frees one turn, not two
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([1]);
    ends[1]();
    const [end1, end2] = await Promise.all(later);
    expect(order).toEqual([1, 2]);
    end1();
    end2();
    // All turns are free again: as many as allowed start at once.
    const again = await Promise.all(Array.from({ length: LARGE_BODIES_AT_ONCE }, () => largeBodyTurn()));
    for (const end of again) end();
  });
});

describe('large answers over HTTP', () => {
  const answer = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, result: { tools: [], pad: 'p'.repeat(2 * LARGE_BODY_BYTES) } });
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Request "stall": half of the body at once, the rest 3 s later. Others: the whole body at once.
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { id, method } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number; method: string };
        const body = Buffer.from(answer(id));
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        if (method !== 'stall') return void response.end(body);
        response.write(body.subarray(0, body.length / 2));
        setTimeout(() => response.end(body.subarray(body.length / 2)), 3000).unref();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('an answer waiting behind stalled large ones is read whole, its deadline not spent on the wait', async () => {
    const connection = new HttpConnection({ url });
    try {
      const send = (id: number, method: string, timeoutMs: number) =>
        connection.send({ method, id, body: JSON.stringify({ jsonrpc: '2.0', id, method }), headers: { 'content-type': 'application/json' }, expectAnswer: true, timeoutMs });
      const stalled = Array.from({ length: LARGE_BODIES_AT_ONCE }, (_, index) => send(index + 1, 'stall', 1600));
      await new Promise((resolve) => setTimeout(resolve, 200)); // the stalled ones hold every turn
      const startedAt = Date.now();
      const waiting = await send(99, 'tools/list', 1000);
      for (const exchange of await Promise.all(stalled)) expect(exchange.failure).toMatch(/not complete within 1600 ms/);
      // It waited for the stalled answers' deadlines (~1400 ms, more than its own 1000), then was read within its own.
      expect(Date.now() - startedAt).toBeGreaterThan(1200);
      expect(waiting.failure).toBeUndefined();
      expect(waiting.response?.answer?.id).toBe(99);
    } finally {
      await connection.close();
    }
  });
});
