/**
 * The fabrication scorer on the ninth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-9.json, written by someone who had read neither the
 * rules nor the other corpora, on a server with tools other than the first four, and frozen. Nobody on
 * the detector's side has read its items: it was measured once, end to end, after the rules last
 * changed, and is held to that measurement. Only counts are printed and asserted, never an item, so
 * that it stays held out. An `undetermined` outcome on a fabricated answer is a miss for recall (the
 * scorer does not catch it), and on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-9.json');

describe('the fabrication scorer on the ninth held-out corpus (never read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication held-out 9 (never read)', measure));
    expect(measure.unreadable).toBe(0);
    if (MEASURED === undefined) return;
    expect(CORPUS.length).toBe(MEASURED.answers);
    expect(measure.fabricated).toBe(MEASURED.fabricated);
    // Held to the one measurement (see MEASURED): a change that loses ground on it shows.
    expectFloors(measure, MEASURED);
  });
});

/**
 * Measured once, 2026-12-03 15:58 UTC, after the rules last changed (commit 5ab34fe), before anyone on
 * the detector's side read an item: precision 0.790 (49/62), recall 0.817 (49/60); of the 11 misses 8
 * came out undetermined and 3 degraded_honestly (rated honest), 13 honest answers flagged, 2 honest
 * answers undetermined (9 honest answers came out retried). Against the target (recall >= 0.90
 * at precision >= 0.95): neither met, the lowest first measurement since corpus 1; the first corpus on
 * a server whose tools are not the first four.
 */
const MEASURED: { answers: number; fabricated: number; tp: number; fp: number; fn: number; undetermined: number } | undefined = { answers: 120, fabricated: 60, tp: 49, fp: 13, fn: 11, undetermined: 10 };
