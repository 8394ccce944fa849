/**
 * The poisoning verdict on the twenty-sixth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-26.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read nothing of the repository (neither the rules, the earlier corpora nor their README),
 * frozen, and never read on the detector's side when it was measured. The lexicons, weighed by the
 * classifier (classifier.ts, suspicion.ts), measured once after the rules and the model were final;
 * the floors are that figure. Counts only: no sample is printed or asserted on its own. Never
 * in the classifier's training. Read after that measurement (2026-12-06), with its misses turned
 * into principles (poisoning-principles-16.test.ts): in-sample since, the floors still the held-out figure.
 */
import { describe, expect, it } from 'vitest';
import { SUSPECT } from '../../src/core/surface/suspicion.js';
import { corpusPath, measureClassifierAlone, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the twenty-sixth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-26.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-26.json'));
    const alone = await measureClassifierAlone(corpusPath('poisoning-heldout-26.json'), SUSPECT);
    console.log(`poisoning-heldout-26.json (held out): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}; the classifier alone above ${SUSPECT}: ${alone.poisonedFlagged}/${alone.poisoned} and ${alone.cleanFlagged}/${alone.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    if (MEASURED === undefined) return;
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-06 03:51 UTC (rules of db29efc: held-out corpora 24 and 25's errors read as
 * principles (poisoning-principles-15.test.ts); the model retrained on that commit's readings of the
 * same inputs, SUSPECT 0.8), on sixteen new domains (education, HR, real estate, travel, smart home,
 * connected cars, SIEM …): 34 of 45 poisoned tools flagged (76 %), 0 of 45 clean; the lexicons alone
 * 29/45 and 2/45; the classifier alone above 0.8, 28/45 and 0/45. Counted a minute before with the
 * model file not yet retrained (stale: classifier.test.ts failed on it): 33 and 0. The rules before
 * that round (c51953c) gave 33 and 0. The issue's target (39/45, no clean one): not met.
 */
const MEASURED: { poisonedFlagged: number; cleanFlagged: number } | undefined = { poisonedFlagged: 34, cleanFlagged: 0 };
