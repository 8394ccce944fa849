/**
 * Runs the bundled action (dist/index.js or dist/layer0/index.js) as the runner would: a node
 * process in the workspace, inputs as INPUT_* variables (with action.yml's defaults filled in, as
 * the runner does), the event payload in a file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and
 * GITHUB_API_URL pointing at a fake API. Nothing of the test process's own environment leaks in
 * (no ACTIONS_* service variables, no proxy), except PATH and HOME.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The node that runs the bundle: this one, or MCP_EVALS_ACTION_NODE (e.g. a Node 24 binary from the `node@24` package, the action's runtime). */
export const ACTION_NODE = process.env.MCP_EVALS_ACTION_NODE || process.execPath;
export const REPOSITORY = 'octo/mcp-server';
export const TOKEN = 'ghs_fakeTokenForTests0123456789abcdef';
export const WORKFLOW_REF = `${REPOSITORY}/.github/workflows/evals.yml@refs/heads/main`;

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** Workflow-command lines (`::error …::…`, `::notice::…`) in stdout order. */
  commands: string[];
}

/** The action's TypeScript entry, run through tsx: tests of behaviour newer than the committed bundle use it. */
export const SOURCE_ENTRY = 'src/action/index.ts';

export interface RunOptions {
  /** dist/index.js (default), dist/layer0/index.js or SOURCE_ENTRY, relative to the repository; or an absolute path. */
  entry?: string;
  /** Where action.yml is (GITHUB_ACTION_PATH); default the repository. */
  actionPath?: string;
  /** The workspace (the checkout); the process runs there. */
  workspace: string;
  inputs?: Record<string, string>;
  event: { name: string; payload: Record<string, unknown> };
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Node options before the entry, e.g. ['--import', 'tsx'] to run src/action/index.ts without a rebuilt bundle. */
  nodeArgs?: string[];
}

/** action.yml's input defaults, as the runner passes them (`${{ github.token }}` becomes the test token). */
async function inputDefaults(entry: string): Promise<Record<string, string>> {
  const file = entry.includes('layer0') ? join(REPO_ROOT, 'layer0', 'action.yml') : join(REPO_ROOT, 'action.yml');
  const action = parse(await readFile(file, 'utf8')) as { inputs: Record<string, { default?: string }> };
  const defaults: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) {
    if (input.default === undefined) continue;
    defaults[name] = input.default === '${{ github.token }}' ? TOKEN : String(input.default);
  }
  return defaults;
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const entry = options.entry ?? 'dist/index.js';
  const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-action-run-'));
  const eventPath = join(dir, 'event.json');
  const outputPath = join(dir, 'output.txt');
  const summaryPath = join(dir, 'summary.md');
  await writeFile(eventPath, JSON.stringify(options.event.payload));
  await writeFile(outputPath, '');
  await writeFile(summaryPath, '');
  const inputs = { ...(await inputDefaults(entry)), ...options.inputs };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_WORKFLOW_REF: WORKFLOW_REF,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_NUMBER: '42',
    GITHUB_SHA: 'abcdef0123456789abcdef0123456789abcdef01',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_WORKSPACE: options.workspace,
    RUNNER_TEMP: join(dir, 'runner-temp'),
    GITHUB_ACTION_PATH: options.actionPath ?? (entry.includes('layer0') ? join(REPO_ROOT, 'layer0') : REPO_ROOT),
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }

  const script = isAbsolute(entry) ? entry : join(REPO_ROOT, entry);
  // tsx by URL: the process runs in the workspace, where `--import tsx` would not resolve.
  const args = script.endsWith('.ts') ? ['--import', pathToFileURL(join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href, script] : [script];
  const child = spawn(ACTION_NODE, [...(options.nodeArgs ?? []), ...args], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the action did not finish within ${options.timeoutMs ?? 90_000} ms\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 90_000);
    child.on('error', reject);
    child.on('close', (exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputs(await readFile(outputPath, 'utf8')),
    summary: await readFile(summaryPath, 'utf8'),
    commands: stdout.split('\n').filter((line) => line.startsWith('::')),
  };
}

/** GITHUB_OUTPUT's `name<<delimiter` blocks. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i]);
    if (!match) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== match[2]; i++) value.push(lines[i]);
    outputs[match[1]] = value.join('\n');
  }
  return outputs;
}

/** Decodes a workflow command's escaped message (%25, %0D, %0A). */
export function commandMessage(line: string): string {
  const message = line.slice(line.indexOf('::', 2) + 2);
  return message.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

// ---------------------------------------------------------------------------------------------
// Event payloads

export function pushEvent(): RunOptions['event'] {
  return { name: 'push', payload: { ref: 'refs/heads/main', after: 'abcdef0', repository: { full_name: REPOSITORY, default_branch: 'main' } } };
}

export function scheduleEvent(): RunOptions['event'] {
  return { name: 'schedule', payload: { schedule: '0 3 * * *', repository: { full_name: REPOSITORY, default_branch: 'main' } } };
}

/** A pull request; `label` adds run-evals (a `labeled` event when `action` is labeled). */
export function pullRequestEvent(options: { number?: number; labels?: string[]; action?: string; fork?: boolean; headSha?: string; name?: string } = {}): RunOptions['event'] {
  const labels = (options.labels ?? []).map((name) => ({ name }));
  const action = options.action ?? 'synchronize';
  return {
    name: options.name ?? 'pull_request',
    payload: {
      action,
      number: options.number ?? 7,
      ...(action === 'labeled' && labels.length > 0 ? { label: labels[labels.length - 1] } : {}),
      pull_request: {
        number: options.number ?? 7,
        labels,
        head: { ref: 'feature', sha: options.headSha ?? '1234567', repo: { full_name: options.fork ? 'someone/mcp-server' : REPOSITORY, fork: options.fork ?? false } },
        base: { ref: 'main', repo: { full_name: REPOSITORY } },
      },
      repository: { full_name: REPOSITORY, default_branch: 'main' },
    },
  };
}
