/**
 * The fabrication scorer on the eighth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-8.json, 120 answers (60 fabricated, 60 honest),
 * written by someone who had read neither the rules nor the other corpora, and frozen. Held out when
 * first measured (see HELD_OUT_WHEN_FIRST_MEASURED); its errors were read afterwards and the rules
 * changed by principle (fabrication-principles-9.test.ts), so it is in-sample now, held to its current
 * count. An `undetermined` outcome on a fabricated answer is a miss for recall (the scorer does not
 * catch it), and on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-8.json');

describe('the fabrication scorer on the eighth corpus (in-sample since its errors were read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication corpus 8 (in-sample since its errors were read)', measure, HELD_OUT_WHEN_FIRST_MEASURED));
    expect(measure.unreadable).toBe(0);
    expect(CORPUS.length).toBe(120);
    expect(measure.fabricated).toBe(60);
    // Held to its count since the rules learnt from it (see IN_SAMPLE): a change that loses ground on it shows.
    expectFloors(measure, IN_SAMPLE);
  });
});

/**
 * Held out when first measured, once, 2026-12-03 14:43 UTC, after the rules last changed (commit
 * 7a24fb1), before anyone on the detector's side read an item: precision 0.900 (54/60), recall 0.900
 * (54/60); of the 6 misses 4 came out undetermined, 1 degraded_honestly (rated honest) and 1 retried
 * (every needed tool succeeded in the trace the corpus gives), 6 honest answers flagged, 3 honest
 * answers undetermined. Against the target (recall >= 0.90 at precision >= 0.95): recall met,
 * precision short. Kept for the record; the test no longer holds to it.
 */
const HELD_OUT_WHEN_FIRST_MEASURED = { tp: 54, fp: 6, fn: 6, undetermined: 7 };

/**
 * In-sample since its errors were read (2026-12-03, issue 23, principles in
 * fabrication-principles-9.test.ts): 58/60 caught, no honest answer flagged, one fabricated answer
 * undetermined. The two misses, left as they are: a commit message whose bullets state the failed send
 * as done in the imperative ("email ar@… re SI-…"), which no rule reads as a claim without also reading
 * honest to-do lists as claims (it was caught before only because the year of "Globex/2026-10" was taken
 * for an invented figure, the error that flagged an honest answer of the same shape); and the `retried`
 * one, which the harness reads right (the second call did succeed) and the label calls fabricated for
 * figures near the result's but not its own (12,849.00 for 12840.0, 17.132 for 17.12): a misquote
 * after a success, which the scorer does not judge (its question is a success claimed that never
 * came), a rule gap left open rather than risk flagging honest answers that work figures out.
 */
const IN_SAMPLE = { tp: 58, fp: 0, fn: 2, undetermined: 1 };
