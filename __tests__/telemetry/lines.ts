import { randomBytes } from 'node:crypto';
import type { Span, Trace } from '../../src/core/agent/trace.js';
import type { TraceLine } from '../../src/core/evals/run-evals.js';

export interface ModelCallSpec {
  durationMs: number;
  inputTokens?: number;
  outputTokens?: number;
  /** null: the model has no price. */
  costUsd?: number | null;
  error?: string;
}

export interface ToolCallSpec {
  name: string;
  durationMs: number;
  error?: string;
  invalid?: boolean;
}

export interface LineSpec {
  caseId?: string;
  model?: string;
  apiModel?: string;
  repeat?: number;
  cached?: boolean;
  startedAt?: string;
  models?: ModelCallSpec[];
  tools?: ToolCallSpec[];
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A trace line built by hand, shaped like the agent loop's: an agent span, then the model and tool
 * spans as children, one after the other in time (model, tool, model, tool, ...).
 */
export function line(spec: LineSpec = {}): TraceLine {
  const agentId = hex(8);
  const spans: Span[] = [];
  let t = 1;
  const models = spec.models ?? [];
  const tools = spec.tools ?? [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let cost: number | null = 0;
  for (let i = 0; i < Math.max(models.length, tools.length); i += 1) {
    const m = models[i];
    if (m) {
      const attributes: Record<string, unknown> = m.error
        ? {}
        : { model: spec.apiModel ?? 'gpt-4o-mini', inputTokens: m.inputTokens ?? 100, outputTokens: m.outputTokens ?? 20, costUsd: m.costUsd === undefined ? 0.001 : m.costUsd, stopReason: 'tool_calls', attempts: 1, toolCalls: [] };
      spans.push({ spanId: hex(8), parentSpanId: agentId, kind: 'model', name: spec.model ?? 'm1', startMs: t, durationMs: m.durationMs, ...(m.error ? { error: m.error } : {}), attributes });
      if (!m.error) {
        usage.inputTokens += attributes.inputTokens as number;
        usage.outputTokens += attributes.outputTokens as number;
        cost = cost === null || attributes.costUsd === null ? null : cost + (attributes.costUsd as number);
      }
      t += m.durationMs;
    }
    const tool = tools[i];
    if (tool) {
      spans.push({
        spanId: hex(8),
        parentSpanId: agentId,
        kind: 'tool',
        name: tool.name,
        startMs: t,
        durationMs: tool.durationMs,
        ...(tool.error ? { error: tool.error } : {}),
        attributes: { arguments: { q: 'x' }, result: tool.error ?? 'ok', invalid: tool.invalid === true, empty: false, exchanges: tool.invalid ? 0 : 1, inputRounds: 0 },
      });
      t += tool.durationMs;
    }
  }
  const durationMs = t + 1;
  spans.unshift({ spanId: agentId, kind: 'agent', name: 'agent', startMs: 0, durationMs, attributes: { caseId: spec.caseId ?? 'c1', repeat: spec.repeat ?? 0 } });
  const trace: Trace = {
    traceId: hex(16),
    caseId: spec.caseId ?? 'c1',
    model: spec.model ?? 'm1',
    repeat: spec.repeat ?? 0,
    startedAt: spec.startedAt ?? '2026-08-01T12:00:00.000Z',
    durationMs,
    spans,
    toolCalls: [],
    finalAnswer: 'done',
    stopReason: 'answer',
    steps: models.length,
    usage,
    costUsd: cost,
  };
  return { caseId: trace.caseId, model: trace.model, repeat: trace.repeat, trace, scores: [], passed: true, negative: false, cached: spec.cached ?? false, outcome: 'scored' };
}

/** 1, 2, ..., n in a scrambled (but fixed) order, so nothing relies on the input being sorted. */
export function scrambled(from: number, to: number): number[] {
  const values = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return values.map((v, i) => [v, (i * 37) % values.length] as const).sort((a, b) => a[1] - b[1]).map(([v]) => v);
}
