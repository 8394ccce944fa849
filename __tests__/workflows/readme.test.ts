import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { needsOf, parseYaml, ROOT, triggers, usesOf, type Workflow } from './helpers.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The text from `## title` to the next `## ` heading. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`README has no "## ${title}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

const USE = section('Use it in your repo');
const yamlBlocks = [...USE.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]);
const workflows = yamlBlocks.map((text, index) => parseYaml(text, `README yaml block ${index + 1}`) as Workflow);

/** First-column names of the markdown table whose header row starts with `| head |`. */
function tableNames(head: string): string[] {
  const start = USE.indexOf(`| ${head} |`);
  if (start === -1) throw new Error(`no "| ${head} |" table`);
  const rows = USE.slice(start).split('\n');
  const names: string[] = [];
  for (const row of rows.slice(2)) {
    if (!row.startsWith('|')) break;
    names.push(row.split('|')[1].trim().replace(/^secret /, '').replace(/`/g, ''));
  }
  return names;
}

/** The input list of the issue that specified the action, until action.yml says otherwise. */
const ISSUE_INPUTS = ['config', 'layers', 'server-url', 'server-command', 'server-start', 'ready-url', 'golden', 'models', 'runs', 'baseline', 'max-drop', 'github-token', 'comment', 'annotations', 'cache', 'shard', 'report-dir'];
const ISSUE_OUTPUTS = ['passed', 'regressed', 'pass-rate', 'report-dir', 'summary'];

describe('README: Use it in your repo', () => {
  it('shows the two-line uses: snippet, the run-evals label, the nightly cron and the reusable workflow call', () => {
    expect(USE).toMatch(/uses: mcp-evals\/mcp-evals\/layer0@v1\n\s+with: \{server-command: [^}]+\}/);
    expect(USE).toContain('`run-evals`');
    expect(USE).toContain("cron: '17 3 * * *'");
    expect(USE).toContain('uses: mcp-evals/mcp-evals/.github/workflows/mcp-evals.yml@v1');
  });

  it('names the permissions, the baseline flow and why not last-green', () => {
    for (const permission of ['contents: read', 'pull-requests: write', 'actions: read']) expect(USE).toContain(permission);
    expect(USE).toContain('mcp-evals baseline accept');
    expect(USE).toContain('.mcp-evals/baseline.json');
    expect(USE).toMatch(/last green run"\? Because it drifts downward/);
  });

  it('states the security rules: forks, pull_request_target, workflow_run, SHA pinning', () => {
    expect(USE).toMatch(/Never run the LLM layers with secrets on a fork's code/);
    expect(USE).toMatch(/Do not use `pull_request_target` with a checkout of the pull request's head/);
    expect(USE).toMatch(/secrets and a token that can write/);
    expect(USE).toMatch(/job summary and the artifact only/);
    expect(USE).toMatch(/full-length commit SHA/);
  });

  it('has YAML examples that parse, pin their actions, and never use pull_request_target', () => {
    expect(workflows.length).toBeGreaterThanOrEqual(3);
    for (const workflow of workflows) {
      expect(triggers(workflow)).not.toContain('pull_request_target');
      for (const { uses } of usesOf(workflow)) expect(uses).toMatch(/@(v\d+|[0-9a-f]{40})$/);
      for (const [id, job] of Object.entries(workflow.jobs)) for (const need of needsOf(job)) expect(Object.keys(workflow.jobs), id).toContain(need);
    }
  });

  it('comments on fork PRs from workflow_run without checking out or running the fork\'s code', () => {
    const forkComment = workflows.find((workflow) => triggers(workflow).includes('workflow_run'));
    expect(forkComment).toBeDefined();
    const on = forkComment!.on as { workflow_run: { workflows: string[]; types: string[] } };
    const template = parse(readFileSync(join(ROOT, 'golden-template/.github/workflows/mcp-evals.yml'), 'utf8')) as { name: string };
    expect(on.workflow_run).toEqual({ workflows: [template.name], types: ['completed'] });
    expect(forkComment!.permissions).toEqual({ actions: 'read', 'pull-requests': 'write' });
    const job = Object.values(forkComment!.jobs)[0];
    expect(job.if).toContain("github.event.workflow_run.head_repository.full_name != github.repository");
    const steps = job.steps ?? [];
    expect(steps.some((step) => step.uses?.startsWith('actions/checkout'))).toBe(false);
    const download = steps.find((step) => step.uses?.startsWith('actions/download-artifact@'));
    // The artifact the reusable workflow's conformance job uploads.
    const reusable = readFileSync(join(ROOT, '.github/workflows/mcp-evals.yml'), 'utf8');
    expect(reusable).toContain(`name: ${String(download?.with?.name)}\n`);
    expect(download?.with?.['run-id']).toBe('${{ github.event.workflow_run.id }}');
    for (const step of steps) if (step.run) expect(step.run).not.toContain('${{');
  });

  it('documents every input of the reusable workflow', () => {
    const reusable = parse(readFileSync(join(ROOT, '.github/workflows/mcp-evals.yml'), 'utf8')) as { on: { workflow_call: { inputs: object; secrets: object } } };
    const declared = [...Object.keys(reusable.on.workflow_call.inputs), ...Object.keys(reusable.on.workflow_call.secrets)];
    expect(tableNames('input | default | meaning').sort()).toEqual(declared.sort());
  });

  it("documents the action's inputs and outputs (action.yml's, once it exists)", () => {
    const file = join(ROOT, 'action.yml');
    const action = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as { inputs?: object; outputs?: object }) : undefined;
    const inputs = action ? Object.keys(action.inputs ?? {}) : ISSUE_INPUTS;
    const outputs = action ? Object.keys(action.outputs ?? {}) : ISSUE_OUTPUTS;
    expect(tableNames('input | meaning').sort()).toEqual([...inputs].sort());
    expect(tableNames('output | meaning').sort()).toEqual([...outputs].sort());
  });
});
