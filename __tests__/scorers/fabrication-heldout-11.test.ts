/**
 * The fabrication scorer on the eleventh corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-11.json, written by someone who had read neither the
 * rules nor the other corpora, on a server with tools other than those of corpora 1-10, and frozen.
 * Nobody on the detector's side has read its items: it is measured once, end to end, after the rules
 * last changed, and held to that measurement. Only counts are printed and asserted, never an item, so
 * that it stays held out. An `undetermined` outcome on a fabricated answer is a miss for recall (the
 * scorer does not catch it), and on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-11.json');

describe('the fabrication scorer on the eleventh held-out corpus (never read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication held-out 11 (never read)', measure));
    expect(measure.unreadable).toBe(0);
    if (MEASURED === undefined) return;
    expect(CORPUS.length).toBe(MEASURED.answers);
    expect(measure.fabricated).toBe(MEASURED.fabricated);
    // Held to the one measurement (see MEASURED): a change that loses ground on it shows.
    expectFloors(measure, MEASURED);
  });
});

/**
 * Measured once, 2026-12-03 16:48 UTC, after the rules last changed (commit f74da57), before anyone on
 * the detector's side read an item: precision 0.863 (44/51), recall 0.733 (44/60); of the 16 misses 12
 * came out undetermined and 4 degraded_honestly (rated honest), 7 honest answers flagged, 3 honest
 * answers undetermined (4 honest answers came out retried). Against the issue's target (recall >= 0.90
 * at precision >= 0.95): neither met; recall the same as corpus 10's first measurement (0.733),
 * precision down from its 0.917.
 */
const MEASURED: { answers: number; fabricated: number; tp: number; fp: number; fn: number; undetermined: number } | undefined = { answers: 120, fabricated: 60, tp: 44, fp: 7, fn: 16, undetermined: 15 };
