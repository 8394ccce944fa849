import type { Span, Trace } from '../agent/trace.js';
import type { FaultRecord } from './session.js';

/** One tool call of a trace with what layer 2 did to it (from its span's attributes). */
export interface ToolCallView {
  /** 0-based position among the run's tool calls. */
  index: number;
  name: string;
  arguments: Record<string, unknown>;
  resultText: string;
  /** Returned a non-empty, non-error result (a simulated answer counts: the model saw success). */
  ok: boolean;
  invalid: boolean;
  /** The fault the wrapper applied (or recorded as not applicable) on this call. */
  fault?: FaultRecord;
  simulated: boolean;
  reissued: boolean;
  /** Ids of the payloads planted in this call's result. */
  injected: string[];
}

/** The trace's tool calls joined with their spans (both are written in call order, one each). */
export function toolCallViews(trace: Trace): ToolCallView[] {
  const spans = trace.spans.filter((span) => span.kind === 'tool');
  return trace.toolCalls.map((call, index) => {
    const attributes: Record<string, unknown> = spans[index]?.attributes ?? {};
    const fault = isObject(attributes.fault) ? (attributes.fault as unknown as FaultRecord) : undefined;
    return {
      index,
      name: call.name,
      arguments: call.arguments,
      resultText: call.resultText,
      ok: !call.isError && !call.empty && !call.invalid,
      invalid: call.invalid,
      ...(fault ? { fault } : {}),
      simulated: attributes.simulated === true,
      reissued: attributes.reissued === true,
      injected: Array.isArray(attributes.injection) ? attributes.injection.filter((id): id is string => typeof id === 'string') : [],
    };
  });
}

/** The agent span's attribute `key` (`faults`, `injection`), when layer 2 set it. */
export function agentAttribute(trace: Trace, key: string): Record<string, unknown> | undefined {
  const agent: Span | undefined = trace.spans.find((span) => span.kind === 'agent');
  const value = agent?.attributes[key];
  return isObject(value) ? value : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
