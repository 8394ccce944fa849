import * as core from '@actions/core';
import type { getOctokit } from '@actions/github';
import { STICKY_MARKER } from '../core/report/pr-comment.js';
import { messageOf } from './artifacts.js';
import type { RunContext } from './context.js';
import type { PullRequestInfo } from './events.js';

export type CommentOutcome = 'created' | 'updated' | 'skipped' | 'failed';

export const WORKFLOW_RUN_HINT =
  'To comment on pull requests from forks, let this workflow upload the report and post the comment from a second workflow triggered by `workflow_run`: it runs in the base repository with a write token and never checks out the fork\'s code (see "Use it in your repo" in the README).';

/** A second hidden line: the head commit the comment describes, so an older run never replaces a newer run's results. */
const HEAD_MARKER = /<!-- mcp-evals:head ([0-9a-f]{7,64}) -->/;

export function headMarker(sha: string): string {
  return `<!-- mcp-evals:head ${sha} -->`;
}

/** The head commit a sticky comment says it describes, if it says. */
export function headOf(body: string | null | undefined): string | undefined {
  return HEAD_MARKER.exec(body ?? '')?.[1];
}

type Octokit = ReturnType<typeof getOctokit>;

/** The identities a token comments as, looked up once per token (an action run posts one comment). */
const identities = new Map<string, Promise<string[]>>();

/**
 * Who comments with this token: the user of a personal or OAuth token (GET /user); for an
 * installation token (GET /user is 403 for it) the app's bot, from GraphQL's viewer; the
 * workflow's GITHUB_TOKEN is the github-actions app, github-actions[bot].
 */
export function commentAuthor(octokit: Octokit, token: string): Promise<string[]> {
  let found = identities.get(token);
  if (!found) {
    found = lookUpAuthor(octokit);
    identities.set(token, found);
  }
  return found;
}

async function lookUpAuthor(octokit: Octokit): Promise<string[]> {
  try {
    return [(await octokit.rest.users.getAuthenticated()).data.login];
  } catch {
    // An installation token: not a user.
  }
  try {
    const { viewer } = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
    // GraphQL may name an app's bot with or without the [bot] a comment's author carries.
    return viewer.login.endsWith('[bot]') ? [viewer.login] : [viewer.login, `${viewer.login}[bot]`];
  } catch {
    return ['github-actions[bot]'];
  }
}

/**
 * Whether the comment written for `theirs` describes a newer commit of the pull request than
 * `ours` (this run's): the pull request's current head is newest; otherwise the commit order,
 * from the compare API. Unknown order (a force-push): not newer, the comment is replaced.
 */
async function describesNewer(octokit: Octokit, repo: { owner: string; repo: string }, number: number, ours: string, theirs: string): Promise<boolean> {
  if (theirs === ours) return false;
  const head = (await octokit.rest.pulls.get({ ...repo, pull_number: number })).data.head.sha;
  if (head === ours) return false;
  if (head === theirs) return true;
  try {
    const { status } = (await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${ours}...${theirs}` })).data;
    return status === 'ahead';
  } catch {
    return false;
  }
}

/**
 * One comment per pull request, found by its hidden marker among the comments this token's
 * identity wrote (anyone can paste the marker), and edited in place, so a second run updates it
 * instead of adding another. It carries the head commit it describes and is never replaced by a
 * run for an older commit. A fork's pull request (read-only token) or a 403 costs a notice, never
 * the run: the job summary and the artifact still carry the results.
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
  const octokit = (await import('./toolkit.js')).getOctokit(token);
  const sha = pr.headSha ?? context.sha;
  const text = sha ? `${body}\n${headMarker(sha)}` : body;
  try {
    const comments = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: pr.number, per_page: 100 });
    const marked = comments.filter((comment) => comment.body?.startsWith(STICKY_MARKER));
    const authors = marked.length > 0 ? await commentAuthor(octokit, token) : [];
    const existing = marked.find((comment) => comment.user !== null && authors.includes(comment.user.login));
    if (existing) {
      const theirs = headOf(existing.body);
      if (sha && theirs && (await describesNewer(octokit, { owner, repo }, pr.number, sha, theirs))) {
        core.notice(`The mcp-evals comment on pull request #${pr.number} describes ${theirs.slice(0, 7)}, newer than this run's ${sha.slice(0, 7)}: left as it is. This run's results are in the job summary and the report artifact.`);
        return 'skipped';
      }
      await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body: text });
      core.info(`Updated the mcp-evals comment on pull request #${pr.number} (${existing.html_url ?? existing.id}).`);
      return 'updated';
    }
    const created = await octokit.rest.issues.createComment({ owner, repo, issue_number: pr.number, body: text });
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
