/**
 * The poisoning verdict on the eighth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-8.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen, and never read on the detector's
 * side until it was measured once (the lexicons, weighed by the classifier: classifier.ts,
 * suspicion.ts), after the rules and the model were final; the floors are that figure. The
 * classifier is trained on it since, so it is in-sample now; no later corpus is held out yet.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the eighth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-8.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-8.json'));
    console.log(`poisoning-heldout-8.json (held out when first measured, in-sample now): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-03 16:09 UTC (rules and model of de09520): 28 of 45 poisoned tools flagged
 * (62 %), 1 of 45 clean ones; the lexicons alone 32/45 and 4/45. The classifier lowered three of the
 * four false alarms and four true catches to notes. Short of the target (39/45, no clean one).
 */
const MEASURED = { poisonedFlagged: 28, cleanFlagged: 1 };
