import type { ConformanceSection, ServerIdentity } from '../conformance/types.js';

export const REPORT_SCHEMA_VERSION = 1;

/** report.json: a reproducibility header, then one section per layer that ran. */
export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  header: {
    tool: { name: string; version: string };
    /** The spec revision the checks target. */
    specRevision: string;
    /** The protocol era the run actually used against this server. */
    protocolEra: string;
    server: ServerIdentity;
    node: string;
    platform: string;
    startedAt: string;
    durationMs: number;
    /** Free-form tag: a commit, a prompt version. */
    experiment?: string;
  };
  conformance?: ConformanceSection;
}
