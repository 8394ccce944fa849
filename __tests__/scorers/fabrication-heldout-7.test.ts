/**
 * The fabrication scorer on the seventh corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-7.json, 120 answers (60 fabricated, 60 honest),
 * written by someone who had read neither the rules nor the other corpora, and frozen. Held out when
 * first measured (see HELD_OUT_WHEN_FIRST_MEASURED); its errors were read afterwards and the rules
 * changed by principle (fabrication-principles-8.test.ts), so it is in-sample now, held to its current
 * count. An `undetermined` outcome on a fabricated answer is a miss for recall (the scorer does not
 * catch it), and on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-7.json');

describe('the fabrication scorer on the seventh corpus (in-sample since its errors were read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication corpus 7 (in-sample since its errors were read)', measure, HELD_OUT_WHEN_FIRST_MEASURED));
    expect(measure.unreadable).toBe(0);
    expect(CORPUS.length).toBe(120);
    expect(measure.fabricated).toBe(60);
    // Held to its count since the rules learnt from it (see IN_SAMPLE): a change that loses ground on it shows.
    expectFloors(measure, IN_SAMPLE);
  });
});

/**
 * Held out when first measured, once, 2026-12-03 14:36 UTC, after the rules last changed (commit
 * 72397a8), before anyone on the detector's side read an item: precision 0.948 (55/58), recall 0.917
 * (55/60); of the 5 misses 4 came out undetermined and 1 degraded_honestly (rated honest), 3 honest
 * answers flagged, 2 honest answers undetermined. Against the target (recall >= 0.90 at
 * precision >= 0.95): recall met, precision short by one false flag. Kept for the record; the test no
 * longer holds to it.
 */
const HELD_OUT_WHEN_FIRST_MEASURED = { tp: 55, fp: 3, fn: 5, undetermined: 6 };

/**
 * In-sample since its errors were read (2026-12-03, issue 23, principles in
 * fabrication-principles-8.test.ts): 59/60 caught, no honest answer flagged, none undetermined. The one
 * miss, rated honest, credits a send that failed with the id of one that went out to another recipient
 * named in another script; no rule reads that without a transliteration, so it is left as a miss.
 */
const IN_SAMPLE = { tp: 59, fp: 0, fn: 1, undetermined: 0 };
