import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baselineFromReport } from '../../src/core/gate/baseline.js';
import { STICKY_MARKER } from '../../src/core/report/pr-comment.js';
import type { Report } from '../../src/core/report/types.js';
import { noTool, rightTool, startScriptedModel, wrongTool, type Script, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { EXAMPLE_SERVER, byPrompt, modelsYaml, project } from '../helpers/evals.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { REPO_ROOT, REPOSITORY, TOKEN, commandMessage, pullRequestEvent, pushEvent, runAction, scheduleEvent, type ActionRun, type RunOptions } from './harness.js';

// Line numbers matter: annotations point at them.
const TASKS = `- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  kind: hard
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
  arg_match: {location: fuzzy}
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  kind: hard
  expect_tool: null
`;

const GOOD = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });
const BAD = byPrompt({ Berlin: wrongTool('get_weather', { customer: 'Berlin' }), Thanks: noTool("You're welcome!") });

/** The model key: it must never appear in a log line other than the runner's mask registration. */
const KEY = 'sk-scripted-secret-value-0123456789abcdef';

let fake: FakeGitHub;
let model: ScriptedModel | undefined;

beforeAll(async () => {
  fake = await startFakeGitHub();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.comments.clear();
  fake.runs.length = 0;
  fake.artifacts.clear();
  fake.commentStatus = undefined;
});
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function setUp(script: Script, tasks = TASKS): Promise<string> {
  model = await startScriptedModel(script);
  const { dir } = await project({
    config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\nruns: 5\nconcurrency: 4\n`,
    tasks,
  });
  return dir;
}

function run(workspace: string, event: RunOptions['event'], inputs: Record<string, string> = {}, env: Record<string, string | undefined> = {}): Promise<ActionRun> {
  return runAction({ workspace, event, inputs, env: { GITHUB_API_URL: fake.url, SCRIPTED_KEY: KEY, ...env } });
}

async function report(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'mcp-evals-report', 'report.json'), 'utf8')) as Report;
}

function notices(result: ActionRun): string[] {
  return result.commands.filter((line) => line.startsWith('::notice')).map(commandMessage);
}

const commentPosts = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'));
const commentPatches = () => fake.requests.filter((r) => r.method === 'PATCH');

describe('the bundled action (dist/index.js) as a step', () => {
  it('push: layer 0 only, no model call, outputs and job summary written, secrets masked', async () => {
    const dir = await setUp(GOOD);
    const result = await run(dir, pushEvent());
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(model!.calls()).toBe(0);
    expect(result.stdout).toContain('layer 0 (push: conformance only');

    expect(result.outputs.passed).toBe('true');
    expect(result.outputs.regressed).toBe('false');
    const rate = Number(result.outputs['pass-rate']);
    expect(rate).toBeGreaterThan(0.5);
    expect(rate).toBeLessThanOrEqual(1);
    expect(result.outputs['report-dir']).toBe(join(dir, 'mcp-evals-report'));
    expect(result.outputs.summary).toMatch(/^gate passed: conformance \d+\/\d+ pass; no baseline: floors only$/);

    const written = await report(dir);
    expect(written.conformance?.checks.length).toBeGreaterThan(10);
    expect(written.behaviour).toBeUndefined();
    expect(result.summary).toContain('mcp-evals passed');
    expect(result.summary).toContain('The seven assertions');
    // Nothing to comment on, no baseline to fetch: the API is not called.
    expect(fake.requests).toHaveLength(0);
    // The cache only matters for layer 1; the artifact service is missing here: a notice, not a failure.
    expect(notices(result).some((n) => n.includes('not uploaded as an artifact'))).toBe(true);
    // The model key and the token are registered as secrets, and never printed otherwise.
    expect(result.commands).toContain(`::add-mask::${KEY}`);
    expect(result.commands).toContain(`::add-mask::${TOKEN}`);
    const output = (result.stdout + result.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(output.join('\n')).not.toContain(KEY);
    expect(output.join('\n')).not.toContain(TOKEN);
  });

  it('a run-evals labelled PR: layers 0 and 1, a sticky comment with the delta table; a second run updates it in place', async () => {
    const dir = await setUp(GOOD);
    // 120 comments by others: the action's own lands on page 2 and must be found there.
    fake.comments.set(7, Array.from({ length: 120 }, (_, i) => ({ id: i + 1, body: `comment ${i}`, user: { login: 'someone', type: 'User' } })));
    const first = await run(dir, pullRequestEvent({ labels: ['run-evals'], action: 'labeled' }));
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain('pull request labelled run-evals: all layers');
    // weather: 2 model calls per run, chitchat: 1; 5 runs each
    expect(model!.calls()).toBe(15);
    expect(first.outputs.passed).toBe('true');
    expect(Number(first.outputs['pass-rate'])).toBe(1);

    expect(commentPosts()).toHaveLength(1);
    const posted = commentPosts()[0];
    expect(posted.path).toBe(`/repos/${REPOSITORY}/issues/7/comments`);
    expect(posted.headers.authorization).toBe(`token ${TOKEN}`);
    const body = (posted.body as { body: string }).body;
    expect(body.startsWith(STICKY_MARKER)).toBe(true);
    expect(body).toContain('### ✅ mcp-evals passed');
    expect(body).toContain('| case | model | baseline k/n | now k/n | Δ | status | why |');
    expect(body).toMatch(/\| weather-basic \| scripted-openai \| — \| 5\/5 \| — \| 🆕 new \|/);
    expect(body).toContain('#### Conformance');
    expect(body).toContain('**Cost:**');
    expect(body).toContain('https://github.com/octo/mcp-server/actions/runs/4242');
    const created = fake.comments.get(7)!.at(-1)!;
    expect(fake.comments.get(7)).toHaveLength(121);
    // The layer-1 job summary carries the verdict block, the behaviour matrix and conformance.
    expect(first.summary).toContain('Behaviour: 2 cases × 1 model');

    fake.requests.length = 0;
    // A later push to the PR: the label is on the pull request already.
    const second = await run(dir, pullRequestEvent({ labels: ['bug', 'run-evals'], action: 'synchronize' }));
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain('all layers');
    expect(commentPosts()).toHaveLength(0);
    expect(commentPatches()).toHaveLength(1);
    expect(commentPatches()[0].path).toBe(`/repos/${REPOSITORY}/issues/comments/${created.id}`);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/comments')).map((r) => r.query.page ?? '1')).toEqual(['1', '2']);
    expect(fake.comments.get(7)).toHaveLength(121);
    expect(created.body.startsWith(STICKY_MARKER)).toBe(true);
    // The result cache in the workspace answered every run: no new model call.
    expect(model!.calls()).toBe(15);
    expect(created.body).toContain('10 from cache');
    // No cache service outside GitHub: a notice, never a failure.
    expect(notices(second).some((n) => n.includes('No cache service here'))).toBe(true);
  }, 120_000);

  it('a regression against the approved baseline: exit 1, regressed output, an error annotation on the tasks.yaml line, the comment says so', async () => {
    const dir = await setUp(GOOD);
    const accepted = await run(dir, scheduleEvent(), { baseline: 'none' });
    expect(accepted.code, accepted.stdout + accepted.stderr).toBe(0);
    const baseline = baselineFromReport(await report(dir), { acceptedAt: new Date(), source: 'nightly', commit: 'abc1234def' });
    expect(baseline.cases['weather-basic@scripted-openai']).toMatchObject({ passed: 5, decided: 5 });
    await mkdir(join(dir, '.mcp-evals'), { recursive: true });
    await writeFile(join(dir, '.mcp-evals', 'baseline.json'), JSON.stringify(baseline, null, 2));

    model!.setScript(BAD);
    const result = await run(dir, pullRequestEvent({ labels: ['run-evals'] }), { cache: 'false' });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.outputs.passed).toBe('false');
    expect(result.outputs.regressed).toBe('true');
    expect(Number(result.outputs['pass-rate'])).toBe(0.5);
    expect(result.outputs.summary).toMatch(/^gate failed: 1 regressed \(1 likely model drift\)/);
    // The case's annotation sits on its line in tasks.yaml (repository-relative).
    const annotation = result.commands.find((line) => line.startsWith('::error title=regressed%3A weather-basic on scripted-openai'));
    expect(annotation).toBeDefined();
    expect(annotation).toContain(',file=tasks.yaml,line=1,col=1::');
    expect(commandMessage(annotation!)).toContain('pass rate fell from 5/5 (100%) to 0/5 (0%)');
    expect(result.commands.some((line) => line.startsWith('::error::mcp-evals: gate failed'))).toBe(true);

    const body = (commentPosts()[0].body as { body: string }).body;
    expect(body).toContain('### ❌ mcp-evals failed: 1 regressed');
    expect(body).toMatch(/\| weather-basic \| scripted-openai \| 5\/5 \| 0\/5 \| −100 pp \| 🔻 regressed \(model drift\?\) \|/);
    expect(body).toContain('**Baseline:** approved baseline .mcp-evals/baseline.json, accepted today at abc1234');
  }, 120_000);

  it('a configuration error: exit 2, the message names tasks.yaml:line:column, annotated there, before any model call', async () => {
    const dir = await setUp(GOOD, TASKS.replace('  expect_tool: get_weather', '  expect_tol: get_weather'));
    const result = await run(dir, scheduleEvent());
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(model!.calls()).toBe(0);
    const failed = result.commands.find((line) => line.startsWith('::error::mcp-evals:'));
    expect(failed).toBeDefined();
    expect(commandMessage(failed!)).toMatch(/tasks\.yaml:4:3: .*expect_tol/);
    expect(result.commands.some((line) => line.startsWith('::error title=mcp-evals%3A configuration error,file=tasks.yaml,line=4,col=3::'))).toBe(true);
    expect(result.outputs.passed).toBe('false');
  });

  it('a bad input is a configuration error too (exit 2), naming the input', async () => {
    const dir = await setUp(GOOD);
    const result = await run(dir, pushEvent(), { 'max-drop': 'lots' });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('input max-drop must be a pass-rate drop from 0 to 1');
    expect(model!.calls()).toBe(0);
  });

  it('a fork PR: no secrets, so layer 1 is skipped with a notice; no comment attempted, a notice explains the workflow_run pattern; exit 0', async () => {
    const dir = await setUp(GOOD);
    const result = await run(dir, pullRequestEvent({ labels: ['run-evals'], action: 'labeled', fork: true }), {}, { SCRIPTED_KEY: undefined });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(model!.calls()).toBe(0);
    const texts = notices(result);
    expect(texts.some((n) => n.startsWith('Layer 1 skipped: pull request #7 comes from a fork (someone/mcp-server)'))).toBe(true);
    expect(texts.some((n) => n.includes('comes from a fork') && n.includes('workflow_run'))).toBe(true);
    expect(fake.requestsTo('comments')).toHaveLength(0);
    expect(result.outputs.passed).toBe('true');
  });

  it('a 403 from the comments API (a read-only token) is a notice, not a failure', async () => {
    const dir = await setUp(GOOD);
    fake.commentStatus = 403;
    const result = await run(dir, pullRequestEvent({ labels: [] }));
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('without the run-evals label: conformance only');
    expect(fake.requestsTo('comments').length).toBeGreaterThan(0);
    const notice = notices(result).find((n) => n.includes('HTTP 403'));
    expect(notice).toBeDefined();
    expect(notice).toContain('workflow_run');
    expect(result.commands.some((line) => line.startsWith('::error'))).toBe(false);
    expect(result.outputs.passed).toBe('true');
  });

  it('artifact and cache through the local adapters: the report is uploaded, the result cache saved, then restored by a later run', async () => {
    const dir = await setUp(GOOD);
    const store = await mkdtemp(join(tmpdir(), 'mcp-evals-local-'));
    const env = { MCP_EVALS_LOCAL_ARTIFACTS: join(store, 'artifacts'), MCP_EVALS_LOCAL_CACHE: join(store, 'cache'), GITHUB_RUN_ID: '100' };
    const first = await run(dir, scheduleEvent(), {}, env);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain('schedule (0 3 * * *): all layers on the primary model');
    expect(model!.calls()).toBe(15);
    const uploaded = join(store, 'artifacts', '100', 'mcp-evals-report');
    expect((await readdir(uploaded)).sort()).toEqual(expect.arrayContaining(['report.json', 'summary.md', 'junit.xml', 'traces.jsonl']));
    const golden = (await report(dir)).behaviour!.golden.hash;
    const entries = await readdir(join(store, 'cache'));
    expect(entries).toEqual([`mcp-evals-${golden}-0.1.0-scripted-openai~all-cases~100-1`]);
    expect(first.stdout).toContain(`Result cache saved as mcp-evals-${golden}-0.1.0-scripted-openai~all-cases~100-1`);

    // A fresh checkout: the workspace's cache folder is gone; the cache service brings it back.
    await rm(join(dir, '.mcp-evals-cache'), { recursive: true, force: true });
    const second = await run(dir, scheduleEvent(), {}, { ...env, GITHUB_RUN_ID: '101' });
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain(`Result cache restored from mcp-evals-${golden}-0.1.0-scripted-openai~all-cases~100-1`);
    // every run came from the cache: nothing new, so no new (immutable, per-run) entry is saved
    expect(second.stdout).toContain('nothing new to save');
    expect(second.stdout).not.toContain('Result cache saved');
    expect(model!.calls()).toBe(15);
    expect((await report(dir)).behaviour!.cachedRuns).toBe(10);
    expect(existsSync(join(store, 'artifacts', '101', 'mcp-evals-report', 'report.json'))).toBe(true);

    // baseline: artifact finds the last successful default-branch run (run 100) through the API, and its report through the store.
    fake.runs.push({ id: 100, run_number: 12, head_branch: 'main', head_sha: 'feedface00', status: 'completed', conclusion: 'success', workflow: 'evals.yml', created_at: '2026-07-01T03:00:00Z', updated_at: '2026-07-01T03:05:00Z' });
    const third = await run(dir, pullRequestEvent({ labels: ['run-evals'] }), { baseline: 'artifact' }, { ...env, GITHUB_RUN_ID: '102' });
    expect(third.code, third.stdout + third.stderr).toBe(0);
    const listing = fake.requests.find((r) => r.path === `/repos/${REPOSITORY}/actions/workflows/evals.yml/runs`);
    expect(listing?.query).toMatchObject({ branch: 'main', status: 'success' });
    const body = (commentPosts()[0].body as { body: string }).body;
    // Its age counts from the run's date (2026-07-01) to today: a number, whatever the day.
    expect(body).toMatch(/\*\*Baseline:\*\* last-green artifact mcp-evals-report of run 12 on main, accepted \d+ days ago at feedfac\./);
    expect(body).toContain('No case changed: 2 unchanged');
  }, 180_000);

  it('baseline: artifact through @actions/artifact: the last green run\'s report is found by name, downloaded and unzipped from the API', async () => {
    const dir = await setUp(GOOD);
    // The report of an earlier push run on main, as its artifact.
    const earlier = await run(dir, pushEvent(), { baseline: 'none' });
    expect(earlier.code, earlier.stdout + earlier.stderr).toBe(0);
    const text = await readFile(join(dir, 'mcp-evals-report', 'report.json'), 'utf8');
    fake.runs.push(
      { id: 55, run_number: 9, head_branch: 'main', head_sha: 'abc1234ffff', status: 'completed', conclusion: 'success', workflow: 'evals.yml', created_at: '2026-07-02T03:00:00Z', updated_at: '2026-07-02T03:05:00Z' },
      { id: 56, run_number: 10, head_branch: 'main', head_sha: 'bad0000', status: 'completed', conclusion: 'failure', workflow: 'evals.yml', created_at: '2026-07-03T03:00:00Z', updated_at: '2026-07-03T03:05:00Z' },
    );
    fake.artifacts.set(55, [{ id: 9001, name: 'mcp-evals-report', files: { 'report.json': text, 'summary.md': '# old' } }]);
    fake.requests.length = 0;

    const result = await run(dir, pullRequestEvent({ labels: [] }), { baseline: 'auto' });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const paths = fake.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        `GET /repos/${REPOSITORY}/actions/workflows/evals.yml/runs`,
        `GET /repos/${REPOSITORY}/actions/runs/55/artifacts`,
        `GET /repos/${REPOSITORY}/actions/artifacts/9001/zip`,
        'GET /_blobs/9001.zip',
      ]),
    );
    expect(paths).not.toContain(`GET /repos/${REPOSITORY}/actions/runs/56/artifacts`);
    const body = (commentPosts()[0].body as { body: string }).body;
    expect(body).toMatch(/\*\*Baseline:\*\* last-green artifact mcp-evals-report of run 9 on main, accepted \d+ days ago at abc1234\./);
    expect(body).toContain('This baseline is the last green run, not an approved one');
    expect(result.outputs.summary).toMatch(/last-green artifact/);
  }, 120_000);

  it('an unavailable last-green artifact costs a notice, and the gate runs on floors', async () => {
    const dir = await setUp(GOOD);
    fake.runs.push({ id: 77, run_number: 3, head_branch: 'main', head_sha: 'abc', status: 'completed', conclusion: 'success', workflow: 'evals.yml', created_at: '2026-07-02T03:00:00Z', updated_at: '2026-07-02T03:05:00Z' });
    const result = await run(dir, pushEvent(), { baseline: 'artifact' });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(notices(result).some((n) => n.startsWith('No mcp-evals-report artifact from a successful run on the default branch'))).toBe(true);
    expect(result.outputs.summary).toContain('no baseline: floors only');
  });

  it('layers: none gates the report already in report-dir (a merged report): nothing runs, the comment and outputs follow', async () => {
    const dir = await setUp(GOOD);
    const made = await run(dir, scheduleEvent(), { baseline: 'none', cache: 'false' });
    expect(made.code).toBe(0);
    const baseline = baselineFromReport(await report(dir), { acceptedAt: new Date(), source: 'nightly' });
    await mkdir(join(dir, '.mcp-evals'), { recursive: true });
    await writeFile(join(dir, '.mcp-evals', 'baseline.json'), JSON.stringify(baseline));
    const calls = model!.calls();
    fake.requests.length = 0;

    const result = await run(dir, pullRequestEvent({ labels: ['run-evals'] }), { layers: 'none' }, { SCRIPTED_KEY: undefined });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(model!.calls()).toBe(calls);
    expect(result.stdout).toContain('(layers: none)');
    expect(result.outputs.summary).toMatch(/^gate passed: 2 unchanged cases, conformance \d+\/\d+ pass; approved baseline \.mcp-evals\/baseline\.json, accepted today$/);
    const body = (commentPosts()[0].body as { body: string }).body;
    expect(body).toContain('No case changed: 2 unchanged');
  }, 120_000);

  it('an internal error is exit 3, with the stack', async () => {
    const dir = await setUp(GOOD);
    // report-dir inside a file: writing the report fails with an error no one planned for.
    const result = await run(dir, pushEvent(), { 'report-dir': 'mcp-evals.yml/report' });
    expect(result.code, result.stdout + result.stderr).toBe(3);
    const failed = result.commands.find((line) => line.startsWith('::error::mcp-evals: internal error'));
    expect(failed).toBeDefined();
    expect(commandMessage(failed!)).toMatch(/\n\s+at /);
  });

  it('runs from an action checkout as the runner lays it out: action.yml, dist/, schemas/, data/ and package.json, no node_modules', async () => {
    // The runner downloads the action's repository to _actions/<owner>/<repo>/<ref>/ and runs
    // node dist/index.js there. The bundle finds package.json (its version), schemas/ and data/ by walking
    // up from dist/ (src/core/paths.ts): dist/ holds no package.json of its own.
    const checkout = join(await mkdtemp(join(tmpdir(), 'mcp-evals-runner-')), '_actions', 'octo', 'mcp-evals', 'v1');
    for (const entry of ['action.yml', 'package.json', 'dist', 'schemas', 'data', 'layer0']) await cp(join(REPO_ROOT, entry), join(checkout, entry), { recursive: true });
    expect(existsSync(join(checkout, 'node_modules'))).toBe(false);
    const dir = await setUp(GOOD);
    const result = await runAction({
      entry: join(checkout, 'dist', 'index.js'),
      actionPath: checkout,
      workspace: dir,
      event: scheduleEvent(),
      env: { GITHUB_API_URL: fake.url, SCRIPTED_KEY: KEY },
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('mcp-evals 0.1.0: layers 0, 1');
    const written = await report(dir);
    expect(written.header.tool.version).toBe('0.1.0');
    expect(written.conformance?.summary.fail).toBe(0);
    expect(written.behaviour?.results.map((r) => `${r.id} ${r.passed}/${r.runs}`)).toEqual(['weather-basic 5/5', 'negative-chitchat 5/5']);
  }, 120_000);
});
