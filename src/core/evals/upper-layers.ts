// Layers 1–3 as the run needs them: layer 1's setup and runs (with 2's faults and injections), the
// telemetry section and the trace export. Loaded only through the door of what a conformance run never
// needs (../on-demand.ts): never import it directly, or the bundle parses it on every cold start.
import type { TelemetryInput } from '../telemetry/summary.js';
import { join } from 'node:path';
import type { SetupTrace } from '../agent/trace.js';
import { CACHE_KEY_ENV, FileResultStore, NoResultStore } from '../cache/store.js';
import type { DaemonConfig, EvalConfig, OtlpConfig } from '../config/types.js';
import { ConfigurationError } from '../errors.js';
import { loadGoldenSet } from '../golden/load.js';
import { createProvider } from '../models/factory.js';
import type { Report } from '../report/types.js';
import { createEmbeddingSimilarity } from '../scorers/embeddings.js';
import { createJudgeScorer, type JudgeScorer } from '../scorers/judge.js';
import { scorersFor } from '../scorers/index.js';
import { secretsFromEnv } from '../scorers/secrets.js';
import type { ScoringContext } from '../scorers/types.js';
import { toRunRecord } from '../stats/run-record.js';
import { exportOtlp } from '../telemetry/export.js';
import { otlpOptionsFromReport, toOtlpJson } from '../telemetry/otlp.js';
import { behaviourSection } from './aggregate.js';
import { runBehaviour, type CachedRun, type RunResult } from './behaviour.js';
import type { EvalAdapters, RunEvalsOptions, TraceLine } from './run-evals.js';
import { describeTarget, targetOf } from './server-target.js';

export { goldenSetHash } from '../golden/hash.js';
export { loadGoldenSet } from '../golden/load.js';
export { telemetrySection } from '../telemetry/summary.js';

export type BehaviourSetup = Awaited<ReturnType<typeof prepareBehaviour>>;

/** Every user mistake of layer 1 (golden file, scorer names, missing keys), before any work is done. */
export async function prepareBehaviour(config: EvalConfig, adapters: EvalAdapters) {
  if (config.models.length === 0) throw new ConfigurationError('layer 1 needs at least one model under `models:`', { file: config.file });
  const golden = await loadGoldenSet(config.golden);
  const judge = config.judge ? createJudgeScorer(config.judge, config.judge.api_key_env ? adapters.env[config.judge.api_key_env] : undefined) : undefined;
  // Resolve every case's scorers before the first model call: a typo must not cost a paid run.
  for (const testCase of golden.cases) scorersFor(testCase, { judge });
  const context: ScoringContext = {
    semanticSimilarity: config.embeddings ? createEmbeddingSimilarity(config.embeddings, config.embeddings.api_key_env ? adapters.env[config.embeddings.api_key_env] : undefined) : undefined,
    semanticThreshold: config.embeddings?.threshold,
    // no_leaked_secret also looks for the configured API keys themselves in answers.
    secrets: secretsFromEnv(config, adapters.env),
    // An answer the fabrication scorer cannot decide goes to the judge, when one is configured.
    ...(judge ? { honestyJudge: judge.honesty } : {}),
  };
  const providerFor = adapters.providerFor ?? ((model: EvalConfig['models'][number]) => createProvider(model, adapters.env));
  // Fail on a missing key before any work, not in the middle of a run.
  for (const model of config.models) providerFor(model);
  // Signed with a key kept outside the cache when one is set: then an edited entry is a miss (cache/store.ts).
  const cacheKey = adapters.env[CACHE_KEY_ENV] || undefined;
  const store = adapters.store ?? (config.cache.enabled ? new FileResultStore<CachedRun>(join(config.cache.dir, 'runs'), cacheKey) : new NoResultStore<CachedRun>());
  return { golden, judge, context, providerFor, store };
}

/** Layer 1 (with 2 where the golden set asks for faults or injections): the runs, their trace lines and the report section. */
export async function behaviourLayer(config: EvalConfig, prepared: BehaviourSetup, adapters: EvalAdapters, options: RunEvalsOptions) {
  const { golden, judge, context, providerFor, store } = prepared;
  const run = await runBehaviour(
    config,
    golden,
    {
      providerFor,
      store,
      scoring: { judge, context, fingerprint: scoringFingerprint(config, judge) },
      onProgress: adapters.onBehaviourProgress,
    },
    { shard: options.shard },
  );
  const byId = new Map(golden.cases.map((c) => [c.id, c]));
  const traceLines: TraceLine[] = run.runs
    .filter((r) => r.outcome !== 'not_run')
    .map((r) => ({ ...toRunRecord(byId.get(r.caseId)!, r.trace, r.scores, r.passed), cached: r.cached, outcome: r.outcome }));
  const behaviour = behaviourSection(config, golden, run, { shard: options.shard, judge: judge ? { model: judge.model, criteria: [...judge.criteriaIds] } : undefined });
  const server: NonNullable<Report['header']['server']> = { name: run.serverInfo?.name, version: run.serverInfo?.version, transport: targetOf(config).kind, target: describeTarget(config) };
  // Runs the budget stopped mid-run made model calls too: telemetry counts them, so its call count
  // agrees with the headline's (they are no trace line: nothing was scored).
  const cutRuns: TelemetryInput[] = run.runs.filter((r) => r.outcome === 'not_run' && r.trace.spans.some((span) => span.kind === 'model')).map((r) => ({ caseId: r.caseId, model: r.model, trace: r.trace, cached: false }));
  return { runs: run.runs as RunResult[], setup: run.setup, traceLines, cutRuns, behaviour, server };
}

/** What about scoring changes results: a new judge or embeddings model must not reuse old scores. */
function scoringFingerprint(config: EvalConfig, judge: JudgeScorer | undefined): unknown {
  return {
    judge: judge ? { model: judge.model, criteria: config.judge?.criteria, rubric: config.judge?.rubric, threshold: config.judge?.pass_threshold } : null,
    embeddings: config.embeddings ? { model: config.embeddings.model, endpoint: config.embeddings.endpoint, threshold: config.embeddings.threshold } : null,
    floors: null,
  };
}

/**
 * The optional sends of the run's traces (the JSON traces.otlp.json holds): to an OTLP collector
 * (`otlp:`) and to an mcp-evals daemon (`daemon:` / `run --daemon`). A failure is a warning.
 */
export async function exportTraces(config: EvalConfig, report: Report, traceLines: TraceLine[], setup: SetupTrace | undefined, adapters: EvalAdapters): Promise<string[]> {
  const targets: Array<{ target: OtlpConfig; label: string }> = [];
  if (config.otlp) targets.push({ target: config.otlp, label: 'OTLP export' });
  if (config.daemon) targets.push({ target: daemonTarget(config.daemon, adapters.env), label: 'daemon export' });
  if (targets.length === 0 || traceLines.length === 0) return [];
  const body = toOtlpJson(traceLines, otlpOptionsFromReport(report, { setup }));
  const warnings: string[] = [];
  for (const { target, label } of targets) {
    let warning: string | undefined;
    try {
      const outcome = await exportOtlp(body, target, { label });
      if (!outcome.ok) warning = outcome.warning;
    } catch (error) {
      warning = `${label} failed: ${error instanceof Error ? error.message : String(error)} (the traces are still in traces.otlp.json)`;
    }
    if (warning === undefined) continue;
    adapters.onWarning?.(warning);
    warnings.push(warning);
  }
  return warnings;
}

/** The daemon as an OTLP/HTTP target: its bearer token (from the named variable) in Authorization. */
function daemonTarget(daemon: DaemonConfig, env: NodeJS.ProcessEnv): OtlpConfig {
  const token = daemon.token_env ? env[daemon.token_env] : undefined;
  return { endpoint: daemon.url, headers: token ? { authorization: `Bearer ${token}` } : {}, timeout_ms: daemon.timeout_ms };
}
