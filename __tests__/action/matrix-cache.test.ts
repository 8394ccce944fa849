/**
 * The result cache across a models × shards matrix, through the cache service @actions/cache
 * really speaks (the v2 Twirp service and signed blob URLs, faked in fake-cache.ts): every cell
 * saves under a key of its own, so a second run of the same matrix makes no model call anywhere;
 * and the log says what happened to a save, never "saved" when the service refused it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMessage, SOURCE_ENTRY, type ActionRun } from './harness.js';
import { CELLS, startMatrix, type Matrix } from './matrix-fixture.js';

let matrix: Matrix;

beforeAll(async () => {
  matrix = await startMatrix();
});
afterAll(async () => {
  await matrix?.close();
});

/** One matrix job, which must pass. */
async function cell(models: string, shard: string, runId: string, extra: Record<string, string> = {}): Promise<{ result: ActionRun; calls: number }> {
  const { result, calls } = await matrix.cell(SOURCE_ENTRY, models, shard, runId, extra);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return { result, calls };
}

describe('the result cache of a models × shards matrix, through the Actions cache service', () => {
  it('each cell saves under its own key; the second run of the matrix makes 0 model calls in every cell', async () => {
    const first = [];
    for (const { model: id, shard } of CELLS) first.push(await cell(id, shard, '500'));
    for (const { result, calls } of first) {
      expect(calls).toBeGreaterThan(0);
      expect(result.stdout).toMatch(/Result cache saved as mcp-evals-[0-9a-f]+-0\.1\.0-model-[ab]~shard-[12]-of-2~500-1 \(GitHub Actions cache\)/);
    }
    // Four cells, four entries: none was refused for a key another cell took first.
    const saved = matrix.cache.entries.filter((entry) => entry.finalized).map((entry) => entry.key);
    expect(new Set(saved).size).toBe(4);
    expect(matrix.cache.calls.every((call) => call.authorization === 'Bearer fake-runtime-token')).toBe(true);

    const second = [];
    for (const { model: id, shard } of CELLS) second.push({ id, shard, ...(await cell(id, shard, '501')) });
    for (const { id, shard, result, calls } of second) {
      expect(calls, `${id} shard ${shard}\n${result.stdout}`).toBe(0);
      // Restored from its own cell's entry, not another's.
      expect(result.stdout).toContain(`${id}~shard-${shard.replace('/', '-of-')}~500-1 (GitHub Actions cache)`);
      expect(result.stdout).toContain('Every run came from the cache: nothing new to save.');
    }
  }, 300_000);

  it('a save the cache service refuses (rate limited) is reported as not saved, never as saved', async () => {
    matrix.cache.createStatus = 429;
    try {
      // A third repeat per case is new work, so this cell has something to save.
      const { result, calls } = await cell('model-a', '1/2', '502', { runs: '3' });
      expect(calls).toBeGreaterThan(0);
      expect(result.stdout).toContain('Failed to save');
      expect(result.stdout).not.toContain('Result cache saved');
      const notice = result.commands.filter((line) => line.startsWith('::notice')).map(commandMessage).find((text) => text.startsWith('Result cache not saved as'));
      expect(notice).toMatch(/~502-1: the cache service refused or failed the save \(its message is above\)\. The next run of this job repeats its \d+ new runs\./);
    } finally {
      matrix.cache.createStatus = undefined;
    }
  }, 120_000);
});
