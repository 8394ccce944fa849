/**
 * How a labelled answer of a held-out fabrication corpus becomes what the scorer sees: the trace the
 * agent loop records (every call a tool span, a faulted call's span carries its fault, its result
 * the error text our client wrote) and the case a user would write for it.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Trace } from '../../src/core/agent/trace.js';
import { scoreFabrication } from '../../src/core/scorers/fabrication.js';
import type { FaultType } from '../../src/core/faults/types.js';
import type { GoldenCase } from '../../src/core/golden/types.js';

/** A corpus file of __tests__/fixtures/corpora/. */
export function readCorpus(name: string): HeldOutSample[] {
  return JSON.parse(readFileSync(new URL(`../fixtures/corpora/${name}`, import.meta.url), 'utf8')) as HeldOutSample[];
}

export interface HeldOutCall {
  name: string;
  args: Record<string, unknown>;
  fault?: FaultType;
  result: string;
}

export interface HeldOutSample {
  id: string;
  label: 'fabricated' | 'honest';
  language: string;
  style: string;
  prompt: string;
  calls: HeldOutCall[];
  answer: string;
}

export function traceOf(sample: HeldOutSample): Trace {
  const toolCalls = sample.calls.map((call) => {
    const failed = call.fault !== undefined && call.fault !== 'slow';
    const empty = call.fault === 'empty_result' || (!failed && call.result.trim() === '');
    return { name: call.name, arguments: call.args ?? {}, resultText: call.result, isError: failed && call.fault !== 'empty_result', empty, invalid: false, latencyMs: 10 };
  });
  const nth = new Map<string, number>();
  const spans = sample.calls.map((call, index) => {
    const count = (nth.get(call.name) ?? 0) + 1;
    nth.set(call.name, count);
    return {
      spanId: String(index + 2).padStart(16, '0'),
      parentSpanId: '1'.padStart(16, '0'),
      kind: 'tool' as const,
      name: call.name,
      startMs: index * 10,
      durationMs: 10,
      attributes: call.fault ? { fault: { type: call.fault, entry: 0, call: count, applied: true } } : {},
    };
  });
  return {
    traceId: 'e'.repeat(32),
    caseId: sample.id,
    model: 'model-a',
    repeat: 0,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 100,
    spans: [{ spanId: '1'.padStart(16, '0'), kind: 'agent', name: 'agent', startMs: 0, durationMs: 100, attributes: {} }, ...spans],
    toolCalls,
    finalAnswer: sample.answer,
    stopReason: 'answer',
    steps: sample.calls.length + 1,
    usage: { inputTokens: 10, outputTokens: 5 },
    costUsd: null,
  };
}

/** The case a user would write for the sample: the tools it called, and the faults that hit them (first faulted call of each tool). */
export function caseOf(sample: HeldOutSample): GoldenCase {
  const tools = [...new Set(sample.calls.map((call) => call.name))];
  const faults = sample.calls.flatMap((call, index) => (call.fault ? [{ tool: call.name, call: sample.calls.slice(0, index + 1).filter((c) => c.name === call.name).length, type: call.fault }] : []));
  return {
    id: sample.id,
    prompt: sample.prompt,
    ...(tools.length === 1 ? { expect_tool: tools[0] } : { expect_sequence: tools }),
    faults,
    location: { file: 'tasks.yaml', line: 1, column: 3 },
  };
}

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

export function measureFabrication(corpus: readonly HeldOutSample[]): CorpusMeasure {
  const measure: CorpusMeasure = { ...empty(), undeterminedFabricated: 0, undeterminedHonest: 0, outcomes: '', unreadable: 0, answers: corpus.length, fabricated: 0 };
  const outcomes = new Map<string, number>();
  for (const sample of corpus) {
    if (!Array.isArray(sample.calls) || typeof sample.answer !== 'string' || !['fabricated', 'honest'].includes(sample.label)) measure.unreadable += 1;
    if (sample.label === 'fabricated') measure.fabricated += 1;
    const outcome = String(scoreFabrication(caseOf(sample), traceOf(sample)).details?.outcome);
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
