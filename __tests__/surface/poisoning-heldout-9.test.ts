/**
 * The poisoning verdict on the ninth held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-9.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen, and not read on the detector's
 * side until it was measured. The lexicons, weighed by the classifier (classifier.ts, suspicion.ts), measured once
 * after the rules and the model were final; the floors are that figure. Counts only: no sample is
 * printed or asserted on its own. In-sample since: its errors were read and the classifier is trained on it.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the ninth held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-9.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-9.json'));
    console.log(`poisoning-heldout-9.json (held out when first measured; in-sample now, the classifier is trained on it): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-03 16:23 UTC (rules and model of 1014fab): 31 of 45 poisoned tools flagged
 * (69 %), no clean one; the lexicons alone 31/45 and 4/45 (the classifier lowered all four false
 * alarms and no true catch). The target is 39/45 with no clean one: precision met, recall short.
 */
const MEASURED = { poisonedFlagged: 31, cleanFlagged: 0 };
