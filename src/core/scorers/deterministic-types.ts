import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import type { ScoreResult, ScoringContext } from './types.js';

/** A verdict before the scorer id (which may carry a parameter: `span_present:tool`) is added. */
export type Verdict = Omit<ScoreResult, 'scorer'>;

/**
 * One of the opt-in deterministic scorers: pure (no I/O, no model), and the same trace and case
 * always give the same verdict. It abstains (passed null, with the reason) when the case or its
 * parameter does not give it what it needs.
 */
export interface DeterministicScorerDefinition {
  id: string;
  /** What passes, in one line (the `mcp-evals scorers` listing). */
  summary: string;
  /** What it needs besides the trace; '' when nothing. */
  config: string;
  /** True when it abstains without something from the case or a parameter. */
  needsConfig: boolean;
  /** Set when `id:<parameter>` is accepted. `parse` throws an Error whose message says what is wrong. */
  parameter?: { label: string; parse(text: string): unknown };
  score(testCase: GoldenCase, trace: Trace, ctx: ScoringContext, parameter: unknown): Verdict;
}

export function abstain(reason: string, details?: Record<string, unknown>): Verdict {
  return { passed: null, reason, ...(details ? { details } : {}) };
}

export function verdict(passed: boolean, reason: string, details?: Record<string, unknown>, score?: number): Verdict {
  return { passed, ...(score !== undefined ? { score } : {}), reason, ...(details ? { details } : {}) };
}

/** The text shortened to `max` characters, with an ellipsis, on one line. */
export function preview(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Why a run ended without an answer, for reasons. */
export function stopDescription(trace: Trace): string {
  switch (trace.stopReason) {
    case 'answer':
      return 'the model answered with empty text';
    case 'max_steps':
      return `the run hit max_steps after ${trace.steps} step(s)`;
    case 'model_error':
      return `the model call failed${trace.error ? `: ${preview(trace.error, 120)}` : ''}`;
    case 'budget':
      return 'the budget ran out';
    default:
      return `the run stopped (${String(trace.stopReason)})`;
  }
}
