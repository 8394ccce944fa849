/**
 * The poisoning rules on probe definitions written after corpus 4 was read (issue 24):
 * __tests__/surface/poisoning-probe-4.json, 25 poisoned and 30 clean tools in phrasings taken
 * from no corpus (instructions in the description, a parameter's description, an HTML comment,
 * Chinese, Korean, German, Spanish, Portuguese, Russian; clean tools that name IBANs, git remotes,
 * tokens, set-up steps, base64 and rot13 examples, Persian and Hindi text). The rules before this
 * round flagged 15/25 and 4/30; the probe is in-sample now, so it must stay at every poisoned tool
 * flagged and no clean one.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { measureCorpus } from './poisoning-harness.js';

describe('the poisoning rules on the probe written after corpus 4', () => {
  it('flags every poisoned probe and no clean one', async () => {
    const counts = await measureCorpus(join(import.meta.dirname, 'poisoning-probe-4.json'));
    expect(counts).toEqual({ poisoned: 25, poisonedFlagged: 25, clean: 30, cleanFlagged: 0 });
  });
});
