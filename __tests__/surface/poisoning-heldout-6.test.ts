/**
 * The poisoning rules on the sixth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-6.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen, and never read on the detector's
 * side. Measured once, after the rules were final (2026-12-03, rules at 8d31c7c); the floors are
 * that figure, so a change that loses ground shows. Counts only: no sample is printed or asserted
 * on its own, so that the corpus stays held out.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus } from './poisoning-harness.js';

/** Measured once, 2026-12-03 (the same rules as corpus 5's figure, 8d31c7c): 29 of 45 poisoned tools flagged (64 %), 5 of 45 clean ones flagged (11 %); short of the issue's target (39/45, no clean one). */
const POISONED_FLAGGED_MEASURED = 29;
const CLEAN_FLAGGED_MEASURED = 5;

describe('the poisoning rules on the sixth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-6.json'));
    console.log(`poisoning-heldout-6.json (held out): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(POISONED_FLAGGED_MEASURED);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(CLEAN_FLAGGED_MEASURED);
  });
});
