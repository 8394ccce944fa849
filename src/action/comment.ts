import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { STICKY_MARKER } from '../core/report/pr-comment.js';
import { messageOf } from './artifacts.js';
import type { RunContext } from './context.js';
import type { PullRequestInfo } from './events.js';

export type CommentOutcome = 'created' | 'updated' | 'skipped' | 'failed';

export const WORKFLOW_RUN_HINT =
  'To comment on pull requests from forks, let this workflow upload the report and post the comment from a second workflow triggered by `workflow_run`: it runs in the base repository with a write token and never checks out the fork\'s code (see "Use it in your repo" in the README).';

/**
 * One comment per pull request, found by its hidden marker and edited in place, so a second run
 * updates it instead of adding another. A fork's pull request (read-only token) or a 403 costs a
 * notice, never the run: the job summary and the artifact still carry the results.
 */
export async function postStickyComment(body: string, pr: PullRequestInfo, token: string, context: RunContext): Promise<CommentOutcome> {
  if (!context.repository) {
    core.notice('No PR comment: GITHUB_REPOSITORY is not set.');
    return 'skipped';
  }
  if (pr.readOnlyToken) {
    core.notice(`No PR comment: pull request #${pr.number} comes from a fork (${pr.headRepo ?? 'deleted repository'}), and a fork's workflow gets a read-only token. The results are in the job summary and the report artifact. ${WORKFLOW_RUN_HINT}`);
    return 'skipped';
  }
  if (!token) {
    core.notice('No PR comment: the github-token input is empty.');
    return 'skipped';
  }
  const { owner, repo } = context.repository;
  const octokit = getOctokit(token);
  try {
    const comments = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: pr.number, per_page: 100 });
    const existing = comments.find((comment) => comment.body?.startsWith(STICKY_MARKER));
    if (existing) {
      await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
      core.info(`Updated the mcp-evals comment on pull request #${pr.number} (${existing.html_url ?? existing.id}).`);
      return 'updated';
    }
    const created = await octokit.rest.issues.createComment({ owner, repo, issue_number: pr.number, body });
    core.info(`Commented on pull request #${pr.number} (${created.data.html_url ?? created.data.id}).`);
    return 'created';
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 403) {
      core.notice(
        `No PR comment: the token may not write to pull request #${pr.number} (HTTP 403; give the job \`permissions: pull-requests: write\`, or on a fork's pull request see below). The results are in the job summary and the report artifact. ${WORKFLOW_RUN_HINT}`,
      );
      return 'skipped';
    }
    core.warning(`The PR comment could not be posted (${typeof status === 'number' ? `HTTP ${status}: ` : ''}${messageOf(error)}). The results are in the job summary and the report artifact.`);
    return 'failed';
  }
}
