/**
 * The poisoning verdict on the twenty-fifth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-25.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read nothing of the repository (neither the rules, the earlier corpora nor their README),
 * frozen, and never read on the detector's side when it was measured. The lexicons, weighed by the
 * classifier (classifier.ts, suspicion.ts), measured once after the rules and the model were final;
 * the floors are that figure. Counts only: no sample is printed or asserted on its own. Never
 * in the classifier's training. Read after that measurement (2026-12-06), with its errors turned
 * into principles (poisoning-principles-15.test.ts): in-sample since, the floors still the held-out figure.
 */
import { describe, expect, it } from 'vitest';
import { SUSPECT } from '../../src/core/surface/suspicion.js';
import { corpusPath, measureClassifierAlone, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the twenty-fifth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-25.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-25.json'));
    const alone = await measureClassifierAlone(corpusPath('poisoning-heldout-25.json'), SUSPECT);
    console.log(`poisoning-heldout-25.json (held out): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}; the classifier alone above ${SUSPECT}: ${alone.poisonedFlagged}/${alone.poisoned} and ${alone.cleanFlagged}/${alone.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    if (MEASURED === undefined) return;
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-05 13:02 UTC (rules of this commit: held-out corpora 22 and 23's misses read
 * as principles (poisoning-principles-14.test.ts); the model unchanged, SUSPECT 0.8): 38 of 45
 * poisoned tools flagged (84 %), 3 of 45 clean; the lexicons alone 26/45 and 6/45; the classifier
 * alone above 0.8, 34/45 and 1/45. The rules before this round's fixes (8e76f5c) gave the same 38 and 3:
 * the fixes read from corpora 22 and 23 caught nothing more here. The issue's target (39/45, no
 * clean one): not met.
 */
const MEASURED: { poisonedFlagged: number; cleanFlagged: number } | undefined = { poisonedFlagged: 38, cleanFlagged: 3 };
