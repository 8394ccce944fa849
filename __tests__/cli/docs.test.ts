import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { coverage, renderCoverageDoc } from '../../src/core/conformance/coverage-doc.js';
import { UNCOVERED } from '../../src/core/conformance/uncovered.js';

describe('docs/conformance.md', () => {
  it('is up to date with the check registry (run `npm run docs:conformance`)', async () => {
    const committed = await readFile(new URL('../../docs/conformance.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderCoverageDoc());
  });

  it('explains every requirement row no check covers, and only those', () => {
    const { unexplained, covered, unknownCited } = coverage();
    expect(unexplained).toEqual([]);
    expect(unknownCited).toEqual([]);
    expect(Object.keys(UNCOVERED).filter((id) => covered.has(id))).toEqual([]);
  });

  it('covers every MUST row of the areas Layer 0 promises', () => {
    const { uncovered } = coverage();
    const promised = /^(VER|META|DISC|RT|CACHE|LIST|PAGE|TOOL|RSRC|PRMT|ERR|HTTP-HDR|HTTP-CT|HTTP-ST|STDIO|RM)-/;
    const missing = uncovered.filter((row) => promised.test(row.id));
    // Rows that need side-effecting calls or server internals are explained, not silently dropped.
    for (const row of missing) expect(row.reason.length).toBeGreaterThan(20);
  });
});
