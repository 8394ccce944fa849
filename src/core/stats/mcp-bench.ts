import type { RunRecord } from './run-record.js';

/**
 * MCP-Bench-style aggregate metrics over a set of runs. Every rate is a fraction 0..1, or null
 * when its denominator is empty (never 0 for "nothing to measure").
 */
export interface McpBenchMetrics {
  runs: number;
  /** Runs with a decision (passed true or false); abstained runs are left out of the success rate. */
  decidedRuns: number;
  /** Runs passed / decided runs. */
  taskSuccessRate: number | null;
  /**
   * Mean over runs of the run's completion, where a run's completion is the mean, over its
   * non-abstaining scorer results, of `score` (or 1 / 0 from `passed` when a scorer gives no
   * score). Runs with no decided scorer are left out.
   */
  completion: number | null;
  /** All tool calls / runs. */
  avgToolCalls: number | null;
  toolCalls: number;
  /** Calls that errored (isError), came back empty, or were invalid / all calls. */
  invalidCallRate: number | null;
  /**
   * Among decided runs with at least one errored or invalid call: the fraction that still passed.
   */
  errorRecoveryRate: number | null;
  /** Among runs whose final_answer scorer decided: the fraction it passed. */
  finalAnswerHitRate: number | null;
  /** Among runs of negative cases (expect_tool: null): the fraction that called any tool. */
  overTriggerRate: number | null;
  /** Among runs whose tool_selection scorer decided: the fraction it passed. */
  toolSelectionAccuracy: number | null;
  /**
   * Argument accuracy on correctly selected calls: the mean `arguments` score over runs where the
   * expected tool was called (details.called) and the scorer decided. Runs where the tool was
   * never called are left out (tool selection counts them); abstentions too.
   */
  argumentAccuracy: number | null;
  /** Same runs as argumentAccuracy: the fraction where every argument matched. */
  argumentExactRate: number | null;
  /** The denominators of the conditional rates. */
  counts: { errorRuns: number; finalAnswerRuns: number; negativeRuns: number; toolSelectionRuns: number; argumentRuns: number };
}

export interface McpBenchReport {
  overall: McpBenchMetrics;
  /** Keyed by tier; runs of cases without a tier under `untiered`. */
  byTier: Record<string, McpBenchMetrics>;
  /** Keyed by the model's config id. */
  byModel: Record<string, McpBenchMetrics>;
}

export const UNTIERED = 'untiered';

/** The metrics overall, per tier and per model (keys sorted). */
export function mcpBenchReport(records: readonly RunRecord[]): McpBenchReport {
  return {
    overall: mcpBenchMetrics(records),
    byTier: grouped(records, (record) => record.tier ?? UNTIERED),
    byModel: grouped(records, (record) => record.model),
  };
}

export function mcpBenchMetrics(records: readonly RunRecord[]): McpBenchMetrics {
  const decided = records.filter((record) => record.passed !== null);
  const calls = records.flatMap((record) => record.trace.toolCalls);
  const completions = records.map(runCompletion).filter((value): value is number => value !== null);
  const errorRuns = decided.filter((record) => record.trace.toolCalls.some((call) => call.isError || call.invalid));
  const finalAnswers = records.map((record) => decidedResult(record, 'final_answer')).filter((result) => result !== undefined);
  const toolSelections = records.map((record) => decidedResult(record, 'tool_selection')).filter((result) => result !== undefined);
  const argumentResults = records
    .map((record) => decidedResult(record, 'arguments'))
    .filter((result) => result !== undefined && result.details?.called === true && typeof result.score === 'number');
  const negatives = records.filter((record) => record.negative);
  return {
    runs: records.length,
    decidedRuns: decided.length,
    taskSuccessRate: rate(decided.filter((record) => record.passed === true).length, decided.length),
    completion: mean(completions),
    avgToolCalls: records.length === 0 ? null : calls.length / records.length,
    toolCalls: calls.length,
    invalidCallRate: rate(calls.filter((call) => call.isError || call.empty || call.invalid).length, calls.length),
    errorRecoveryRate: rate(errorRuns.filter((record) => record.passed === true).length, errorRuns.length),
    finalAnswerHitRate: rate(finalAnswers.filter((result) => result!.passed === true).length, finalAnswers.length),
    overTriggerRate: rate(negatives.filter((record) => record.trace.toolCalls.length > 0).length, negatives.length),
    toolSelectionAccuracy: rate(toolSelections.filter((result) => result!.passed === true).length, toolSelections.length),
    argumentAccuracy: mean(argumentResults.map((result) => result!.score!)),
    argumentExactRate: rate(argumentResults.filter((result) => result!.passed === true).length, argumentResults.length),
    counts: {
      errorRuns: errorRuns.length,
      finalAnswerRuns: finalAnswers.length,
      negativeRuns: negatives.length,
      toolSelectionRuns: toolSelections.length,
      argumentRuns: argumentResults.length,
    },
  };
}

/** Mean of the run's decided scorer results (score, else passed as 1 / 0); null when none decided. */
export function runCompletion(record: RunRecord): number | null {
  const values = record.scores.filter((result) => result.passed !== null).map((result) => result.score ?? (result.passed ? 1 : 0));
  return mean(values);
}

function decidedResult(record: RunRecord, scorer: string) {
  return record.scores.find((result) => result.scorer === scorer && result.passed !== null);
}

function grouped(records: readonly RunRecord[], keyOf: (record: RunRecord) => string): Record<string, McpBenchMetrics> {
  const groups = new Map<string, RunRecord[]>();
  for (const record of records) {
    const key = keyOf(record);
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  return Object.fromEntries([...groups.keys()].sort().map((key) => [key, mcpBenchMetrics(groups.get(key)!)]));
}

function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}
