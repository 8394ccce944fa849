import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from '../../src/core/agent/call-tool.js';
import { McpClient } from '../../src/core/mcp/client.js';
import { ExchangeLog } from '../../src/core/mcp/exchange-log.js';
import { nestsDeeperThan } from '../../src/core/mcp/json-depth.js';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';
import { capForReport, REPORT_CAPS } from '../../src/core/report/caps.js';
import { packageRoot } from '../../src/core/paths.js';
import { runCliProcess } from '../helpers/cli-process.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';

/** Issue 11 item 3: every shape a server can send is a finding with a message, never a crash or a stack. */

let client: McpClient | undefined;
afterEach(async () => {
  await client?.connection.close();
  client = undefined;
});

/** Every string in a parsed report, walked without recursion. */
function strings(value: unknown): string[] {
  const out: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') out.push(node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        out.push(key);
        stack.push(item);
      }
    }
  }
  return out;
}

async function conformance(breakName: string, only: string) {
  const out = mkdtempSync(join(tmpdir(), `mcp-evals-${breakName}-`));
  const command = `node ${JSON.stringify(REFERENCE_SERVER)} --break=${breakName}`;
  const result = await runCliProcess(['conformance', '--command', command, '--call-tools', 'all', '--only', only, '--out', out], { timeoutMs: 150_000 });
  expect(result.timedOut, result.stderr.slice(-2000)).toBe(false);
  expect([0, 1], result.stderr.slice(-2000)).toContain(result.code);
  const text = readFileSync(join(out, 'report.json'), 'utf8');
  return { result, text, report: JSON.parse(text) as { conformance: { checks: Array<{ id: string; status: string; message: string }> } } };
}

describe('hostile shapes', () => {
  it('content: [null] in a tool result is rendered, not dereferenced (run)', async () => {
    client = new McpClient(new StdioConnection({ command: `node ${JSON.stringify(REFERENCE_SERVER)} --break=null-content` }), { era: '2026-07-28', timeoutMs: 5000, log: new ExchangeLog() });
    const outcome = await callTool(client, 'echo', { text: 'hi' }, {});
    expect(outcome.text).toBe('[null content block]');
    expect(outcome.isError).toBe(false);
  });

  it('100,000-deep JSON is a finding with a message: no stack overflow, no stack, no absolute path', async () => {
    const { text, report } = await conformance('deep-json', 'tool-definitions,tool-call-result-shape,tool-invalid-arguments-rejected');
    for (const check of report.conformance.checks) {
      expect(check.message).not.toMatch(/internal error|Maximum call stack|\n\s+at /);
    }
    const definitions = report.conformance.checks.find((check) => check.id === 'tool-definitions');
    expect(definitions?.status).not.toBe('pass');
    expect(definitions?.message).toMatch(/nested deeper than 512 levels/);
    expect(text).not.toContain(packageRoot());
    expect(text).not.toContain(process.cwd());
  }, 160_000);

  it('a 15 MB tool name on every tools/list page is a finding, in a report whose strings are capped', async () => {
    const { text, report } = await conformance('huge-name', 'tool-definitions,tool-names');
    const names = report.conformance.checks.find((check) => check.id === 'tool-names');
    expect(names?.status).toBe('warn');
    expect(names?.message).toMatch(/^huge_n+… \(15,728,\d{3} bytes\)$/);
    // Per-tool ids show a long name by its head: an id built on the whole name (name#2 on every page) is another 15 MB string.
    const definitions = report.conformance.checks.find((check) => check.id === 'tool-definitions');
    const hugeIds = (definitions?.subResults ?? []).map((sub) => sub.id).filter((id) => id.startsWith('huge_'));
    expect(hugeIds.length).toBeGreaterThan(0);
    for (const id of hugeIds) expect(id).toMatch(/^huge_n{195}… \(15,728,\d{3} characters\)(#\d+)?$/);
    const longest = Math.max(...strings(JSON.parse(text)).map((value) => value.length));
    expect(longest).toBeLessThanOrEqual(REPORT_CAPS.stringChars + 40);
    expect(text).toMatch(/… \(15,728,6\d\d bytes\)/);
    expect(text.length).toBeLessThan(4 * 1024 * 1024);
  }, 160_000);

  it('a tool whose name is 15 MB is reported, never called (each call copied the name into the request, the log and a header)', async () => {
    const { text } = await conformance('huge-name', 'tool-call-result-shape');
    const checks = (JSON.parse(text) as { conformance: { checks: Array<{ id: string; status: string; evidence: Array<{ request: { method: string; body?: string } }> }> } }).conformance.checks;
    const shape = checks.find((check) => check.id === 'tool-call-result-shape')!;
    expect(shape.status).toBe('pass');
    const calls = shape.evidence.filter((exchange) => exchange.request.method === 'tools/call');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.request.body).not.toContain('huge_n');
  }, 160_000);

  it('capForReport caps strings and depth without recursion, and scrubs machine paths', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const capped = capForReport({ name: 'n'.repeat(20_000), deep, where: `${packageRoot()}/src/x.ts:1:2`, keep: '/rootless' });
    expect(capped.name).toBe(`${'n'.repeat(REPORT_CAPS.stringChars - '… (20,000 bytes)'.length)}… (20,000 bytes)`);
    expect(capForReport(capped).name).toBe(capped.name);
    expect(JSON.stringify(capped)).toContain(`nested deeper than ${REPORT_CAPS.depth} levels`);
    expect(capped.where).toBe('<mcp-evals>/src/x.ts:1:2');
    expect(capped.keep).toBe('/rootless');
    expect(nestsDeeperThan(deep)).toBe(true);
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false);
  });
});
