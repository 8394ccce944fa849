/**
 * What the action trusts, run from source against the fake GitHub API: the sticky comment is
 * only ever one its own token wrote and is never replaced by a run for an older commit; a fork's
 * code never gets the model layers unless allow-fork-prs says so; the last-green baseline comes
 * only from this repository's push, schedule or dispatch runs; the verdict keeps its annotation slot.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STICKY_MARKER } from '../../src/core/report/pr-comment.js';
import { noTool, rightTool, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { byPrompt, EXAMPLE_SERVER, modelsYaml, project } from '../helpers/evals.js';
import { startFakeGitHub, type FakeGitHub } from './fake-github.js';
import { commandMessage, pullRequestEvent, pushEvent, REPOSITORY, runAction, SOURCE_ENTRY, type ActionRun, type RunOptions } from './harness.js';

const TASKS = `- id: weather-basic
  prompt: "What's the weather in Berlin right now?"
  expect_tool: get_weather
  expect_args: {location: "Berlin"}
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null
`;
const SCRIPT = byPrompt({ Berlin: rightTool('get_weather', { location: 'Berlin' }), Thanks: noTool("You're welcome!") });

const OLD = 'a'.repeat(40);
const MID = 'b'.repeat(40);
const NEW = 'c'.repeat(40);

let fake: FakeGitHub;
let model: ScriptedModel;
let dir: string;

beforeAll(async () => {
  fake = await startFakeGitHub();
  model = await startScriptedModel(SCRIPT);
  dir = (
    await project({
      config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\nruns: 1\ncache:\n  enabled: false\n`,
      tasks: TASKS,
    })
  ).dir;
  // One conformance report, made once: the comment and baseline runs gate it (layers: none) instead of evaluating again.
  const made = await runAction({ entry: SOURCE_ENTRY, workspace: dir, event: pushEvent(), inputs: { baseline: 'none' }, env: { GITHUB_API_URL: 'http://127.0.0.1:9' } });
  evaluated(made);
}, 180_000);
afterAll(async () => {
  await model?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.comments.clear();
  fake.runs.length = 0;
  fake.artifacts.clear();
  fake.tokenUser = undefined;
  fake.prHeads.clear();
  fake.commitOrder = [OLD, MID, NEW];
});
afterEach(() => {
  fake.commentStatus = undefined;
});

/** Gates the report made in beforeAll: the comment, annotations and baseline as a real run does them, in seconds. */
function gateOnly(event: RunOptions['event'], inputs: Record<string, string> = {}): Promise<ActionRun> {
  return run(event, { layers: 'none', ...inputs });
}

function run(event: RunOptions['event'], inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ entry: SOURCE_ENTRY, workspace: dir, event, inputs, env: { GITHUB_API_URL: fake.url, SCRIPTED_KEY: 'sk-scripted' } });
}

/**
 * The run evaluated (0 or 1): what these tests look at does not depend on the verdict, and the
 * example server's conformance has timing windows a loaded machine can miss.
 */
function evaluated(result: ActionRun): void {
  expect([0, 1], result.stdout + result.stderr).toContain(result.code);
}

const notices = (result: ActionRun) => result.commands.filter((line) => line.startsWith('::notice')).map(commandMessage);
const patches = () => fake.requests.filter((r) => r.method === 'PATCH');
const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'));

describe('the sticky comment', () => {
  it('is found only among comments by the token\'s identity: a pasted marker from someone else is left alone', async () => {
    fake.comments.set(7, [{ id: 1, body: `${STICKY_MARKER}\nplanted by a commenter`, user: { login: 'mallory', type: 'User' } }]);
    fake.prHeads.set(7, OLD);
    const result = await gateOnly(pullRequestEvent({ headSha: OLD }));
    evaluated(result);
    expect(patches()).toHaveLength(0);
    expect(posts()).toHaveLength(1);
    expect(fake.comments.get(7)![0].body).toBe(`${STICKY_MARKER}\nplanted by a commenter`);
    // GITHUB_TOKEN is an installation token: GET /user answers 403, GraphQL's viewer names github-actions[bot]; once.
    expect(fake.requests.filter((r) => r.path === '/user')).toHaveLength(1);
    const ours = fake.comments.get(7)![1];
    expect(ours.user.login).toBe('github-actions[bot]');
    expect(ours.body.startsWith(STICKY_MARKER)).toBe(true);
    expect(ours.body).toContain(`<!-- mcp-evals:head ${OLD} -->`);

    // The next run finds its own comment (not mallory's) and edits it.
    fake.requests.length = 0;
    const again = await gateOnly(pullRequestEvent({ headSha: OLD }));
    evaluated(again);
    expect(patches().map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/issues/comments/${ours.id}`]);
  }, 120_000);

  it('with a personal token, the token\'s user is the author that counts (GET /user)', async () => {
    fake.tokenUser = { login: 'release-bot', type: 'User' };
    fake.comments.set(7, [
      { id: 5, body: `${STICKY_MARKER}\nby the workflow token`, user: { login: 'github-actions[bot]', type: 'Bot' } },
      { id: 6, body: `${STICKY_MARKER}\nby release-bot`, user: { login: 'release-bot', type: 'User' } },
    ]);
    const result = await gateOnly(pullRequestEvent({ headSha: OLD }));
    evaluated(result);
    expect(patches().map((r) => r.path)).toEqual([`/repos/${REPOSITORY}/issues/comments/6`]);
    expect(fake.comments.get(7)![0].body).toContain('by the workflow token');
  }, 120_000);

  it('is never replaced by a run for an older commit of the pull request; a run for the current head replaces it', async () => {
    fake.comments.set(7, [{ id: 9, body: `${STICKY_MARKER}\nresults\n<!-- mcp-evals:head ${NEW} -->`, user: { login: 'github-actions[bot]', type: 'Bot' } }]);
    fake.prHeads.set(7, NEW);
    const stale = await gateOnly(pullRequestEvent({ headSha: MID }));
    evaluated(stale);
    expect(patches()).toHaveLength(0);
    expect(posts()).toHaveLength(0);
    expect(notices(stale).some((n) => n.includes(`describes ${NEW.slice(0, 7)}, newer than this run's ${MID.slice(0, 7)}: left as it is`))).toBe(true);

    // Neither is the head any more: the commit order (compare API) decides; an older comment is replaced.
    fake.comments.set(7, [{ id: 9, body: `${STICKY_MARKER}\nresults\n<!-- mcp-evals:head ${OLD} -->`, user: { login: 'github-actions[bot]', type: 'Bot' } }]);
    fake.requests.length = 0;
    const newer = await gateOnly(pullRequestEvent({ headSha: MID }));
    evaluated(newer);
    expect(fake.requests.some((r) => r.path === `/repos/${REPOSITORY}/compare/${MID}...${OLD}`)).toBe(true);
    expect(patches()).toHaveLength(1);
    expect(fake.comments.get(7)![0].body).toContain(`<!-- mcp-evals:head ${MID} -->`);
  }, 120_000);
});

describe('a fork\'s pull request', () => {
  it('gets no model layer even when a key is in reach, unless allow-fork-prs: true', async () => {
    const before = model.calls();
    const guarded = await run(pullRequestEvent({ labels: ['run-evals'], action: 'labeled', fork: true, name: 'pull_request_target' }), { layers: '0,1', comment: 'false', 'report-dir': 'fork-report' });
    evaluated(guarded);
    expect(model.calls()).toBe(before);
    expect(notices(guarded).some((n) => n.startsWith('Layer 1 skipped: pull request #7 comes from a fork (someone/mcp-server)') && n.includes('allow-fork-prs: true'))).toBe(true);

    const alone = await run(pullRequestEvent({ labels: ['run-evals'], fork: true }), { layers: '1', comment: 'false', 'report-dir': 'fork-report' });
    expect(alone.code).toBe(2);
    expect(alone.stdout).toContain('allow-fork-prs');
    expect(model.calls()).toBe(before);

    const allowed = await run(pullRequestEvent({ labels: ['run-evals'], action: 'labeled', fork: true }), { layers: '1', 'allow-fork-prs': 'true', comment: 'false', 'report-dir': 'fork-report' });
    evaluated(allowed);
    expect(model.calls()).toBeGreaterThan(before);
    expect(allowed.commands.some((line) => line.startsWith('::warning::Layers 1-3 run on a fork'))).toBe(true);
  }, 300_000);
});

describe('the last-green baseline', () => {
  it('comes only from this repository\'s push, schedule or dispatch runs; the summary says which and why others were passed over', async () => {
    const text = await readFile(join(dir, 'mcp-evals-report', 'report.json'), 'utf8');
    const at = { status: 'completed' as const, conclusion: 'success' as const, workflow: 'evals.yml', created_at: '2026-07-02T03:00:00Z', updated_at: '2026-07-02T03:05:00Z' };
    fake.runs.push(
      // A fork's pull request from a branch it named main: newest, successful, and never trusted.
      { ...at, id: 70, run_number: 21, head_branch: 'main', head_sha: 'f0f0f0f0f0', event: 'pull_request', head_repository: { full_name: 'someone/mcp-server' } },
      { ...at, id: 69, run_number: 20, head_branch: 'main', head_sha: 'e0e0e0e0e0', event: 'pull_request_target', head_repository: { full_name: REPOSITORY } },
      { ...at, id: 68, run_number: 19, head_branch: 'main', head_sha: 'abc1234ffff', event: 'schedule' },
    );
    for (const id of [70, 69, 68]) fake.artifacts.set(id, [{ id: 9000 + id, name: 'mcp-evals-report', files: { 'report.json': text } }]);
    fake.requests.length = 0;

    const result = await gateOnly(pushEvent(), { baseline: 'artifact' });
    evaluated(result);
    const paths = fake.requests.map((r) => r.path);
    expect(paths).toContain(`/repos/${REPOSITORY}/actions/runs/68/artifacts`);
    expect(paths).not.toContain(`/repos/${REPOSITORY}/actions/runs/70/artifacts`);
    expect(paths).not.toContain(`/repos/${REPOSITORY}/actions/runs/69/artifacts`);
    expect(result.outputs.summary).toMatch(/last-green artifact .*mcp-evals-report of run 19 on main/);
    expect(result.summary).toContain(`Baseline: run 19 (schedule on main of ${REPOSITORY}, commit abc1234).`);
    expect(result.summary).toContain('run 21: its commit is from someone/mcp-server, not octo/mcp-server');
    expect(result.summary).toContain('run 20: triggered by pull_request_target, not push, schedule or workflow_dispatch');
  }, 120_000);
});

describe('annotations', () => {
  it('a configuration error with more than ten problems leaves the tenth error slot to the verdict', async () => {
    const { dir: broken } = await project({
      config: `server:\n  command: node ${JSON.stringify(EXAMPLE_SERVER)}\nmodels:\n${modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }])}\n`,
      tasks: Array.from({ length: 12 }, (_, i) => `- id: case-${i}\n  prompt: "hello ${i}"\n  expect_tol: x\n`).join(''),
    });
    const result = await runAction({ entry: SOURCE_ENTRY, workspace: broken, event: { name: 'schedule', payload: {} }, env: { GITHUB_API_URL: fake.url, SCRIPTED_KEY: 'k' } });
    expect(result.code, result.stdout + result.stderr).toBe(2);
    const errors = result.commands.filter((line) => line.startsWith('::error'));
    expect(errors).toHaveLength(10);
    expect(errors.at(-1)).toMatch(/^::error::mcp-evals: /);
  }, 60_000);
});
