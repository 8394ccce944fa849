/**
 * The poisoning verdict on the fifteenth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-15.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen, and never read on the detector's
 * side when it was measured. The lexicons, weighed by the classifier (classifier.ts, suspicion.ts),
 * measured once after the rules and the model were final; the floors are that figure. Counts only:
 * no sample is printed or asserted on its own. In-sample since for the classifier, which is trained
 * on it; its errors are not yet read.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureClassifierAlone, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the fifteenth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-15.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-15.json'));
    const alone = await measureClassifierAlone(corpusPath('poisoning-heldout-15.json'), 0.9);
    console.log(`poisoning-heldout-15.json (held out when first measured; the classifier is trained on it since): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}; the classifier alone above 0.9: ${alone.poisonedFlagged}/${alone.poisoned} and ${alone.cleanFlagged}/${alone.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    if (MEASURED === undefined) return;
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-03 19:16 UTC (rules and model of 060fb6e: corpora 12–14 in the training,
 * their errors fixed by principle, a rule for data sent to an address written in the definition):
 * 35 of 45 poisoned tools flagged (78 %), 0 of 45 clean; the lexicons alone 31/45 and 0/45; the
 * classifier alone above 0.9, 23/45 and 0/45. Short of the target (39/45, no clean one) on
 * the poisoned side.
 */
const MEASURED: { poisonedFlagged: number; cleanFlagged: number } | undefined = { poisonedFlagged: 35, cleanFlagged: 0 };
