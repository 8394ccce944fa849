import type { ConformanceSection, ServerIdentity } from '../conformance/types.js';
import type { SourceLocation } from '../golden/types.js';

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
  behaviour?: BehaviourSection;
}

/** Aggregate rates over runs (MCP-Bench style); null where nothing was measured. */
export type Metrics = Record<string, number | null>;

export interface ScorerTally {
  passed: number;
  failed: number;
  abstained: number;
  meanScore: number | null;
  /** Distinct reasons of failed and abstained runs (a few), for the summary. */
  reasons: string[];
}

/** One case on one model: its repeats as k/n. */
export interface CaseResult {
  id: string;
  model: string;
  kind: 'hard' | 'soft';
  tier?: string;
  location: SourceLocation;
  /** Repeats planned. */
  runs: number;
  passed: number;
  failed: number;
  /** Every applicable scorer abstained. */
  abstained: number;
  /** The model call failed (never cached, not scored). */
  errored: number;
  /** Not run: the budget ran out first. */
  notRun: number;
  /** passed / (passed + failed), or null when no run was decided. */
  passRate: number | null;
  /** The pass rate this case needs: 1 for hard, the soft floor otherwise. */
  floor: number;
  meetsFloor: boolean | null;
  /** 0 < k < n among decided runs. */
  flaky: boolean;
  /** Probability that all of n fresh runs pass, estimated from these (τ-bench pass^k with k = n). */
  passHatK: number | null;
  scorers: Record<string, ScorerTally>;
  traceIds: string[];
  cachedRuns: number;
}

export interface BehaviourSection {
  golden: { file: string; hash: string; cases: number };
  tools: { hash: string; names: string[] };
  protocolEra: string;
  runsPerCase: number;
  floors: { hard: number; soft: number };
  models: Array<{ id: string; provider: string; model: string; endpoint: string; temperature: number; maxTokens: number; seed?: number; maxSteps: number }>;
  judge?: { model: string; criteria: string[] };
  shard?: { index: number; total: number };
  results: CaseResult[];
  metrics: { overall: Metrics; perModel: Record<string, Metrics>; perTier: Record<string, Metrics> };
  modelCalls: number;
  costUsd: number | null;
  cachedRuns: number;
  executedRuns: number;
  /** Set when the run stopped early (budget): the report is partial and says so. */
  partial?: { reason: string; notRun: number };
  durationMs: number;
}
