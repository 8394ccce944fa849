import { createHash } from 'node:crypto';
import { runAgent } from '../agent/loop.js';
import type { SetupTrace, Trace } from '../agent/trace.js';
import { cacheKey, toolsHash as hashTools } from '../cache/key.js';
import type { ResultStore } from '../cache/store.js';
import type { EvalConfig, ModelConfig } from '../config/types.js';
import { walkList } from '../conformance/context.js';
import { discoverEra } from '../conformance/runner.js';
import { canonicalJson, caseHash } from '../golden/hash.js';
import type { GoldenCase, GoldenSet } from '../golden/types.js';
import { ExchangeLog } from '../mcp/exchange-log.js';
import { Target, TargetUnavailableError } from '../mcp/target.js';
import type { Era } from '../mcp/types.js';
import { costOf } from '../models/pricing.js';
import type { ModelProvider, ToolSpec } from '../models/types.js';
import { runPassed, scorersFor } from '../scorers/index.js';
import type { ScoreResult, Scorer, ScoringContext } from '../scorers/types.js';
import { withStopVerdict } from '../scorers/stop.js';
import { findConfusable } from '../surface/confusable.js';
import { TraceContext } from '../telemetry/trace-context.js';
import { toolVersion } from '../version.js';
import { checkToolNames } from './tool-names.js';
import { Budget } from './budget.js';
import { mapPool } from './pool.js';
import { inShard, type Shard } from './shard.js';
import { ServerUnavailableError, targetOf } from './server-target.js';
import { layer2CacheKey, needsLayer2, openLayer2Run } from '../faults/run.js';

/**
 * What the cache keeps of a completed run: the expensive part, the model's replies and the tool
 * results as a trace (and the judge's verdict, itself a model call). Verdicts are recomputed from it
 * with the current scorers on every run, so a stored `passed` is never trusted.
 */
export interface CachedRun {
  trace: Trace;
  /** The judge's result on this trace, with the judge setup it came from (a different judge re-judges). */
  judged?: { fingerprint: string; result: ScoreResult };
}

/** A run's scores and verdict. */
export interface ScoredRun {
  trace: Trace;
  scores: ScoreResult[];
  passed: boolean | null;
}

/** One repeat of one case on one model. */
export interface RunResult extends ScoredRun {
  caseId: string;
  model: string;
  repeat: number;
  cached: boolean;
  /** Not evaluated: the model call failed (`model_error`) or the budget ran out before it finished (`not_run`). */
  outcome: 'scored' | 'model_error' | 'not_run';
  /** Why a run was not evaluated: the model error (redacted), or the budget. */
  reason?: string;
}

export interface BehaviourProgress {
  done: number;
  total: number;
  cached: number;
  modelCalls: number;
  knownCostUsd: number;
}

export interface BehaviourAdapters {
  providerFor: (model: ModelConfig) => ModelProvider;
  store: ResultStore<CachedRun>;
  /** `fingerprint`: the judge setup (model, criteria, rubric, threshold) a cached judge result must match. */
  scoring: { judge?: Scorer; context: ScoringContext; fingerprint: unknown };
  onProgress?: (progress: BehaviourProgress) => void;
}

export interface BehaviourRun {
  era: Era;
  tools: ToolSpec[];
  toolsHash: string;
  serverInfo?: { name?: string; version?: string };
  runs: RunResult[];
  modelCalls: number;
  failedModelCalls: number;
  costUsd: number | null;
  partial?: { reason: string; notRun: number; notReached: Array<{ id: string; model: string; runs: number }> };
  durationMs: number;
  /** The shared setup requests (discovery, tools/list) as a trace of their own. */
  setup?: SetupTrace;
}

/**
 * Layer 1: every case × model × repeat (this shard's part), cached by content, run through the
 * agent loop against the server's real tools, then scored.
 */
export async function runBehaviour(config: EvalConfig, golden: GoldenSet, adapters: BehaviourAdapters, options: { shard?: Shard } = {}): Promise<BehaviourRun> {
  const started = Date.now();
  let target: Target;
  try {
    target = await Target.open(targetOf(config));
  } catch (error) {
    if (error instanceof TargetUnavailableError) throw new ServerUnavailableError(error.message);
    throw error;
  }
  try {
    // Every MCP request carries a traceparent: the setup's, once, then each run's own.
    const setupTrace = TraceContext.start(config.tracestate);
    const probe = await discoverEra(target, new ExchangeLog(0), 30_000, target.spec.startupTimeoutMs, undefined, setupTrace);
    if ('notStarted' in probe) throw new ServerUnavailableError(probe.notStarted);
    if ('problem' in probe) throw new ServerUnavailableError(probe.problem);
    const client = probe.client;
    const listing = await walkList(client, 'tools/list');
    if (listing.error) throw new ServerUnavailableError(`tools/list failed: ${listing.error}`);
    const setup = setupOf(setupTrace);
    const tools: ToolSpec[] = listing.items.map((tool) => ({
      name: String(tool.name),
      description: typeof tool.description === 'string' ? tool.description : undefined,
      inputSchema: (tool.inputSchema as Record<string, unknown>) ?? { type: 'object' },
    }));
    const toolsHash = hashTools(listing.items as Array<{ name: string }>);
    // A misspelt tool name is a configuration error (exit 2) before any model call, not a 0/5.
    await checkToolNames(config, golden, tools.map((tool) => tool.name));
    // Once per run: a wrong first tool that reads like the expected one names the pair in its failure.
    const context: ScoringContext = { ...adapters.scoring.context, confusable: findConfusable(listing.items).pairs };
    const budget = new Budget(config.budget);
    const items = workItems(config, golden, options.shard);
    const providers = new Map(config.models.map((model) => [model.id, adapters.providerFor(model)]));
    const judgeFingerprint = adapters.scoring.judge ? createHash('sha256').update(canonicalJson(adapters.scoring.fingerprint ?? null)).digest('hex') : undefined;
    let done = 0;
    let cachedCount = 0;
    const report = () => adapters.onProgress?.({ done, total: items.length, cached: cachedCount, modelCalls: budget.modelCalls, knownCostUsd: budget.knownCostUsd });
    report();

    const writes: Array<Promise<void>> = [];
    const runs = await mapPool(items, config.concurrency, async ({ testCase, model, repeat }): Promise<RunResult> => {
      const key = cacheKey({
        toolVersion: toolVersion(),
        caseHash: caseHash(testCase),
        toolsHash,
        model: { id: model.id, provider: model.provider, model: model.model, endpoint: model.endpoint, temperature: model.temperature, maxTokens: model.max_tokens, seed: model.seed },
        maxSteps: testCase.max_steps ?? config.max_steps,
        systemPrompt: config.system_prompt,
        // The cache holds traces, not verdicts: scoring is recomputed on every hit, so it is no part of the key.
        scoring: CACHE_FORMAT,
        repeat,
        // Layer 2 cases only (undefined drops out of the key): the destructive-tool allowlist and the payload texts.
        ...{ layer2: layer2CacheKey(testCase, config.allow_destructive_tools ?? []) },
      });
      const base = { caseId: testCase.id, model: model.id, repeat };
      const hit = usable(await adapters.store.get(key), testCase.id, model.id, repeat);
      if (hit) {
        const judged = hit.judged && hit.judged.fingerprint === judgeFingerprint ? hit.judged.result : undefined;
        const scores = await score(testCase, hit.trace, adapters, context, judged);
        // A judge result computed now (a new judge) is kept for the next run.
        const fresh = judgeResult(scores, adapters);
        if (fresh && !judged && judgeFingerprint) writes.push(adapters.store.put(key, { trace: hit.trace, judged: { fingerprint: judgeFingerprint, result: fresh } }));
        done += 1;
        cachedCount += 1;
        report();
        return { ...base, trace: hit.trace, scores, passed: runPassed(scores), cached: true, outcome: 'scored' };
      }
      if (!budget.mayStart()) {
        done += 1;
        report();
        return { ...base, ...notRunRecord(testCase, model, repeat), cached: false, outcome: 'not_run', reason: `not reached: ${budget.exhausted}` };
      }
      // The run's trace begins here: a layer 2 run's own client sends its setup requests under it.
      const runTrace = TraceContext.start(config.tracestate);
      // Layer 2: a case with faults or inject runs on its own client, behind the fault proxy / pipe wrapper.
      const layer2 = needsLayer2(testCase)
        ? await openLayer2Run({ target, era: probe.discovery.era, timeoutMs: client.timeoutMs, testCase, repeat, tools: listing.items, allowDestructiveTools: config.allow_destructive_tools ?? [], tracer: runTrace })
        : undefined;
      const trace = await runAgent({
        trace: runTrace,
        provider: providers.get(model.id)!,
        client: layer2?.client ?? client,
        tools: layer2?.tools ?? tools,
        hooks: layer2?.hooks,
        toolTimeoutMs: layer2?.toolTimeoutMs,
        testCase,
        repeat,
        maxSteps: testCase.max_steps ?? config.max_steps,
        temperature: model.temperature,
        maxTokens: model.max_tokens,
        seed: model.seed,
        systemPrompt: config.system_prompt,
        tracestate: config.tracestate,
        costOf: (usage) => costOf(model.model, usage, config.pricing),
        mayCallModel: () => budget.reserve(),
        mayRetryModel: () => budget.retry(),
        onModelCall: (_usage, cost) => {
          budget.settle(cost);
          report();
        },
        onModelError: () => {
          budget.release();
          report();
        },
      }).finally(() => layer2?.close());
      done += 1;
      report();
      if (trace.stopReason === 'model_error') return { ...base, trace, scores: [], passed: null, cached: false, outcome: 'model_error', reason: trace.error ?? 'the model call failed' };
      if (trace.stopReason === 'budget') return { ...base, trace, scores: [], passed: null, cached: false, outcome: 'not_run', reason: `stopped after ${trace.steps} step(s): ${budget.exhausted}` };
      const scores = await score(testCase, trace, adapters, context);
      const judged = judgeResult(scores, adapters);
      // Only completed runs are cached: never a provider error, a timeout or a budget stop.
      // Written in the background: a concurrency slot is for model calls, not file I/O (awaited below).
      writes.push(adapters.store.put(key, { trace, ...(judged && judgeFingerprint ? { judged: { fingerprint: judgeFingerprint, result: judged } } : {}) }));
      return { ...base, trace, scores, passed: runPassed(scores), cached: false, outcome: 'scored' };
    });

    await Promise.all(writes);
    const notRun = runs.filter((run) => run.outcome === 'not_run');
    return {
      era: probe.discovery.era,
      tools,
      toolsHash,
      serverInfo: probe.discovery.serverInfo,
      runs,
      modelCalls: budget.modelCalls,
      failedModelCalls: budget.failedCalls,
      costUsd: budget.costUsd,
      partial: budget.exhausted ? { reason: budget.exhausted, notRun: notRun.length, notReached: notReached(notRun) } : undefined,
      durationMs: Date.now() - started,
      setup,
    };
  } finally {
    await target.dispose();
  }
}

/** The setup's trace as recorded once discovery and the tool listing are done. */
function setupOf(context: TraceContext): SetupTrace {
  return {
    traceId: context.traceId,
    ...(context.tracestate ? { traceState: context.tracestate } : {}),
    spanId: context.spanId,
    startedAt: new Date(context.startedAt).toISOString(),
    durationMs: Date.now() - context.startedAt,
    spans: [...context.spans],
  };
}

/** Bumped when what the cache holds changes shape: older entries then miss. */
const CACHE_FORMAT = 'trace-v2';

/** A cache entry worth using: a trace of this case, model and repeat that ended (anything else is a miss). */
function usable(entry: CachedRun | undefined, caseId: string, model: string, repeat: number): CachedRun | undefined {
  const trace = entry?.trace;
  if (!trace || typeof trace !== 'object' || !Array.isArray(trace.spans) || !Array.isArray(trace.toolCalls) || typeof trace.finalAnswer !== 'string') return undefined;
  if (trace.caseId !== caseId || trace.model !== model || trace.repeat !== repeat) return undefined;
  if (trace.stopReason !== 'answer' && trace.stopReason !== 'max_steps') return undefined;
  return entry;
}

function judgeResult(scores: readonly ScoreResult[], adapters: BehaviourAdapters): ScoreResult | undefined {
  return adapters.scoring.judge ? scores.find((result) => result.scorer === adapters.scoring.judge!.id) : undefined;
}

/** The cases × models the budget cut off, with how many of their runs it did not make. */
function notReached(runs: readonly RunResult[]): Array<{ id: string; model: string; runs: number }> {
  const counts = new Map<string, { id: string; model: string; runs: number }>();
  for (const run of runs) {
    const entry = counts.get(`${run.caseId}\u0000${run.model}`) ?? { id: run.caseId, model: run.model, runs: 0 };
    entry.runs += 1;
    counts.set(`${run.caseId}\u0000${run.model}`, entry);
  }
  return [...counts.values()];
}

interface WorkItem {
  testCase: GoldenCase;
  model: ModelConfig;
  repeat: number;
}

/** Case-major order, so a case's repeats finish together and progress reads naturally. */
function workItems(config: EvalConfig, golden: GoldenSet, shard: Shard | undefined): WorkItem[] {
  return golden.cases.flatMap((testCase, position) =>
    inShard(position, shard)
      ? config.models.flatMap((model) => Array.from({ length: testCase.runs ?? config.runs }, (_, repeat) => ({ testCase, model, repeat })))
      : [],
  );
}

/** The current scorers on a trace (a cached judge result stands in for the judge), plus the max_steps verdict. */
async function score(testCase: GoldenCase, trace: Trace, adapters: BehaviourAdapters, context: ScoringContext, judged?: ScoreResult): Promise<ScoreResult[]> {
  const scorers = scorersFor(testCase, { judge: adapters.scoring.judge });
  const results: ScoreResult[] = [];
  for (const scorer of scorers) results.push(judged && scorer === adapters.scoring.judge ? judged : await scorer.score(testCase, trace, context));
  return withStopVerdict(trace, results);
}

function notRunRecord(testCase: GoldenCase, model: ModelConfig, repeat: number): ScoredRun {
  const trace: Trace = {
    traceId: '0'.repeat(32),
    caseId: testCase.id,
    model: model.id,
    repeat,
    startedAt: new Date().toISOString(),
    durationMs: 0,
    spans: [],
    toolCalls: [],
    finalAnswer: '',
    stopReason: 'budget',
    steps: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    costUsd: 0,
  };
  return { trace, scores: [], passed: null };
}
