/**
 * Layer 3 from the traces: latency percentiles per tool and per model, tokens per call and per run,
 * and cost per model, per run and in total. Percentiles are type 7 (see stats/percentiles.ts).
 *
 * - A tool call the model made up (no such tool, unparseable arguments) never reached the server:
 *   it is counted in `invalidToolCalls`, not in any tool's latency.
 * - Every request counts as a call, retries included (a span's `attempts`), as the budget and the
 *   behaviour headline count them; each failed request is an error. A failed model call's latency
 *   counts (a timeout is a latency); it has no usage, so it is left out of tokens and cost.
 * - Cost: a model with any successful call whose price is unknown has cost `null` ("unknown"),
 *   never 0, and `unpricedCalls` says how many calls had no price.
 * - Cached runs are real past measurements and are included; `cachedRuns` says how many.
 */
import type { Span } from '../agent/trace.js';
import type { TraceLine } from '../evals/run-evals.js';
import type { CaseTelemetry, LatencyStats, ModelTelemetry, TelemetrySection, TokenStats, ToolTelemetry } from '../report/types.js';
import { distribution } from '../stats/percentiles.js';

/** What the summary reads of a trace line (merge and tests build these by hand). */
export type TelemetryInput = Pick<TraceLine, 'caseId' | 'model' | 'trace' | 'cached'>;

interface ModelAccumulator {
  calls: number;
  errors: number;
  runs: number;
  latencies: number[];
  runLatencies: number[];
  input: number[];
  output: number[];
  cost: number;
  unpriced: number;
}

interface RunAccumulator {
  runs: number;
  input: number[];
  output: number[];
  costs: Array<number | null>;
}

/** The report's telemetry section, from every run that was made (cached ones included). */
export function telemetrySection(lines: readonly TelemetryInput[]): TelemetrySection {
  const tools = new Map<string, { calls: number; errors: number; latencies: number[] }>();
  const models = new Map<string, ModelAccumulator>();
  const cases = new Map<string, { all: RunAccumulator; byModel: Map<string, RunAccumulator> }>();
  let invalidToolCalls = 0;
  let runs = 0;
  let cachedRuns = 0;

  for (const line of lines) {
    const trace = line.trace;
    if (typeof trace !== 'object' || trace === null || !Array.isArray(trace.spans)) continue; // a line read back from disk may be anything
    runs += 1;
    if (line.cached) cachedRuns += 1;
    const model = getOrAdd(models, line.model, () => ({ calls: 0, errors: 0, runs: 0, latencies: [], runLatencies: [], input: [], output: [], cost: 0, unpriced: 0 }));
    model.runs += 1;
    model.runLatencies.push(nonNegative(trace.durationMs));
    for (const span of trace.spans) {
      if (span.kind === 'model') addModelCall(model, span);
      else if (span.kind === 'tool') {
        if (span.attributes?.invalid === true) {
          invalidToolCalls += 1;
          continue;
        }
        const tool = getOrAdd(tools, span.name, () => ({ calls: 0, errors: 0, latencies: [] }));
        tool.calls += 1;
        if (span.error !== undefined) tool.errors += 1;
        tool.latencies.push(nonNegative(span.durationMs));
      }
    }
    const perCase = getOrAdd(cases, line.caseId, () => ({ all: emptyRuns(), byModel: new Map<string, RunAccumulator>() }));
    for (const acc of [perCase.all, getOrAdd(perCase.byModel, line.model, emptyRuns)]) {
      acc.runs += 1;
      acc.input.push(count(trace.usage?.inputTokens));
      acc.output.push(count(trace.usage?.outputTokens));
      acc.costs.push(typeof trace.costUsd === 'number' && Number.isFinite(trace.costUsd) ? trace.costUsd : null);
    }
  }

  const perTool: Record<string, ToolTelemetry> = {};
  for (const [name, tool] of [...tools].sort(([a], [b]) => a.localeCompare(b))) perTool[name] = { calls: tool.calls, errors: tool.errors, latencyMs: latencyStats(tool.latencies) };

  const perModel: Record<string, ModelTelemetry> = {};
  for (const [id, m] of models) {
    const costUsd = m.unpriced > 0 ? null : m.cost;
    perModel[id] = {
      calls: m.calls,
      errors: m.errors,
      runs: m.runs,
      latencyMs: latencyStats(m.latencies),
      runLatencyMs: latencyStats(m.runLatencies),
      tokens: tokenStats(m.input, m.output),
      costUsd,
      unpricedCalls: m.unpriced,
      costPerRunUsd: costUsd === null || m.runs === 0 ? null : costUsd / m.runs,
    };
  }

  const perCase: Record<string, CaseTelemetry> = {};
  for (const [id, c] of cases) {
    perCase[id] = { ...runFigures(c.all), models: Object.fromEntries([...c.byModel].map(([model, runs]) => [model, runFigures(runs)])) };
  }

  const modelList = Object.values(perModel);
  const unpricedCalls = modelList.reduce((sum, m) => sum + m.unpricedCalls, 0);
  return {
    runs,
    cachedRuns,
    modelCalls: modelList.reduce((sum, m) => sum + m.calls, 0),
    toolCalls: Object.values(perTool).reduce((sum, t) => sum + t.calls, 0),
    invalidToolCalls,
    costUsd: modelList.some((m) => m.costUsd === null) ? null : modelList.reduce((sum, m) => sum + (m.costUsd ?? 0), 0),
    unpricedCalls,
    perTool,
    perModel,
    perCase,
  };
}

function addModelCall(model: ModelAccumulator, span: Span): void {
  const raw = span.attributes?.attempts;
  const attempts = typeof raw === 'number' && Number.isFinite(raw) && raw >= 1 ? Math.min(Math.floor(raw), 1000) : 1;
  model.calls += attempts;
  model.latencies.push(nonNegative(span.durationMs));
  // The attempts before the last failed; the last one failed too when the span says so.
  model.errors += attempts - 1;
  if (span.error !== undefined) {
    model.errors += 1;
    return;
  }
  model.input.push(count(span.attributes?.inputTokens));
  model.output.push(count(span.attributes?.outputTokens));
  const cost = span.attributes?.costUsd;
  if (typeof cost === 'number' && Number.isFinite(cost)) model.cost += cost;
  else model.unpriced += 1;
}

function runFigures(runs: RunAccumulator): Omit<CaseTelemetry, 'models'> {
  return {
    runs: runs.runs,
    tokensPerRun: { inputMean: round(mean(runs.input)), outputMean: round(mean(runs.output)) },
    costPerRunUsd: runs.costs.some((cost) => cost === null) ? null : mean(runs.costs as number[]),
  };
}

/** p50 / p95 / p99 / mean / max in milliseconds, to the microsecond; all null for no values. */
export function latencyStats(values: readonly number[]): LatencyStats {
  const d = distribution(values);
  return { p50: round(d.p50), p95: round(d.p95), p99: round(d.p99), mean: round(d.mean), max: round(d.max) };
}

function tokenStats(input: readonly number[], output: readonly number[]): TokenStats {
  const i = distribution(input);
  const o = distribution(output);
  return {
    inputTotal: input.reduce((sum, n) => sum + n, 0),
    outputTotal: output.reduce((sum, n) => sum + n, 0),
    inputMean: round(i.mean),
    outputMean: round(o.mean),
    inputP50: round(i.p50),
    inputP95: round(i.p95),
    outputP50: round(o.p50),
    outputP95: round(o.p95),
  };
}

function emptyRuns(): RunAccumulator {
  return { runs: 0, input: [], output: [], costs: [] };
}

function getOrAdd<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, n) => sum + n, 0) / values.length;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

function nonNegative(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

function round<T extends number | null>(value: T): T {
  return (value === null ? null : Math.round(value * 1000) / 1000) as T;
}
