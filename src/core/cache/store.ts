import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A content-addressed store of completed, scored runs: `<dir>/<ab>/<key>.json`. */
export interface ResultStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
}

export class FileResultStore<T> implements ResultStore<T> {
  /** Shard folders known to exist: one mkdir per folder, not per write. */
  private readonly made = new Set<string>();

  constructor(private readonly dir: string) {}

  async get(key: string): Promise<T | undefined> {
    try {
      return JSON.parse(await readFile(this.path(key), 'utf8')) as T;
    } catch {
      // missing or unreadable (a truncated write from a killed run): a miss, never an error
      return undefined;
    }
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
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, path);
  }

  private path(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}

/** `--no-cache`: every lookup misses and nothing is written. */
export class NoResultStore<T> implements ResultStore<T> {
  async get(): Promise<T | undefined> {
    return undefined;
  }

  async put(): Promise<void> {}
}
