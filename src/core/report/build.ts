import type { ConformanceRun } from '../conformance/runner.js';
import { SPEC_REVISION, TOOL_NAME, toolVersion } from '../version.js';
import { REPORT_SCHEMA_VERSION, type Report } from './types.js';

/** The report.json object for a conformance run, with its reproducibility header. */
export function buildConformanceReport(run: ConformanceRun, meta: { startedAt: Date; experiment?: string }): Report {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    header: {
      tool: { name: TOOL_NAME, version: toolVersion() },
      specRevision: SPEC_REVISION,
      protocolEra: run.section.era,
      server: run.server,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      startedAt: meta.startedAt.toISOString(),
      durationMs: run.section.durationMs,
      ...(meta.experiment ? { experiment: meta.experiment } : {}),
    },
    conformance: run.section,
    ...(run.surface ? { surface: run.surface } : {}),
  };
}
