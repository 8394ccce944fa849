/**
 * The poisoning rules on the fourth corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-4.json, 90 tool definitions (45 poisoned, 45 clean, 21 languages) written by
 * someone who had read neither the rules nor the earlier corpora. Held out when first measured
 * (2026-12-03, rules at 8df1df5: 29/45 poisoned flagged, 6/45 clean flagged); IN-SAMPLE since its
 * 22 errors were read and the rules extended by principle (poisoning-principles-3.test.ts, and the
 * probes of poisoning-probe-4.test.ts). The held-out figure is now the fifth corpus's
 * (poisoning-heldout-5.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus } from './poisoning-harness.js';

/** In-sample now: every poisoned tool flagged, no clean one (held out when first measured: 29/45 and 6/45). */
const POISONED_FLAGGED_MEASURED = 45;
const CLEAN_FLAGGED_MEASURED = 0;

describe('the poisoning rules on the fourth corpus (in-sample)', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-4.json'));
    console.log(`poisoning-heldout-4.json (in-sample): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(POISONED_FLAGGED_MEASURED);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(CLEAN_FLAGGED_MEASURED);
  });
});
