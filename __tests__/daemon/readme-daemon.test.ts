import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { runCli } from '../helpers/cli.js';
import { emitRuns, type AgentRunSpec } from './otel-agent.js';
import { startServe } from './serve-child.js';

/**
 * The README's daemon walk-through runs as written (only `<...>` values filled in and the port
 * made free): `mcp-evals serve` in the background, an OpenTelemetry SDK sending runs, each curl
 * line, and `mcp-evals compare --daemon` exiting 1 on the regression the runs carry.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HAS_CURL = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

/** The lines of the ```shell block under "The loop as a daemon": continuations joined, comments dropped. */
function walkthrough(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The loop as a daemon'));
  const block = /```shell\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.replace(/\\\n\s*/g, ' ').split('\n').map(dropComment).filter((line) => line !== '');
}

function dropComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) quote = char === quote ? undefined : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i).trim();
  }
  return line.trim();
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The words bash makes of a line, run in `cwd`. */
function words(line: string, cwd: string): string[] {
  return execFileSync('bash', ['-c', 'eval "set -- $1"; printf "%s\\0" "$@"', 'bash', line], { cwd }).toString().split('\0').slice(0, -1);
}

const good = (n: number): AgentRunSpec[] => Array.from({ length: n }, () => ({ agent: 'weather-bot', model: 'gpt-x', prompt: 'Weather in Paris?', answer: 'Sunny', tools: [{ name: 'get_weather', args: { city: 'Paris' }, result: 'sunny' }] }));

describe('README: the loop as a daemon', () => {
  it.skipIf(!HAS_CURL)('runs as written', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcpd-readme-'));
    cleanup.push(() => rmSync(cwd, { recursive: true, force: true }));
    const port = String(await freePort());
    const lines = walkthrough().map((line) => line.replaceAll('4317', port));
    expect(lines[0]).toMatch(/^mcp-evals serve .*&$/);
    const { url } = await startServe(words(lines[0].replace(/&$/, ''), cwd).slice(2), { cwd, onChild: (child) => cleanup.push(() => child.kill('SIGKILL')) });
    expect(url).toBe(`http://127.0.0.1:${port}`);

    // The release before: v3, scored the same way.
    const project = 'shop';
    const v3 = await emitRuns(url, 'json', project, good(25));
    const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/v1/api/experiments', { id: 'v3', project })).status).toBe(200);
    expect((await post('/v1/api/score', { trace_ids: v3, scorers: ['answered', 'no_errors'], experiment: 'v3' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const releaseTime = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // This release: 12 of 25 runs fail without an answer.
    const v4 = await emitRuns(url, 'protobuf', project, good(25).map((run, i) => (i < 12 ? { ...run, answer: undefined, fail: true } : run)));

    const values: Record<string, string> = { '<trace-id>': v4[0], '<version>': 'v4', '<previous-version>': 'v3', '<project>': project, '<sha>': 'def456', '<release-time>': releaseTime };
    for (const raw of lines.slice(1)) {
      const line = raw.replace(/<[a-z-]+>/g, (name) => values[name] ?? name);
      expect(line, 'every <...> in the README has a value here').not.toMatch(/<[a-z-]+>/);
      if (line.startsWith('curl ')) {
        const output = execFileSync('bash', ['-c', line], { cwd }).toString();
        expect(output, line).not.toMatch(/"error":\{/);
        continue;
      }
      expect(line).toMatch(/^mcp-evals compare --daemon /);
      const result = await runCli(words(line, cwd).slice(1));
      expect(result.stdout).toMatch(/REGRESSED: answered/);
      expect(result.code).toBe(1);
    }
    const golden = await loadGoldenSet(join(cwd, 'regressions.tasks.yaml'));
    expect(golden.cases.map((c) => c.source_trace_id)).toEqual([v4[0]]);
  });
});
