/**
 * dist/ is committed (the runner executes it, nothing is built at use time), so it must be what
 * `npm run package` builds from these sources: rebuild into a temporary folder and compare, file by
 * file. A failure means: run `npm run package` and commit dist/. (CI runs the same check in
 * .github/workflows/check-dist.yml.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './harness.js';

const run = promisify(execFile);
let out: string | undefined;

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name))).sort();
}

describe('dist/', () => {
  it('is what `npm run package` builds from the sources (rebuild, then compare)', async () => {
    out = await mkdtemp(join(tmpdir(), 'mcp-evals-dist-'));
    await run(process.execPath, [join(REPO_ROOT, 'src', 'action', 'bundle.mjs'), out], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    const built = await files(out);
    const committed = await files(join(REPO_ROOT, 'dist'));
    expect(built).toEqual(expect.arrayContaining(['index.js', 'layer0/index.js', 'licenses.txt']));
    // No package.json next to the bundles: src/core/paths.ts must reach the repository's (version, schemas/).
    expect(built).not.toContain('package.json');
    expect(committed, 'dist/ has other files than a fresh build: run `npm run package`').toEqual(built);
    const stale: string[] = [];
    for (const file of built) {
      const [fresh, current] = await Promise.all([readFile(join(out, file)), readFile(join(REPO_ROOT, 'dist', file))]);
      if (!fresh.equals(current)) stale.push(file);
    }
    expect(stale, `dist/ is stale (${stale.join(', ')}): run \`npm run package\` and commit dist/`).toEqual([]);
  }, 240_000);
});
