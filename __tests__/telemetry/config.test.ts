import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/load.js';
import { ConfigurationError } from '../../src/core/errors.js';
import { TRACESTATE_MAX_MEMBERS, parseTracestate } from '../../src/core/telemetry/tracestate.js';

describe('W3C tracestate', () => {
  it('accepts key=value lists (simple and multi-tenant keys), normalizing whitespace and empty members', () => {
    expect(parseTracestate('rojo=00f067aa0ba902b7')).toMatchObject({ ok: true, value: 'rojo=00f067aa0ba902b7' });
    expect(parseTracestate(' rojo=00f067aa0ba902b7 ,\tcongo=t61rcWkgMzE, ,')).toMatchObject({ ok: true, value: 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE' });
    expect(parseTracestate('fw529a3039@dt=FfcGa8Ak,1abc/x_y-z*=a b')).toMatchObject({ ok: true, members: [{ key: 'fw529a3039@dt', value: 'FfcGa8Ak' }, { key: '1abc/x_y-z*', value: 'a b' }] });
    const max = Array.from({ length: TRACESTATE_MAX_MEMBERS }, (_, i) => `k${i}=v`).join(',');
    expect(parseTracestate(max).ok).toBe(true);
  });

  it.each([
    ['', /at least one/],
    [' , ', /at least one/],
    ['novalue', /not key=value/],
    ['Upper=1', /key "Upper"/],
    ['_a=1', /key "_a"/],
    [`${'a'.repeat(257)}=1`, /key/],
    ['a=', /value of "a"/],
    ['a=x=y', /value of "a"/],
    ['a=caf\u00e9', /value of "a"/],
    [`a=${'v'.repeat(257)}`, /value of "a"/],
    ['a=1,a=2', /more than once/],
    [Array.from({ length: TRACESTATE_MAX_MEMBERS + 1 }, (_, i) => `k${i}=v`).join(','), /33 members; at most 32/],
  ])('rejects %j', (text, message) => {
    const parsed = parseTracestate(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe('config: otlp and tracestate', () => {
  let root: string;
  let n = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'mcp-evals-telemetry-config-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  const base = ['server:', '  command: "node server.mjs"', 'models:', '  - provider: openai', '    model: gpt-4o-mini'];
  async function write(lines: string[]): Promise<string> {
    const file = join(root, `c${(n += 1)}.yml`);
    await writeFile(file, `${[...base, ...lines].join('\n')}\n`);
    return file;
  }
  async function problem(file: string, env: Record<string, string> = {}): Promise<string> {
    try {
      await loadConfig(file, { env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigurationError');
  }

  it('absent: no otlp, no tracestate (nothing is exported)', async () => {
    const config = await loadConfig(await write([]), { env: {} });
    expect(config.otlp).toBeUndefined();
    expect(config.tracestate).toBeUndefined();
  });

  it('otlp: endpoint, headers with ${VAR} expanded, default deadline 10 s; tracestate normalized', async () => {
    const file = await write(['otlp:', '  endpoint: http://127.0.0.1:4318', '  headers:', '    Authorization: "Bearer ${OTLP_TOKEN}"', '    X-Scope-OrgID: acme', 'tracestate: "acme=t61rcWkgMzE , rojo=00f067aa0ba902b7"']);
    const config = await loadConfig(file, { env: { OTLP_TOKEN: 'tok-123456' } });
    expect(config.otlp).toEqual({ endpoint: 'http://127.0.0.1:4318', headers: { Authorization: 'Bearer tok-123456', 'X-Scope-OrgID': 'acme' }, timeout_ms: 10_000 });
    expect(config.tracestate).toBe('acme=t61rcWkgMzE,rojo=00f067aa0ba902b7');
    const custom = await loadConfig(await write(['otlp:', '  endpoint: https://otlp.example.com', '  timeout_ms: 2500']), { env: {} });
    expect(custom.otlp).toEqual({ endpoint: 'https://otlp.example.com', headers: {}, timeout_ms: 2500 });
  });

  it('a missing header variable is an error naming it (never a value), at its line', async () => {
    const file = await write(['otlp:', '  endpoint: http://127.0.0.1:4318', '  headers:', '    Authorization: "Bearer ${OTLP_TOKEN}"']);
    const message = await problem(file);
    expect(message).toMatch(/:9:\d+: otlp\.headers\.Authorization: environment variable OTLP_TOKEN is not set/);
  });

  it('an invalid tracestate, or an otlp section without endpoint / with an unknown key, is a config error at its line', async () => {
    expect(await problem(await write(['tracestate: "Acme=1"']))).toMatch(/:6:\d+: tracestate: key "Acme"/);
    expect(await problem(await write(['tracestate: "a=1,a=2"']))).toMatch(/tracestate: key "a" appears more than once/);
    const noEndpoint = await problem(await write(['otlp:', '  timeout_ms: 100']));
    expect(noEndpoint).toMatch(/otlp/);
    expect(noEndpoint).toMatch(/endpoint/);
    expect(await problem(await write(['otlp:', '  endpoint: http://127.0.0.1:4318', '  endpoitn: x']))).toMatch(/endpoitn/);
    expect(await problem(await write(['otlp:', '  endpoint: ftp://x']))).toMatch(/http/);
  });

  it('daemon: url, token_env (the variable must be set), default deadline 10 s; mistakes at their line', async () => {
    const config = await loadConfig(await write(['daemon:', '  url: http://127.0.0.1:4317', '  token_env: MCPD_TOKEN']), { env: { MCPD_TOKEN: 'tok-abcdef' } });
    expect(config.daemon).toEqual({ url: 'http://127.0.0.1:4317', token_env: 'MCPD_TOKEN', timeout_ms: 10_000 });
    expect(JSON.stringify(config)).not.toContain('tok-abcdef');
    expect(await problem(await write(['daemon:', '  url: http://127.0.0.1:4317', '  token_env: MCPD_TOKEN']))).toMatch(/:8:\d+: daemon\.token_env: the environment variable MCPD_TOKEN is not set or empty/);
    expect(await problem(await write(['daemon:', '  url: localhost:4317']))).toMatch(/http/);
    expect(await problem(await write(['daemon:', '  token_env: MCPD_TOKEN']))).toMatch(/url/);
    // the flags win over the file
    const flagged = await loadConfig(await write(['daemon:', '  url: http://127.0.0.1:4317', '  timeout_ms: 500']), { env: { OTHER: 'x' }, daemon: { url: 'http://127.0.0.1:9999', tokenEnv: 'OTHER' } });
    expect(flagged.daemon).toEqual({ url: 'http://127.0.0.1:9999', token_env: 'OTHER', timeout_ms: 500 });
  });
});
