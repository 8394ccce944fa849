import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What the runner tells a step about where it runs, read once from the environment (not from
 * @actions/github's module-level `context`, so tests and local runs control every field).
 */
export interface RunContext {
  /** The checkout: relative inputs resolve here, annotation paths are relative to it. */
  workspace: string;
  /** owner/name of the repository the workflow runs in. */
  repository: { owner: string; repo: string } | undefined;
  runId: number | undefined;
  runNumber: number | undefined;
  serverUrl: string;
  /** `.github/workflows/ci.yml`, from GITHUB_WORKFLOW_REF, when known. */
  workflowFile: string | undefined;
  /** Scratch space that is not the workspace (RUNNER_TEMP). */
  tempDir: string;
  sha: string | undefined;
}

export function readRunContext(env: NodeJS.ProcessEnv, cwd = process.cwd()): RunContext {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  return {
    workspace: env.GITHUB_WORKSPACE || cwd,
    repository: owner && repo ? { owner, repo } : undefined,
    runId: positiveNumber(env.GITHUB_RUN_ID),
    runNumber: positiveNumber(env.GITHUB_RUN_NUMBER),
    serverUrl: (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
    workflowFile: workflowFileOf(env.GITHUB_WORKFLOW_REF),
    tempDir: env.RUNNER_TEMP || join(tmpdir(), 'mcp-evals-action'),
    sha: env.GITHUB_SHA || undefined,
  };
}

/** The link to this workflow run (its job summary), when the run is known. */
export function runUrl(context: RunContext): string | undefined {
  if (!context.repository || context.runId === undefined) return undefined;
  return `${context.serverUrl}/${context.repository.owner}/${context.repository.repo}/actions/runs/${context.runId}`;
}

/** `octo/repo/.github/workflows/ci.yml@refs/heads/main` → `.github/workflows/ci.yml`. */
export function workflowFileOf(ref: string | undefined): string | undefined {
  const match = /^[^/]+\/[^/]+\/(\.github\/workflows\/[^@]+)@/.exec(ref ?? '');
  return match?.[1];
}

function positiveNumber(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
