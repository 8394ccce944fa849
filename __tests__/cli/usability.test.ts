/**
 * What a new user meets first (issue 27 item 7): a misspelt command or option gets the nearest
 * name, Node older than 22 gets one line instead of a crash, `doctor --help` lists the steps the
 * run walks, and every command that starts a server takes the same --startup-timeout.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCTOR_STEPS } from '../../src/core/doctor/index.js';
import { closestName } from '../../src/cli/suggest.js';
import { ServerWait } from '../../src/cli/progress.js';
import type { Output } from '../../src/cli/output.js';
import { runCli } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../bin/mcp-evals.js', import.meta.url));

describe('did you mean', () => {
  it('a misspelt command names the nearest one (exit 2)', async () => {
    const result = await runCli(['conformace', '--command', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown command "conformace"\. Did you mean "conformance"\?/);
  });

  it('a misspelt option names the nearest option of that command', async () => {
    const result = await runCli(['conformance', '--comand', 'node server.mjs']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--comand'.*Did you mean "--command"\?/s);
  });

  it('says nothing when no name is near', async () => {
    const result = await runCli(['frobnicate']);
    expect(result.stderr).toMatch(/unknown command "frobnicate"\./);
    expect(result.stderr).not.toMatch(/Did you mean/);
    expect(closestName('zz', ['run', 'merge'])).toBeUndefined();
    expect(closestName('serv', ['serve', 'score'])).toBe('serve');
    expect(closestName('doctro', ['docs', 'doctor'])).toBe('doctor');
  });
});

describe('Node.js version', () => {
  it('bin/mcp-evals.js on an older Node says in one line that Node 22+ is needed, and still runs', () => {
    // The check reads process.versions.node before anything loads: fake an old one.
    const result = spawnSync(process.execPath, ['--import', 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})', BIN, '--version'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stderr.trim()).toBe('mcp-evals: needs Node.js 22 or later; this is Node.js 20.20.2 (past its end of life, untested): upgrade if anything fails.');
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('doctor --help', () => {
  it('lists every step the run walks, in order', async () => {
    const result = await runCli(['doctor', '--help']);
    const listed = /Steps: (.*)\./.exec(result.stdout)?.[1] ?? '';
    expect(listed.split('; ')).toEqual(DOCTOR_STEPS.map((step, index) => `${index + 1} ${step.title}`));
    expect(DOCTOR_STEPS.length).toBe(9);
  });
});

describe('--startup-timeout on every command that starts a server', () => {
  for (const command of ['conformance', 'surface', 'run', 'doctor']) {
    it(`${command} documents and accepts it`, async () => {
      const help = await runCli([command, '--help']);
      expect(help.stdout).toMatch(/--startup-timeout MS/);
      const bad = await runCli([command, '--startup-timeout', 'soon', ...(command === 'conformance' || command === 'surface' ? ['--command', 'true'] : ['--config', 'nowhere.yml'])]);
      expect(bad.stderr).not.toMatch(/Unknown option/);
    });
  }

  it('run honours it: a silent server is "could not evaluate" (exit 3) within the budget given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-startup-run-'));
    // Layer 0 alone never calls the model; the config still names one, as every config must.
    const model = '  - provider: openai\n    model: m\n    endpoint: http://127.0.0.1:9/v1\n    api_key_env: MCP_EVALS_TEST_NO_KEY\n';
    await writeFile(join(dir, 'mcp-evals.yml'), `server:\n  command: "sleep 60"\nmodels:\n${model}`);
    const result = await runCli(['run', '--config', join(dir, 'mcp-evals.yml'), '--layers', '0', '--startup-timeout', '1500', '--out', join(dir, 'out')]);
    expect(result.code).toBe(3);
    expect(`${result.stdout}\n${result.stderr}`).toMatch(/within the start-up budget of 1500 ms/);
  });
});

describe('waiting for a server', () => {
  it('on a CI log, says every 10 s that it is still waiting and what the budget is; on a terminal, ticks', async () => {
    const lines: string[] = [];
    const ticks: string[] = [];
    const out = (isTTY: boolean): Output => ({ stdout: () => undefined, stderr: (text) => lines.push(text), progress: (text) => ticks.push(text), isTTY, color: false });
    const log = new ServerWait(out(false), 30_000, 1);
    log.start();
    await new Promise((resolve) => setTimeout(resolve, 2300));
    log.stop();
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(/^mcp-evals: waiting for the server to answer: \d+ s of its 30 s start-up budget \(--startup-timeout\)$/);
    const tty = new ServerWait(out(true), 5000);
    tty.start();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    tty.stop();
    expect(ticks.some((tick) => /waiting for the server to answer: \d+ s of its 5 s/.test(tick))).toBe(true);
    expect(ticks.at(-1)).toBe('');
  });
});

describe('clientInfo', () => {
  it('announces our own version, not 0.0.0', async () => {
    const { clientInfo } = await import('../../src/core/version.js');
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(clientInfo()).toEqual({ name: 'mcp-evals', version: pkg.version });
    const { McpClient } = await import('../../src/core/mcp/client.js');
    const client = new McpClient({ kind: 'stdio' } as never, { era: '2025-11-25', timeoutMs: 1000 });
    expect((client as unknown as { clientInfo: unknown }).clientInfo).toEqual(clientInfo());
  });
});
