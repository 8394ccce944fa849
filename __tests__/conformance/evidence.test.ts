import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from '../../src/core/conformance/runner.js';
import type { Exchange } from '../../src/core/mcp/types.js';
import { check, fixtureArgs, REFERENCE_SERVER, runOnFixture } from '../helpers/conformance.js';
import { startHttpServer } from '../helpers/http-server.js';

/*
 * Issue 22 item 5: evidence shows what happened. An aggregate check (it judges the whole run's
 * exchanges) keeps on each finding the exchange it judged; what the run observed is kept apart from
 * the server's response headers; a 2025-11-25 priming event is expected, not garbage.
 */

/** The reference server over HTTP with extra flags (`--sse`: every answer is an SSE stream). */
async function runHttp(args: string[], only?: string[]): Promise<ConformanceRun> {
  const server = await startHttpServer(['node', REFERENCE_SERVER, '--http', ...args]);
  try {
    return await runConformance({ kind: 'http', url: server.url }, { only, callTools: 'all', timeoutMs: 3000, surface: false });
  } finally {
    await server.stop();
  }
}

function allEvidence(run: ConformanceRun): Exchange[] {
  return run.section.checks.flatMap((result) => [...result.evidence, ...(result.subResults ?? []).flatMap((sub) => sub.evidence ?? [])]);
}

describe('aggregate checks carry the exchange each finding judged', () => {
  for (const [id, breaks] of [
    ['http-modern-errors-400', 'HTTP-ST-02'],
    ['response-envelope', 'RT-05'],
  ] as const) {
    it(`${id} on --break=${breaks}`, { timeout: 120_000 }, async () => {
      const run = await runOnFixture({ transport: 'http', breaks: [breaks] });
      const result = check(run, id);
      expect(result.status).toBe('fail');
      const failing = (result.subResults ?? []).filter((sub) => sub.status === 'fail');
      expect(failing.length).toBeGreaterThan(0);
      for (const sub of failing) {
        // The sub-result's id names its exchange (method#seq); its evidence is that exchange.
        expect(sub.evidence?.map((exchange) => `#${exchange.seq}`), sub.id).toContain(sub.id.slice(sub.id.lastIndexOf('#')));
      }
      // The check's own evidence leads with them (it sent nothing of its own to judge).
      expect(result.evidence.map((exchange) => exchange.seq)).toContain(failing[0].evidence?.[0].seq);
      // A passing sub-result is named by its #seq and carries nothing more.
      expect((result.subResults ?? []).filter((sub) => sub.status === 'pass' && sub.evidence !== undefined)).toEqual([]);
    });
  }
});

describe("the run's own markers are kept apart from the server's headers", () => {
  it('an SSE stream: whether it closed after its answer is observed, not a response header', { timeout: 120_000 }, async () => {
    for (const [breaks, closed] of [
      [[], true],
      [['HTTP-SSE-03'], false],
    ] as const) {
      const run = await runHttp(['--sse', ...fixtureArgs({ breaks: [...breaks] })], ['http-sse-framing']);
      const result = check(run, 'http-sse-framing');
      expect(result.status).toBe(closed ? 'pass' : 'warn'); // a SHOULD
      const streams = allEvidence(run).filter((exchange) => exchange.observed?.streamClosedAfterAnswer !== undefined);
      expect(streams.length).toBeGreaterThan(0);
      expect(streams.every((exchange) => exchange.observed?.streamClosedAfterAnswer === closed)).toBe(true);
      const headerNames = allEvidence(run).flatMap((exchange) => Object.keys(exchange.response?.headers ?? {}));
      expect(headerNames.filter((name) => name.startsWith('x-mcp-evals'))).toEqual([]);
    }
  });
});

describe('a 2025-11-25 SSE priming event (an event ID and empty data)', () => {
  it('is expected on a 2025-11-25 server: recorded as priming, never as garbage', { timeout: 120_000 }, async () => {
    const run = await runHttp(['--sse', '--era=2025-11-25']);
    expect(run.section.era).toBe('2025-11-25');
    const exchanges = allEvidence(run);
    expect(exchanges.filter((exchange) => (exchange.response?.priming ?? []).length > 0).length).toBeGreaterThan(0);
    expect(exchanges.flatMap((exchange) => exchange.response?.garbage ?? [])).toEqual([]);
  });

  it("is expected on a dual-era server's legacy path (no false http-content-type failure)", { timeout: 120_000 }, async () => {
    const run = await runHttp(['--sse', '--dual-era']);
    expect(run.section.eraModel).toBe('dual-era');
    const result = check(run, 'http-content-type');
    expect(result.status, result.message).toBe('pass');
  });

  it('on a 2026-07-28 stream it is still a finding, named as what it is (HTTP-SSE-05)', { timeout: 120_000 }, async () => {
    const run = await runHttp(['--sse', '--break=HTTP-SSE-05'], ['http-content-type']);
    const result = check(run, 'http-content-type');
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(/empty data \(a 2025-11-25 priming event\) on a 2026-07-28 stream/);
    expect(result.subResults?.find((sub) => sub.status === 'fail')?.evidence?.[0].response?.priming?.length).toBe(1);
  });
});
