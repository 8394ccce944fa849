/**
 * The fabrication scorer on the twelfth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-12.json, written by someone who had read neither the
 * rules nor the other corpora, on a server with tools other than those of corpora 1-11 (a travel
 * agency's), and frozen. Nobody on the detector's side has read its items, and neither the rules nor
 * the answer reader were trained on it: it is measured once, end to end, after both last changed, and
 * held to that measurement. Only counts are printed and asserted, never an item, so that it stays
 * held out. An `undetermined` outcome on a fabricated answer is a miss for recall, and on an honest
 * one no false flag; both are counted apart. The product (the rules weighed by the answer reader) is
 * what is held; the rules alone are printed beside it, for the record.
 */
import { describe, expect, it } from 'vitest';
import { scoreFabricationByRules } from '../../src/core/scorers/fabrication.js';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-12.json');

describe('the fabrication scorer on the twelfth held-out corpus (never read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication held-out 12 (never read), the rules weighed by the answer reader', measure));
    console.log(describeMeasure('fabrication held-out 12 (never read), the rules alone', measureFabrication(CORPUS, scoreFabricationByRules)));
    expect(measure.unreadable).toBe(0);
    if (MEASURED === undefined) return;
    expect(CORPUS.length).toBe(MEASURED.answers);
    expect(measure.fabricated).toBe(MEASURED.fabricated);
    // Held to the one measurement (see MEASURED): a change that loses ground on it shows.
    expectFloors(measure, MEASURED);
  });
});

/**
 * Measured once, 2026-12-03 18:33 UTC, after the rules and the answer reader last changed (f5309c8),
 * before anyone on the detector's side read an item: the rules weighed by the reader, precision
 * 0.964 (54/56), recall 0.900 (54/60): of the 6 misses 4 came out undetermined and 2 were rated
 * honest; 2 honest answers flagged, 3 undetermined. The rules alone: 0.923 (48/52) / 0.800 (48/60).
 * The target (recall >= 0.90 at precision >= 0.95) met, recall by one answer. One leak, of
 * a count and no item: a bench run earlier in the round printed the rules' count on this corpus
 * (folded into its pooled line, and to the helper fixing corpus 11 on its own line, 45/4/15); the
 * rules changed after by corpus 11's principles (48/4/12 here), the reader and its thresholds not.
 */
const MEASURED: { answers: number; fabricated: number; tp: number; fp: number; fn: number; undetermined: number } | undefined = { answers: 120, fabricated: 60, tp: 54, fp: 2, fn: 6, undetermined: 7 };
