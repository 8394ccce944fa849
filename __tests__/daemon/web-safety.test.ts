import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';
import { emitRuns } from './otel-agent.js';

/**
 * A web page cannot drive a daemon on loopback: what a browser can send cross-site without a
 * CORS preflight (text/plain or form POSTs, with the page's Origin) and what a DNS-rebinding
 * page sends (`Host: evil.example`) are refused on every endpoint, over real HTTP with the
 * headers set as a browser sets them. Tools that send no Origin keep working.
 */

const started: Array<{ daemon: RunningDaemon; store: SqliteStore; dir: string }> = [];
afterEach(async () => {
  for (const s of started.splice(0)) {
    await s.daemon.close();
    s.store.close();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

async function start(host = '127.0.0.1'): Promise<{ url: string; port: number; store: SqliteStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpd-web-'));
  const store = new SqliteStore(join(dir, 'mcpd.sqlite'));
  const daemon = await startDaemon({ store, host, port: 0, requestTimeoutMs: 3000, judgeTimeoutMs: 1000 });
  started.push({ daemon, store, dir });
  return { url: daemon.url, port: Number(new URL(daemon.url).port), store };
}

/** One request with exactly these headers (node:http lets a test set Host, as a rebinding browser does). */
function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const POSTS: Array<[string, string]> = [
  ['/v1/api/experiments', JSON.stringify({ id: 'evil', project: 'shop' })],
  ['/v1/api/datasets/regressions/capture', JSON.stringify({ trace_ids: ['4bf92f3577b34da6a3ce929d0e0e4736'] })],
  ['/v1/api/score', JSON.stringify({ scorers: ['answered'] })],
  ['/v1/traces', JSON.stringify({ resourceSpans: [] })],
];

describe('a web page cannot drive the daemon', () => {
  it('refuses a cross-site text/plain POST with a foreign Origin on every POST endpoint, and stores nothing', async () => {
    const { port, store } = await start();
    const host = `127.0.0.1:${port}`;
    for (const [path, body] of POSTS) {
      const foreign = await send(port, 'POST', path, { host, origin: 'http://evil.example', 'content-type': 'text/plain;charset=UTF-8' }, body);
      expect(foreign.status, path).toBe(403);
      expect(foreign.body.error.message).toContain('origin');
      // Even without an Origin (a page can suppress it with some redirects), text/plain is not JSON.
      const plain = await send(port, 'POST', path, { host, 'content-type': 'text/plain' }, body);
      expect(plain.status, path).toBe(415);
      const form = await send(port, 'POST', path, { host, 'content-type': 'application/x-www-form-urlencoded' }, body);
      expect(form.status, path).toBe(415);
    }
    expect(store.getExperiment('evil')).toBeUndefined();
  });

  it('refuses a foreign or null Origin on GET endpoints too, and accepts its own origin', async () => {
    const { port } = await start();
    const host = `127.0.0.1:${port}`;
    for (const path of ['/v1/api/runs', '/v1/api/scorers', '/', '/healthz', '/v1/api/experiments/compare?baseline=a&candidate=b']) {
      for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`]) {
        const answer = await send(port, 'GET', path, { host, origin });
        expect(answer.status, `${path} from ${origin}`).toBe(403);
      }
    }
    expect((await send(port, 'GET', '/v1/api/runs', { host, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await send(port, 'POST', '/v1/api/experiments', { host, origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' }, JSON.stringify({ id: 'v1', project: 'shop' }))).status).toBe(200);
  });

  it('refuses a Host that does not name the daemon (DNS rebinding: Host: evil.example), on every endpoint', async () => {
    const { url, port } = await start();
    await emitRuns(url, 'json', 'shop', [{ agent: 'bot', model: 'm', prompt: 'hi', answer: 'hello' }]);
    for (const hostHeader of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `127.0.0.1.nip.io:${port}`]) {
      for (const path of ['/v1/api/runs', '/', '/v1/api/scorers']) {
        const answer = await send(port, 'GET', path, { host: hostHeader });
        expect(answer.status, `${path} with Host ${hostHeader}`).toBe(403);
        expect(JSON.stringify(answer.body)).not.toContain('hello');
      }
      expect((await send(port, 'POST', '/v1/api/experiments', { host: hostHeader, 'content-type': 'application/json' }, '{"id":"x","project":"p"}')).status).toBe(403);
    }
    expect([400, 403]).toContain((await send(port, 'GET', '/v1/api/runs', {})).status); // no Host at all (node:http itself answers 400)
    for (const hostHeader of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const answer = await send(port, 'GET', '/v1/api/runs', { host: hostHeader });
      expect(answer.status, hostHeader).toBe(200);
      expect(answer.body.runs[0].answer).toBe('hello');
    }
  });
});
