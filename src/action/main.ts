import type { SurfaceFailOn } from '../core/surface/types.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { EXIT } from '../core/exit-codes.js';
import type { ExpectedFailure } from '../core/conformance/expected-failures.js';
import { ConfigurationError } from '../core/errors.js';
import { ServerUnavailableError } from '../core/evals/server-target.js';
import { runEvals } from '../core/evals/run-evals.js';
import { withServerEnv } from '../core/config/server-env.js';
import { redactRun } from '../core/mcp/redact.js';
import { DEFAULT_HISTORY_FILE, readHistory, type HistoryEntry } from '../core/history/history.js';
import type { Report } from '../core/report/types.js';
import { toolVersion } from '../core/version.js';
import { artifactName, artifactStore } from './artifacts.js';
import { resolveBaseline, type BaselineChoice } from './baseline-source.js';
import { cacheStore, resultCacheKey } from './cache.js';
import { annotationTarget, gateOnlyTarget, repoPath, resolveConfig, type AnnotationTarget } from './config-source.js';
import { readRunContext, runUrl, type RunContext } from './context.js';
import { defaultBranchOf, pullRequestOf, readEvent, routeLayers, type Routing } from './events.js';
import { forkGuard, usableLayers } from './layers.js';
import { failed, info, progressLogger, safeText, warning } from './log.js';
import { passRateOf, regressedOf, setOutputs } from './outputs.js';
import { maskSecrets } from './secrets.js';
import { readSettings, type ActionKind, type ActionSettings, type InputReader } from './settings.js';

/** What runs after the server has answered (later.ts): imported while it starts, or at first use. */
let loadingLater: Promise<typeof import('./later.js')> | undefined;
function later(): Promise<typeof import('./later.js')> {
  return (loadingLater ??= import('./later.js'));
}
/** Starts that import without waiting for it; a failed one fails again at its first use. */
function prefetchLater(): void {
  later().catch(() => undefined);
}

/** Surface findings at or above the surface-fail-on input (default never) fail the run. */
async function surfaceProblems(report: Report, failOn: SurfaceFailOn): Promise<string[]> {
  const failing = (await later()).failingFindings(report.surface, failOn);
  const what = failOn === 'changed' ? 'new or changed since the baseline (surface-fail-on changed)' : `at or above surface-fail-on ${failOn}`;
  return failing.length > 0 ? [`${failing.length} tool-surface finding(s) ${what} (${[...new Set(failing.map((item) => item.id))].join(', ')})`] : [];
}

/** The artifact a run with the behaviour layer (or a merged report) is uploaded as, and the last-green baseline is read from. */
export const REPORT_ARTIFACT = 'mcp-evals-report';
/** A conformance-only run's artifact: it never shadows a full report as the last-green baseline. */
export const CONFORMANCE_ARTIFACT = 'mcp-evals-report-conformance';

/** What the action reads from the outside world; tests and local runs swap them. */
export interface ActionDeps {
  env: NodeJS.ProcessEnv;
  input: InputReader;
  cwd: string;
}

/** Entry of action.yml (dist/index.js) and of `npx local-action run . src/action/main.ts .env`. */
export async function run(): Promise<void> {
  process.exitCode = await main('main');
}

/** Entry of layer0/action.yml (dist/layer0/index.js). */
export async function runLayer0(): Promise<void> {
  process.exitCode = await main('layer0');
}

/**
 * The whole action; returns the exit code of the CLI contract: 0 the gate passed, 1 a check failed
 * or a gate regressed, 2 a configuration error (with file:line:column where there is one), 3 could
 * not evaluate (the server or a model unreachable, auth, quota, budget exhausted, or an internal
 * error with its stack).
 */
export async function main(kind: ActionKind, deps: ActionDeps = { env: process.env, input: (name) => core.getInput(name), cwd: process.cwd() }): Promise<number> {
  const context = readRunContext(deps.env, deps.cwd);
  let annotate = true;
  try {
    const settings = readSettings(kind, deps.input, deps.env, context.workspace);
    annotate = settings.annotations;
    maskSecrets(undefined, deps.env, settings.token);
    return await evaluate(settings, context, deps.env);
  } catch (error) {
    return await failure(error, context.workspace, annotate);
  }
}

async function failure(error: unknown, workspace: string, annotate: boolean): Promise<number> {
  core.setOutput('passed', 'false');
  core.setOutput('summary', safeText((error instanceof Error ? error.message : String(error)).split('\n')[0]));
  if (error instanceof ConfigurationError) {
    if (annotate) (await later()).annotateConfigurationError(error, workspace);
    failed(`mcp-evals: ${error.message}`);
    return EXIT.usage;
  }
  if (error instanceof ServerUnavailableError) {
    failed(`mcp-evals: could not evaluate: the server is unavailable: ${error.message}`);
    return EXIT.couldNotEvaluate;
  }
  const trace = error instanceof Error ? (error.stack ?? error.message) : String(error);
  failed(`mcp-evals: internal error (a bug; please report it with this trace):\n${trace}`);
  return EXIT.internal;
}

/** What a run produced, whichever way: layers run here, or a report another step wrote (`layers: none`). */
interface Evaluated {
  report: Report;
  baseline: BaselineChoice;
  target: AnnotationTarget;
  /** Expected-failures entries that now pass (layer0's expected-failures input). */
  stale: ExpectedFailure[];
  /** The artifact the report directory is uploaded as. */
  artifact: string;
}

/**
 * The committed history file (.mcp-evals/history.jsonl in the workspace), for the pass-rate
 * sparklines of report.html, the PR comment and the job summary; undefined when there is none.
 * A broken history only costs the trend (a warning), never the run.
 */
async function readWorkspaceHistory(workspace: string): Promise<HistoryEntry[] | undefined> {
  const file = join(workspace, DEFAULT_HISTORY_FILE);
  try {
    const entries = await readHistory(file);
    return entries.length > 0 ? entries : undefined;
  } catch (error) {
    core.warning(`${DEFAULT_HISTORY_FILE}: ${(error as Error).message}; no pass-rate trend this run.`);
    return undefined;
  }
}

async function evaluate(settings: ActionSettings, context: RunContext, env: NodeJS.ProcessEnv): Promise<number> {
  const event = readEvent(env);
  const routing = routeLayers(settings.layers, event);
  const artifacts = artifactStore(env, context);
  const baselineFor = (needBehaviour: boolean) =>
    resolveBaseline(settings.baseline, { context, token: settings.token, artifacts, artifactName: REPORT_ARTIFACT, defaultBranch: defaultBranchOf(event), needBehaviour });
  const evaluated = routing.layers.length === 0 ? await gateExistingReport(settings, context, baselineFor) : await runLayers(settings, context, env, routing, baselineFor);
  const { report, baseline, target, stale } = evaluated;
  const { withBaseline, gate, renderPrComment, jobSummaryMarkdown, writeJobSummary, emitAnnotations, planAnnotations, VERDICT_SLOTS, postStickyComment } = await later();
  // Definition pins of the tool surface: what changed since the accepted baseline (rug pulls).
  if (report.surface && baseline.baseline?.surface) report.surface = withBaseline(report.surface, baseline.baseline.surface, baseline.source.label);

  const verdict = gate(report, baseline.baseline, { maxDrop: settings.maxDrop, baselineSource: baseline.source, now: new Date() });
  const uploaded = await artifacts.upload(evaluated.artifact, settings.reportDir);
  if (uploaded) core.info(`Report uploaded as artifact ${uploaded.name}${uploaded.url ? `: ${uploaded.url}` : uploaded.location ? ` to ${uploaded.location}` : ''}.`);

  // The comment and the summary go outside the run: through the run's redactor first.
  const body = redactRun(renderPrComment(report, verdict, { runUrl: runUrl(context), artifactUrl: uploaded?.url, history: report.behaviour ? await readWorkspaceHistory(context.workspace) : undefined }));
  if (baseline.note) info(baseline.note);
  await writeJobSummary(redactRun(`${jobSummaryMarkdown(report, body)}${baseline.note ? `\n\n${baseline.note}\n` : ''}`));
  if (settings.annotations) {
    const at = { goldenFile: target.goldenFile ?? '', configFile: target.configFile ?? '', serverLine: target.serverLine };
    emitAnnotations(planAnnotations(report, verdict, { ...at, reservedErrors: VERDICT_SLOTS }));
  }
  const pr = pullRequestOf(event);
  if (settings.comment && pr) await postStickyComment(body, pr, settings.token, context);

  // Beyond the gate: expected failures that now pass (the file must stay true). A run the budget cut short is in verdict.couldNotEvaluate.
  const problems = [
    ...(await surfaceProblems(report, settings.surfaceFailOn)),
    ...stale.map((entry) => `stale expected failure ${entry.checkId}${entry.subId ? `:${entry.subId}` : ''} (${repoPath(context.workspace, settings.expectedFailures!)}:${entry.line}:${entry.column}) now passes: remove it from the file`),
  ];
  const passed = verdict.passed && problems.length === 0;
  const summary = [verdict.summary, ...problems].join('; ');
  setOutputs({ passed, regressed: regressedOf(verdict), passRate: passRateOf(report), reportDir: settings.reportDir, summary: safeText(summary) });
  if (verdict.couldNotEvaluate) {
    failed(`mcp-evals: could not evaluate: ${verdict.couldNotEvaluate}`);
    return EXIT.couldNotEvaluate;
  }
  if (!passed) {
    failed(`mcp-evals: ${summary}`);
    return EXIT.failed;
  }
  info(`mcp-evals: ${summary}`);
  return EXIT.ok;
}

/** Runs the routed layers against the server and writes the report directory. */
async function runLayers(
  settings: ActionSettings,
  context: RunContext,
  env: NodeJS.ProcessEnv,
  routing: Routing,
  baselineFor: (needBehaviour: boolean) => Promise<BaselineChoice>,
): Promise<Evaluated> {
  const source = await resolveConfig(settings, env, context.workflowFile);
  const { config } = source;
  withServerEnv(config, settings.serverEnv, 'input env');
  maskSecrets(config, env, settings.token);
  if (routing.layers.includes(1) && routing.models === 'primary' && settings.models === undefined) config.models = config.models.slice(0, 1);
  const layers = usableLayers({ ...routing, layers: forkGuard(routing.layers, pullRequestOf(readEvent(env)), settings, routing.auto) }, source, settings, env);
  core.info(`mcp-evals ${toolVersion()}: layer${layers.length === 1 ? '' : 's'} ${layers.join(', ')} (${routing.reason})${layers.includes(1) ? ` on ${config.models.map((model) => model.id).join(', ')}` : ''}`);
  const expected = settings.expectedFailures ? await (await later()).readExpectedFailures(settings) : undefined;

  // The cache and the baseline come before any paid work: a broken baseline file is exit 2 now, not after the models ran.
  const cache = cacheStore(env, context.workspace);
  const cell = { models: config.models.map((model) => model.id), shard: settings.shard };
  // The golden set is read through the door of layers 1–3: a conformance-only run never loads them.
  const upper = layers.includes(1) && config.cache.enabled ? await import('../core/on-demand.js') : undefined;
  const cacheKey = upper ? resultCacheKey(upper.goldenSetHash(await upper.loadGoldenSet(config.golden)), cell, { id: env.GITHUB_RUN_ID, attempt: env.GITHUB_RUN_ATTEMPT }) : undefined;
  const restoredKey = cacheKey ? await cache.restore(config.cache.dir, cacheKey.key, cacheKey.restoreKeys) : undefined;
  if (cacheKey) core.info(restoredKey ? `Result cache restored from ${restoredKey} (${cache.description}).` : `No result cache to restore for ${cacheKey.key}.`);
  const baseline = await baselineFor(layers.includes(1));

  const adapters = { env, onBehaviourProgress: progressLogger(), onWarning: (message: string) => warning(message), onServerStarting: prefetchLater };
  const { report, traceLines, setup } = await runEvals(config, adapters, { layers, shard: settings.shard });
  const { applyExpected, writeReportFiles, logReport } = await later();
  const stale = expected ? applyExpected(report, expected) : [];
  const history = report.behaviour ? await readWorkspaceHistory(context.workspace) : undefined;
  await writeReportFiles(settings.reportDir, report, { configPath: source.annotationFile, traces: report.behaviour ? traceLines : undefined, setup, baseline: baseline.baseline, history });
  logReport(report);
  // Entries are immutable and keyed per run: save only when this run computed something new.
  const fresh = report.behaviour?.executedRuns ?? 0;
  if (cacheKey && fresh === 0) core.info('Every run came from the cache: nothing new to save.');
  else if (cacheKey) {
    const saved = await cache.save(config.cache.dir, cacheKey.key);
    if (saved.saved) core.info(`Result cache saved as ${cacheKey.key} (${cache.description}).`);
    else core.notice(`Result cache not saved as ${cacheKey.key}: ${saved.why}. The next run of this job repeats its ${fresh} new run${fresh === 1 ? '' : 's'}.`);
  }

  const artifact =
    settings.action === 'layer0' || !layers.includes(1)
      ? CONFORMANCE_ARTIFACT
      : artifactName(REPORT_ARTIFACT, [Array.isArray(settings.models) ? settings.models.join('-') : undefined, settings.shard && `shard-${settings.shard.index}-of-${settings.shard.total}`]);
  return { report, baseline, target: annotationTarget(source, context.workspace), stale, artifact };
}

/** `layers: none`: the report in report-dir (written by `mcp-evals merge`) is gated and surfaced; nothing runs. */
async function gateExistingReport(settings: ActionSettings, context: RunContext, baselineFor: (needBehaviour: boolean) => Promise<BaselineChoice>): Promise<Evaluated> {
  const file = join(settings.reportDir, 'report.json');
  const shown = repoPath(context.workspace, file);
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(`layers: none gates the report already in report-dir, and ${shown} cannot be read: ${(error as Error).message}`);
  }
  const { readReportViolations, logReport } = await later();
  const problems = await readReportViolations(value);
  if (problems.length > 0) throw new ConfigurationError(`not a valid mcp-evals report: ${problems.slice(0, 3).join('; ')}`, { file: shown });
  const report = value as Report;
  core.info(`mcp-evals ${toolVersion()}: gating ${shown} (layers: none)`);
  logReport(report);
  const baseline = await baselineFor(report.behaviour !== undefined);
  return { report, baseline, target: await gateOnlyTarget(settings, context.workflowFile), stale: [], artifact: REPORT_ARTIFACT };
}
