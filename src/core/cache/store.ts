import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A content-addressed store of completed runs: `<dir>/<ab>/<key>.json`. Each file carries a sha-256
 * of its value: an entry that was edited, truncated or corrupted is a miss, never trusted.
 */
export interface ResultStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
}

export class FileResultStore<T> implements ResultStore<T> {
  /** Shard folders known to exist: one mkdir per folder, not per write. */
  private readonly made = new Set<string>();

  constructor(private readonly dir: string) {}

  async get(key: string): Promise<T | undefined> {
    let entry: unknown;
    try {
      entry = JSON.parse(await readFile(this.path(key), 'utf8'));
    } catch {
      // missing or unreadable (a truncated write from a killed run): a miss, never an error
      return undefined;
    }
    if (typeof entry !== 'object' || entry === null || !('sha256' in entry) || !('value' in entry)) return undefined;
    const { sha256, value } = entry as { sha256: unknown; value: unknown };
    // JSON.stringify of the parsed value gives back the exact text that was hashed when it was written.
    return sha256 === digest(JSON.stringify(value)) ? (value as T) : undefined;
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
    await writeFile(temporary, `{"sha256":"${digest(text)}","value":${text}}`);
    await rename(temporary, path);
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}

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
