import { join } from 'node:path';
import { FileResultStore, NoResultStore, type ResultStore } from '../cache/store.js';
import type { SetupTrace } from '../agent/trace.js';
import type { DaemonConfig, EvalConfig, OtlpConfig } from '../config/types.js';
import type { ConformanceOptions } from '../conformance/context.js';
import { runConformance, type ConformanceRun, type RunHooks } from '../conformance/runner.js';
import { ConfigurationError } from '../errors.js';
import { loadGoldenSet } from '../golden/load.js';
import { createProvider } from '../models/factory.js';
import type { ModelProvider } from '../models/types.js';
import { buildConformanceReport } from '../report/build.js';
import type { Report } from '../report/types.js';
import { toRunRecord, type RunRecord } from '../stats/run-record.js';
import { createEmbeddingSimilarity } from '../scorers/embeddings.js';
import { createJudgeScorer, type JudgeScorer } from '../scorers/judge.js';
import { scorersFor } from '../scorers/index.js';
import { registerConfigSecrets } from '../mcp/redact.js';
import { secretsFromEnv } from '../scorers/secrets.js';
import type { ScoringContext } from '../scorers/types.js';
import { exportOtlp } from '../telemetry/export.js';
import { otlpOptionsFromReport, toOtlpJson } from '../telemetry/otlp.js';
import { telemetrySection } from '../telemetry/summary.js';
import { SPEC_REVISION, TOOL_NAME, toolVersion } from '../version.js';
import { behaviourSection } from './aggregate.js';
import { runBehaviour, targetOf, type BehaviourProgress, type CachedRun, type RunResult } from './behaviour.js';
import type { Shard } from './shard.js';

export type Layer = 0 | 1;

export interface RunEvalsOptions {
  layers: Layer[];
  shard?: Shard;
  experiment?: string;
  conformance?: Partial<ConformanceOptions>;
}

/** Side effects the core takes from its caller (the CLI, the action, a test). */
export interface EvalAdapters {
  env: NodeJS.ProcessEnv;
  /** Where scored runs are cached; defaults to the config's cache dir (or none with cache disabled). */
  store?: ResultStore<CachedRun>;
  /** Tests swap providers; real runs build them from the config. */
  providerFor?: (model: EvalConfig['models'][number]) => ModelProvider;
  onConformanceCheck?: RunHooks['onCheck'];
  onBehaviourProgress?: (progress: BehaviourProgress) => void;
  /** Told each warning line (a failed OTLP export): never a failed run. */
  onWarning?: (message: string) => void;
}

/** One line of traces.jsonl: a self-describing run, enough to re-aggregate without the golden file (merge). */
export type TraceLine = RunRecord & { cached: boolean; outcome: RunResult['outcome'] };

export interface EvalsResult {
  report: Report;
  /** Every run of the behaviour layer that was made (for traces.jsonl). */
  runs: RunResult[];
  traceLines: TraceLine[];
  /** Warning lines (a failed OTLP export); the run itself is unaffected. */
  warnings?: string[];
  /** The shared setup requests' trace (traces.otlp.json holds it beside the runs'). */
  setup?: SetupTrace;
}

/** One run of the chosen layers against the configured server: the report everything else renders. */
export async function runEvals(config: EvalConfig, adapters: EvalAdapters, options: RunEvalsOptions): Promise<EvalsResult> {
  const startedAt = new Date();
  // Before anything can echo them: every secret the config leads to is redacted from what gets written.
  registerConfigSecrets(config, adapters.env);
  // Every user mistake (golden file, scorer names, missing keys) surfaces before any work is done.
  const behaviourSetup = options.layers.includes(1) ? await prepareBehaviour(config, adapters) : undefined;
  let conformance: ConformanceRun | undefined;
  if (options.layers.includes(0)) {
    conformance = await runConformance(targetOf(config), options.conformance ?? {}, { onCheck: adapters.onConformanceCheck });
  }
  let behaviour: Report['behaviour'];
  let runs: RunResult[] = [];
  let traceLines: TraceLine[] = [];
  let setup: SetupTrace | undefined;
  let server = conformance?.server;
  if (behaviourSetup) {
    const { golden, judge, context, providerFor, store } = behaviourSetup;
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
    runs = run.runs;
    setup = run.setup;
    const byId = new Map(golden.cases.map((c) => [c.id, c]));
    traceLines = run.runs
      .filter((r) => r.outcome !== 'not_run')
      .map((r) => ({ ...toRunRecord(byId.get(r.caseId)!, r.trace, r.scores, r.passed), cached: r.cached, outcome: r.outcome }));
    behaviour = behaviourSection(config, golden, run, { shard: options.shard, judge: judge ? { model: judge.model, criteria: [...judge.criteriaIds] } : undefined });
    server ??= { name: run.serverInfo?.name, version: run.serverInfo?.version, transport: targetOf(config).kind, target: describeTarget(config) };
  }
  const report: Report = conformance
    ? { ...buildConformanceReport(conformance, { startedAt, experiment: options.experiment }), ...(behaviour ? { behaviour } : {}) }
    : {
        schemaVersion: 1,
        header: {
          tool: { name: TOOL_NAME, version: toolVersion() },
          specRevision: SPEC_REVISION,
          protocolEra: behaviour?.protocolEra ?? 'unknown',
          server: server ?? { transport: targetOf(config).kind, target: describeTarget(config) },
          node: process.version,
          platform: `${process.platform}-${process.arch}`,
          startedAt: startedAt.toISOString(),
          durationMs: 0,
          ...(options.experiment ? { experiment: options.experiment } : {}),
        },
        ...(behaviour ? { behaviour } : {}),
      };
  if (behaviour) report.telemetry = telemetrySection(traceLines);
  report.header.durationMs = Date.now() - startedAt.getTime();
  const warnings = await exportTraces(config, report, traceLines, setup, adapters);
  return { report, runs, traceLines, warnings, ...(setup ? { setup } : {}) };
}

/**
 * The optional sends of the run's traces (the JSON traces.otlp.json holds): to an OTLP collector
 * (`otlp:`) and to an mcp-evals daemon (`daemon:` / `run --daemon`). A failure is a warning.
 */
async function exportTraces(config: EvalConfig, report: Report, traceLines: TraceLine[], setup: SetupTrace | undefined, adapters: EvalAdapters): Promise<string[]> {
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

async function prepareBehaviour(config: EvalConfig, adapters: EvalAdapters) {
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
  };
  const providerFor = adapters.providerFor ?? ((model: EvalConfig['models'][number]) => createProvider(model, adapters.env));
  // Fail on a missing key before any work, not in the middle of a run.
  for (const model of config.models) providerFor(model);
  const store = adapters.store ?? (config.cache.enabled ? new FileResultStore<CachedRun>(join(config.cache.dir, 'runs')) : new NoResultStore<CachedRun>());
  return { golden, judge, context, providerFor, store };
}

/** What about scoring changes results: a new judge or embeddings model must not reuse old scores. */
function scoringFingerprint(config: EvalConfig, judge: JudgeScorer | undefined): unknown {
  return {
    judge: judge ? { model: judge.model, criteria: config.judge?.criteria, rubric: config.judge?.rubric, threshold: config.judge?.pass_threshold } : null,
    embeddings: config.embeddings ? { model: config.embeddings.model, endpoint: config.embeddings.endpoint, threshold: config.embeddings.threshold } : null,
    floors: null,
  };
}

function describeTarget(config: EvalConfig): string {
  const target = targetOf(config);
  return target.kind === 'stdio' ? target.command : target.url;
}
