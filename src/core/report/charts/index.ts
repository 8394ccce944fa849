import type { TraceLine } from '../../evals/run-evals.js';
import type { HistoryEntry } from '../../history/history.js';
import type { Report } from '../types.js';
import { renderConformanceGrid } from './conformance-grid.js';
import { costRows, renderCostChart } from './cost.js';
import { latencySamples, type ChartBaseline } from './data.js';
import { renderLatencyChart, sharedLatencyScale, type LatencyRow } from './latency.js';
import { renderCaseTrends, renderTrendChart } from './trend.js';
import { trendData } from './trend-series.js';

/*
 * The charts of report.html, each rendered from the report's data (or '' when it has none, so a
 * page never shows an empty axis): conformance at a glance, pass rate over time, latency per
 * tool and per model on one log-time axis, and cost and tokens per model.
 */

export type { ChartBaseline } from './data.js';
export { chartBaselineFrom } from './data.js';

export interface ChartInputs {
  report: Report;
  /** Every run's trace (not only the runs drawn in the page). */
  traces: readonly TraceLine[];
  /** history.jsonl's entries, when there is a history. */
  history?: readonly HistoryEntry[];
  baseline?: ChartBaseline;
  /** Trace ids whose run has an anchor in the page. */
  anchors?: ReadonlySet<string>;
}

export interface Charts {
  conformance: string;
  trend: string;
  caseTrends: string;
  latencyTools: string;
  latencyModels: string;
  cost: string;
}

export function renderCharts(inputs: ChartInputs): Charts {
  const { report, traces, baseline } = inputs;
  const modelOrder = report.behaviour?.models.map((m) => m.id) ?? [];
  const { tools, models } = latencySamples(traces);
  const toolRows: LatencyRow[] = [...tools.keys()].sort().map((name) => ({ name, samples: tools.get(name)!, ...withBaseline(baseline?.toolP95Ms?.[name]) }));
  const modelIds = [...modelOrder.filter((id) => models.has(id)), ...[...models.keys()].filter((id) => !modelOrder.includes(id))];
  const modelRows: LatencyRow[] = modelIds.map((id) => ({ name: id, samples: models.get(id)!, ...withBaseline(baseline?.modelP95Ms?.[id]) }));
  const scale = sharedLatencyScale([toolRows, modelRows]);
  const common = { scale, anchors: inputs.anchors, baselineLabel: baseline?.label };
  const trend = inputs.history ? trendData(inputs.history, report) : undefined;
  return {
    conformance: report.conformance ? renderConformanceGrid(report.conformance.checks, { id: 'chart-conformance' }) : '',
    trend: renderTrendChart(trend, { id: 'chart-trend', baseline }),
    caseTrends: renderCaseTrends(trend, { baseline }),
    latencyTools: renderLatencyChart(toolRows, { id: 'chart-latency-tools', kind: 'latency-tools', title: 'Latency per tool', rowNoun: 'tool', ...common }),
    latencyModels: renderLatencyChart(modelRows, { id: 'chart-latency-models', kind: 'latency-models', title: 'Latency per model call', rowNoun: 'model', ...common }),
    cost: renderCostChart(costRows(report.telemetry, modelOrder, baseline), { id: 'chart-cost', baselineLabel: baseline?.label }),
  };
}

function withBaseline(p95: number | undefined): { baselineP95?: number } {
  return p95 === undefined ? {} : { baselineP95: p95 };
}
