import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.js';
import { expressions, loadWorkflow, needsOf, references, ROOT, strings, triggers, usesOf, workflowFiles, type Job, type Step, type Workflow } from './helpers.js';

const run = promisify(execFile);

const REUSABLE = '.github/workflows/mcp-evals.yml';
const CI = '.github/workflows/ci.yml';
const CHECK_DIST = '.github/workflows/check-dist.yml';
const TEMPLATE = 'golden-template/.github/workflows/mcp-evals.yml';
const RELEASE = '.github/workflows/release.yml';

/** The placeholder owner/name of the published action (README and the workflow's header say how to replace it). */
const ACTION_REPO = 'mcp-evals/mcp-evals';
const FORK_GUARD = 'github.event.pull_request.head.repo.full_name == github.repository';
const REQUIRED_PERMISSIONS = { contents: 'read', 'pull-requests': 'write', actions: 'read' };

const reusable = loadWorkflow(REUSABLE);
const callInputs = (reusable.on as { workflow_call: { inputs: Record<string, { type: string; default?: unknown; required?: boolean }>; secrets: Record<string, { required?: boolean }> } }).workflow_call;

function step(job: Job, predicate: (step: Step) => boolean, what: string): Step {
  const found = (job.steps ?? []).find(predicate);
  if (!found) throw new Error(`no step ${what}`);
  return found;
}

const isAction = (s: Step) => s.uses === `${ACTION_REPO}@${reusable.env?.MCP_EVALS_REF}`;

describe.each(workflowFiles())('%s', (file) => {
  const workflow = loadWorkflow(file);

  it('has a name, triggers and jobs; every job runs steps or calls a workflow; every step uses or runs', () => {
    expect(workflow.name).toEqual(expect.any(String));
    expect(triggers(workflow).length).toBeGreaterThan(0);
    expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
    for (const [id, job] of Object.entries(workflow.jobs)) {
      expect(Boolean(job['runs-on']) !== Boolean(job.uses), `jobs.${id}: runs-on xor uses`).toBe(true);
      if (job['runs-on']) expect(job.steps?.length, `jobs.${id}.steps`).toBeGreaterThan(0);
      for (const s of job.steps ?? []) expect(Boolean(s.uses) !== Boolean(s.run), `jobs.${id}: ${JSON.stringify(s)}`).toBe(true);
      for (const need of needsOf(job)) expect(Object.keys(workflow.jobs), `jobs.${id}.needs`).toContain(need);
    }
  });

  it('is not triggered by pull_request_target', () => {
    expect(triggers(workflow)).not.toContain('pull_request_target');
  });

  it('pins every action and reusable workflow to a version tag or a full commit SHA', () => {
    for (const { where, uses } of usesOf(workflow)) {
      if (uses.startsWith('./')) continue;
      const match = /^([\w.-]+\/[\w.-]+)(\/[\w./-]+)?@(.+)$/.exec(uses);
      expect(match, `${where}: ${uses}`).not.toBeNull();
      expect(match![3], `${where}: ${uses} (a branch moves; use vN or a 40-character SHA)`).toMatch(/^(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
    }
  });

  it('writes every expression as ${{ … }} with its braces closed', () => {
    for (const { path, text } of strings(workflow)) {
      expect(text.split('${{').length, `${path}: ${text}`).toBe(text.split('}}').length);
    }
  });

  it('puts no expression inside a run: script (values reach scripts through env, never as code)', () => {
    for (const [id, job] of Object.entries(workflow.jobs)) {
      for (const s of job.steps ?? []) if (s.run) expect(s.run, `jobs.${id}: ${s.name ?? s.run}`).not.toContain('${{');
    }
  });

  it('refers only to jobs it needs, steps before it, and a matrix it has', () => {
    for (const [id, job] of Object.entries(workflow.jobs)) {
      const { steps, ...rest } = job;
      for (const need of references(job, 'needs')) expect(needsOf(job), `jobs.${id} uses needs.${need}`).toContain(need);
      if (references(job, 'matrix').length > 0) expect(job.strategy?.matrix, `jobs.${id} uses matrix.*`).toBeDefined();
      const ids = new Set<string>();
      for (const s of steps ?? []) {
        for (const ref of references(s, 'steps')) expect([...ids], `jobs.${id}: ${s.name ?? s.uses} uses steps.${ref}`).toContain(ref);
        if (s.id) ids.add(s.id);
      }
      for (const ref of references(rest.outputs ?? {}, 'steps')) expect([...ids], `jobs.${id}.outputs uses steps.${ref}`).toContain(ref);
    }
  });

  it('grants no write permission but pull-requests (the release: contents and id-token), never write-all, and names permissions for every job', () => {
    const grants = [workflow.permissions, ...Object.values(workflow.jobs).map((job) => job.permissions)].filter((p) => p !== undefined);
    const writable = file === RELEASE ? ['contents', 'id-token'] : ['pull-requests'];
    for (const grant of grants) {
      expect(grant).not.toBe('write-all');
      if (typeof grant === 'object') for (const [scope, level] of Object.entries(grant)) if (level === 'write') expect(writable).toContain(scope);
    }
    for (const [id, job] of Object.entries(workflow.jobs)) {
      expect(workflow.permissions !== undefined || job.permissions !== undefined, `jobs.${id} has no permissions and the workflow none`).toBe(true);
    }
  });
});

describe('the reusable workflow (.github/workflows/mcp-evals.yml)', () => {
  const { jobs } = reusable;

  it('is called, never triggered, with the inputs and optional secrets a caller passes', () => {
    expect(triggers(reusable)).toEqual(['workflow_call']);
    expect(Object.keys(callInputs.inputs).sort()).toEqual(['baseline', 'config', 'max-drop', 'models', 'node-version', 'runs', 'setup-command', 'shards', 'surface-fail-on', 'working-directory']);
    expect(callInputs.inputs).toMatchObject({
      config: { type: 'string', default: 'mcp-evals.yml' },
      models: { type: 'string', default: '[]' },
      shards: { type: 'number', default: 1 },
      runs: { type: 'number', default: 0 },
      baseline: { type: 'string', default: '.mcp-evals/baseline.json' },
      'max-drop': { type: 'number', default: 0.02 },
      'node-version': { type: 'string' },
      'working-directory': { type: 'string', default: '.' },
      'setup-command': { type: 'string', default: '' },
      'surface-fail-on': { type: 'string', default: 'never' },
    });
    for (const input of Object.values(callInputs.inputs)) expect(input.required ?? false).toBe(false);
    expect(callInputs.secrets).toEqual({ 'openai-api-key': expect.objectContaining({ required: false }), 'anthropic-api-key': expect.objectContaining({ required: false }) });
  });

  it('declares every input and secret it uses (and uses every one it declares)', () => {
    const usedInputs = references(reusable, 'inputs');
    const usedSecrets = references(reusable, 'secrets');
    expect(usedInputs.filter((name) => !(name in callInputs.inputs))).toEqual([]);
    expect(usedSecrets.filter((name) => !(name in callInputs.secrets))).toEqual([]);
    expect(Object.keys(callInputs.inputs).filter((name) => !usedInputs.includes(name))).toEqual([]);
    expect(Object.keys(callInputs.secrets).filter((name) => !usedSecrets.includes(name))).toEqual([]);
  });

  it('has plan, conformance, behaviour and merge jobs, wired in that order', () => {
    expect(Object.keys(jobs)).toEqual(['plan', 'conformance', 'behaviour', 'merge']);
    expect(needsOf(jobs.conformance)).toEqual(['plan']);
    expect(needsOf(jobs.behaviour)).toEqual(['plan']);
    expect(needsOf(jobs.merge)).toEqual(expect.arrayContaining(['plan', 'conformance', 'behaviour']));
  });

  it('never runs the behaviour layers on a fork: the job is guarded, and plan routes only run-evals PRs, schedules and dispatches', () => {
    expect(jobs.behaviour.if).toContain(FORK_GUARD);
    expect(jobs.behaviour.if).toContain("github.event_name != 'pull_request' ||");
    expect(jobs.behaviour.if).toContain("needs.plan.outputs.llm == 'true'");
    const route = String(step(jobs.plan, (s) => s.id === 'plan', 'plan').env?.LLM_EVENT);
    expect(route).toContain("github.event_name == 'schedule'");
    expect(route).toContain("github.event_name == 'workflow_dispatch'");
    expect(route).toContain("github.event_name == 'pull_request' && contains(github.event.pull_request.labels.*.name, 'run-evals')");
    expect(route).not.toContain('pull_request_target');
    expect(jobs.merge.if).toContain("needs.behaviour.result != 'skipped'");
    expect(jobs.merge.if).toContain('!cancelled()');
  });

  it('gives the model keys only to the behaviour job\'s action step, which has a read-only token', () => {
    for (const [id, job] of Object.entries(jobs)) {
      const withSecrets = (job.steps ?? []).filter((s) => references(s, 'secrets').length > 0);
      const { steps: _steps, ...rest } = job;
      expect(references(rest, 'secrets'), `jobs.${id} outside its steps`).toEqual([]);
      if (id !== 'behaviour') expect(withSecrets, `jobs.${id}`).toEqual([]);
    }
    const keyed = (jobs.behaviour.steps ?? []).filter((s) => references(s, 'secrets').length > 0);
    expect(keyed).toHaveLength(1);
    expect(isAction(keyed[0])).toBe(true);
    expect(keyed[0].env).toEqual({ OPENAI_API_KEY: '${{ secrets.openai-api-key }}', ANTHROPIC_API_KEY: '${{ secrets.anthropic-api-key }}' });
    expect(references(keyed[0].with ?? {}, 'secrets')).toEqual([]);
  });

  it('grants each job only what it needs', () => {
    expect(reusable.permissions).toEqual({});
    expect(jobs.plan.permissions).toEqual({});
    expect(jobs.conformance.permissions).toEqual(REQUIRED_PERMISSIONS);
    expect(jobs.behaviour.permissions).toEqual({ contents: 'read', actions: 'read' });
    expect(jobs.merge.permissions).toEqual(REQUIRED_PERMISSIONS);
  });

  it('runs conformance (layer 0) on every event, commenting only when no behaviour job will', () => {
    expect(jobs.conformance.if).toBe('${{ !cancelled() }}');
    const action = step(jobs.conformance, isAction, 'running the action');
    expect(action.with).toMatchObject({ layers: '0', comment: "${{ needs.plan.outputs.llm != 'true' }}", config: '${{ inputs.config }}', baseline: '${{ inputs.baseline }}' });
    const upload = step(jobs.conformance, (s) => s.uses?.startsWith('actions/upload-artifact@') ?? false, 'uploading the report');
    expect(upload.with).toMatchObject({ name: 'mcp-evals-conformance', path: action.with?.['report-dir'] });
    expect(upload.if).toBe('${{ !cancelled() }}');
  });

  it('runs behaviour as a models × shards matrix from plan, each cell on layer 1 with its shard, uploading its report', () => {
    expect(jobs.behaviour.strategy).toEqual({ 'fail-fast': false, matrix: '${{ fromJSON(needs.plan.outputs.matrix) }}' });
    const action = step(jobs.behaviour, isAction, 'running the action');
    expect(action.with).toMatchObject({
      layers: '1',
      models: '${{ matrix.model }}',
      shard: "${{ format('{0}/{1}', matrix.shard, matrix.shards) }}",
      comment: 'false',
      annotations: 'false',
    });
    const upload = step(jobs.behaviour, (s) => s.uses?.startsWith('actions/upload-artifact@') ?? false, 'uploading the report');
    expect(upload.with?.name).toBe('mcp-evals-part-${{ matrix.slug }}-shard-${{ matrix.shard }}-of-${{ matrix.shards }}');
    expect(upload.with?.path).toBe(action.with?.['report-dir']);
    expect(upload.if).toBe('${{ !cancelled() }}');
  });

  it('merges every cell with the CLI, then gates, annotates and comments with the action', () => {
    const steps = jobs.merge.steps ?? [];
    const toolkit = step(jobs.merge, (s) => s.with?.path === '.mcp-evals-toolkit', 'checking out the CLI');
    expect(toolkit.with).toMatchObject({ repository: '${{ env.MCP_EVALS_REPOSITORY }}', ref: '${{ env.MCP_EVALS_REF }}' });
    const download = step(jobs.merge, (s) => s.uses?.startsWith('actions/download-artifact@') === true && s.with?.pattern !== undefined, 'downloading the cells');
    const pattern = new RegExp(`^${String(download.with?.pattern).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    expect('mcp-evals-part-1-gpt-4.1-mini-shard-2-of-3').toMatch(pattern);
    expect('mcp-evals-conformance').not.toMatch(pattern);
    const merge = step(jobs.merge, (s) => s.run?.includes('bin/mcp-evals.js merge') ?? false, 'running mcp-evals merge');
    const action = step(jobs.merge, isAction, 'running the action');
    expect(steps.indexOf(merge)).toBeLessThan(steps.indexOf(action));
    expect(action.with).toMatchObject({ layers: 'none', 'report-dir': 'mcp-evals-report', comment: 'true', annotations: 'true', baseline: '${{ inputs.baseline }}', 'max-drop': '${{ inputs.max-drop }}' });
    expect(merge.run).toContain('--out mcp-evals-report');
  });

  it('keeps the action ref, the CLI checkout and the placeholder owner in step', () => {
    expect(reusable.env).toEqual({ MCP_EVALS_REPOSITORY: ACTION_REPO, MCP_EVALS_REF: 'v1' });
    const ours = usesOf(reusable).filter(({ uses }) => uses.startsWith(`${ACTION_REPO}@`) || uses.startsWith(`${ACTION_REPO}/`));
    expect(ours.length).toBe(3);
    for (const { uses } of ours) expect(uses).toBe(`${ACTION_REPO}@v1`);
  });

  it('never passes a job output or a step output it does not produce', () => {
    expect(Object.keys(jobs.plan.outputs ?? {}).sort()).toEqual(['count', 'llm', 'matrix']);
    for (const name of references(reusable, 'needs')) expect(Object.keys(jobs)).toContain(name);
    const all = expressions(reusable).map((e) => e.text).join('\n');
    for (const match of all.matchAll(/needs\.plan\.outputs\.([\w-]+)/g)) expect(Object.keys(jobs.plan.outputs ?? {})).toContain(match[1]);
  });
});

describe('the plan step (run with node, as `shell: node {0}` does)', () => {
  const planStep = step(reusable.jobs.plan, (s) => s.id === 'plan', 'plan');
  const script = String(planStep.run);

  it('is a node script', () => {
    expect(planStep.shell).toBe('node {0}');
  });

  async function plan(env: Record<string, string>) {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-plan-'));
    const file = join(dir, 'script');
    const output = join(dir, 'output');
    await writeFile(file, script);
    await writeFile(output, '');
    const base = { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: output, MODELS: '[]', SHARDS: '1', LLM_EVENT: 'true', FORK: 'false' };
    try {
      const { stdout } = await run(process.execPath, [file], { env: { ...base, ...env } });
      const outputs = Object.fromEntries((await readFile(output, 'utf8')).trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
      return { code: 0, stdout, outputs, matrix: JSON.parse(outputs.matrix) as { include: Array<Record<string, string | number>> } };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout, outputs: {}, matrix: { include: [] } };
    }
  }

  it('builds one cell per model × shard, with artifact-safe distinct slugs and every key the behaviour job reads', async () => {
    const result = await plan({ MODELS: '["gpt-4.1-mini", "openai/gpt:4o", "openai-gpt-4o"]', SHARDS: '2' });
    expect(result.code).toBe(0);
    expect(result.outputs.llm).toBe('true');
    expect(result.outputs.count).toBe('6');
    const cells = result.matrix.include;
    expect(cells.map((c) => `${c.model} ${c.shard}/${c.shards}`)).toEqual([
      'gpt-4.1-mini 1/2',
      'gpt-4.1-mini 2/2',
      'openai/gpt:4o 1/2',
      'openai/gpt:4o 2/2',
      'openai-gpt-4o 1/2',
      'openai-gpt-4o 2/2',
    ]);
    const names = cells.map((c) => `mcp-evals-part-${c.slug}-shard-${c.shard}-of-${c.shards}`);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).not.toMatch(/["':<>|*?\\/\r\n]/);
    const keys = references(reusable.jobs.behaviour, 'matrix');
    for (const cell of cells) for (const key of keys) expect(cell, `matrix.${key}`).toHaveProperty(key);
  });

  it('runs every configured model in one column when models is []', async () => {
    const result = await plan({ MODELS: '[]', SHARDS: '3' });
    expect(result.matrix.include.map((c) => [c.model, c.slug, c.shard])).toEqual([
      ['all', 'all-models', 1],
      ['all', 'all-models', 2],
      ['all', 'all-models', 3],
    ]);
  });

  it('routes a fork pull request away from the LLM layers, with a notice', async () => {
    const result = await plan({ FORK: 'true' });
    expect(result.outputs.llm).toBe('false');
    expect(result.stdout).toMatch(/::notice title=mcp-evals::This pull request comes from a fork/);
    expect((await plan({ LLM_EVENT: 'false' })).outputs.llm).toBe('false');
  });

  it.each([
    ['not JSON', { MODELS: 'gpt-4.1-mini' }, /models must be a JSON array of model ids/],
    ['not an array of ids', { MODELS: '["ok", 3]' }, /non-empty model ids/],
    ['a repeated id', { MODELS: '["a", "a"]' }, /more than once/],
    ['zero shards', { SHARDS: '0' }, /shards must be a whole number of at least 1/],
    ['over 256 jobs', { MODELS: '["a", "b", "c"]', SHARDS: '100' }, /300 jobs; a matrix holds at most 256/],
  ])('fails with an error annotation on %s', async (_what, env, message) => {
    const result = await plan(env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^::error title=mcp-evals workflow inputs::/m);
    expect(result.stdout).toMatch(message);
  });
});

describe('the merge step (run with bash -eo pipefail, as GitHub does)', () => {
  const script = String(step(reusable.jobs.merge, (s) => s.run?.includes('bin/mcp-evals.js merge') ?? false, 'merge').run);

  /** A workspace with downloaded reports and a stand-in CLI that records its arguments and exits with `exit`. */
  async function workspace(cells: string[], conformance: boolean, exit: number) {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-merge-'));
    for (const cell of cells) await mkdir(join(dir, '.mcp-evals-reports', cell), { recursive: true });
    if (conformance) await mkdir(join(dir, '.mcp-evals-reports', 'mcp-evals-conformance'), { recursive: true });
    await mkdir(join(dir, '.mcp-evals-toolkit', 'bin'), { recursive: true });
    await writeFile(join(dir, '.mcp-evals-toolkit', 'bin', 'mcp-evals.js'), `require('node:fs').writeFileSync('args.json', JSON.stringify(process.argv.slice(2))); process.exit(${exit});\n`);
    await writeFile(join(dir, 'script.sh'), script);
    return dir;
  }

  async function merge(dir: string, expected: number) {
    try {
      const { stdout } = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', 'script.sh'], { cwd: dir, env: { PATH: process.env.PATH ?? '', EXPECTED: String(expected) } });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  const cells = ['mcp-evals-part-1-a-shard-1-of-2', 'mcp-evals-part-1-a-shard-2-of-2'];

  it('merges every cell, then the conformance report, into mcp-evals-report', async () => {
    const dir = await workspace(cells, true, 0);
    expect((await merge(dir, 2)).code).toBe(0);
    expect(JSON.parse(await readFile(join(dir, 'args.json'), 'utf8'))).toEqual([
      'merge',
      '.mcp-evals-reports/mcp-evals-part-1-a-shard-1-of-2/',
      '.mcp-evals-reports/mcp-evals-part-1-a-shard-2-of-2/',
      '.mcp-evals-reports/mcp-evals-conformance',
      '--out',
      'mcp-evals-report',
    ]);
  });

  it('goes on to the gate when a case is below its floor (exit 1), and stops on a merge error (2) or a bug (3)', async () => {
    expect((await merge(await workspace(cells, false, 1), 2)).code).toBe(0);
    expect((await merge(await workspace(cells, false, 2), 2)).code).toBe(2);
    expect((await merge(await workspace(cells, false, 3), 2)).code).toBe(3);
  });

  it('refuses to gate when a cell left no report (its cases would silently go missing)', async () => {
    const dir = await workspace(cells.slice(0, 1), true, 0);
    const result = await merge(dir, 2);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::error title=mcp-evals merge::expected 2 behaviour reports, found 1/);
    expect(existsSync(join(dir, 'args.json'))).toBe(false);
  });
});

describe("this repository's CI", () => {
  it('runs npm ci and npm test on Node 22 (the floor) and 24, and the slow lane on 24', () => {
    const ci = loadWorkflow(CI);
    expect(triggers(ci)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    const test = ci.jobs.test;
    const matrix = test.strategy?.matrix as { node: Array<number | string> };
    expect(matrix.node.map(String)).toEqual(['22', '24']);
    expect(step(test, (s) => s.uses?.startsWith('actions/setup-node@') ?? false, 'setup-node').with?.['node-version']).toBe('${{ matrix.node }}');
    const script = (test.steps ?? []).map((s) => s.run ?? '').join('\n');
    expect(script).toMatch(/npm ci/);
    expect(script).toMatch(/npm test/);
    expect(script).toMatch(/npm run test:slow/);
  });

  it('self-tests the action from this checkout (./ over stdio and HTTP, ./layer0) against the example server', () => {
    const selfTest = loadWorkflow(CI).jobs['self-test'];
    const uses = (selfTest.steps ?? []).map((s) => s.uses);
    expect(uses.filter((u) => u === './')).toHaveLength(2);
    expect(uses).toContain('./layer0');
    for (const s of selfTest.steps ?? []) {
      if (s.uses === './') expect(s.with?.layers).toBe('0');
      if (s.uses?.startsWith('./')) expect(JSON.stringify(s.with)).toMatch(/golden-template\/(server\/server\.mjs|mcp-evals\.yml)/);
    }
    expect(step(selfTest, (s) => s.run?.includes('npm ci') ?? false, 'npm ci')).toBeDefined();
  });

  it('fails check-dist when npm run package changes dist/', () => {
    const checkDist = loadWorkflow(CHECK_DIST);
    const script = Object.values(checkDist.jobs).flatMap((job) => job.steps ?? []).map((s) => s.run ?? '').join('\n');
    expect(script).toMatch(/npm run package/);
    expect(script).toMatch(/git diff --exit-code[^\n]*-- dist\//);
    expect(script.indexOf('npm run package')).toBeLessThan(script.indexOf('git diff --exit-code'));
  });
});

describe('the golden template workflow (what `mcp-evals init` writes)', () => {
  const template = loadWorkflow(TEMPLATE);
  const job = Object.values(template.jobs)[0];

  it('calls the reusable workflow at the same placeholder and ref', () => {
    expect(Object.keys(template.jobs)).toHaveLength(1);
    expect(job.uses).toBe(`${ACTION_REPO}/${REUSABLE}@${reusable.env?.MCP_EVALS_REF}`);
  });

  it('runs on push, on pull requests (opened, synchronize, labeled), nightly at 03:17 and by hand', () => {
    const on = template.on as Record<string, { types?: string[] } | Array<{ cron: string }> | null>;
    expect(Object.keys(on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect((on.pull_request as { types: string[] }).types).toEqual(expect.arrayContaining(['opened', 'synchronize', 'labeled']));
    expect(on.schedule).toEqual([{ cron: '17 3 * * *' }]);
  });

  it('grants the three permissions the reusable workflow needs', () => {
    expect(job.permissions).toEqual(REQUIRED_PERMISSIONS);
  });

  it('passes only inputs and secrets the reusable workflow declares, with the right types', () => {
    for (const [name, value] of Object.entries(job.with ?? {})) {
      expect(callInputs.inputs, `with.${name}`).toHaveProperty(name);
      expect(typeof value, `with.${name}`).toBe(callInputs.inputs[name].type === 'number' ? 'number' : 'string');
    }
    expect(job.secrets).toEqual({ 'openai-api-key': '${{ secrets.OPENAI_API_KEY }}', 'anthropic-api-key': '${{ secrets.ANTHROPIC_API_KEY }}' });
  });

  it("names models that the template's mcp-evals.yml configures", () => {
    const config = parse(readFileSync(join(ROOT, 'golden-template/mcp-evals.yml'), 'utf8')) as { models: Array<{ id?: string; model: string }> };
    const ids = config.models.map((model) => model.id ?? model.model);
    const models = JSON.parse(String(job.with?.models)) as string[];
    expect(models.length).toBeGreaterThan(0);
    for (const id of models) expect(ids).toContain(id);
    expect(existsSync(join(ROOT, 'golden-template', String(job.with?.config)))).toBe(true);
  });

  it('is copied by mcp-evals init', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-init-workflow-'));
    expect((await runCli(['init', dir])).code).toBe(0);
    expect(await readFile(join(dir, '.github/workflows/mcp-evals.yml'), 'utf8')).toBe(readFileSync(join(ROOT, TEMPLATE), 'utf8'));
  });
});

/** The action's own inputs and outputs: checked against the workflows once action.yml exists. */
describe.skipIf(!existsSync(join(ROOT, 'action.yml')))('the workflows against action.yml', () => {
  function actionInputs(file: string): { inputs: string[]; outputs: string[] } {
    const action = parse(readFileSync(join(ROOT, file), 'utf8')) as { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
    return { inputs: Object.keys(action.inputs ?? {}), outputs: Object.keys(action.outputs ?? {}) };
  }

  it('passes only inputs the action declares, and reads only outputs it sets', () => {
    const main = actionInputs('action.yml');
    const layer0 = existsSync(join(ROOT, 'layer0/action.yml')) ? actionInputs('layer0/action.yml') : undefined;
    const workflows: Array<[string, Workflow]> = workflowFiles().map((file) => [file, loadWorkflow(file)]);
    for (const [file, workflow] of workflows) {
      for (const job of Object.values(workflow.jobs)) {
        const ids = new Map<string, { inputs: string[]; outputs: string[] }>();
        for (const s of job.steps ?? []) {
          const target = s.uses === './' || s.uses?.startsWith(`${ACTION_REPO}@`) ? main : s.uses === './layer0' || s.uses?.startsWith(`${ACTION_REPO}/layer0@`) ? layer0 : undefined;
          if (!target) continue;
          for (const name of Object.keys(s.with ?? {})) expect(target.inputs, `${file}: ${s.name ?? s.uses} with.${name}`).toContain(name);
          if (s.id) ids.set(s.id, target);
        }
        const text = expressions(job).map((e) => e.text).join('\n');
        for (const match of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
          const target = ids.get(match[1]);
          if (target) expect(target.outputs, `${file}: steps.${match[1]}.outputs.${match[2]}`).toContain(match[2]);
        }
      }
    }
  });
});
