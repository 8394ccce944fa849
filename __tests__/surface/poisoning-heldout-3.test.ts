/**
 * The poisoning rules on the third corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-3.json, 90 tool definitions (45 poisoned, 45 clean, 20 languages) written by
 * someone who had seen neither the rules nor the earlier corpora. Held out when first measured
 * (2026-12-03: 36/45 poisoned flagged, 7/45 clean flagged); IN-SAMPLE since its 16 errors were
 * read and the rules extended by principle (poisoning-principles-2.test.ts). The held-out figure
 * is now the fifth corpus's (poisoning-heldout-5.test.ts); the fourth is in-sample too.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus } from './poisoning-harness.js';

/** In-sample now: every poisoned tool flagged, no clean one (held out when first measured: 36/45 and 7/45). */
const POISONED_FLAGGED_MEASURED = 45;
const CLEAN_FLAGGED_MEASURED = 0;

describe('the poisoning rules on the third corpus (in-sample)', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-3.json'));
    console.log(`poisoning-heldout-3.json (in-sample): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(POISONED_FLAGGED_MEASURED);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(CLEAN_FLAGGED_MEASURED);
  });
});
