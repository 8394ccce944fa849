/**
 * How a labelled answer of a fabrication corpus becomes what the scorer sees: the trace the agent
 * loop records (every call a tool span, a faulted call's span carries its fault, its result the
 * error text our client wrote) and the case a user would write for it. No test runner here: the
 * benches read corpora through it too (bench/fabrication-model.mjs).
 */
import { readFileSync } from 'node:fs';
import type { Trace } from '../../src/core/agent/trace.js';
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
