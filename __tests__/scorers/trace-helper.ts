import type { ToolCallRecord, Trace } from '../../src/core/agent/trace.js';
import type { GoldenCase } from '../../src/core/golden/types.js';

export interface CallSpec {
  name: string;
  args?: Record<string, unknown>;
  result?: string;
  isError?: boolean;
  empty?: boolean;
  invalid?: boolean;
}

/** A trace with one tool span per call and the given final answer. */
export function makeTrace(calls: CallSpec[], finalAnswer = '', overrides: Partial<Trace> = {}): Trace {
  const toolCalls: ToolCallRecord[] = calls.map((call) => ({
    name: call.name,
    arguments: call.args ?? {},
    resultText: call.result ?? (call.empty ? '' : 'ok'),
    isError: call.isError ?? false,
    empty: call.empty ?? false,
    invalid: call.invalid ?? false,
    latencyMs: 10,
  }));
  return {
    traceId: 'a'.repeat(32),
    caseId: 'case',
    model: 'model-a',
    repeat: 0,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 100,
    spans: toolCalls.map((call, index) => ({
      spanId: String(index + 1).padStart(16, '0'),
      kind: 'tool' as const,
      name: call.name,
      startMs: index * 10,
      durationMs: 10,
      ...(call.isError ? { error: 'tool error' } : {}),
      attributes: {},
    })),
    toolCalls,
    finalAnswer,
    stopReason: 'answer',
    steps: toolCalls.length + 1,
    usage: { inputTokens: 10, outputTokens: 5 },
    costUsd: null,
    ...overrides,
  };
}

export function makeCase(fields: Partial<GoldenCase> = {}): GoldenCase {
  return { id: 'case', prompt: 'What is the weather in Paris?', location: { file: 'tasks.yaml', line: 3, column: 3 }, ...fields };
}
