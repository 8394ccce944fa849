/**
 * The action runs under @github/local-action (`npx local-action run <action dir> <entry> <.env>`),
 * the way a maintainer debugs it on a workstation. local-action swaps @actions/* for its own stubs
 * (quibble) and imports the entry's exported run() through tsx, so it runs the TypeScript logic
 * entry, src/action/main.ts: it cannot run dist/index.js (a bundle inlines the toolkit, which no
 * stub can replace, and it runs on import instead of exporting run()). Cache and artifacts go to
 * local folders through MCP_EVALS_LOCAL_CACHE / MCP_EVALS_LOCAL_ARTIFACTS.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/report/types.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';
import { REPO_ROOT } from './harness.js';

function localAction(envFile: string, cwd: string): Promise<{ code: number | null; output: string }> {
  const bin = join(REPO_ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');
  const child = spawn(process.execPath, [bin, 'run', REPO_ROOT, 'src/action/main.ts', envFile], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('under @github/local-action', () => {
  it('runs layer 0 on the example server from a .env file, with outputs and a local artifact', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-local-action-'));
    const envFile = join(dir, '.env');
    await writeFile(
      envFile,
      [
        'GITHUB_EVENT_NAME=push',
        'GITHUB_REPOSITORY=octo/mcp-server',
        `GITHUB_WORKSPACE=${dir}`,
        `RUNNER_TEMP=${join(dir, 'tmp')}`,
        `INPUT_SERVER-COMMAND=node ${EXAMPLE_SERVER}`,
        `INPUT_REPORT-DIR=${join(dir, 'report')}`,
        `MCP_EVALS_LOCAL_ARTIFACTS=${join(dir, 'artifacts')}`,
        `MCP_EVALS_LOCAL_CACHE=${join(dir, 'cache')}`,
        '',
      ].join('\n'),
    );
    const { code, output } = await localAction(envFile, dir);
    expect(code, output).toBe(0);
    expect(output).toContain('Running Action');
    expect(output).toContain('mcp-evals 0.1.0: layer 0 (push: conformance only');
    expect(output).toMatch(/set-output name=passed::true/);
    const report = JSON.parse(await readFile(join(dir, 'report', 'report.json'), 'utf8')) as Report;
    expect(report.conformance?.summary.fail).toBe(0);
    expect(existsSync(join(dir, 'artifacts', 'local', 'mcp-evals-report-conformance', 'report.json'))).toBe(true);
  }, 120_000);
});
