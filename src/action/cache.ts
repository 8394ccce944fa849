import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as cache from '@actions/cache';
import * as core from '@actions/core';
import { toolVersion } from '../core/version.js';
import { messageOf } from './artifacts.js';

/** Where the result cache lives between workflow runs. Neither method throws: a cache is an optimisation. */
export interface CacheStore {
  readonly description: string;
  /** Restores `dir`; returns the key that matched (the primary key or one starting with a restore key), else undefined. */
  restore(dir: string, key: string, restoreKeys: string[]): Promise<string | undefined>;
  /** Saves `dir` under `key`; false when nothing was saved (the key exists, or no service). */
  save(dir: string, key: string): Promise<boolean>;
}

/** The folder named by MCP_EVALS_LOCAL_CACHE (tests, @github/local-action), else GitHub's cache service. */
export function cacheStore(env: NodeJS.ProcessEnv, workspace: string): CacheStore {
  const local = env.MCP_EVALS_LOCAL_CACHE;
  return local ? new LocalCacheStore(resolve(workspace, local)) : new ActionsCacheStore();
}

export const CACHE_KEY_PREFIX = 'mcp-evals-';

/**
 * The key of the result cache. GitHub caches are immutable, so each run saves under a key of its
 * own (the run id and attempt last) and restores the newest entry of the same golden set and
 * tool version, else the newest of any: unchanged cases hit their per-case entries inside it, and
 * new results (a new model, a changed tool list) are saved next time instead of never.
 */
export function resultCacheKey(goldenHash: string, run: { id?: string; attempt?: string } = {}): { key: string; restoreKeys: string[] } {
  const stem = `${CACHE_KEY_PREFIX}${goldenHash}-${toolVersion()}-`;
  return { key: `${stem}${run.id ?? Date.now()}-${run.attempt ?? 1}`, restoreKeys: [stem, CACHE_KEY_PREFIX] };
}

class ActionsCacheStore implements CacheStore {
  readonly description = 'GitHub Actions cache';
  private unavailableNoted = false;

  async restore(dir: string, key: string, restoreKeys: string[]): Promise<string | undefined> {
    if (!this.available()) return undefined;
    try {
      return await cache.restoreCache([dir], key, restoreKeys);
    } catch (error) {
      core.notice(`The result cache was not restored (${messageOf(error)}): every case runs this time.`);
      return undefined;
    }
  }

  async save(dir: string, key: string): Promise<boolean> {
    if (!this.available() || !(await hasFiles(dir))) return false;
    try {
      await cache.saveCache([dir], key);
      return true;
    } catch (error) {
      // A key saved already (by a parallel job, or an exact hit), named rather than instanceof: see artifacts.ts.
      if ((error as Error | undefined)?.name === 'ReserveCacheError') {
        core.info(`The result cache ${key} exists already: not saved again.`);
      } else {
        core.notice(`The result cache was not saved (${messageOf(error)}): the next run repeats these cases.`);
      }
      return false;
    }
  }

  private available(): boolean {
    let available = false;
    try {
      available = cache.isFeatureAvailable();
    } catch {
      available = false;
    }
    if (!available && !this.unavailableNoted) {
      this.unavailableNoted = true;
      core.notice('No cache service here (not on a GitHub runner?): the result cache is neither restored nor saved.');
    }
    return available;
  }
}

/** Cache entries as folders `<root>/<key>/`, immutable once written, as GitHub's are. */
class LocalCacheStore implements CacheStore {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `local folder ${root}`;
  }

  async restore(dir: string, key: string, restoreKeys: string[]): Promise<string | undefined> {
    try {
      let match = existsSync(join(this.root, key)) ? key : undefined;
      if (!match && existsSync(this.root)) {
        const names = (await readdir(this.root)).filter((name) => restoreKeys.some((prefix) => name.startsWith(prefix)));
        const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(join(this.root, name))).mtimeMs })));
        match = dated.sort((a, b) => b.time - a.time)[0]?.name;
      }
      if (!match) return undefined;
      await mkdir(dir, { recursive: true });
      await cp(join(this.root, match), dir, { recursive: true });
      return match;
    } catch (error) {
      core.notice(`The result cache was not restored (${messageOf(error)}): every case runs this time.`);
      return undefined;
    }
  }

  async save(dir: string, key: string): Promise<boolean> {
    const target = join(this.root, key);
    if (existsSync(target) || !(await hasFiles(dir))) return false;
    try {
      await mkdir(this.root, { recursive: true });
      await cp(dir, target, { recursive: true });
      return true;
    } catch (error) {
      await rm(target, { recursive: true, force: true });
      core.notice(`The result cache was not saved (${messageOf(error)}): the next run repeats these cases.`);
      return false;
    }
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).some((entry) => entry.isFile());
  } catch {
    return false;
  }
}
