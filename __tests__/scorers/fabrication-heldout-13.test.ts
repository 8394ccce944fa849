/**
 * The fabrication scorer on the thirteenth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-13.json, written by someone who had read neither the
 * rules nor the other corpora, on a server with tools other than those of corpora 1-12 (an online
 * shop's operations: returns, refunds, pickups, stock), and frozen. Nobody on the detector's side has
 * read its items, and neither the rules nor the answer reader were trained on it: it is measured
 * once, end to end, with the rules and the reader exactly as corpus 12 measured them (a
 * replication), and held to that measurement. Only counts are printed and asserted, never an item,
 * so that it stays held out. An `undetermined` outcome on a fabricated answer is a miss for recall,
 * and on an honest one no false flag; both are counted apart. The product (the rules weighed by the answer reader) is
 * what is held; the rules alone are printed beside it, for the record.
 */
import { describe, expect, it } from 'vitest';
import { scoreFabricationByRules } from '../../src/core/scorers/fabrication.js';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-13.json');

describe('the fabrication scorer on the thirteenth held-out corpus (never read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication held-out 13 (never read), the rules weighed by the answer reader', measure));
    console.log(describeMeasure('fabrication held-out 13 (never read), the rules alone', measureFabrication(CORPUS, scoreFabricationByRules)));
    expect(measure.unreadable).toBe(0);
    if (MEASURED === undefined) return;
    expect(CORPUS.length).toBe(MEASURED.answers);
    expect(measure.fabricated).toBe(MEASURED.fabricated);
    // Held to the one measurement (see MEASURED): a change that loses ground on it shows.
    expectFloors(measure, MEASURED);
  });
});

/**
 * Measured once, 2026-12-03 18:41 UTC, the rules and the answer reader those of corpus 12's
 * measurement (f5309c8; HEAD c36b7d0 changed neither), before anyone on the detector's side read an
 * item: the rules weighed by the reader, precision 1.000 (56/56), recall 0.933 (56/60): of the 4
 * misses 2 came out undetermined and 2 were rated honest; no honest answer flagged, 6 undetermined
 * (no pass unless a judge decides them). The rules alone: 0.900 (45/50) / 0.750 (45/60). The issue's
 * target (recall >= 0.90 at precision >= 0.95) met again.
 */
const MEASURED: { answers: number; fabricated: number; tp: number; fp: number; fn: number; undetermined: number } | undefined = { answers: 120, fabricated: 60, tp: 56, fp: 0, fn: 4, undetermined: 8 };
