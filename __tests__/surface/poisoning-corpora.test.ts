/**
 * The poisoning rules on the two corpora that were held out until measured and are in-sample
 * since their misses were read (issue 24): __tests__/fixtures/corpora/poisoning-heldout.json
 * (held out: 30/44 flagged, 0/39 clean) and poisoning-heldout-2.json (held out: 27/45, 2/42).
 * Held to what the rules reach on them now, so that a change that loses ground shows. The
 * held-out figure is the fifth corpus's (poisoning-heldout-5.test.ts); the third and fourth are in-sample too.
 */
import { describe, expect, it } from 'vitest';
import { corpusPath, measureCorpus } from './poisoning-harness.js';

describe('the poisoning rules on the in-sample corpora', () => {
  it.each([
    ['poisoning-heldout.json', 44, 39],
    ['poisoning-heldout-2.json', 45, 42],
  ])('%s: every poisoned tool flagged, no clean one', async (name, poisoned, clean) => {
    const counts = await measureCorpus(corpusPath(name));
    console.log(`${name} (in-sample): poisoned flagged ${counts.poisonedFlagged}/${counts.poisoned}, clean flagged ${counts.cleanFlagged}/${counts.clean}`);
    expect(counts).toEqual({ poisoned, poisonedFlagged: poisoned, clean, cleanFlagged: 0 });
  });
});
