import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { OutgoingMessage } from '../../src/core/mcp/connection.js';
import { DROP_NOUNS } from '../../src/core/mcp/bounds.js';
import { FloodGuard } from '../../src/core/mcp/flood.js';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';
import { runCliProcess } from '../helpers/cli-process.js';
import { cliTarget, REFERENCE_SERVER } from '../helpers/conformance.js';

/**
 * Issue 11 item 2: a server that sends 1 KB notifications/message by the ten thousand before each
 * answer costs time, not memory. Every buffer it can fill keeps the first entries and counts the
 * rest. Before, this run peaked at about 680 MB (and 60,000 per answer over a full run ran V8 out
 * of heap); the target for any hostile fixture is a peak RSS under 300 MB, measured on the CLI
 * process itself (process.resourceUsage().maxRSS, compiled lib/ as users run it). What was dropped is counted in report.json
 * (conformance.dropped) and said in summary.md and on stdout.
 */
const PEAK_RSS_LIMIT = 300 * 1024 * 1024;
const ONLY = 'discover-answers,capabilities-declared,tool-definitions,tool-call-result-shape';

describe('a notification flood', () => {
  // stdio: 8,000 per answer stays under the run's flood bound (flood.ts: 256 MB over the run), so
  // the run is evaluated; what a bigger flood does is the next describe's.
  it.each([
    ['stdio', 8_000],
    ['http', 10_000],
  ] as const)('keeps the CLI under 300 MB peak RSS, still evaluates and counts what it dropped (%s)', async (transport, flood) => {
    const out = mkdtempSync(join(tmpdir(), 'mcp-evals-flood-'));
    const server = `FIXTURE_FLOOD=${flood} node ${JSON.stringify(REFERENCE_SERVER)} --break=flood`;
    const target = await cliTarget(server, transport);
    // From lib/, as users run it: tsx's transpiling would count in the peak RSS (helpers/cli-child-lib.mjs).
    const result = await runCliProcess(['conformance', ...target, '--timeout', '30000', '--only', ONLY, '--out', out], { timeoutMs: 110_000, fromLib: true });
    expect(result.timedOut, result.stderr.slice(-2000)).toBe(false);
    expect(result.code, `${result.stdout.slice(-1000)}\n${result.stderr.slice(-1000)}`).toBe(0);
    expect(result.peakRssBytes).toBeDefined();
    expect(result.peakRssBytes!).toBeLessThan(PEAK_RSS_LIMIT);
    const report = readFileSync(join(out, 'report.json'), 'utf8');
    expect(report.length).toBeLessThan(2 * 1024 * 1024);
    // What was dropped is counted in report.json and said in the summaries, not cut silently.
    const dropped = (JSON.parse(report) as { conformance: { dropped?: Record<string, number> } }).conformance.dropped ?? {};
    const kind = transport === 'stdio' ? 'unsolicited' : 'evidenceMessages';
    expect(dropped[kind], JSON.stringify(dropped)).toBeGreaterThan(0);
    const said = `${dropped[kind]!.toLocaleString('en-US')} ${DROP_NOUNS[kind]}`;
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(said);
    expect(result.stdout).toContain(said);
  }, 120_000);
});

/**
 * Issue 26 item 4: a flood is bounded in time too. 60,000 × 1 KB before each answer took 198–205 s
 * of a run (no report under a 60 s limit). Past FLOOD_BOUNDS.perRequestBytes of unsolicited traffic
 * while one request waits, that request fails saying what the server sent, and every later request
 * to the server (on any of its processes) fails at once with the same reason.
 */
const FLOOD_SERVER = fileURLToPath(new URL('../fixtures/servers/flood-before-answer.mjs', import.meta.url));

function request(id: number, method: string): OutgoingMessage {
  return { method, id, body: JSON.stringify({ jsonrpc: '2.0', id, method, params: {} }), expectAnswer: true, timeoutMs: 60_000 };
}

describe('a flood before an answer', () => {
  it('fails that request past the bound, saying what the server sent, and sends nothing more to the server', async () => {
    const flood = new FloodGuard();
    const command = `node ${JSON.stringify(FLOOD_SERVER)} tools/list 60000`;
    const first = new StdioConnection({ command, flood });
    const second = new StdioConnection({ command, flood });
    try {
      expect((await first.send(request(1, 'ping'))).failure).toBeUndefined();
      const listed = await first.send(request(2, 'tools/list'));
      expect(listed.response?.answer).toBeUndefined();
      expect(listed.failure).toMatch(/^the server sent 32 MB \([\d,]+ messages\) of notifications and other unsolicited messages before answering tools\/list, past the bound of 32 MB a request may cost; mcp-evals stopped waiting on it$/);
      // Later requests, on this process or another of the same server, are not sent.
      for (const connection of [first, second]) {
        const later = await connection.send(request(3, 'ping'));
        expect(later.failure).toBe(`not sent (ping): ${listed.failure}`);
        // Not sent, so nothing of the server's was read for it.
        expect(later.response).toBeUndefined();
      }
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  }, 90_000);

  it('60,000 × 1 KB before every answer: the CLI writes a report within 60 s, under 300 MB, the flood a finding', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcp-evals-flood-time-'));
    const server = `FIXTURE_FLOOD=60000 node ${JSON.stringify(REFERENCE_SERVER)} --break=flood`;
    // Each request gets 30 s, so only the flood bound can end the run in time.
    const result = await runCliProcess(['conformance', '--command', server, '--timeout', '30000', '--out', out], { timeoutMs: 60_000, fromLib: true });
    expect(result.timedOut, `${result.stdout.slice(-1000)}\n${result.stderr.slice(-1000)}`).toBe(false);
    expect(result.code, `${result.stdout.slice(-1000)}\n${result.stderr.slice(-1000)}`).toBe(1);
    expect(result.peakRssBytes!).toBeLessThan(PEAK_RSS_LIMIT);
    const report = readFileSync(join(out, 'report.json'), 'utf8');
    expect(report).toMatch(/the server sent 3\d MB \([\d,]+ messages\) of notifications and other unsolicited messages before answering/);
    expect(result.stdout).toMatch(/notifications and other unsolicited messages before answering/);
  }, 90_000);
});
