import type { TelemetryInput } from '../telemetry/summary.js';
import type { ResultStore } from '../cache/store.js';
import type { SetupTrace } from '../agent/trace.js';
import type { EvalConfig } from '../config/types.js';
import type { ConformanceOptions } from '../conformance/context.js';
import { runConformance, type ConformanceRun, type RunHooks } from '../conformance/runner.js';
import type { ModelProvider } from '../models/types.js';
import { buildConformanceReport } from '../report/build.js';
import type { Report } from '../report/types.js';
import type { RunRecord } from '../stats/run-record.js';
import { registerConfigSecrets } from '../mcp/redact.js';
import { SPEC_REVISION, TOOL_NAME, toolVersion } from '../version.js';
import type { BehaviourProgress, CachedRun, RunResult } from './behaviour.js';
import { describeTarget, targetOf } from './server-target.js';
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
  onServerStarting?: RunHooks['onServerStarting'];
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
  // Layers 1–3 load only when a run asks for them: a conformance-only run never parses them.
  const upper = options.layers.includes(1) ? await import('../on-demand.js') : undefined;
  // Every user mistake (golden file, scorer names, missing keys) surfaces before any work is done.
  const behaviourSetup = upper ? await upper.prepareBehaviour(config, adapters) : undefined;
  let conformance: ConformanceRun | undefined;
  if (options.layers.includes(0)) {
    conformance = await runConformance(targetOf(config), options.conformance ?? {}, { onCheck: adapters.onConformanceCheck, onServerStarting: adapters.onServerStarting });
  }
  let behaviour: Report['behaviour'];
  let runs: RunResult[] = [];
  let traceLines: TraceLine[] = [];
  let cutRuns: readonly TelemetryInput[] = [];
  let setup: SetupTrace | undefined;
  let server = conformance?.server;
  // A server that did not start for the conformance run is not started again for layer 1: one
  // start-up budget, spent once (the verdict is "could not evaluate" either way).
  const unavailable = conformance?.section.notEvaluated?.reason;
  if (unavailable && upper) adapters.onWarning?.(`layer 1 not run: the server could not be started for layer 0 (${unavailable})`);
  if (upper && behaviourSetup && !unavailable) {
    const layer = await upper.behaviourLayer(config, behaviourSetup, adapters, options);
    ({ runs, setup, traceLines, cutRuns, behaviour } = layer);
    server ??= layer.server;
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
  if (upper && behaviour) report.telemetry = upper.telemetrySection([...traceLines, ...cutRuns]);
  report.header.durationMs = Date.now() - startedAt.getTime();
  const warnings = upper ? await upper.exportTraces(config, report, traceLines, setup, adapters) : [];
  return { report, runs, traceLines, warnings, ...(setup ? { setup } : {}) };
}
