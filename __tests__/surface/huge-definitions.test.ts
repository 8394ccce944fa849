import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../helpers/cli-process.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';

/**
 * Issue 24 / 26: `mcp-evals surface` against a server whose tools/list pages each carry a distinct
 * 15 MB tool name peaked at 1,001 MB RSS (every phase of the analysis copied, split, tokenized and
 * hashed the names whole). The analysis now reads a bounded copy of each definition (bound.ts:
 * 64 KiB a string, 1 MiB a definition) and hashes pins in pieces; it must stay under the 300 MB
 * every hostile fixture is held to, measured on the CLI process from the compiled lib/.
 */
const PEAK_RSS_LIMIT = 300 * 1024 * 1024;
const HUGE_NAMES = fileURLToPath(new URL('../fixtures/servers/huge-names.mjs', import.meta.url));

describe('huge definitions', () => {
  it('surface on distinct 15 MB tool names stays under 300 MB peak RSS and says what it read of them', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mcp-evals-surface-huge-'));
    const server = ['node', HUGE_NAMES, '--', 'node', REFERENCE_SERVER].map((part) => JSON.stringify(part)).join(' ');
    const result = await runCliProcess(['surface', '--command', server, '--out', out], { timeoutMs: 150_000, fromLib: true });
    expect(result.timedOut, result.stderr.slice(-2000)).toBe(false);
    expect(result.code, `${result.stdout.slice(-1000)}\n${result.stderr.slice(-1000)}`).toBe(0);
    expect(result.peakRssBytes).toBeDefined();
    expect(result.peakRssBytes!, `${Math.round(result.peakRssBytes! / 1048576)} MB`).toBeLessThan(PEAK_RSS_LIMIT);
    const text = readFileSync(join(out, 'report.json'), 'utf8');
    expect(text.length).toBeLessThan(4 * 1024 * 1024);
    const findings = (JSON.parse(text) as { surface: { findings: Array<{ id: string; name: string; message: string }> } }).surface.findings;
    const oversized = findings.filter((item) => item.id === 'definition-oversized');
    expect(oversized.length).toBeGreaterThanOrEqual(2);
    for (const item of oversized) expect(item.message).toMatch(/a string of 15,728,6\d\d characters at \/name: the analysis read the first 65,536 characters of each string and 1,048,576 of the definition/);
    expect(new Set(oversized.map((item) => item.name.slice(0, 7))).size).toBe(oversized.length);
  }, 160_000);
});
