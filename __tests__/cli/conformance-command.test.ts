import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';
import { runCli } from '../helpers/cli.js';

const server = (breaks?: string) => `node ${JSON.stringify(REFERENCE_SERVER)}${breaks ? ` --break=${breaks}` : ''}`;

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'mcp-evals-cli-'));
}

describe('mcp-evals conformance', () => {
  it('exits 0 on a conformant server and writes the four report files', async () => {
    const out = await tempDir();
    const result = await runCli(['conformance', '--command', server(), '--out', out, '--call-tools', 'all']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/MCP conformance \(2026-07-28, stdio\)/);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.schemaVersion).toBe(1);
    expect(report.header.protocolEra).toBe('2026-07-28');
    expect(report.header.server.name).toBe('mcp-evals-reference-server');
    for (const check of report.conformance.checks) {
      expect(check).toMatchObject({ id: expect.any(String), level: expect.stringMatching(/MUST|SHOULD|MAY/), status: expect.any(String), requirements: expect.any(Array) });
    }
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toMatch(/The seven assertions/);
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toMatch(/<testsuite/);
    expect(JSON.parse(await readFile(join(out, 'conformance.sarif'), 'utf8')).version).toBe('2.1.0');
  });

  it('exits 1 when a MUST check fails, and names it', async () => {
    const result = await runCli(['conformance', '--command', server('DISC-03'), '--out', await tempDir()]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ cache-hints \[MUST/);
  });

  it('exits 0 when the only failure is listed in --expected-failures, and 1 when an entry is stale', async () => {
    const dir = await tempDir();
    const baseline = join(dir, 'baseline.yml');
    await writeFile(baseline, '# known\nserver:\n  - cache-hints\n');
    const expected = await runCli(['conformance', '--command', server('DISC-03'), '--out', dir, '--expected-failures', baseline, '--only', 'cache-hints']);
    expect(expected.code).toBe(0);
    expect(expected.stdout).toMatch(/1 failure\(s\) expected/);
    const stale = await runCli(['conformance', '--command', server(), '--out', dir, '--expected-failures', baseline, '--only', 'cache-hints']);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/stale expected failure cache-hints \(.*baseline\.yml:3:5\) now passes/);
  });

  it("the README's example baseline: a listed check that only warns is still expected, and stale only once it passes", async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const example = readme.match(/```yaml\n(# conformance-baseline\.yml[\s\S]*?)```/)?.[1];
    expect(example).toMatch(/pagination-invalid-cursor/);
    const dir = await tempDir();
    const baseline = join(dir, 'conformance-baseline.yml');
    await writeFile(baseline, example as string);
    const only = ['--only', 'pagination-invalid-cursor,tool-call-result-shape', '--call-tools', 'all'];
    // PAGE-03 makes the SHOULD check warn: the entry is still expected ("Baseline check passed").
    const warned = await runCli(['conformance', '--command', server('PAGE-03'), '--out', dir, '--expected-failures', baseline, ...only]);
    expect(warned.stdout).toMatch(/pagination-invalid-cursor \[SHOULD/);
    expect(warned.stdout).not.toMatch(/stale expected failure/);
    expect(warned.code).toBe(0);
    // On a server where it passes outright, the whole-check entry is stale; the sub-result entry names no sub-result here.
    const passed = await runCli(['conformance', '--command', server(), '--out', dir, '--expected-failures', baseline, ...only]);
    expect(passed.stdout).toMatch(/stale expected failure pagination-invalid-cursor \(.*conformance-baseline\.yml:3:5\) now passes/);
    expect(passed.stdout).not.toMatch(/stale expected failure tool-call-result-shape/);
    expect(passed.code).toBe(1);
    // The headline agrees with the exit code: a stale entry fails the run, so no ✓.
    expect(passed.stdout).toMatch(/^✗ /);
    // The sub-result entry names a tool the example server's run checks at the default --call-tools.
    expect((await runCli(['conformance', '--command', `node ${JSON.stringify(EXAMPLE_SERVER)}`, '--out', dir, '--only', 'tool-call-result-shape'])).code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { conformance: { checks: Array<{ id: string; subResults?: Array<{ id: string }> }> } };
    const entry = /tool-call-result-shape:(\w+)/.exec(example as string)?.[1];
    expect(report.conformance.checks.find((check) => check.id === 'tool-call-result-shape')?.subResults?.map((sub) => sub.id)).toContain(entry);
  });

  it('accepts check-id:sub-id entries and fails on a failure they do not cover', async () => {
    const dir = await tempDir();
    const baseline = join(dir, 'baseline.yml');
    await writeFile(baseline, '- capabilities-declared:prompts\n');
    const covered = await runCli(['conformance', '--command', server('DISC-06'), '--out', dir, '--expected-failures', baseline, '--only', 'capabilities-declared']);
    expect(covered.code).toBe(0);
    await writeFile(baseline, '- capabilities-declared:resources\n');
    const uncovered = await runCli(['conformance', '--command', server('DISC-06'), '--out', dir, '--expected-failures', baseline, '--only', 'capabilities-declared']);
    expect(uncovered.code).toBe(1);
  });

  it('exits 2 with file:line:column on an unknown id in --expected-failures', async () => {
    const dir = await tempDir();
    const baseline = join(dir, 'baseline.yml');
    await writeFile(baseline, 'server:\n  - cache-hints\n  - no-such-check\n');
    const result = await runCli(['conformance', '--command', server(), '--out', dir, '--expected-failures', baseline]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/baseline\.yml:3:5: unknown check id "no-such-check"/);
  });

  it('exits 2 with a location on invalid YAML', async () => {
    const dir = await tempDir();
    const baseline = join(dir, 'baseline.yml');
    await writeFile(baseline, 'server:\n  - [unclosed\n');
    const result = await runCli(['conformance', '--command', server(), '--out', dir, '--expected-failures', baseline]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/baseline\.yml:\d+:\d+: invalid YAML/);
  });

  it.each([
    [['conformance'], /exactly one of --url/],
    [['conformance', '--url', 'x', '--command', 'y'], /exactly one of --url/],
    [['conformance', '--url', 'ftp://host/mcp'], /http:\/\/ or https:\/\//],
    [['conformance', '--command', 'node x', '--bogus'], /Unknown option '--bogus'/],
    [['conformance', '--command', 'node x', '--spec', '2024-11-05'], /--spec 2024-11-05 is not supported/],
    [['conformance', '--command', 'node x', '--timeout', '0'], /--timeout must be a positive whole number/],
    [['conformance', '--command', 'node x', '--only', 'nope'], /unknown check id "nope"/],
    [['nonsense'], /unknown command "nonsense"/],
  ])('exits 2 on usage error %j', async (argv, message) => {
    const result = await runCli(argv as string[]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('never writes a --header value (a token) to the report or stdout', async () => {
    const dir = await tempDir();
    const { startHttpServer } = await import('../helpers/http-server.js');
    const started = await startHttpServer(['node', REFERENCE_SERVER, '--http']);
    try {
      const secret = 'sk-test-5f1e2d3c4b5a69788796a5b4c3d2e1f0';
      const result = await runCli(['conformance', '--url', started.url, '--header', `Authorization: Bearer ${secret}`, '--out', dir, '--only', 'discover-answers,http-mcp-method-missing']);
      expect(result.code).toBe(0);
      for (const file of ['report.json', 'summary.md', 'junit.xml', 'conformance.sarif']) {
        expect(await readFile(join(dir, file), 'utf8')).not.toContain(secret);
      }
      expect(result.stdout).not.toContain(secret);
      expect(await readFile(join(dir, 'report.json'), 'utf8')).toContain('[redacted]');
    } finally {
      await started.stop();
    }
  });

  it('lists checks and prints its version', async () => {
    const checks = await runCli(['checks']);
    expect(checks.code).toBe(0);
    expect(checks.stdout).toMatch(/^discover-answers\s+MUST\s+DISC-01/m);
    const version = await runCli(['--version']);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
