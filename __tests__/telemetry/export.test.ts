import { afterEach, describe, expect, it } from 'vitest';
import { exportOtlp, tracesUrl } from '../../src/core/telemetry/export.js';
import { toOtlpJson } from '../../src/core/telemetry/otlp.js';
import { startCollector, type Collector } from './collector.js';
import { line } from './lines.js';

const TOKEN = 'otlp-secret-token-0123456789';
const body = toOtlpJson([line({ models: [{ durationMs: 3 }], tools: [{ name: 'get_weather', durationMs: 2 }] })]);

let collector: Collector | undefined;
afterEach(async () => {
  await collector?.close();
  collector = undefined;
});

describe('OTLP/HTTP export', () => {
  it('POSTs the OTLP/JSON to {endpoint}/v1/traces with application/json and the configured headers', async () => {
    collector = await startCollector();
    const outcome = await exportOtlp(body, { endpoint: collector.url, headers: { Authorization: `Bearer ${TOKEN}`, 'X-Scope-OrgID': 'tenant-1' }, timeout_ms: 5000 });
    expect(outcome).toEqual({ ok: true, spans: 3 });
    expect(collector.received).toHaveLength(1);
    const [request] = collector.received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/traces');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['x-scope-orgid']).toBe('tenant-1');
    expect(JSON.parse(request.body)).toEqual(body);
  });

  it('the URL: a base endpoint gets /v1/traces, one that names it is kept', () => {
    expect(tracesUrl('http://127.0.0.1:4318')).toBe('http://127.0.0.1:4318/v1/traces');
    expect(tracesUrl('https://otlp.example.com/otlp/')).toBe('https://otlp.example.com/otlp/v1/traces');
    expect(tracesUrl('https://otlp.example.com/v1/traces')).toBe('https://otlp.example.com/v1/traces');
  });

  it('a configured Content-Type cannot replace application/json', async () => {
    collector = await startCollector();
    await exportOtlp(body, { endpoint: collector.url, headers: { 'Content-Type': 'application/x-protobuf' }, timeout_ms: 5000 });
    expect(collector.received[0].headers['content-type']).toBe('application/json');
  });

  it('a collector that never answers hits the deadline: a warning, not a failure, and no secret in it', async () => {
    collector = await startCollector({ hang: true });
    const started = Date.now();
    const outcome = await exportOtlp(body, { endpoint: `http://user:${TOKEN}@${collector.url.slice('http://'.length)}`, headers: { Authorization: `Bearer ${TOKEN}` }, timeout_ms: 300 });
    const elapsed = Date.now() - started;
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.warning).toMatch(/^OTLP export of 3 spans to http:\/\/127\.0\.0\.1:\d+\/v1\/traces failed: no answer within 300 ms/);
    expect(outcome.warning).not.toContain(TOKEN);
    expect(outcome.warning).not.toContain('user');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3000);
    expect(collector.received).toHaveLength(1);
  });

  it('an HTTP error is a warning naming the status; an echoed secret is redacted', async () => {
    collector = await startCollector({ status: 401, body: JSON.stringify({ message: `bad token Bearer ${TOKEN}` }) });
    const outcome = await exportOtlp(body, { endpoint: collector.url, headers: { Authorization: `Bearer ${TOKEN}` }, timeout_ms: 5000 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.warning).toContain('HTTP 401');
    expect(outcome.warning).not.toContain(TOKEN);
    expect(outcome.warning).toContain('[redacted]');
  });

  it('a partial success (rejected spans) is a warning', async () => {
    collector = await startCollector({ body: JSON.stringify({ partialSuccess: { rejectedSpans: '2', errorMessage: 'span too old' } }) });
    const outcome = await exportOtlp(body, { endpoint: collector.url, headers: {}, timeout_ms: 5000 });
    expect(outcome).toEqual({ ok: false, warning: expect.stringContaining('rejected 2 of them: span too old') });
  });

  it('nothing listening: a warning; nothing to send: no request at all', async () => {
    collector = await startCollector();
    const url = collector.url;
    await collector.close();
    collector = undefined;
    const outcome = await exportOtlp(body, { endpoint: url, headers: {}, timeout_ms: 2000 });
    expect(outcome).toEqual({ ok: false, warning: expect.stringMatching(/failed: request failed: .*ECONNREFUSED/) });
    collector = await startCollector();
    expect(await exportOtlp(toOtlpJson([]), { endpoint: collector.url, headers: {}, timeout_ms: 2000 })).toEqual({ ok: true, spans: 0 });
    expect(collector.received).toHaveLength(0);
  });
});
