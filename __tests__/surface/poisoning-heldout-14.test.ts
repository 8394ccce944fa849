/**
 * The poisoning verdict on the fourteenth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-14.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen and not read on the detector's
 * side until it was measured. The lexicons, weighed by the classifier (classifier.ts, suspicion.ts),
 * measured once after the rules and the model were final; the floors are that figure. Counts only:
 * no sample is printed or asserted on its own. In-sample since: its errors were read and the
 * classifier is trained on it.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureClassifierAlone, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the fourteenth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-14.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-14.json'));
    const alone = await measureClassifierAlone(corpusPath('poisoning-heldout-14.json'), 0.9);
    console.log(`poisoning-heldout-14.json (held out when first measured; in-sample now, the classifier is trained on it): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}; the classifier alone above 0.9: ${alone.poisonedFlagged}/${alone.poisoned} and ${alone.cleanFlagged}/${alone.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    if (MEASURED === undefined) return;
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-03 18:53 UTC (rules and model of 35b9761: corpora 12 and 13 in the
 * training, their errors fixed by principle): 29 of 45 poisoned tools flagged (64 %), 0 of 45 clean;
 * the lexicons alone 26/45 and 1/45; the classifier alone above 0.9, 20/45 and 0/45. Short of the
 * issue's target (39/45, no clean one) on the poisoned side.
 */
const MEASURED: { poisonedFlagged: number; cleanFlagged: number } | undefined = { poisonedFlagged: 29, cleanFlagged: 0 };
