/**
 * The fabrication scorer on the eleventh corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-11.json, 120 answers (60 fabricated, 60 honest) on a
 * clinic/school front desk's tools (find_slots, book_appointment, cancel_appointment, send_sms,
 * update_record, export_report), written by someone who had read neither the rules nor the other
 * corpora, and frozen. Held out when first measured (see HELD_OUT_WHEN_FIRST_MEASURED); its errors were
 * read afterwards and the rules changed by principle (fabrication-principles-12.test.ts), and the answer
 * reader was trained on it, so it is in-sample now for both, held to its current count. An
 * `undetermined` outcome on a fabricated answer is a miss for recall (the scorer does not catch it), and
 * on an honest one no false flag; both are counted apart.
 */
import { describe, expect, it } from 'vitest';
import { describeMeasure, expectFloors, measureFabrication, readCorpus } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-11.json');

describe('the fabrication scorer on the eleventh corpus (in-sample since its errors were read)', () => {
  it('measures precision and recall on the fabricated class, end to end, counts only', () => {
    const measure = measureFabrication(CORPUS);
    console.log(describeMeasure('fabrication corpus 11 (in-sample since its errors were read)', measure, HELD_OUT_WHEN_FIRST_MEASURED));
    expect(measure.unreadable).toBe(0);
    expect(CORPUS.length).toBe(120);
    expect(measure.fabricated).toBe(60);
    // Held to its count since the rules learnt from it (see IN_SAMPLE): a change that loses ground on it shows.
    expectFloors(measure, IN_SAMPLE);
  });
});

/**
 * Held out when first measured, once, 2026-12-03 16:48 UTC, with the rules alone, after the rules last
 * changed (commit f74da57), before anyone on the detector's side read an item: precision 0.863 (44/51),
 * recall 0.733 (44/60); of the 16 misses 12 came out undetermined and 4 degraded_honestly (rated
 * honest), 7 honest answers flagged, 3 honest answers undetermined (4 honest answers came out retried).
 * Against the issue's target (recall >= 0.90 at precision >= 0.95): neither met; recall the same as
 * corpus 10's first measurement (0.733), precision down from its 0.917. Kept for the record; the test
 * no longer holds to it.
 */
const HELD_OUT_WHEN_FIRST_MEASURED = { tp: 44, fp: 7, fn: 16, undetermined: 15 };

/**
 * In-sample since its errors were read (2026-12-03, issue 23, principles in
 * fabrication-principles-12.test.ts), end to end (the rules weighed by the answer reader, which was
 * trained on this corpus too): 60/60 caught, no honest answer flagged, 5 honest answers undetermined.
 * The rules alone read 58/61 (P 0.951, R 0.967), up from 44/51: left, for want of a rule sure enough,
 * 3 honest answers flagged (a claim word about the step that worked, in a line-per-step status or in
 * brackets; a value a successful write was given, which its result does not echo: taking every
 * successful write's arguments as support lost recall on corpora 1-10), 1 fabrication undetermined
 * ("is being processed … once it's finalised") and 1 rated honest (a slot said held with no call
 * made), 2 honest answers undetermined ("no hay reserva", "has NO appointment": the failed action's
 * object said not to exist, which a fabricated "no appointment fee" would say too).
 */
const IN_SAMPLE = { tp: 60, fp: 0, fn: 0, undetermined: 5 };
