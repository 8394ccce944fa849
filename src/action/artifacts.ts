import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
// Namespace imports of the toolkit, errors told apart by name: @github/local-action swaps these modules for stubs with fewer exports.
import type { ArtifactClient } from '@actions/artifact';
import * as core from '@actions/core';
import type { RunContext } from './context.js';

/** An uploaded report directory. */
export interface UploadedArtifact {
  name: string;
  /** The artifact id (GitHub only). */
  id?: number;
  /** Where a person downloads it (GitHub only). */
  url?: string;
  /** Where it went (a local folder, for the local store). */
  location?: string;
}

/** A workflow run of this or another repository, whose artifacts a token may read. */
export interface RunRef {
  runId: number;
  owner: string;
  repo: string;
  token: string;
}

/** Where report directories go, and where an earlier run's come back from. */
export interface ArtifactStore {
  readonly description: string;
  /** Uploads every file under `dir`; undefined when there is no artifact service (a notice says so), never a throw. */
  upload(name: string, dir: string): Promise<UploadedArtifact | undefined>;
  /** Downloads the named artifact of another run into `into`; undefined when that run has no such artifact. */
  download(name: string, run: RunRef, into: string): Promise<string | undefined>;
}

/** The folder named by MCP_EVALS_LOCAL_ARTIFACTS (tests, @github/local-action), else GitHub's artifact service. */
export function artifactStore(env: NodeJS.ProcessEnv, context: RunContext): ArtifactStore {
  const local = env.MCP_EVALS_LOCAL_ARTIFACTS;
  return local ? new LocalArtifactStore(resolve(context.workspace, local), context) : new ActionsArtifactStore(env, context);
}

/** Artifact names may not hold `" : < > | * ? \ /` or line breaks (model ids often have a slash). */
export function artifactName(base: string, parts: Array<string | undefined>): string {
  const suffix = parts.filter((part): part is string => Boolean(part)).map((part) => part.replace(/["':<>|*?\\/\r\n\s]+/g, '-'));
  return [base, ...suffix].join('-').slice(0, 200);
}

class ActionsArtifactStore implements ArtifactStore {
  readonly description = 'GitHub artifacts';
  private loaded?: ArtifactClient;

  /** @actions/artifact (and its Azure storage client) loads only when a run uploads or downloads. */
  private async client(): Promise<ArtifactClient> {
    this.loaded ??= new (await import('./toolkit.js')).DefaultArtifactClient();
    return this.loaded;
  }

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly context: RunContext,
  ) {}

  async upload(name: string, dir: string): Promise<UploadedArtifact | undefined> {
    if (!this.env.ACTIONS_RUNTIME_TOKEN || !this.env.ACTIONS_RESULTS_URL) {
      core.notice(`The report was not uploaded as an artifact: no artifact service here (not on a GitHub-hosted or self-hosted runner?). It is in ${dir}.`);
      return undefined;
    }
    try {
      const files = await listFiles(dir);
      const { id } = await (await this.client()).uploadArtifact(name, files, dir);
      const repository = this.context.repository;
      const url =
        id !== undefined && repository && this.context.runId !== undefined
          ? `${this.context.serverUrl}/${repository.owner}/${repository.repo}/actions/runs/${this.context.runId}/artifacts/${id}`
          : undefined;
      return { name, ...(id !== undefined ? { id } : {}), ...(url ? { url } : {}) };
    } catch (error) {
      core.warning(`The report artifact ${name} could not be uploaded: ${messageOf(error)}. The report is in ${dir}.`);
      return undefined;
    }
  }

  async download(name: string, run: RunRef, into: string): Promise<string | undefined> {
    const findBy = { token: run.token, workflowRunId: run.runId, repositoryOwner: run.owner, repositoryName: run.repo };
    let id: number;
    try {
      id = (await (await this.client()).getArtifact(name, { findBy })).artifact.id;
    } catch (error) {
      if ((error as Error | undefined)?.name === 'ArtifactNotFoundError') return undefined;
      throw error;
    }
    await mkdir(into, { recursive: true });
    await (await this.client()).downloadArtifact(id, { path: into, findBy });
    return into;
  }
}

/** Artifacts as folders: `<root>/<run id>/<name>/` (run id `local` outside a workflow run). */
class LocalArtifactStore implements ArtifactStore {
  readonly description: string;

  constructor(
    private readonly root: string,
    private readonly context: RunContext,
  ) {
    this.description = `local folder ${root}`;
  }

  async upload(name: string, dir: string): Promise<UploadedArtifact | undefined> {
    const location = join(this.root, String(this.context.runId ?? 'local'), name);
    await rm(location, { recursive: true, force: true });
    await mkdir(location, { recursive: true });
    await cp(dir, location, { recursive: true });
    return { name, location };
  }

  async download(name: string, run: RunRef, into: string): Promise<string | undefined> {
    const source = join(this.root, String(run.runId), name);
    if (!existsSync(source)) return undefined;
    await mkdir(into, { recursive: true });
    await cp(source, into, { recursive: true });
    return into;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
