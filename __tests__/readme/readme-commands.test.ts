/**
 * The README stays true: every command in its ```sh blocks runs here as written (only `<...>`
 * placeholders are filled in), in a project laid out as the README assumes, and the sample
 * conformance output is what the code prints for the example server.
 */
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { noTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { EXAMPLE_SERVER, byPrompt } from '../helpers/evals.js';

const README_URL = new URL('../../README.md', import.meta.url);
const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string; bin: Record<string, string>; scripts: Record<string, string> };

/** One command of a README line, and how it is joined to the one before (`&&` skips it after a failure). */
export interface ReadmeCommand {
  line: string;
  text: string;
  after: '&&' | ';' | null;
}

/** Every command in the README's ```sh blocks: continuation lines joined, comments dropped, split at `&&` and `;`. */
export function readmeCommands(readme: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  for (const [, block] of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
      const code = stripComment(line).trim();
      if (code === '') continue;
      let after: ReadmeCommand['after'] = null;
      for (const { text, op } of splitOperators(code)) {
        commands.push({ line: code, text, after });
        after = op;
      }
    }
  }
  return commands;
}

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) quote = char === quote ? undefined : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  return line;
}

function splitOperators(code: string): Array<{ text: string; op: '&&' | ';' | null }> {
  const parts: Array<{ text: string; op: '&&' | ';' | null }> = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < code.length; i += 1) {
    const char = code[i];
    if (quote) quote = char === quote ? undefined : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === ';' || (char === '&' && code[i + 1] === '&')) {
      parts.push({ text: code.slice(start, i).trim(), op: char === ';' ? ';' : '&&' });
      i += char === ';' ? 0 : 1;
      start = i + 1;
    }
  }
  parts.push({ text: code.slice(start).trim(), op: null });
  return parts.filter((part) => part.text !== '');
}

/** The words bash makes of a command (quotes, globs, `$(...)`), run in `cwd`. */
function expand(text: string, cwd: string): string[] {
  const out = execFileSync('bash', ['-c', 'eval "set -- $1"; printf "%s\\0" "$@"', 'bash', text], { cwd, env: { ...process.env, LC_ALL: 'C' } }).toString();
  return out.split('\0').slice(0, -1);
}

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The model never calls the tool, so every case fails, so every shard exits 1 and the sharded example must still reach merge. */
const TASKS = ['Berlin', 'Paris', 'Rome', 'Oslo']
  .map((city) => `- id: weather-${city.toLowerCase()}\n  prompt: "What's the weather in ${city} right now?"\n  expect_tool: get_weather\n`)
  .join('');

let model: ScriptedModel | undefined;
afterAll(async () => {
  await model?.close();
});

describe('README commands', () => {
  it('every command is one this test knows how to run, and the npm ones name real scripts and this package', async () => {
    const commands = readmeCommands(await readFile(README_URL, 'utf8'));
    expect(commands.length).toBeGreaterThan(20);
    for (const { text } of commands) {
      const words = text.split(/\s+/);
      if (words[0] === 'npm') {
        if (words[1] === 'run') expect(PACKAGE.scripts, text).toHaveProperty([words[2]]);
        else if (words[1] === 'test') expect(PACKAGE.scripts).toHaveProperty(['test']);
        // Until the first release the package is installed from the tarball `npm pack` makes.
        else if (words[1] === 'i' || words[1] === 'install') expect(words.at(-1), text).toMatch(new RegExp(`(^|/)${PACKAGE.name}-${PACKAGE.version.replace(/\./g, '\\.')}\\.tgz$`));
        else expect(['ci', 'pack'], text).toContain(words[1]);
      } else if (words[0] === 'npx') {
        // `npx mcp-evals` alone would fetch an unrelated package: the README must name this one.
        expect(words.slice(1, 4), text).toEqual(['-p', PACKAGE.name, Object.keys(PACKAGE.bin)[0]]);
      } else {
        expect(['mcp-evals', 'git', 'gh'], text).toContain(words[0]);
      }
    }
  });

  it(
    'every mcp-evals (and git) command runs as written in a project laid out as the README assumes',
    async () => {
      for (const port of [3000]) if (!(await portIsFree(port))) throw new Error(`port ${port} is busy: the README's examples use it`);
      model = await startScriptedModel(byPrompt({ weather: noTool('It is sunny.') }));
      process.env.SCRIPTED_KEY = 'sk-scripted-readme-0123456789abcdef';
      const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-readme-'));
      // "your server": the bundled example server, on port 3000 with --http as the examples assume.
      await mkdir(join(dir, 'build'));
      await writeFile(
        join(dir, 'build', 'server.js'),
        `if (process.argv.includes('--http') && !process.argv.includes('--port')) process.argv.push('--port', '3000');\nawait import(${JSON.stringify(pathToFileURL(EXAMPLE_SERVER).href)});\n`,
      );
      await writeFile(join(dir, 'package.json'), '{"type": "module"}\n');
      await writeFile(
        join(dir, 'mcp-evals.yml'),
        // HTTP, because a conformance pass of the example server over stdio takes several times as long.
        `server:\n  url: http://127.0.0.1:3000/mcp\n  start: node build/server.js --http\n  ready_url: http://127.0.0.1:3000/healthz\nmodels:\n  - provider: openai\n    model: scripted\n    id: gpt-4.1-mini\n    endpoint: ${model.openaiEndpoint}\n    api_key_env: SCRIPTED_KEY\nruns: 2\nmax_steps: 3\ncache: {enabled: false}\n`,
      );
      await writeFile(join(dir, 'tasks.yaml'), TASKS);
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-qm', 'project');

      const ran: string[] = [];
      const codes = new Map<string, number>();
      let background: ReturnType<typeof spawn> | undefined;
      let previous = 0;
      for (const command of readmeCommands(await readFile(README_URL, 'utf8'))) {
        if (command.after === '&&' && previous !== 0) continue;
        let text = command.text;
        if (text.includes('<trace-id>')) {
          const traces = (await readFile(join(dir, 'mcp-evals-report', 'traces.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { caseId: string; trace: { traceId: string } });
          text = text.replace('<trace-id>', traces[0].trace.traceId.slice(0, 8));
        }
        const words = text.split(/\s+/);
        if (words[0] === 'npm') continue; // npm ci / run demo / test: the suite itself; checked above
        if (words[0] === 'gh') {
          // Stand-in for downloading the nightly report: the local run already wrote it there.
          await stat(join(dir, 'mcp-evals-report', 'report.json'));
          continue;
        }
        if (/--url http:\/\/127\.0\.0\.1:3000\/mcp$/.test(text)) {
          // The first --url example tests a server that is already running.
          background = spawn('node', ['build/server.js', '--http'], { cwd: dir, stdio: 'ignore' });
          await waitForHealth('http://127.0.0.1:3000/healthz');
        }
        if (words[1] === 'compare') {
          for (const name of ['baseline-report', 'candidate-report']) await cp(join(dir, 'mcp-evals-report'), join(dir, name), { recursive: true });
        }
        const argv = expand(text, dir);
        const t0 = Date.now();
        let code: number;
        let output = '';
        if (argv[0] === 'git') {
          git(...argv.slice(1));
          code = 0;
        } else {
          const cli = argv[0] === 'npx' ? argv.slice(4) : argv.slice(1);
          const cwd = process.cwd();
          process.chdir(dir);
          try {
            const result = await runCli(cli);
            ({ code } = result);
            output = `${result.stdout}\n${result.stderr}`;
          } finally {
            process.chdir(cwd);
          }
        }
        if (background) {
          background.kill();
          await new Promise((resolve) => background!.once('exit', resolve));
          background = undefined;
        }
        // 0 or 1 are verdicts; 2 (usage) or 3 (could not evaluate) mean the README's command is wrong.
        expect([0, 1], `${text}\n${output.slice(-2000)}`).toContain(code);
        ran.push(`${argv[0] === 'npx' ? argv[3] : argv[0]} ${argv[argv[0] === 'npx' ? 4 : 1] ?? ''}`.trim());
        previous = code;
        codes.set(text, code);
        if (process.env.README_TIMING) console.log(`${Date.now() - t0} ms  ${text}`);
      }
      expect(ran).toEqual(expect.arrayContaining(['mcp-evals conformance', 'mcp-evals run', 'mcp-evals merge', 'mcp-evals capture', 'mcp-evals score', 'mcp-evals compare', 'mcp-evals history', 'mcp-evals baseline', 'mcp-evals doctor', 'mcp-evals scorers', 'git add']));
      // The sharded example reaches merge, which writes the whole report, although the shard failed.
      expect(codes.get('mcp-evals run --shard 2/4 --out shard-2')).toBe(1);
      await stat(join(dir, 'report', 'report.json'));
      await stat(join(dir, '.mcp-evals', 'baseline.json'));
    },
    300_000,
  );
});

describe('README sample output', () => {
  it('the conformance sample is what the example server gets over HTTP (but for the time)', async () => {
    const readme = await readFile(README_URL, 'utf8');
    const sample = readme.match(/```\n(✓ acme-ops-assistant[\s\S]*?)```/)?.[1];
    expect(sample).toBeDefined();
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const out = await mkdtemp(join(tmpdir(), 'mcp-evals-readme-sample-'));
    const url = `http://127.0.0.1:${port}/mcp`;
    const result = await runCli(['conformance', '--url', url, '--start', `node ${JSON.stringify(EXAMPLE_SERVER)} --http --port ${port}`, '--ready-url', `http://127.0.0.1:${port}/healthz`, '--out', out]);
    const printed = result.stdout.split('\nreport: ')[0].trim();
    // The time varies by machine and the exchange numbers (`tools/call#50`) by check order; all else must match.
    const untimed = (text: string) => text.trim().replace(/ in [\d.]+m?s$/m, ' in TIME').replace(/#\d+/g, '#N');
    const skipped = (JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { conformance: { checks: Array<{ id: string; status: string; message: string }> } }).conformance.checks
      .filter((check) => check.status === 'skip')
      .map((check) => `${check.id}: ${check.message}`);
    expect(untimed(sample as string), `the README's sample should be what the code prints now:\n${printed}\nskipped:\n${skipped.join('\n')}`).toBe(untimed(printed));
  }, 120_000);
});
