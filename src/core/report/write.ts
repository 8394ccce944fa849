import { mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { SetupTrace } from '../agent/trace.js';
import type { TraceLine } from '../evals/run-evals.js';
import type { Baseline } from '../gate/baseline.js';
import type { HistoryEntry } from '../history/history.js';
import { otlpInputs, otlpOptionsFromReport, toOtlpJson } from '../telemetry/otlp.js';
import { renderBehaviourMarkdown } from './behaviour-markdown.js';
import { chartBaselineFrom } from './charts/index.js';
import { sparkLines, trendData } from './charts/trend-series.js';
import { markdownInline } from './escape.js';
import { renderHtmlReport } from './html.js';
import { renderReportJson } from './json-writer.js';
import { renderJunit } from './junit.js';
import { MARKDOWN_MAX_BYTES, renderConformanceMarkdown, type MarkdownOptions } from './markdown.js';
import { refuseSymlink, writeFileSafely } from './safe-write.js';
import { renderSarif, type SarifOptions } from './sarif.js';
import { renderSurfaceMarkdown } from './surface-markdown.js';
import { capForReport } from './caps.js';
import { loadPrecompiled } from '../validators/precompiled.js';
import type { Report } from './types.js';

/**
 * The pass rate per model over the last runs as one text sparkline each (from the history's
 * entries), then each case's recent trend, already rendered: `weather` · gpt: 5/5 5/5 3/5 ↓ likely model drift.
 */
function trendsMarkdown(trends: readonly string[] | undefined, spark: readonly string[]): string {
  const perModel = spark.length > 0 ? `**Pass rate over time** (▁ 0% … █ 100%, oldest first)\n\n${spark.map((line) => `- ${line}`).join('\n')}\n\n` : '';
  if (!trends || trends.length === 0) return perModel;
  return `${perModel}<details><summary>Recent trend per case (${trends.length})</summary>\n\n${trends.map((line) => `- ${line}`).join('\n')}\n\n</details>\n`;
}

export type WriteReportOptions = SarifOptions &
  MarkdownOptions & {
    /** Behaviour runs, written one per line to traces.jsonl. */
    traces?: readonly unknown[];
    /** The shared setup requests' trace: traces.otlp.json holds it beside the runs'. */
    setup?: SetupTrace;
    /** Trend lines from the history file (see src/core/history trendLines). */
    trends?: readonly string[];
    /** The history file's entries: report.html's pass-rate-over-time charts. */
    history?: readonly HistoryEntry[];
    /** The approved baseline: its marks on report.html's charts. */
    baseline?: Baseline;
  };

/** The files a conformance-only run creates, in the order writeReportFiles returns their paths. */
export const REPORT_FILES = ['report.json', 'summary.md', 'junit.xml', 'conformance.sarif', 'report.html'] as const;

/**
 * Writes report.json, summary.md and junit.xml, plus conformance.sarif when conformance ran and
 * traces.jsonl when behaviour ran, and report.html (with a waterfall per trace) always, into `dir`;
 * returns the paths. Everything is rendered before anything is written, so an invalid report (a
 * bug: renderReportJson throws) leaves no partial set. A symbolic link among the targets is a
 * ConfigurationError naming it.
 */
export async function writeReportFiles(dir: string, report: Report, options: WriteReportOptions = {}): Promise<string[]> {
  // report.json is validated before it is written: with the precompiled validator, not an ajv compile.
  await loadPrecompiled();
  // Bounded and free of this machine's paths, whatever the server sent (see caps.ts).
  // The golden set is named relative to the report's folder: capture and score find it from there.
  if (report.behaviour && isAbsolute(report.behaviour.golden.file)) {
    report = { ...report, behaviour: { ...report.behaviour, golden: { ...report.behaviour.golden, file: relative(resolve(dir), report.behaviour.golden.file) || '.' } } };
  }
  report = capForReport(report);
  if (options.traces) options = { ...options, traces: options.traces.map((line) => capForReport(line)) };
  const maxBytes = options.maxBytes ?? MARKDOWN_MAX_BYTES;
  const chartBaseline = options.baseline && chartBaselineFrom(options.baseline);
  const behaviourMarkdown = report.behaviour ? renderBehaviourMarkdown(report.behaviour, report.telemetry) : '';
  const surfaceMarkdown = report.surface ? renderSurfaceMarkdown(report.surface, report.header.server) : '';
  const conformanceMarkdown = report.conformance || (!report.behaviour && !report.surface) ? renderConformanceMarkdown(report, { maxBytes: maxBytes - Buffer.byteLength(behaviourMarkdown) - Buffer.byteLength(surfaceMarkdown) }) : '';
  const contents = new Map<string, string>([
    ['report.json', renderReportJson(report)],
    ['summary.md', [conformanceMarkdown, surfaceMarkdown, behaviourMarkdown, trendsMarkdown(options.trends, sparkLines(options.history && trendData(options.history, report), markdownInline, chartBaseline?.passRate))].filter(Boolean).join('\n')],
    ['junit.xml', renderJunit(report)],
  ]);
  if (report.conformance || report.surface || !report.behaviour) contents.set('conformance.sarif', renderSarif(report, { configPath: options.configPath, informationUri: options.informationUri }));
  if (options.traces) contents.set('traces.jsonl', options.traces.map((run) => JSON.stringify(run)).join('\n') + (options.traces.length ? '\n' : ''));
  // The same runs as OTLP/JSON (an ExportTraceServiceRequest), for Jaeger or Grafana Tempo to import.
  if (options.traces) contents.set('traces.otlp.json', `${JSON.stringify(toOtlpJson(otlpInputs(options.traces), otlpOptionsFromReport(report, { setup: options.setup })))}\n`);
  contents.set('report.html', renderHtmlReport(report, (options.traces ?? []).filter(isTraceLine), { history: options.history, baseline: chartBaseline }));
  await mkdir(dir, { recursive: true });
  const names = [...contents.keys()];
  const paths = names.map((name) => join(dir, name));
  // Through the run's redactor, atomically, and never through a symbolic link (see safe-write):
  // every target is looked at first, so a planted link leaves the old set whole.
  await Promise.all(paths.map(refuseSymlink));
  await Promise.all(names.map((name, i) => writeFileSafely(paths[i], contents.get(name)!)));
  return paths;
}

/** A line of traces.jsonl as far as report.html needs it (lines read back from disk may be anything). */
function isTraceLine(value: unknown): value is TraceLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<TraceLine>;
  return typeof line.caseId === 'string' && typeof line.model === 'string' && typeof line.trace === 'object' && line.trace !== null;
}
