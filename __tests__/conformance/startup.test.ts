import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance, type ConformanceRun } from '../../src/core/conformance/runner.js';
import { startupErrorLine } from '../../src/core/mcp/startup-error.js';
import { reportViolations } from '../../src/core/report/schema.js';
import { runCli } from '../helpers/cli.js';
import { runCliProcess } from '../helpers/cli-process.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';

/*
 * Start-up is not part of any observation window: a correct server that needs seconds to start
 * passes every check (issue 9 item 1), and a server that never starts is "could not evaluate"
 * (exit 3), not a MUST failure (item 7). The 10 s start and the runs under CPU load are in the
 * slow lane (__tests__/slow/).
 */

const reference = (...args: string[]) => ['node', REFERENCE_SERVER, ...args].map((part) => JSON.stringify(part)).join(' ');

function failures(run: ConformanceRun): string[] {
  return run.section.checks.filter((check) => check.status === 'fail').map((check) => `${check.id}: ${check.message}`);
}

function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
}

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'mcp-evals-startup-'));
}

describe('a correct server that is slow to start', () => {
  for (const delayMs of [500, 3000]) {
    it(`passes every check over stdio when it starts after ${delayMs} ms`, { timeout: 180_000 }, async () => {
      const run = await runConformance({ kind: 'stdio', command: reference(`--start-delay-ms=${delayMs}`) }, { callTools: 'all', timeoutMs: 3000 });
      expect(run.section.notEvaluated).toBeUndefined();
      expect(failures(run)).toEqual([]);
      expect(run.section.checks.find((check) => check.id === 'subscriptions-listen')?.status).toBe('pass');
    });

    it(`passes every check over HTTP when it starts after ${delayMs} ms`, { timeout: 180_000 }, async () => {
      const port = freePort();
      const run = await runConformance(
        { kind: 'http', url: `http://127.0.0.1:${port}/mcp`, start: { command: reference('--http', '--port', String(port), `--start-delay-ms=${delayMs}`), readyUrl: `http://127.0.0.1:${port}/healthz` } },
        { callTools: 'all', timeoutMs: 3000 },
      );
      expect(run.section.notEvaluated).toBeUndefined();
      expect(failures(run)).toEqual([]);
    });
  }

  it('gets its own start-up budget: a process still silent after it is "could not evaluate" (never a FAIL), naming the budget and the flag', async () => {
    const run = await runConformance({ kind: 'stdio', command: reference('--start-delay-ms=60000') }, { startupTimeoutMs: 4000, timeoutMs: 500 });
    expect(run.section.checks).toEqual([]);
    expect(run.section.notEvaluated?.reason).toMatch(/^the server did not start: no answer to anything within the start-up budget of 4000 ms; give it longer with --startup-timeout MS/);
    // The budget is spent once (before: once per era, then each era's request deadline, then the exit grace: ~15 s).
    expect(run.section.durationMs).toBeLessThan(8000);
  });

  it('a silent server started by a downloading launcher (npx, uvx…) is told what its environment holds and about --env NAME', async () => {
    const out = await tempDir();
    const command = `sh -c 'sleep 60; npx -y @acme/mcp-server'`;
    const result = await runCli(['conformance', '--command', command, '--startup-timeout', '1500', '--out', out]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/could not be evaluated: the server did not start: no answer to anything within the start-up budget of 1500 ms; give it longer with --startup-timeout MS .*minimal environment \(PATH, HOME, locale, the proxy and CA variables\).*--env NAME/);
    expect(result.stdout).not.toMatch(/server-responds|MUST/);
  });
});

describe('a server that cannot start is "could not evaluate", not a failure', () => {
  it('stdio, a missing file: exit 3, the error line chosen for its message, report.json says so', async () => {
    const out = await tempDir();
    const result = await runCli(['conformance', '--command', 'node build/no-such-server.js', '--out', out]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/could not be evaluated: the server did not start: Error: Cannot find module '[^']*build\/no-such-server\.js'/);
    expect(result.stdout).not.toMatch(/server-responds|MUST|at Module\./);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(reportViolations(report)).toEqual([]);
    expect(report.conformance.checks).toEqual([]);
    expect(report.conformance.notEvaluated.reason).toMatch(/^the server did not start: Error: Cannot find module/);
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toMatch(/could not be evaluated[\s\S]*this is not a pass/);
  });

  it('as a process, the CLI exits at once with 3: nothing it started (tokenizer, pools, timers) keeps it alive', async () => {
    const out = await tempDir();
    const result = await runCliProcess(['conformance', '--command', 'node build/no-such-server.js', '--out', out], { timeoutMs: 45_000 });
    expect(result.timedOut, result.stderr).toBe(false);
    expect(result.code).toBe(3);
  });

  it('stdio, a command that does not exist', async () => {
    const run = await runConformance({ kind: 'stdio', command: 'definitely-not-a-command-mcp-evals' }, { timeoutMs: 1000 });
    expect(run.section.checks).toEqual([]);
    expect(run.section.notEvaluated?.reason).toMatch(/^the server did not start: .*not found.*exit code 127/);
  });

  it('--url with nothing listening: exit 3', async () => {
    const out = await tempDir();
    const result = await runCli(['conformance', '--url', 'http://127.0.0.1:9/mcp', '--out', out]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/the server did not start: nothing answers at http:\/\/127\.0\.0\.1:9\/mcp \(.*ECONNREFUSED/);
    expect(reportViolations(JSON.parse(await readFile(join(out, 'report.json'), 'utf8')))).toEqual([]);
  });

  it('a --start command that exits: exit 3 with its error line', async () => {
    const out = await tempDir();
    const start = `node -e "console.error('loading config'); throw new Error('MISSING_API_KEY is not set')"`;
    const result = await runCli(['conformance', '--url', `http://127.0.0.1:${freePort()}/mcp`, '--start', start, '--out', out]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/the server did not start: Error: MISSING_API_KEY is not set \(the start command exited \(exit code 1\)/);
  });
});

describe('startupErrorLine', () => {
  it('picks the error line and the missing module, not the stack or the Node trailer', () => {
    const stderr = [
      'node:internal/modules/cjs/loader:1228',
      '  throw err;',
      '  ^',
      '',
      "Error: Cannot find module '/work/app/build/server.js'",
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
      '    at node:internal/main/run_main_module:28:49 {',
      "  code: 'MODULE_NOT_FOUND',",
      '  requireStack: []',
      '}',
      '',
      'Node.js v20.19.0',
    ].join('\n');
    expect(startupErrorLine(stderr)).toBe("Error: Cannot find module '/work/app/build/server.js'");
  });

  it('adds the missing file when another line names it (Python)', () => {
    const stderr = ['Traceback (most recent call last):', '  File "/app/main.py", line 1, in <module>', '    import fastmcp', "ModuleNotFoundError: No module named 'fastmcp'"].join('\n');
    expect(startupErrorLine(stderr)).toBe("ModuleNotFoundError: No module named 'fastmcp'");
    expect(startupErrorLine("python3: can't open file '/app/server.py': [Errno 2] No such file or directory")).toContain("can't open file '/app/server.py'");
  });
});
