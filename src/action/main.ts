import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { EXIT } from '../core/exit-codes.js';
import type { ExpectedFailure } from '../core/conformance/expected-failures.js';
import { ConfigurationError } from '../core/errors.js';
import { ServerUnavailableError } from '../core/evals/behaviour.js';
import { runEvals } from '../core/evals/run-evals.js';
import { gate } from '../core/gate/compare.js';
import { goldenSetHash } from '../core/golden/hash.js';
import { loadGoldenSet } from '../core/golden/load.js';
import { planAnnotations } from '../core/report/annotations.js';
import { renderPrComment } from '../core/report/pr-comment.js';
import { reportViolations } from '../core/report/schema.js';
import type { Report } from '../core/report/types.js';
import { writeReportFiles } from '../core/report/write.js';
import { toolVersion } from '../core/version.js';
import { annotateConfigurationError, emitAnnotations } from './annotations.js';
import { artifactName, artifactStore } from './artifacts.js';
import { resolveBaseline, type BaselineChoice } from './baseline-source.js';
import { cacheStore, resultCacheKey } from './cache.js';
import { postStickyComment } from './comment.js';
import { annotationTarget, gateOnlyTarget, repoPath, resolveConfig, type AnnotationTarget } from './config-source.js';
import { readRunContext, runUrl, type RunContext } from './context.js';
import { defaultBranchOf, pullRequestOf, readEvent, routeLayers, type Routing } from './events.js';
import { applyExpected, readExpectedFailures } from './expected-failures.js';
import { usableLayers } from './layers.js';
import { logReport, progressLogger } from './log.js';
import { passRateOf, regressedOf, setOutputs } from './outputs.js';
import { maskSecrets } from './secrets.js';
import { readSettings, type ActionKind, type ActionSettings, type InputReader } from './settings.js';
import { jobSummaryMarkdown, writeJobSummary } from './summary.js';

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
 * or a gate regressed (or the server could not be evaluated), 2 a configuration error (with
 * file:line:column where there is one), 3 an internal error (with its stack).
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
    return failure(error, context.workspace, annotate);
  }
}

function failure(error: unknown, workspace: string, annotate: boolean): number {
  core.setOutput('passed', 'false');
  core.setOutput('summary', (error instanceof Error ? error.message : String(error)).split('\n')[0]);
  if (error instanceof ConfigurationError) {
    if (annotate) annotateConfigurationError(error, workspace);
    core.setFailed(`mcp-evals: ${error.message}`);
    return EXIT.usage;
  }
  if (error instanceof ServerUnavailableError) {
    core.setFailed(`mcp-evals: the server could not be evaluated: ${error.message}`);
    return EXIT.internal; // 3: could not evaluate
  }
  const trace = error instanceof Error ? (error.stack ?? error.message) : String(error);
  core.setFailed(`mcp-evals: internal error (a bug; please report it with this trace):\n${trace}`);
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

async function evaluate(settings: ActionSettings, context: RunContext, env: NodeJS.ProcessEnv): Promise<number> {
  const event = readEvent(env);
  const routing = routeLayers(settings.layers, event);
  const artifacts = artifactStore(env, context);
  const baselineFor = (needBehaviour: boolean) =>
    resolveBaseline(settings.baseline, { context, token: settings.token, artifacts, artifactName: REPORT_ARTIFACT, defaultBranch: defaultBranchOf(event), needBehaviour });
  const evaluated = routing.layers.length === 0 ? await gateExistingReport(settings, context, baselineFor) : await runLayers(settings, context, env, routing, baselineFor);
  const { report, baseline, target, stale } = evaluated;

  const verdict = gate(report, baseline.baseline, { maxDrop: settings.maxDrop, baselineSource: baseline.source, now: new Date() });
  const uploaded = await artifacts.upload(evaluated.artifact, settings.reportDir);
  if (uploaded) core.info(`Report uploaded as artifact ${uploaded.name}${uploaded.url ? `: ${uploaded.url}` : uploaded.location ? ` to ${uploaded.location}` : ''}.`);

  const body = renderPrComment(report, verdict, { runUrl: runUrl(context), artifactUrl: uploaded?.url });
  await writeJobSummary(jobSummaryMarkdown(report, body));
  if (settings.annotations) {
    emitAnnotations(planAnnotations(report, verdict, { goldenFile: target.goldenFile ?? '', configFile: target.configFile ?? '', serverLine: target.serverLine }));
  }
  const pr = pullRequestOf(event);
  if (settings.comment && pr) await postStickyComment(body, pr, settings.token, context);

  // Beyond the gate: a run the budget cut short, and expected failures that now pass (the file must stay true).
  const problems = [
    ...(report.behaviour?.partial ? [`partial run: ${report.behaviour.partial.reason} (${report.behaviour.partial.notRun} runs not made)`] : []),
    ...stale.map((entry) => `stale expected failure ${entry.checkId}${entry.subId ? `:${entry.subId}` : ''} (${repoPath(context.workspace, settings.expectedFailures!)}:${entry.line}:${entry.column}) now passes: remove it from the file`),
  ];
  const notEvaluated = report.conformance?.notEvaluated;
  if (notEvaluated) problems.unshift(`conformance could not be evaluated: ${notEvaluated.reason}`);
  const passed = verdict.passed && problems.length === 0;
  const summary = [verdict.summary, ...problems].join('; ');
  setOutputs({ passed, regressed: regressedOf(verdict), passRate: passRateOf(report), reportDir: settings.reportDir, summary });
  if (!passed) {
    core.setFailed(`mcp-evals: ${summary}`);
    return notEvaluated ? EXIT.internal : EXIT.failed;
  }
  core.info(`mcp-evals: ${summary}`);
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
  maskSecrets(config, env, settings.token);
  if (routing.layers.includes(1) && routing.models === 'primary' && settings.models === undefined) config.models = config.models.slice(0, 1);
  const layers = usableLayers(routing, source, settings, env);
  core.info(`mcp-evals ${toolVersion()}: layer${layers.length === 1 ? '' : 's'} ${layers.join(', ')} (${routing.reason})${layers.includes(1) ? ` on ${config.models.map((model) => model.id).join(', ')}` : ''}`);
  const expected = settings.expectedFailures ? await readExpectedFailures(settings) : undefined;

  // The cache and the baseline come before any paid work: a broken baseline file is exit 2 now, not after the models ran.
  const cache = cacheStore(env, context.workspace);
  const cacheKey = layers.includes(1) && config.cache.enabled ? resultCacheKey(goldenSetHash(await loadGoldenSet(config.golden)), { id: env.GITHUB_RUN_ID, attempt: env.GITHUB_RUN_ATTEMPT }) : undefined;
  const restoredKey = cacheKey ? await cache.restore(config.cache.dir, cacheKey.key, cacheKey.restoreKeys) : undefined;
  if (cacheKey) core.info(restoredKey ? `Result cache restored from ${restoredKey} (${cache.description}).` : `No result cache to restore for ${cacheKey.key}.`);
  const baseline = await baselineFor(layers.includes(1));

  const { report, traceLines } = await runEvals(config, { env, onBehaviourProgress: progressLogger(), onWarning: (message) => core.warning(message) }, { layers, shard: settings.shard });
  const stale = expected ? applyExpected(report, expected) : [];
  await writeReportFiles(settings.reportDir, report, { configPath: source.annotationFile, traces: report.behaviour ? traceLines : undefined });
  logReport(report);
  // Entries are immutable and keyed per run: save only when this run computed something new.
  const fresh = report.behaviour?.executedRuns ?? 0;
  if (cacheKey && fresh > 0 && (await cache.save(config.cache.dir, cacheKey.key))) core.info(`Result cache saved as ${cacheKey.key} (${cache.description}).`);
  else if (cacheKey && fresh === 0) core.info('Every run came from the cache: nothing new to save.');

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
  const problems = reportViolations(value);
  if (problems.length > 0) throw new ConfigurationError(`not a valid mcp-evals report: ${problems.slice(0, 3).join('; ')}`, { file: shown });
  const report = value as Report;
  core.info(`mcp-evals ${toolVersion()}: gating ${shown} (layers: none)`);
  logReport(report);
  const baseline = await baselineFor(report.behaviour !== undefined);
  return { report, baseline, target: gateOnlyTarget(settings, context.workflowFile), stale: [], artifact: REPORT_ARTIFACT };
}
