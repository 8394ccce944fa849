/**
 * The poisoning verdict on the seventeenth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-17.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen, and never read on the detector's
 * side when it was measured. The lexicons, weighed by the classifier (classifier.ts, suspicion.ts),
 * measured once after the rules and the model were final; the floors are that figure. Counts only:
 * no sample is printed or asserted on its own. In-sample since: its errors were read and fixed by
 * principle (poisoning-principles-10.test.ts) and the classifier is trained on it.
 */
import { describe, expect, it } from 'vitest';
import { SUSPECT } from '../../src/core/surface/suspicion.js';
import { corpusPath, measureClassifierAlone, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the seventeenth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-17.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-17.json'));
    const alone = await measureClassifierAlone(corpusPath('poisoning-heldout-17.json'), SUSPECT);
    console.log(`poisoning-heldout-17.json (held out when first measured; in-sample since): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}; the classifier alone above ${SUSPECT}: ${alone.poisonedFlagged}/${alone.poisoned} and ${alone.cleanFlagged}/${alone.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    if (MEASURED === undefined) return;
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-04 04:10 UTC (rules and model of fe3db21: sixteen corpora written as
 * training data in the classifier, SUSPECT 0.85, another tool steered away from against the user's
 * request kept): 40 of 45 poisoned tools flagged (89 %), 1 of 45 clean; the lexicons alone 27/45
 * and 1/45; the classifier alone above 0.85, 38/45 and 1/45. Short of the target (39/45,
 * no clean one) on the clean side.
 */
const MEASURED: { poisonedFlagged: number; cleanFlagged: number } | undefined = { poisonedFlagged: 40, cleanFlagged: 1 };
