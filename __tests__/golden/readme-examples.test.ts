import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseGoldenSet } from '../../src/core/golden/load.js';

/** The golden-set examples in the README must work exactly as written. */
describe('README golden examples', () => {
  it('every yaml block that looks like tasks.yaml loads with the golden loader', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).filter((block) => /^(# tasks\.yaml\n)?- id:/m.test(block) && !/^on:|jobs:/m.test(block));
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) {
      const set = parseGoldenSet(block, 'README.md');
      expect(set.cases.length).toBeGreaterThan(0);
    }
    const first = parseGoldenSet(blocks[0], 'README.md');
    expect(first.cases.map((c) => [c.id, c.expect_tool !== undefined ? c.expect_tool : c.expect_sequence])).toEqual([
      ['weather-basic', 'get_weather'],
      ['multi-step-invoice', ['search_invoices', 'send_email']],
      ['negative-chitchat', null],
    ]);
  });
});
