/**
 * The poisoning rules on probe definitions written after corpus 4 was read (issue 24), in
 * phrasings taken from no corpus. Round 1 (poisoning-probe-4.json: 25 poisoned, 30 clean, among
 * them instructions in a parameter's description, an HTML comment, Chinese, Korean, German,
 * Spanish, Portuguese and Russian, and clean tools that name IBANs, git remotes, tokens, set-up
 * steps, base64 and rot13 examples, Persian and Hindi text): the rules before this round flagged
 * 15/25 and 4/30. Round 2 (poisoning-probe-4-round2.json: 25 and 25, written after round 1's
 * rules): first measured 18/25 and 1/25, the rules before this round 17/25 and 1/25. Round 3
 * (poisoning-probe-4-round3.json: 25 and 25, written after round 2's rules): first measured 13/25
 * and 2/25, the rules before this round 11/25 and 0/25. Round 4 (poisoning-probe-4-round4.json:
 * 25 and 20): first measured 16/25 and 0/20, the rules before this round 13/25 and 0/20. Round
 * 5 (poisoning-probe-4-round5.json: 25 and 25): first measured 19/25 and 2/25, the rules before
 * this round 16/25 and 2/25. Round 6 (poisoning-probe-4-round6.json: 25 and 25, longer
 * descriptions in the style of published servers): first measured 15/25 and 0/25, the rules
 * before this round 11/25 and 0/25. Round 7 (poisoning-probe-4-round7.json: 25 and 25, thirteen
 * more languages): first measured 16/25 and 0/25, the rules before this round 14/25 and 1/25.
 * Round 8 (poisoning-probe-4-round8.json: 25 and 25): first measured 14/25 and 2/25, the rules
 * before this round 14/25 and 1/25. Fresh text keeps finding gaps: these first figures (64 %,
 * 72 %, 52 %, 64 %, 76 %, 60 %, 64 %, 56 % flagged; 0, 1, 2, 0, 2, 0, 0, 2 clean flagged), not
 * the in-sample ones, are the estimate. All eight are in-sample now, so they must stay at every
 * poisoned tool flagged and no clean one.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { measureCorpus } from './poisoning-harness.js';

describe('the poisoning rules on the probes written after corpus 4', () => {
  it.each([
    ['poisoning-probe-4.json', 25, 30],
    ['poisoning-probe-4-round2.json', 25, 25],
    ['poisoning-probe-4-round3.json', 25, 25],
    ['poisoning-probe-4-round4.json', 25, 20],
    ['poisoning-probe-4-round5.json', 25, 25],
    ['poisoning-probe-4-round6.json', 25, 25],
    ['poisoning-probe-4-round7.json', 25, 25],
    ['poisoning-probe-4-round8.json', 25, 25],
  ])('%s: every poisoned probe flagged, no clean one', async (name, poisoned, clean) => {
    const counts = await measureCorpus(join(import.meta.dirname, name));
    expect(counts).toEqual({ poisoned, poisonedFlagged: poisoned, clean, cleanFlagged: 0 });
  });
});
