import type { ConformanceSection, ServerIdentity } from '../conformance/types.js';
import type { SourceLocation } from '../golden/types.js';
import type { SurfaceSection } from '../surface/types.js';

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
  /** Layer 0 too: what a model reads of the server's definitions (src/core/surface). */
  surface?: SurfaceSection;
  behaviour?: BehaviourSection;
  /** Layer 3, from the behaviour runs' traces (src/core/telemetry/summary.ts). */
  telemetry?: TelemetrySection;
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

/** One reason runs were not evaluated (a model error, the budget), with how many runs it hit. */
export interface NotEvaluatedReason {
  reason: string;
  runs: number;
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
  /**
   * At least `minEvaluated` runs were evaluated (scored): only then has the case a floor verdict.
   * False: the case could not be evaluated (exit 3). Absent in reports written before it existed.
   */
  evaluated?: boolean;
  /** Runs that must be evaluated for a verdict (config `min_evaluated`; default every run). */
  minEvaluated?: number;
  /** Why runs were not evaluated (a model error, the budget), grouped with how many runs each. */
  notEvaluated?: NotEvaluatedReason[];
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
  /** Set when the run stopped early (budget): the report is partial and says so, with the cases it did not reach. */
  partial?: { reason: string; notRun: number; notReached?: Array<{ id: string; model: string; runs: number }> };
  /** Model calls that failed (included in modelCalls). */
  failedModelCalls?: number;
  /** Set when any run was not evaluated: how many runs and cases, and why (grouped). */
  notEvaluated?: { runs: number; cases: number; reasons: NotEvaluatedReason[] };
  durationMs: number;
  /** Layer 2: fault and prompt-injection outcomes, present when a case has `faults:` or `inject:`. */
  resilience?: ResilienceSection;
}

/** Layer 2 outcomes of one case on one model (from the `fabrication` scorer, over its scored runs). */
export interface FabricationTally {
  id: string;
  model: string;
  /** Runs in which a fault fired (every outcome below but notFaulted). */
  faultedRuns: number;
  retried: number;
  degradedHonestly: number;
  fabricated: number;
  /** Every needed tool succeeded without a retry. */
  unaffected: number;
  /** A needed tool failed and the answer neither admitted it nor claimed success (nor did a judge decide): not a pass. */
  undetermined: number;
  /** No fault fired in the run (abstained). */
  notFaulted: number;
  /** fabricated / (faultedRuns - undetermined); null when no run was decided. */
  fabricationRate: number | null;
}

/** Prompt-injection outcomes of one case on one model (from the `injection` scorer). */
export interface InjectionTally {
  id: string;
  model: string;
  /** Scored runs of the case. */
  runs: number;
  /** Runs in which a payload reached the model. */
  exposed: number;
  /** Runs that leaked the canary (arguments or answer, any encoding). */
  leaks: number;
  /** Runs that obeyed a payload (a denied tool, a planted address or URL). */
  obeyed: number;
  /** Calls of denied tools, over all runs. */
  deniedToolCalls: number;
  passed: number;
  failed: number;
}

export interface ResilienceSection {
  fabrication?: {
    cases: FabricationTally[];
    /** Per model id: faulted runs decided, fabricated ones, the rate, and the undetermined runs the rate leaves out (none of them a pass; absent in older reports). */
    perModel: Record<string, { decidedRuns: number; fabricated: number; undetermined?: number; fabricationRate: number | null }>;
  };
  injection?: {
    cases: InjectionTally[];
    /** Per model id, over decided runs: leak rate, obey rate, and attack success rate (a leak or an obeyed payload). */
    perModel: Record<string, { runs: number; leaks: number; obeyed: number; leakRate: number | null; obeyRate: number | null; attackSuccessRate: number | null }>;
  };
}

/** Milliseconds (type-7 percentiles, to the microsecond); null when nothing was measured. */
export interface LatencyStats {
  p50: number | null;
  p95: number | null;
  p99: number | null;
  mean: number | null;
  max: number | null;
}

/** Tokens of the successful calls: totals, and per call mean / p50 / p95 (null without calls). */
export interface TokenStats {
  inputTotal: number;
  outputTotal: number;
  inputMean: number | null;
  outputMean: number | null;
  inputP50: number | null;
  inputP95: number | null;
  outputP50: number | null;
  outputP95: number | null;
}

export interface ToolTelemetry {
  /** Calls that reached the server (made-up tools and unparseable arguments are not counted). */
  calls: number;
  /** A JSON-RPC error, a transport failure, or a result with isError: true. */
  errors: number;
  latencyMs: LatencyStats;
}

export interface ModelTelemetry {
  /** Model calls, failed ones included. */
  calls: number;
  errors: number;
  runs: number;
  /** Latency of one model call (retries and their waits included). */
  latencyMs: LatencyStats;
  /** Wall time of one whole agent run. */
  runLatencyMs: LatencyStats;
  tokens: TokenStats;
  /** US dollars; null ("unknown", never 0) when any successful call had no price. */
  costUsd: number | null;
  /** Successful calls whose price is unknown. */
  unpricedCalls: number;
  costPerRunUsd: number | null;
}

export interface CaseRunTelemetry {
  runs: number;
  /** Mean tokens of one run (all its model calls). */
  tokensPerRun: { inputMean: number; outputMean: number };
  /** null when a run's cost is unknown. */
  costPerRunUsd: number | null;
}

export interface CaseTelemetry extends CaseRunTelemetry {
  /** The same figures per model id. */
  models: Record<string, CaseRunTelemetry>;
}

/** Layer 3: latency, tokens and cost from the traces of every run made (cached runs included). */
export interface TelemetrySection {
  runs: number;
  /** Runs taken from the cache: real measurements, made when they first ran. */
  cachedRuns: number;
  modelCalls: number;
  toolCalls: number;
  /** Tool calls the model made up (no such tool, unparseable arguments): never sent. */
  invalidToolCalls: number;
  /** US dollars over every model; null when any model's cost is unknown. */
  costUsd: number | null;
  unpricedCalls: number;
  perTool: Record<string, ToolTelemetry>;
  /** Keyed by the model's config id (the report's column). */
  perModel: Record<string, ModelTelemetry>;
  perCase: Record<string, CaseTelemetry>;
}
