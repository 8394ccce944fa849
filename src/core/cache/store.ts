import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A content-addressed store of completed runs: `<dir>/<ab>/<key>.json`. A cached trace is evidence
 * (it is re-scored, never re-run), so what protects it matters:
 * - with a signing key (MCP_EVALS_CACHE_KEY, kept outside the cache: a CI secret), each file
 *   carries an HMAC-SHA256 of its value under that key; an entry edited by anyone without the key
 *   (its hash recomputed or not), an unsigned one, or one signed under another key is a miss;
 * - without one, each file carries a plain sha-256: a truncated or corrupted entry is a miss, but
 *   anyone who can write the cache folder (in GitHub Actions: any workflow run that can save to a
 *   cache scope this run restores from) can forge an entry. The cache is then trusted, and the
 *   README says so.
 */
export interface ResultStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
}

export class FileResultStore<T> implements ResultStore<T> {
  /** Shard folders known to exist: one mkdir per folder, not per write. */
  private readonly made = new Set<string>();

  /** `secret`: the signing key; absent, entries carry a plain sha-256 (integrity, not authenticity). */
  constructor(
    private readonly dir: string,
    private readonly secret?: string,
  ) {}

  async get(key: string): Promise<T | undefined> {
    let entry: unknown;
    try {
      entry = JSON.parse(await readFile(this.path(key), 'utf8'));
    } catch {
      // missing or unreadable (a truncated write from a killed run): a miss, never an error
      return undefined;
    }
    if (typeof entry !== 'object' || entry === null || !('value' in entry)) return undefined;
    const { value } = entry as { value: unknown };
    const seal = (entry as Record<string, unknown>)[this.secret ? 'hmac' : 'sha256'];
    // JSON.stringify of the parsed value gives back the exact text that was sealed when it was written.
    return typeof seal === 'string' && sameHex(seal, this.seal(JSON.stringify(value))) ? (value as T) : undefined;
  }

  async put(key: string, value: T): Promise<void> {
    const path = this.path(key);
    const folder = dirname(path);
    if (!this.made.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.made.add(folder);
    }
    // Write then rename, so a reader never sees half a file.
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
    const text = JSON.stringify(value);
    await writeFile(temporary, `{"${this.secret ? 'hmac' : 'sha256'}":"${this.seal(text)}","value":${text}}`);
    await rename(temporary, path);
  }

  private seal(text: string): string {
    return this.secret ? createHmac('sha256', this.secret).update(text).digest('hex') : digest(text);
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}

/** Constant-time comparison of two hex digests (a signature check must not leak where it differs). */
function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The environment variable that holds the cache's signing key. */
export const CACHE_KEY_ENV = 'MCP_EVALS_CACHE_KEY';

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `--no-cache`: every lookup misses and nothing is written. */
export class NoResultStore<T> implements ResultStore<T> {
  async get(): Promise<T | undefined> {
    return undefined;
  }

  async put(): Promise<void> {}
}
