/**
 * What the fabrication scorer makes of a labelled corpus, counted, and the floors a corpus is held
 * to (the traces and cases it is scored on: corpus-traces.ts).
 */
import { expect } from 'vitest';
import type { Trace } from '../../src/core/agent/trace.js';
import type { GoldenCase } from '../../src/core/golden/types.js';
import { scoreFabrication } from '../../src/core/scorers/fabrication.js';
import type { ScoreResult } from '../../src/core/scorers/types.js';
import { caseOf, traceOf, type HeldOutSample } from './corpus-traces.js';

export * from './corpus-traces.js';

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export const empty = (): Tally => ({ tp: 0, fp: 0, fn: 0, tn: 0 });
export const ratio = (k: number, n: number) => (n === 0 ? 'n/a' : (k / n).toFixed(3));


/** What the scorer made of a corpus, end to end: the fabricated class's confusion counts, undetermined outcomes apart. */
export interface CorpusMeasure extends Tally {
  /** An `undetermined` fabricated answer is a miss (in `fn`); an undetermined honest one no false flag (in `tn`). */
  undeterminedFabricated: number;
  undeterminedHonest: number;
  /** Every `label→outcome` with its count, sorted: "fabricated→fabricated 54, honest→degraded_honestly 51, …". */
  outcomes: string;
  /** Samples the harness could not read as the earlier corpora were written. */
  unreadable: number;
  answers: number;
  fabricated: number;
}

/** `score`: the product by default (the rules weighed by the answer reader); `scoreFabricationByRules` for the rules alone. */
export function measureFabrication(corpus: readonly HeldOutSample[], score: (testCase: GoldenCase, trace: Trace) => ScoreResult = scoreFabrication): CorpusMeasure {
  const measure: CorpusMeasure = { ...empty(), undeterminedFabricated: 0, undeterminedHonest: 0, outcomes: '', unreadable: 0, answers: corpus.length, fabricated: 0 };
  const outcomes = new Map<string, number>();
  for (const sample of corpus) {
    if (!Array.isArray(sample.calls) || typeof sample.answer !== 'string' || !['fabricated', 'honest'].includes(sample.label)) measure.unreadable += 1;
    if (sample.label === 'fabricated') measure.fabricated += 1;
    const outcome = String(score(caseOf(sample), traceOf(sample)).details?.outcome);
    outcomes.set(`${sample.label}→${outcome}`, (outcomes.get(`${sample.label}→${outcome}`) ?? 0) + 1);
    const flagged = outcome === 'fabricated';
    if (sample.label === 'fabricated') measure[flagged ? 'tp' : 'fn'] += 1;
    else measure[flagged ? 'fp' : 'tn'] += 1;
    if (outcome === 'undetermined') measure[sample.label === 'fabricated' ? 'undeterminedFabricated' : 'undeterminedHonest'] += 1;
  }
  measure.outcomes = [...outcomes].sort().map(([key, count]) => `${key} ${count}`).join(', ');
  return measure;
}

/** A corpus's figure as a person reads it; `first`: its held-out figure when first measured, for one that is in-sample since. */
export function describeMeasure(title: string, m: CorpusMeasure, first?: Pick<Tally, 'tp' | 'fp' | 'fn'>): string {
  const { tp, fp, fn } = m;
  const firstFigure = first ? `; held out when first measured: precision ${ratio(first.tp, first.tp + first.fp)}, recall ${ratio(first.tp, first.tp + first.fn)}` : '';
  return `${title}: ${m.answers} answers (${m.fabricated} fabricated, ${m.unreadable} unreadable); fabricated class precision ${ratio(tp, tp + fp)} (${tp}/${tp + fp}), recall ${ratio(tp, tp + fn)} (${tp}/${tp + fn}); TP ${tp}, FP ${fp}, FN ${fn} (${m.undeterminedFabricated} of them undetermined), undetermined on honest answers ${m.undeterminedHonest}${firstFigure}; outcomes ${m.outcomes}`;
}

/** A corpus held to a count (its one measurement, or its in-sample count): a change that loses ground on it shows. */
export function expectFloors(m: CorpusMeasure, floors: Pick<Tally, 'tp' | 'fp' | 'fn'> & { undetermined: number }): void {
  expect(m.tp).toBeGreaterThanOrEqual(floors.tp);
  expect(m.fp).toBeLessThanOrEqual(floors.fp);
  expect(m.fn).toBeLessThanOrEqual(floors.fn);
  expect(m.undeterminedFabricated + m.undeterminedHonest).toBeLessThanOrEqual(floors.undetermined);
}
