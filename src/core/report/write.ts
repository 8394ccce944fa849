import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TraceLine } from '../evals/run-evals.js';
import { otlpInputs, otlpOptionsFromReport, toOtlpJson } from '../telemetry/otlp.js';
import { renderBehaviourMarkdown } from './behaviour-markdown.js';
import { renderHtmlReport } from './html.js';
import { renderReportJson } from './json-writer.js';
import { renderJunit } from './junit.js';
import { MARKDOWN_MAX_BYTES, renderConformanceMarkdown, type MarkdownOptions } from './markdown.js';
import { renderSarif, type SarifOptions } from './sarif.js';
import { capForReport } from './caps.js';
import type { Report } from './types.js';

/** Each case's recent trend (from the history file), already rendered: `weather` · gpt: 5/5 5/5 3/5 ↓ likely model drift. */
function trendsMarkdown(trends: readonly string[] | undefined): string {
  if (!trends || trends.length === 0) return '';
  return `<details><summary>Recent trend per case (${trends.length})</summary>\n\n${trends.map((line) => `- ${line}`).join('\n')}\n\n</details>\n`;
}

export type WriteReportOptions = SarifOptions &
  MarkdownOptions & {
    /** Behaviour runs, written one per line to traces.jsonl. */
    traces?: readonly unknown[];
    /** Trend lines from the history file (see src/core/history trendLines). */
    trends?: readonly string[];
  };

/** The files a conformance-only run creates, in the order writeReportFiles returns their paths. */
export const REPORT_FILES = ['report.json', 'summary.md', 'junit.xml', 'conformance.sarif', 'report.html'] as const;

/**
 * Writes report.json, summary.md and junit.xml, plus conformance.sarif when conformance ran and
 * traces.jsonl when behaviour ran, and report.html (with a waterfall per trace) always, into `dir`;
 * returns the paths. Everything is rendered before anything is written, so an invalid report (a
 * bug: renderReportJson throws) leaves no partial set.
 */
export async function writeReportFiles(dir: string, report: Report, options: WriteReportOptions = {}): Promise<string[]> {
  // Bounded and free of this machine's paths, whatever the server sent (see caps.ts).
  report = capForReport(report);
  if (options.traces) options = { ...options, traces: options.traces.map((line) => capForReport(line)) };
  const maxBytes = options.maxBytes ?? MARKDOWN_MAX_BYTES;
  const behaviourMarkdown = report.behaviour ? renderBehaviourMarkdown(report.behaviour, report.telemetry) : '';
  const conformanceMarkdown = report.conformance || !report.behaviour ? renderConformanceMarkdown(report, { maxBytes: maxBytes - Buffer.byteLength(behaviourMarkdown) }) : '';
  const contents = new Map<string, string>([
    ['report.json', renderReportJson(report)],
    ['summary.md', [conformanceMarkdown, behaviourMarkdown, trendsMarkdown(options.trends)].filter(Boolean).join('\n')],
    ['junit.xml', renderJunit(report)],
  ]);
  if (report.conformance || !report.behaviour) contents.set('conformance.sarif', renderSarif(report, { configPath: options.configPath, informationUri: options.informationUri }));
  if (options.traces) contents.set('traces.jsonl', options.traces.map((run) => JSON.stringify(run)).join('\n') + (options.traces.length ? '\n' : ''));
  // The same runs as OTLP/JSON (an ExportTraceServiceRequest), for Jaeger or Grafana Tempo to import.
  if (options.traces) contents.set('traces.otlp.json', `${JSON.stringify(toOtlpJson(otlpInputs(options.traces), otlpOptionsFromReport(report)))}\n`);
  contents.set('report.html', renderHtmlReport(report, (options.traces ?? []).filter(isTraceLine)));
  await mkdir(dir, { recursive: true });
  const names = [...contents.keys()];
  const paths = names.map((name) => join(dir, name));
  await Promise.all(names.map((name, i) => writeFile(paths[i], contents.get(name)!, 'utf8')));
  return paths;
}

/** A line of traces.jsonl as far as report.html needs it (lines read back from disk may be anything). */
function isTraceLine(value: unknown): value is TraceLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<TraceLine>;
  return typeof line.caseId === 'string' && typeof line.model === 'string' && typeof line.trace === 'object' && line.trace !== null;
}
