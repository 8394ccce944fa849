import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as core from '@actions/core';
import type { getOctokit } from '@actions/github';
import type { Baseline } from '../core/gate/baseline.js';
import type { GateOptions } from '../core/gate/compare.js';
import type { Report } from '../core/report/types.js';
import { messageOf, type ArtifactStore } from './artifacts.js';
import { repoPath } from './config-source.js';
import type { RunContext } from './context.js';
import type { BaselineSetting } from './settings.js';

/** The baseline the gate compares against, and how the report names it. */
export interface BaselineChoice {
  baseline: Baseline | undefined;
  source: GateOptions['baselineSource'];
  /** For the job summary: which last-green run was used, and why the newer ones were passed over. */
  note?: string;
}

export interface BaselineDeps {
  context: RunContext;
  token: string;
  artifacts: ArtifactStore;
  /** The artifact a successful default-branch run uploaded its report as. */
  artifactName: string;
  /** From the event payload, when it says; otherwise asked of the API. */
  defaultBranch: string | undefined;
  /** This run has the behaviour layer: prefer a last-green report that has it too (a push run's has conformance only). */
  needBehaviour: boolean;
}

/** How many recent successful runs are searched for the report artifact (older ones may have expired). */
const RUNS_SEARCHED = 5;

/**
 * The events whose runs can become the baseline: code already on the default branch. A pull
 * request's run (a fork's branch may be named `main` too) or a workflow_run is never trusted.
 */
const TRUSTED_EVENTS = new Set(['push', 'schedule', 'workflow_dispatch']);

/**
 * A committed baseline file is read strictly (a broken one is a configuration error, exit 2); a
 * missing one, or an artifact that cannot be found or read, is a notice and the gate runs on
 * floors alone: the baseline is a comparison, never a reason for the run itself to fail.
 */
export async function resolveBaseline(setting: BaselineSetting, deps: BaselineDeps): Promise<BaselineChoice> {
  const none = (label: string): BaselineChoice => ({ baseline: undefined, source: { kind: 'none', label } });
  switch (setting.kind) {
    case 'none':
      return none('none (baseline: none)');
    case 'file':
    case 'auto': {
      const shown = repoPath(deps.context.workspace, setting.path);
      if (existsSync(setting.path)) {
        // The baseline format (and ajv) loads when there is a baseline to read, not on every start.
        const { parseBaseline } = await import('../core/gate/baseline.js');
        const baseline = parseBaseline(await readFile(setting.path, 'utf8'), shown);
        return { baseline, source: { kind: 'file', label: shown, acceptedAt: baseline.acceptedAt } };
      }
      if (setting.kind === 'auto') return fromArtifact(deps);
      core.notice(`No approved baseline at ${shown}: the gate applies the floors only. Accept one with \`mcp-evals baseline accept\` and commit it.`);
      return none(`none (${shown} not found)`);
    }
    case 'artifact':
      return fromArtifact(deps);
  }
}

async function fromArtifact(deps: BaselineDeps): Promise<BaselineChoice> {
  const none: BaselineChoice = { baseline: undefined, source: { kind: 'none', label: 'none (no last-green artifact)' } };
  try {
    const found = await lastGreenReport(deps);
    if (found) return found;
    core.notice(`No ${deps.artifactName} artifact from a successful run on the default branch: the gate applies the floors only.`);
  } catch (error) {
    core.notice(`The last-green baseline artifact is not available (${messageOf(error)}): the gate applies the floors only.`);
  }
  return none;
}

async function lastGreenReport(deps: BaselineDeps): Promise<BaselineChoice | undefined> {
  const { context, token } = deps;
  if (!context.repository) throw new Error('GITHUB_REPOSITORY is not set');
  if (!token) throw new Error('no github-token');
  const { owner, repo } = context.repository;
  const octokit = (await import('./toolkit.js')).getOctokit(token);
  const branch = deps.defaultBranch ?? (await octokit.rest.repos.get({ owner, repo })).data.default_branch;
  const query = { owner, repo, branch, status: 'success' as const, per_page: 20 };
  const runs = context.workflowFile
    ? (await octokit.rest.actions.listWorkflowRuns({ ...query, workflow_id: basename(context.workflowFile) })).data.workflow_runs
    : (await octokit.rest.actions.listWorkflowRunsForRepo(query)).data.workflow_runs;
  const fullName = `${owner}/${repo}`;
  const passedOver: string[] = [];
  const name = (run: (typeof runs)[number]) => `run ${run.run_number ?? run.id}`;
  const candidates = runs
    .filter((run) => {
      if (run.id === context.runId) return false;
      const from = run.head_repository?.full_name;
      if (from !== fullName) passedOver.push(`${name(run)}: its commit is from ${from ?? 'an unknown repository'}, not ${fullName}`);
      else if (!TRUSTED_EVENTS.has(run.event)) passedOver.push(`${name(run)}: triggered by ${run.event}, not push, schedule or workflow_dispatch`);
      else return true;
      return false;
    })
    .slice(0, RUNS_SEARCHED);
  await mkdir(context.tempDir, { recursive: true });
  let fallback: { choice: BaselineChoice; used: string } | undefined;
  const noted = (choice: BaselineChoice, used: string): BaselineChoice => ({
    ...choice,
    note: [`Baseline: ${used}.`, ...(passedOver.length > 0 ? [`Passed over: ${passedOver.join('; ')}.`] : [])].join(' '),
  });
  for (const run of candidates) {
    const into = await mkdtemp(join(context.tempDir, 'mcp-evals-baseline-'));
    try {
      const dir = await deps.artifacts.download(deps.artifactName, { runId: run.id, owner, repo, token }, into);
      if (!dir) {
        passedOver.push(`${name(run)}: no ${deps.artifactName} artifact`);
        continue;
      }
      const report = await readReport(join(dir, 'report.json'));
      // No `#` or `@` in a label: Markdown renderers would defuse them (issue links, mentions). The commit is shown apart.
      const label = `${deps.artifactName} of run ${run.run_number ?? run.id} on ${branch}`;
      const acceptedAt = new Date(run.updated_at ?? run.created_at);
      const { baselineFromReport } = await import('../core/gate/baseline.js');
      const baseline = baselineFromReport(report, { acceptedAt, commit: run.head_sha, source: label });
      const choice: BaselineChoice = { baseline, source: { kind: 'artifact', label, acceptedAt: acceptedAt.toISOString() } };
      const used = `${name(run)} (${run.event} on ${branch} of ${fullName}, commit ${run.head_sha.slice(0, 7)})`;
      if (!deps.needBehaviour || report.behaviour) return noted(choice, used);
      passedOver.push(`${name(run)}: conformance only, and this run needs the behaviour layer`);
      fallback ??= { choice, used: `${used}, conformance only: no trusted run searched had the behaviour layer` };
    } finally {
      await rm(into, { recursive: true, force: true });
    }
  }
  if (fallback) return noted(fallback.choice, fallback.used);
  if (passedOver.length > 0) core.notice(`No last-green baseline: ${passedOver.join('; ')}.`);
  return undefined;
}

async function readReport(file: string): Promise<Report> {
  const value: unknown = JSON.parse(await readFile(file, 'utf8'));
  const { readReportViolations } = await import('../core/report/schema.js');
  const problems = await readReportViolations(value);
  if (problems.length > 0) throw new Error(`its report.json is not a valid mcp-evals report: ${problems.slice(0, 3).join('; ')}`);
  return value as Report;
}

