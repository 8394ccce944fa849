import type { EvalConfig } from '../config/types.js';
import { resilienceSection } from '../faults/resilience.js';
import type { GoldenSet } from '../golden/types.js';
import type { BehaviourSection, CaseResult, Metrics, ScorerTally } from '../report/types.js';
import type { ScoreResult } from '../scorers/types.js';
import { mcpBenchReport, type McpBenchMetrics } from '../stats/mcp-bench.js';
import { summarizeRuns } from '../stats/pass-rates.js';
import { toRunRecord, type RunRecord } from '../stats/run-record.js';
import type { BehaviourRun, RunResult } from './behaviour.js';
import { groupReasons, notEvaluatedSummary } from './evaluated.js';
import type { Shard } from './shard.js';

const REASONS_KEPT = 3;

/** The report's behaviour section: k/n per case and model, scorer tallies, MCP-Bench metrics. */
export function behaviourSection(config: EvalConfig, golden: GoldenSet, run: BehaviourRun, options: { shard?: Shard; judge?: { model: string; criteria: string[] } } = {}): BehaviourSection {
  const results: CaseResult[] = [];
  for (const testCase of golden.cases) {
    for (const model of config.models) {
      const runs = run.runs.filter((r) => r.caseId === testCase.id && r.model === model.id).sort((a, b) => a.repeat - b.repeat);
      if (runs.length === 0) continue; // another shard's case
      results.push(caseResult(testCase, model.id, runs, config));
    }
  }
  const byCase = new Map(golden.cases.map((c) => [c.id, c]));
  const records = run.runs.filter((r) => r.outcome === 'scored').map((r) => toRunRecord(byCase.get(r.caseId)!, r.trace, r.scores, r.passed ?? null));
  return {
    golden: { file: golden.file, hash: golden.hash, cases: golden.cases.length },
    tools: { hash: run.toolsHash, names: run.tools.map((tool) => tool.name) },
    protocolEra: run.era,
    runsPerCase: config.runs,
    floors: config.floors,
    models: config.models.map((model) => ({
      id: model.id,
      provider: model.provider,
      model: model.model,
      endpoint: model.endpoint,
      temperature: model.temperature,
      maxTokens: model.max_tokens,
      ...(model.seed !== undefined ? { seed: model.seed } : {}),
      maxSteps: config.max_steps,
    })),
    ...(options.judge ? { judge: options.judge } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    results,
    metrics: metricsOf(records, config.models.map((model) => model.id)),
    modelCalls: run.modelCalls,
    ...(run.failedModelCalls > 0 ? { failedModelCalls: run.failedModelCalls } : {}),
    costUsd: run.costUsd,
    cachedRuns: run.runs.filter((r) => r.cached).length,
    executedRuns: run.runs.filter((r) => !r.cached && r.outcome !== 'not_run').length,
    ...(run.partial ? { partial: run.partial } : {}),
    ...withNotEvaluated(notEvaluatedSummary(results)),
    durationMs: run.durationMs,
    // Layer 2: fault / injection outcomes per case × model and rates per model (src/core/faults/resilience.ts).
    ...withResilience(resilienceSection(records, golden.cases.map((c) => c.id), config.models.map((model) => model.id))),
  };
}

function withNotEvaluated(summary: BehaviourSection['notEvaluated']): Pick<BehaviourSection, 'notEvaluated'> {
  return summary ? { notEvaluated: summary } : {};
}

function withResilience(resilience: BehaviourSection['resilience']): Pick<BehaviourSection, 'resilience'> {
  return resilience ? { resilience } : {};
}

function caseResult(testCase: GoldenSet['cases'][number], model: string, runs: RunResult[], config: EvalConfig): CaseResult {
  const kind = testCase.kind ?? 'soft';
  const scored = runs.filter((r) => r.outcome === 'scored');
  const summary = summarizeRuns(scored.map((r) => r.passed), kind, config.floors);
  const scorers = tallyScorers(scored);
  // Errored and budget-cut runs are not evaluated: without enough evaluated runs, the case has no floor verdict.
  const minEvaluated = Math.min(config.min_evaluated ?? runs.length, runs.length);
  const evaluated = scored.length >= minEvaluated;
  const notEvaluated = groupReasons(runs.filter((r) => r.outcome !== 'scored').map((r) => r.reason ?? 'not evaluated'));
  return {
    id: testCase.id,
    model,
    kind,
    ...(testCase.tier ? { tier: testCase.tier } : {}),
    location: testCase.location,
    runs: runs.length,
    passed: summary.passed,
    failed: summary.failed,
    abstained: summary.abstained,
    errored: runs.filter((r) => r.outcome === 'model_error').length,
    notRun: runs.filter((r) => r.outcome === 'not_run').length,
    evaluated,
    minEvaluated,
    ...(notEvaluated.length > 0 ? { notEvaluated } : {}),
    passRate: summary.passRate,
    floor: summary.floorRate,
    meetsFloor: evaluated ? summary.meetsFloor : null,
    flaky: summary.flaky,
    passHatK: summary.passHatN,
    scorers,
    traceIds: runs.filter((r) => r.outcome !== 'not_run').map((r) => r.trace.traceId),
    cachedRuns: runs.filter((r) => r.cached).length,
  };
}

/**
 * Per-scorer tallies over the scored runs of one case on one model: passed / failed / abstained
 * counts, the mean `score` where scorers grade, and a few distinct reasons of failed and abstained
 * runs. Shared with after-the-fact scoring, which recomputes a case's tallies from its trace lines.
 */
export function tallyScorers(scored: ReadonlyArray<{ scores: readonly ScoreResult[] }>): Record<string, ScorerTally> {
  const scorers: Record<string, ScorerTally> = {};
  for (const run of scored) {
    for (const score of run.scores) {
      const tally = (scorers[score.scorer] ??= { passed: 0, failed: 0, abstained: 0, meanScore: null, reasons: [] });
      if (score.passed === true) tally.passed += 1;
      else if (score.passed === false) tally.failed += 1;
      else tally.abstained += 1;
      if (score.passed !== true && tally.reasons.length < REASONS_KEPT && !tally.reasons.includes(score.reason)) tally.reasons.push(score.reason);
    }
  }
  for (const [id, tally] of Object.entries(scorers)) {
    const values = scored.flatMap((run) => run.scores.filter((s) => s.scorer === id && typeof s.score === 'number').map((s) => s.score as number));
    tally.meanScore = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  }
  return scorers;
}

/** MCP-Bench metrics overall, per model (every configured model gets a column) and per tier. */
export function metricsOf(records: readonly RunRecord[], models: readonly string[]): BehaviourSection['metrics'] {
  const bench = mcpBenchReport(records);
  return {
    overall: flatten(bench.overall),
    perModel: Object.fromEntries(models.map((model) => [model, flatten(bench.byModel[model])])),
    perTier: Object.fromEntries(Object.entries(bench.byTier).map(([tier, metrics]) => [tier, flatten(metrics)])),
  };
}

/** The metrics as plain numbers (denominators kept under `n*` names) for report.json. */
function flatten(metrics: McpBenchMetrics | undefined): Metrics {
  if (!metrics) return {};
  const { counts, ...rates } = metrics;
  return {
    ...(rates as unknown as Metrics),
    nErrorRuns: counts.errorRuns,
    nFinalAnswerRuns: counts.finalAnswerRuns,
    nNegativeRuns: counts.negativeRuns,
    nToolSelectionRuns: counts.toolSelectionRuns,
    nArgumentRuns: counts.argumentRuns,
  };
}
