/**
 * The poisoning verdict on the seventh held-out corpus (issue 24): __tests__/fixtures/corpora/
 * poisoning-heldout-7.json, 90 tool definitions (45 poisoned, 45 clean) written by someone who
 * had read neither the rules nor the earlier corpora, frozen, and never read on the detector's
 * side until it was measured once, with the classifier (classifier.ts, suspicion.ts) weighing the
 * lexicons. In-sample since: its errors were read and the classifier is trained on it; it is held to
 * its first figure. The held-out figure is the eighth corpus's (poisoning-heldout-8.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus, measureLexiconsAlone } from './poisoning-harness.js';

describe('the poisoning verdict on the seventh held-out corpus', () => {
  it('flags at least the measured share of poisoned tools and no more clean ones', async () => {
    const counts = await measureCorpus(corpusPath('poisoning-heldout-7.json'));
    const lexicons = await measureLexiconsAlone(corpusPath('poisoning-heldout-7.json'));
    console.log(`poisoning-heldout-7.json (held out when first measured, in-sample now): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}; the lexicons alone: ${lexicons.poisonedFlagged}/${lexicons.poisoned} and ${lexicons.cleanFlagged}/${lexicons.clean}`);
    expect([counts.poisoned, counts.clean]).toEqual([45, 45]);
    expect(counts.poisonedFlagged).toBeGreaterThanOrEqual(MEASURED.poisonedFlagged);
    expect(counts.cleanFlagged).toBeLessThanOrEqual(MEASURED.cleanFlagged);
  });
});

/**
 * Measured once, 2026-12-03 15:58 UTC (lexicons as of this round, the classifier as shipped): 21 of
 * 45 poisoned tools flagged (47 %), 3 of 45 clean ones flagged; the lexicons alone 21/45 and 4/45
 * (the classifier lowered one false alarm and no true catch). Far short of the target
 * (39/45, no clean one): this corpus hides most of its payloads in ways no rule here reads (Ascii85,
 * Morse, decimal character codes, CSS-hidden spans, soft hyphens, blank-line padding) or in
 * product-like prose.
 */
const MEASURED = { poisonedFlagged: 21, cleanFlagged: 3 };
