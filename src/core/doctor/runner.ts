import { ConfigurationError } from '../errors.js';

/*
 * The doctor's runner: steps in order, each timed, stopping at the first that fails. It knows
 * nothing about servers or models; the steps (steps.ts) do, through their context.
 */

/** warn: worth knowing, not a blocker (the walk goes on); skip: nothing to check here. */
export type StepStatus = 'pass' | 'warn' | 'fail' | 'skip';

export interface StepOutcome {
  status: StepStatus;
  /** What was found, one line. */
  message: string;
  /** How to fix it (fail) or what it means (warn, skip). */
  hint?: string;
  /** More lines: one per model, one per tool, the end of the server's stderr. */
  details?: string[];
  /** The failure is a mistake in the user's files or environment (exit 2), not a server or model problem (exit 1). */
  configError?: boolean;
}

export interface DoctorStep<C> {
  id: string;
  title: string;
  run(context: C): Promise<StepOutcome>;
}

export interface StepResult extends StepOutcome {
  /** 1-based position in the walk. */
  number: number;
  id: string;
  title: string;
  durationMs: number;
}

export interface DoctorReport {
  /** The steps that ran, in order; the last one is the failure when there is one. */
  steps: StepResult[];
  /** Steps after a failure, which did not run. */
  notRun: Array<{ number: number; id: string; title: string }>;
  failed?: StepResult;
  /** 0 every step passed (warnings allowed), 1 a server or model problem, 2 a configuration problem. */
  exitCode: 0 | 1 | 2;
}

export interface RunStepsHooks {
  onStep?: (result: StepResult) => void;
  /** Milliseconds, for timing (default Date.now). */
  now?: () => number;
}

/**
 * Runs the steps in order and stops at the first failure. A ConfigurationError thrown by a step
 * is that step failing with a configuration problem; any other exception is a bug and propagates.
 */
export async function runSteps<C>(steps: ReadonlyArray<DoctorStep<C>>, context: C, hooks: RunStepsHooks = {}): Promise<DoctorReport> {
  const now = hooks.now ?? Date.now;
  const results: StepResult[] = [];
  for (const [index, step] of steps.entries()) {
    const started = now();
    let outcome: StepOutcome;
    try {
      outcome = await step.run(context);
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      outcome = { status: 'fail', message: error.message, configError: true, hint: 'fix the file at the position shown (file:line:column)' };
    }
    const result: StepResult = { ...outcome, number: index + 1, id: step.id, title: step.title, durationMs: Math.max(0, now() - started) };
    results.push(result);
    hooks.onStep?.(result);
    if (result.status === 'fail') {
      return {
        steps: results,
        notRun: steps.slice(index + 1).map((rest, offset) => ({ number: index + 2 + offset, id: rest.id, title: rest.title })),
        failed: result,
        exitCode: result.configError ? 2 : 1,
      };
    }
  }
  return { steps: results, notRun: [], exitCode: 0 };
}
