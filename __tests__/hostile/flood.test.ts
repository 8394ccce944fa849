import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DROP_NOUNS } from '../../src/core/mcp/bounds.js';
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
  it.each([
    ['stdio', 20_000],
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
