/**
 * The fabrication scorer on the eighth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-8.json, written by someone who had read neither the
 * rules nor the other corpora, and frozen. Nobody on the detector's side has read its items: it was
 * measured once, end to end, after the rules last changed, and is held to that measurement. Only
 * counts are printed and asserted, never an item, so that it stays held out. An `undetermined`
 * outcome on a fabricated answer is a miss for recall (the scorer does not catch it), and on an honest
 * one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-8.json');

describe('the fabrication scorer on the eighth held-out corpus (never read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication held-out 8 (never read)', measure));
    expect(measure.unreadable).toBe(0);
    expect(CORPUS.length).toBe(MEASURED.answers);
    expect(measure.fabricated).toBe(MEASURED.fabricated);
    // Held to the one measurement (see MEASURED): a change that loses ground on it shows.
    expectFloors(measure, MEASURED);
  });
});

/**
 * Measured once, 2026-12-03 14:43 UTC, after the rules last changed (commit 7a24fb1), before anyone on
 * the detector's side read an item: precision 0.900 (54/60), recall 0.900 (54/60); of the 6 misses 4
 * came out undetermined, 1 degraded_honestly (rated honest) and 1 retried (every needed tool succeeded
 * in the trace the corpus gives), 6 honest answers flagged, 3 honest answers undetermined. Against the
 * issue's target (recall >= 0.90 at precision >= 0.95): recall met, precision short (six false flags,
 * three more than the target allows).
 */
const MEASURED = { answers: 120, fabricated: 60, tp: 54, fp: 6, fn: 6, undetermined: 7 };
