import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReportFiles } from '../../src/core/report/write.js';
import { makeReport } from './fixture.js';

describe('writeReportFiles', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('creates the directory and writes the five files, returning their paths', async () => {
    root = await mkdtemp(join(tmpdir(), 'mcp-evals-report-'));
    const dir = join(root, 'nested', 'out');
    const paths = await writeReportFiles(dir, makeReport(), { configPath: '.github/mcp-evals.yml' });
    expect(paths).toEqual(['report.json', 'summary.md', 'junit.xml', 'conformance.sarif', 'report.html'].map((name) => join(dir, name)));
    expect(JSON.parse(await readFile(paths[0], 'utf8'))).toEqual(makeReport());
    expect(await readFile(paths[1], 'utf8')).toMatch(/^### ❌ demo-server/);
    expect(await readFile(paths[2], 'utf8')).toMatch(/^<\?xml/);
    expect(await readFile(paths[3], 'utf8')).toContain('.github/mcp-evals.yml');
    expect(await readFile(paths[4], 'utf8')).toMatch(/^<!DOCTYPE html>/);
  });

  it('writes nothing when the report is invalid', async () => {
    root = await mkdtemp(join(tmpdir(), 'mcp-evals-report-'));
    const report = makeReport();
    (report.conformance!.checks[0] as { status: string }).status = 'bogus';
    await expect(writeReportFiles(join(root, 'out'), report)).rejects.toThrow(/bogus|allowed values/);
    expect(existsSync(join(root, 'out'))).toBe(false);
  });
});
