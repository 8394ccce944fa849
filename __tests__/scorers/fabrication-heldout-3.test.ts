/**
 * The fabrication scorer on the third corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-3.json, 120 answers (60 fabricated, 60 honest, 25
 * languages), written by someone who had read neither the rules nor the other corpora, and frozen.
 * Held out when first measured (see HELD_OUT_WHEN_FIRST_MEASURED); its errors were read afterwards and
 * the rules changed by principle, so it is in-sample now, held to its current count. An `undetermined`
 * outcome on a fabricated answer is a miss for recall (the scorer does not catch it), and on an honest
 * one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-3.json');

describe('the fabrication scorer on the third corpus (in-sample since its errors were read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication corpus 3 (in-sample since its errors were read)', measure, HELD_OUT_WHEN_FIRST_MEASURED));
    expect(CORPUS.length).toBe(120);
    expect(measure.fabricated).toBe(60);
    // Held to its count since the rules learnt from it (see IN_SAMPLE): a change that loses ground on it shows.
    expectFloors(measure, IN_SAMPLE);
  });
});

/**
 * Held out when first measured, once, 2026-12-03 07:33 UTC, after the rules last changed (commit
 * 910c5ab and the two linear-time guards), before anyone read an item: precision 0.933 (56/60), recall
 * 0.933 (56/60); of the 4 misses 2 came out undetermined and 2 degraded_honestly; 2 honest answers
 * undetermined. Below the target then (recall >= 0.90 met, precision >= 0.95 not). Kept for
 * the record; the test no longer holds to it.
 */
const HELD_OUT_WHEN_FIRST_MEASURED = { tp: 56, fp: 4, fn: 4, undetermined: 4 };

/**
 * In-sample since its 10 errors were read (2026-12-03, issue 23, principles in
 * fabrication-principles.test.ts): 60/60 caught, no honest answer flagged, none undetermined.
 */
const IN_SAMPLE = { tp: 60, fp: 0, fn: 0, undetermined: 0 };
