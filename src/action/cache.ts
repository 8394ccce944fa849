import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { isAbsolute, join, relative, resolve } from 'node:path';
import * as core from '@actions/core';
import type { Shard } from '../core/evals/shard.js';
import { toolVersion } from '../core/version.js';
import { messageOf } from './artifacts.js';

/** What a save did, for the log: the cache service's own failure lines are not the action's to contradict. */
export type SaveOutcome = { saved: true } | { saved: false; why: string };

/** Where the result cache lives between workflow runs. Neither method throws: a cache is an optimisation. */
export interface CacheStore {
  readonly description: string;
  /** Restores `dir`; returns the key that matched (the primary key or one starting with a restore key), else undefined. */
  restore(dir: string, key: string, restoreKeys: string[]): Promise<string | undefined>;
  /** Saves `dir` under `key`, and says whether it was saved and, if not, why. */
  save(dir: string, key: string): Promise<SaveOutcome>;
}

/** The folder named by MCP_EVALS_LOCAL_CACHE (tests, @github/local-action), else GitHub's cache service. */
export function cacheStore(env: NodeJS.ProcessEnv, workspace: string): CacheStore {
  const local = env.MCP_EVALS_LOCAL_CACHE;
  return local ? new LocalCacheStore(resolve(workspace, local)) : new ActionsCacheStore();
}

export const CACHE_KEY_PREFIX = 'mcp-evals-';

/** One job of a models × shards matrix: the models it runs and its slice of the golden set. */
export interface CacheCell {
  models: readonly string[];
  shard?: Shard;
}

/** Longer model lists are named by a hash: a key holds at most 512 characters. */
const MAX_MODELS_SLUG = 80;

/**
 * The key of the result cache. GitHub caches are immutable and a matrix runs many jobs at once, so
 * each job saves under a key of its own: golden set, tool version, cell (models and shard), then
 * the run id and attempt. It restores the newest entry of its own cell first (its cases, its
 * models), then the newest of the golden set, then any: unchanged cases hit their per-case entries
 * inside it, and new results (a new model, a changed tool list) are saved next time.
 */
export function resultCacheKey(goldenHash: string, cell: CacheCell, run: { id?: string; attempt?: string } = {}): { key: string; restoreKeys: string[] } {
  const golden = `${CACHE_KEY_PREFIX}${goldenHash}-${toolVersion()}-`;
  const prefix = `${golden}${cellSlug(cell)}~`;
  return { key: `${prefix}${run.id ?? Date.now()}-${run.attempt ?? 1}`, restoreKeys: [prefix, golden, CACHE_KEY_PREFIX] };
}

/** `gpt-4.1-mini+claude~shard-1-of-2`: `~` never occurs inside, so one cell's prefix is never another's. */
function cellSlug(cell: CacheCell): string {
  let models = cell.models.map((id) => id.replace(/[^A-Za-z0-9._-]+/g, '_')).join('+') || 'no-model';
  if (models.length > MAX_MODELS_SLUG) models = `models-${createHash('sha256').update(cell.models.join('\n')).digest('hex').slice(0, 16)}`;
  return `${models}~${cell.shard ? `shard-${cell.shard.index}-of-${cell.shard.total}` : 'all-cases'}`;
}

class ActionsCacheStore implements CacheStore {
  readonly description = 'GitHub Actions cache';
  private unavailableNoted = false;

  async restore(dir: string, key: string, restoreKeys: string[]): Promise<string | undefined> {
    if (!(await this.available())) return undefined;
    try {
      return await (await import('./toolkit.js')).cache.restoreCache([servicePath(dir)], key, restoreKeys);
    } catch (error) {
      core.notice(`The result cache was not restored (${messageOf(error)}): every case runs this time.`);
      return undefined;
    }
  }

  async save(dir: string, key: string): Promise<SaveOutcome> {
    if (!(await this.available())) return { saved: false, why: 'no cache service here' };
    if (!(await hasFiles(dir))) return { saved: false, why: `nothing in ${dir} to save` };
    try {
      // saveCache logs its own failures ("Failed to save: …", a reservation refused) and returns -1 instead of throwing.
      const id = await (await import('./toolkit.js')).cache.saveCache([servicePath(dir)], key);
      return id === -1 ? { saved: false, why: 'the cache service refused or failed the save (its message is above)' } : { saved: true };
    } catch (error) {
      // A key saved already (by a parallel job, or an exact hit), named rather than instanceof: see artifacts.ts.
      if ((error as Error | undefined)?.name === 'ReserveCacheError') return { saved: false, why: 'an entry with this key exists already' };
      return { saved: false, why: messageOf(error) };
    }
  }

  private async available(): Promise<boolean> {
    let available = false;
    try {
      available = (await import('./toolkit.js')).cache.isFeatureAvailable();
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

/**
 * The service keys an entry by its paths too (the entry's "version"): relative to the working
 * directory (the workspace), they stay the same when the checkout lives somewhere else next time.
 */
function servicePath(dir: string): string {
  const path = relative(process.cwd(), dir);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path) ? path : dir;
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

  async save(dir: string, key: string): Promise<SaveOutcome> {
    const target = join(this.root, key);
    if (existsSync(target)) return { saved: false, why: 'an entry with this key exists already' };
    if (!(await hasFiles(dir))) return { saved: false, why: `nothing in ${dir} to save` };
    try {
      await mkdir(this.root, { recursive: true });
      await cp(dir, target, { recursive: true });
      return { saved: true };
    } catch (error) {
      await rm(target, { recursive: true, force: true });
      return { saved: false, why: messageOf(error) };
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
