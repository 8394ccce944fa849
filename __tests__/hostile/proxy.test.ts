import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy, PROXY_MAX_BODY } from '../../src/core/faults/http-proxy.js';
import { Layer2Session } from '../../src/core/faults/session.js';

/**
 * Issue 11 item 4: the layer-2 fault proxy holds a body whole only up to the client's cap (16 MiB).
 * The upstream here answers every POST with a body that never ends, as a hostile server can.
 */
let upstream: Server;
let upstreamUrl: string;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.write('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"');
    pump();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/mcp`;
});
afterAll(() => {
  upstream.closeAllConnections();
  return new Promise<void>((resolve) => upstream.close(() => resolve()));
});

function post(url: string, body: Buffer | string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the fault proxy against an endless body', () => {
  it('answers a tools/call whose upstream answer never ends with a 502 naming the cap', async () => {
    const session = new Layer2Session({ caseId: 'endless', repeat: 0, transport: 'http', guardedTools: [], canary: 'REF-TESTCANARY22' });
    const proxy = await FaultProxy.start({ upstream: upstreamUrl, session });
    try {
      const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_weather', arguments: {} } });
      const answer = await post(proxy.url, call);
      expect(answer.status).toBe(502);
      expect(answer.text).toContain(`exceeds ${PROXY_MAX_BODY} bytes`);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a request body over the cap with 413', async () => {
    const session = new Layer2Session({ caseId: 'big-request', repeat: 0, transport: 'http', guardedTools: [], canary: 'REF-TESTCANARY22' });
    const proxy = await FaultProxy.start({ upstream: upstreamUrl, session });
    try {
      const answer = await post(proxy.url, Buffer.alloc(PROXY_MAX_BODY + 1024, 0x20)).catch((error: Error) => ({ status: -1, text: error.message }));
      // Either the 413 arrives, or the proxy closes the connection while we are still sending.
      expect([413, -1]).toContain(answer.status);
    } finally {
      await proxy.close();
    }
  });
});
