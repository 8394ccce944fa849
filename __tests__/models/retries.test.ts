/** HTTP behaviour shared by both providers: retries, backoff, deadlines, size cap, redaction. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../../src/core/models/anthropic.js';
import { parseRetryAfter, postJson, providerMessage, type ProviderOptions } from '../../src/core/models/http.js';
import { OpenAIProvider } from '../../src/core/models/openai.js';
import { ModelError, type ModelProvider, type ModelRequest } from '../../src/core/models/types.js';
import { failing, malformed, noTool, rateLimited, slow, startScriptedModel, scriptedModelConfig, type Script, type ScriptedModel, type ScriptedModelOptions } from '../fixtures/models/scripted-model-server.js';

const KEY = 'sk-secret-key-9f8e7d6c5b4a';
const REQUEST: ModelRequest = { messages: [{ role: 'user', content: 'hi' }], tools: [], temperature: 0, maxTokens: 16 };

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const PROVIDERS = [
  ['openai', OpenAIProvider],
  ['anthropic', AnthropicProvider],
] as const;

describe.each(PROVIDERS)('%s provider over HTTP', (format, Provider) => {
  let sleeps: number[];

  async function provider(script: Script, options: ProviderOptions = {}, config = {}, serverOptions: ScriptedModelOptions = {}): Promise<ModelProvider> {
    model = await startScriptedModel(script, serverOptions);
    sleeps = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
    };
    return new Provider(scriptedModelConfig(model, format, config), KEY, { sleep, random: () => 0, ...options });
  }

  async function modelError(promise: Promise<unknown>): Promise<ModelError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelError);
    return error as ModelError;
  }

  it('retries 429 honouring Retry-After seconds, then succeeds', async () => {
    const p = await provider(rateLimited(2, noTool('finally'), 3));
    const response = await p.complete(REQUEST);
    expect(response.text).toBe('finally');
    expect(response.attempts).toBe(3);
    expect(model!.calls()).toBe(3);
    expect(sleeps).toEqual([3000, 3000]);
    expect(model!.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const p = await provider(rateLimited(1, noTool('ok'), new Date(now + 7000).toUTCString()), { now: () => now });
    expect((await p.complete(REQUEST)).attempts).toBe(2);
    expect(sleeps).toEqual([7000]);
  });

  it('caps a long Retry-After at 30 s', async () => {
    const p = await provider(rateLimited(1, noTool('ok'), 600));
    await p.complete(REQUEST);
    expect(sleeps).toEqual([30_000]);
  });

  it('retries 500 with exponential backoff and jitter, then succeeds', async () => {
    const p = await provider(failing(3, noTool('recovered'), 500), { random: () => 0.5 });
    const response = await p.complete(REQUEST);
    expect(response.text).toBe('recovered');
    expect(response.attempts).toBe(4);
    // base 500 ms doubled per attempt; jitter keeps each wait in [half, full] of the step.
    expect(sleeps).toEqual([375, 750, 1500]);
  });

  it('gives up after 4 attempts with an http ModelError carrying the status', async () => {
    const p = await provider(failing(99, noTool('never'), 503));
    const error = await modelError(p.complete(REQUEST));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/HTTP 503.*scripted.*gave up after 4 attempts/);
    expect(model!.calls()).toBe(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('gives up on persistent 429 too, and respects a smaller maxAttempts', async () => {
    const p = await provider(rateLimited(99, noTool('never')), { maxAttempts: 2 });
    const error = await modelError(p.complete(REQUEST));
    expect(error).toMatchObject({ kind: 'http', status: 429 });
    expect(model!.calls()).toBe(2);
  });

  it('does not retry a 400 and reports the provider’s message', async () => {
    const p = await provider(() => ({ status: 400, message: 'max_tokens is too large' }));
    const error = await modelError(p.complete(REQUEST));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error.message).toContain('max_tokens is too large');
    expect(error.message).toContain(`scripted-${format}`);
    expect(model!.calls()).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it.each([401, 403])('does not retry a %i: an auth ModelError naming the key variable', async (status) => {
    const p = await provider(() => ({ status, message: 'invalid x-api-key' }));
    const error = await modelError(p.complete(REQUEST));
    expect(error).toMatchObject({ kind: 'auth', status });
    expect(error.message).toMatch(new RegExp(`check the key in SCRIPTED_${format.toUpperCase()}_KEY`));
    expect(model!.calls()).toBe(1);
  });

  it('a 200 whose body is not JSON is a malformed ModelError, not retried', async () => {
    const p = await provider(malformed(1, noTool('never seen')));
    const error = await modelError(p.complete(REQUEST));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/not JSON/);
    expect(model!.calls()).toBe(1);
  });

  it('an answer over the size cap is a malformed ModelError', async () => {
    const p = await provider(noTool('x'.repeat(50_000)), { maxResponseBytes: 10_000 });
    const error = await modelError(p.complete(REQUEST));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/larger than 10000 bytes/);
  });

  it('misses its deadline: a timeout ModelError within the deadline, not retried', async () => {
    const p = await provider(slow(3000, noTool('too late')), {}, { timeout_ms: 300 });
    const started = Date.now();
    const error = await modelError(p.complete(REQUEST));
    const elapsed = Date.now() - started;
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/within 300 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1500);
    expect(model!.calls()).toBe(1);
  });

  it('stops when the caller aborts', async () => {
    const p = await provider(slow(3000, noTool('too late')));
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    const error = await modelError(p.complete({ ...REQUEST, signal: abort.signal }));
    expect(error.message).toMatch(/cancelled by the caller/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('retries network errors, then reports a network ModelError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const p = await provider(noTool('unused'), {}, { endpoint: format === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}` });
    const error = await modelError(p.complete(REQUEST));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.message).toMatch(/gave up after 4 attempts/);
    expect(sleeps).toHaveLength(3);
  });

  describe('the API key never appears in a ModelError', () => {
    const echoKey: Script = (request) => ({ status: 400, message: `bad request from ${request.headers.authorization ?? request.headers['x-api-key']}` });

    it('when a 400 body echoes the key', async () => {
      const p = await provider(echoKey);
      const error = await modelError(p.complete(REQUEST));
      expect(model!.requests[0].headers[format === 'openai' ? 'authorization' : 'x-api-key']).toContain(KEY);
      expect(error.message).not.toContain(KEY);
      expect(error.message).toContain('[redacted]');
      expect(error.stack ?? '').not.toContain(KEY);
    });

    it('when a 401 echoes the wrong key', async () => {
      const p = await provider(noTool('unused'), {}, {}, { apiKey: 'sk-the-right-one-000000' });
      const error = await modelError(p.complete(REQUEST));
      expect(error.kind).toBe('auth');
      expect(error.message).toContain('Incorrect API key provided: [redacted]');
      expect(error.message).not.toContain(KEY);
    });

    it('when retried 5xx bodies echo it', async () => {
      const p = await provider((request) => ({ status: 500, message: `upstream saw key ${request.headers.authorization ?? request.headers['x-api-key']}` }));
      const error = await modelError(p.complete(REQUEST));
      expect(model!.calls()).toBe(4);
      expect(error.message).not.toContain(KEY);
    });

    it('when a malformed 200 body or a 200 error object echoes it', async () => {
      const p = await provider(() => ({ rawBody: `oops ${KEY}` }));
      expect((await modelError(p.complete(REQUEST))).message).not.toContain(KEY);
      model!.setScript(() => ({ rawBody: { type: 'error', error: { message: `key ${KEY} revoked` } } }));
      const error = await modelError(p.complete(REQUEST));
      expect(error.kind).toBe('malformed');
      expect(error.message).not.toContain(KEY);
      expect(error.message).toContain('[redacted]');
    });
  });
});

describe('postJson', () => {
  it('stops reading a chunked answer (no content-length) at the size cap', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(4096);
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent++ > 1000) {
          clearInterval(timer);
          res.end();
          return;
        }
        res.write(chunk);
      }, 1);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const error = await postJson({ url, headers: {}, body: {}, timeoutMs: 5000, secrets: [], label: 'test', maxResponseBytes: 20_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelError);
      expect(error).toMatchObject({ kind: 'malformed', message: 'test: HTTP 200 answer larger than 20000 bytes' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('Retry-After and error-body helpers', () => {
  it('parses seconds, retry-after-ms, HTTP-dates and rejects garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter({ 'retry-after': '2' }, now)).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '0.5' }, now)).toBe(500);
    expect(parseRetryAfter({ 'retry-after-ms': '1234', 'retry-after': '9' }, now)).toBe(1234);
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }, now)).toBe(10_000);
    expect(parseRetryAfter({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, now)).toBe(0);
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeUndefined();
    expect(parseRetryAfter({}, now)).toBeUndefined();
  });

  it('extracts provider error messages and truncates long ones', () => {
    expect(providerMessage('{"error":{"message":"Bad","type":"invalid_request_error"}}')).toBe('invalid_request_error: Bad');
    expect(providerMessage('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).toBe('overloaded_error: Overloaded');
    expect(providerMessage('{"error":"plain"}')).toBe('plain');
    expect(providerMessage('<html>502 Bad Gateway</html>')).toBe('<html>502 Bad Gateway</html>');
    expect(providerMessage('')).toBe('(empty body)');
    expect(providerMessage('x'.repeat(2000)).length).toBeLessThanOrEqual(501);
  });
});
