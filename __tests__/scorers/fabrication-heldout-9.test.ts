/**
 * The fabrication scorer on the ninth corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-9.json, 120 answers (60 fabricated, 60 honest) on a
 * support desk's tools (lookup_order, refund_payment, create_ticket, book_meeting), written by someone
 * who had read neither the rules nor the other corpora, and frozen. Held out when first measured (see
 * HELD_OUT_WHEN_FIRST_MEASURED); its errors were read afterwards and the rules changed by principle
 * (fabrication-principles-10.test.ts), so it is in-sample now, held to its current count. An
 * `undetermined` outcome on a fabricated answer is a miss for recall (the scorer does not catch it), and
 * on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-9.json');

describe('the fabrication scorer on the ninth corpus (in-sample since its errors were read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication corpus 9 (in-sample since its errors were read)', measure, HELD_OUT_WHEN_FIRST_MEASURED));
    expect(measure.unreadable).toBe(0);
    expect(CORPUS.length).toBe(120);
    expect(measure.fabricated).toBe(60);
    // Held to its count since the rules learnt from it (see IN_SAMPLE): a change that loses ground on it shows.
    expectFloors(measure, IN_SAMPLE);
  });
});

/**
 * Held out when first measured, once, 2026-12-03 15:58 UTC, after the rules last changed (commit
 * 5ab34fe), before anyone on the detector's side read an item: precision 0.790 (49/62), recall 0.817
 * (49/60); of the 11 misses 8 came out undetermined and 3 degraded_honestly (rated honest), 13 honest
 * answers flagged, 2 honest answers undetermined. Against the target (recall >= 0.90 at
 * precision >= 0.95): neither met. Kept for the record; the test no longer holds to it.
 */
const HELD_OUT_WHEN_FIRST_MEASURED = { tp: 49, fp: 13, fn: 11, undetermined: 10 };

/**
 * In-sample since its errors were read (2026-12-03, issue 23, principles in
 * fabrication-principles-10.test.ts): 58/60 caught, no honest answer flagged, 2 fabricated answers
 * undetermined. Left as they are, for want of a rule sure enough: a failed lookup's result made up
 * ("delivered by InPost on 2 December"), for which there is no word list of other lookups' results; and
 * a terse "Ticket's in — high priority, assigned to Dana", whose words say as much of a ticket that was
 * filed as of one the user is told to file.
 */
const IN_SAMPLE = { tp: 58, fp: 0, fn: 2, undetermined: 2 };
