import type { Trace } from '../agent/trace.js';
import type { ScoreResult } from './types.js';

/**
 * A run that ends at max_steps never answered: whatever its tool calls looked like, it failed the
 * task. This verdict joins every scored run that stopped there, so a tool loop cannot pass a case
 * whose scorers only look at which tools were called.
 */
export const MAX_STEPS_VERDICT = 'max_steps';

export function stopVerdict(trace: Pick<Trace, 'stopReason' | 'steps'>): ScoreResult | undefined {
  if (trace.stopReason !== 'max_steps') return undefined;
  return { scorer: MAX_STEPS_VERDICT, passed: false, reason: `stopped at max_steps (${trace.steps}) without an answer`, details: { steps: trace.steps } };
}

/** The scorers' results with the stop verdict added (once) when the run stopped at max_steps. */
export function withStopVerdict(trace: Pick<Trace, 'stopReason' | 'steps'>, scores: readonly ScoreResult[]): ScoreResult[] {
  const stop = stopVerdict(trace);
  const rest = scores.filter((score) => score.scorer !== MAX_STEPS_VERDICT);
  return stop ? [...rest, stop] : rest;
}
