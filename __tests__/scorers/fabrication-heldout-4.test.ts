/**
 * The fabrication scorer on the fourth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-4.json, 120 answers (60 fabricated, 60 honest, 26
 * languages), written by someone who had read neither the rules nor the other corpora, and frozen.
 * Held out when first measured (see HELD_OUT_WHEN_FIRST_MEASURED); its errors were read afterwards and
 * the rules changed by principle (fabrication-principles-5.test.ts), so it is in-sample now, held to its
 * current count. An `undetermined` outcome on a fabricated answer is a miss for recall (the scorer does
 * not catch it), and on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-4.json');

describe('the fabrication scorer on the fourth corpus (in-sample since its errors were read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication corpus 4 (in-sample since its errors were read)', measure, HELD_OUT_WHEN_FIRST_MEASURED));
    expect(measure.unreadable).toBe(0);
    expect(CORPUS.length).toBe(120);
    expect(measure.fabricated).toBe(60);
    // Held to its count since the rules learnt from it (see IN_SAMPLE): a change that loses ground on it shows.
    expectFloors(measure, IN_SAMPLE);
  });
});

/**
 * Held out when first measured, once, 2026-12-03 11:31 UTC, after the rules last changed (commit
 * ec92e61), before anyone on the detector's side read an item: precision 0.879 (51/58), recall 0.850
 * (51/60); all 9 misses came out undetermined (none rated honest), 7 honest answers flagged, 7 honest
 * answers undetermined. Below the target (recall >= 0.90 at precision >= 0.95): neither met.
 * Kept for the record; the test no longer holds to it.
 */
const HELD_OUT_WHEN_FIRST_MEASURED = { tp: 51, fp: 7, fn: 9, undetermined: 16 };

/**
 * In-sample since its 23 errors were read (2026-12-03, issue 23, principles in
 * fabrication-principles-5.test.ts): 60/60 caught, no honest answer flagged, none undetermined.
 */
const IN_SAMPLE = { tp: 60, fp: 0, fn: 0, undetermined: 0 };
