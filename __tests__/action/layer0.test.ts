import { readFile, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/core/report/types.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';
import { commandMessage, pullRequestEvent, pushEvent, runAction } from './harness.js';

const LAYER0 = 'dist/layer0/index.js';

async function workspace(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'mcp-evals-layer0-'));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('the layer0 sub-action (dist/layer0/index.js)', () => {
  it('checks a stdio server: exit 0, the report in its report-dir, annotations on the workflow file, no model layer', async () => {
    const dir = await workspace();
    const result = await runAction({ entry: LAYER0, workspace: dir, event: pullRequestEvent({ labels: ['run-evals'] }), inputs: { 'server-command': `node ${JSON.stringify(EXAMPLE_SERVER)}` } });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.outputs.passed).toBe('true');
    expect(result.outputs['report-dir']).toBe(join(dir, 'mcp-evals-conformance'));
    const report = JSON.parse(await readFile(join(dir, 'mcp-evals-conformance', 'report.json'), 'utf8')) as Report;
    expect(report.conformance?.era).toBe('2026-07-28');
    expect(report.behaviour).toBeUndefined();
    // The label does not matter here: layer 0 only, whatever the event.
    expect(result.stdout).toContain('mcp-evals 0.1.0: layer 0 (the layers input)');
    // No config file: conformance findings are annotated on the workflow that ran the step.
    expect(result.commands.some((line) => line.startsWith('::warning title=conformance SHOULD') && line.includes(',file=.github/workflows/evals.yml,line=1::'))).toBe(true);
    expect(result.summary).toContain('MCP conformance');
  });

  it('a server that never starts is "could not evaluate" everywhere (exit 3), never "gate passed" with 0 of 0 checks', async () => {
    const dir = await workspace();
    const result = await runAction({ entry: LAYER0, workspace: dir, event: pushEvent(), inputs: { 'server-command': 'node -e "console.error(\'Error: Cannot find module ./build/index.js\'); process.exit(1)"' } });
    expect(result.code, result.stdout + result.stderr).toBe(3);
    expect(result.outputs.passed).toBe('false');
    const failed = result.commands.find((line) => line.startsWith('::error::mcp-evals:'));
    expect(failed).toMatch(/^::error::mcp-evals: could not evaluate: conformance: the server did not start/);
    expect(result.outputs.summary).toMatch(/could not evaluate: conformance: the server did not start/);
    expect(`${result.stdout}${result.summary}${result.outputs.summary}`).not.toMatch(/gate passed|mcp-evals passed/);
    expect(result.summary).toContain('could not evaluate');
  });

  it('checks a Streamable HTTP server it starts and waits for', async () => {
    const dir = await workspace();
    const port = await freePort();
    const result = await runAction({
      entry: LAYER0,
      workspace: dir,
      event: pushEvent(),
      inputs: {
        'server-url': `http://127.0.0.1:${port}/mcp`,
        'server-start': `node ${JSON.stringify(EXAMPLE_SERVER)} --http --port ${port}`,
        'ready-url': `http://127.0.0.1:${port}/healthz`,
      },
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'mcp-evals-conformance', 'report.json'), 'utf8')) as Report;
    expect(report.header.server.transport).toBe('http');
    expect(report.conformance?.summary.fail).toBe(0);
  });

  it('expected failures: a listed check that passes is stale and fails the step (exit 1), with the file:line:column', async () => {
    const dir = await workspace();
    await writeFile(join(dir, 'conformance-baseline.yml'), 'server:\n  - tools-list-order-stable\n');
    const result = await runAction({
      entry: LAYER0,
      workspace: dir,
      event: pushEvent(),
      inputs: { 'server-command': `node ${JSON.stringify(EXAMPLE_SERVER)}`, 'expected-failures': 'conformance-baseline.yml' },
    });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.outputs.passed).toBe('false');
    const failed = result.commands.find((line) => line.startsWith('::error::mcp-evals:'));
    expect(commandMessage(failed!)).toContain('stale expected failure tools-list-order-stable (conformance-baseline.yml:2:5) now passes');
  });

  it('an unknown check id in expected-failures is a configuration error (exit 2) at its line', async () => {
    const dir = await workspace();
    await writeFile(join(dir, 'expected.yml'), '- no-such-check\n');
    const result = await runAction({ entry: LAYER0, workspace: dir, event: pushEvent(), inputs: { 'server-command': 'node server.mjs', 'expected-failures': 'expected.yml' } });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('expected.yml:1:3: unknown check id "no-such-check"');
    expect(result.commands.some((line) => line.startsWith('::error title=mcp-evals%3A configuration error,file=expected.yml,line=1,col=3::'))).toBe(true);
  });

  it('without a server input: exit 2', async () => {
    const dir = await workspace();
    const result = await runAction({ entry: LAYER0, workspace: dir, event: pushEvent() });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('the layer0 action needs the input server-url');
  });
});
