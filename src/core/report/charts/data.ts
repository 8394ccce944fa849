import type { Baseline } from '../../gate/baseline.js';
import type { TraceLine } from '../../evals/run-evals.js';

/*
 * The figures the charts draw, taken from what a report run has: the traces (every span's
 * duration), the report's telemetry, the history file, and the approved baseline. Charts read
 * these plain shapes only, so each can be tested alone with a hand-made input.
 */

/** One measured duration: a tool call or a model call of one run. */
export interface LatencySample {
  ms: number;
  caseId: string;
  model: string;
  /** 0-based repeat index. */
  repeat: number;
  /** The run's trace id (its anchor in report.html is `run-<traceId>`). */
  traceId?: string;
}

/** What the baseline says, as far as the charts draw it; every part may be missing. */
export interface ChartBaseline {
  /** For people: where the baseline came from. */
  label: string;
  /** Tool name → p95 latency (ms) in the baseline run. */
  toolP95Ms?: Record<string, number>;
  /** Model id → p95 latency (ms) of one model call in the baseline run. */
  modelP95Ms?: Record<string, number>;
  /** Model id → US dollars per run; null: unknown in the baseline too. */
  costPerRunUsd?: Record<string, number | null>;
  /** Model id → mean tokens per run. */
  tokensPerRun?: Record<string, { input: number; output: number }>;
  /** Model id → Σpassed / Σdecided over the baseline's cases of that model. */
  passRate?: Record<string, number>;
  /** `${caseId}@${model}` → pass rate. */
  casePassRate?: Record<string, number>;
}

/**
 * Every tool call that reached the server (made-up tools are left out, as in the telemetry
 * section) and every model call, grouped by tool name and by model id, in trace order.
 */
export function latencySamples(traces: readonly TraceLine[]): { tools: Map<string, LatencySample[]>; models: Map<string, LatencySample[]> } {
  const tools = new Map<string, LatencySample[]>();
  const models = new Map<string, LatencySample[]>();
  for (const line of traces) {
    const trace = line.trace;
    if (typeof trace !== 'object' || trace === null || !Array.isArray(trace.spans)) continue;
    for (const span of trace.spans) {
      if (typeof span !== 'object' || span === null || typeof span.durationMs !== 'number' || !Number.isFinite(span.durationMs)) continue;
      const sample: LatencySample = {
        ms: Math.max(0, span.durationMs),
        caseId: String(line.caseId),
        model: String(line.model),
        repeat: typeof line.repeat === 'number' ? line.repeat : 0,
        ...(typeof trace.traceId === 'string' ? { traceId: trace.traceId } : {}),
      };
      if (span.kind === 'tool' && span.attributes?.invalid !== true) push(tools, String(span.name), sample);
      else if (span.kind === 'model') push(models, String(line.model), sample);
    }
  }
  return { tools, models };
}

/** The chart view of an approved baseline: pass rates per model and case, and the telemetry it recorded (if any). */
export function chartBaselineFrom(baseline: Baseline, label = baseline.source): ChartBaseline {
  const totals = new Map<string, { passed: number; decided: number }>();
  const casePassRate: Record<string, number> = {};
  for (const [key, entry] of Object.entries(baseline.cases)) {
    const model = key.slice(key.indexOf('@') + 1);
    const total = totals.get(model) ?? { passed: 0, decided: 0 };
    total.passed += entry.passed;
    total.decided += entry.decided;
    totals.set(model, total);
    if (entry.decided > 0) casePassRate[key] = entry.passed / entry.decided;
  }
  const passRate: Record<string, number> = {};
  for (const [model, total] of totals) if (total.decided > 0) passRate[model] = total.passed / total.decided;
  const chart: ChartBaseline = { label, passRate, casePassRate };
  const telemetry = baseline.telemetry;
  if (telemetry) {
    chart.toolP95Ms = numbers(Object.entries(telemetry.perTool).map(([name, tool]) => [name, tool.p95Ms]));
    chart.modelP95Ms = numbers(Object.entries(telemetry.perModel).map(([id, model]) => [id, model.p95Ms]));
    chart.costPerRunUsd = Object.fromEntries(Object.entries(telemetry.perModel).map(([id, model]) => [id, model.costPerRunUsd]));
    chart.tokensPerRun = Object.fromEntries(Object.entries(telemetry.perModel).map(([id, model]) => [id, { input: model.inputTokensPerRun, output: model.outputTokensPerRun }]));
  }
  return chart;
}

function numbers(entries: Array<[string, number | null]>): Record<string, number> {
  return Object.fromEntries(entries.filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
