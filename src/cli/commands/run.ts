import { resolve } from 'node:path';
import { loadConfig } from '../../core/config/load.js';
import { ConfigurationError } from '../../core/errors.js';
import { ServerUnavailableError } from '../../core/evals/server-target.js';
import { couldNotEvaluate } from '../../core/evals/evaluated.js';
import { runEvals, type Layer } from '../../core/evals/run-evals.js';
import { withServerEnv } from '../../core/config/server-env.js';
import { parseEnvEntries } from '../../core/mcp/process-group.js';
import { parseShard } from '../../core/evals/shard.js';
import { appendHistory, readHistory, runUrlFromEnv, trendLines, type HistoryEntry } from '../../core/history/history.js';
import { isBlockingFailure } from '../../core/report/outcome.js';
import { renderBehaviourText } from '../../core/report/behaviour-text.js';
import { renderConformanceText } from '../../core/report/text.js';
import { writeReportFiles } from '../../core/report/write.js';
import { parseFlags, positiveInteger } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';
import { Progress, ServerWait } from '../progress.js';

const HELP = `mcp-evals run — the layers of mcp-evals.yml against its server

  --config FILE      the configuration (default mcp-evals.yml)
  --layers 0,1       which layers: 0 conformance (free), 1 behaviour (model calls); default 0,1 (0 alone without models)
  --models a,b       only these model ids from the config
  --runs N           repeats per case (default: the config's runs, 5)
  --out DIR          report directory (default mcp-evals-report)
  --shard i/n        run the i-th of n slices of the golden set (merge them with \`mcp-evals merge\`)
  --no-cache         run everything again; write nothing to the cache
  --startup-timeout MS
                     how long the server may take to start (default: server.startup_timeout_ms, else 30000)
  --env NAME[=VALUE] give the server process this variable too (repeatable; NAME alone passes ours through),
                     on top of server.env; it otherwise gets only PATH, HOME, USER, SHELL, TERM, TMPDIR, locale,
                     proxy and CA variables. Every value given is a secret (redacted from all output)...
  --env-public NAME  ...unless made public here (repeatable; a mode, a log level), or in server.env_public
  --experiment TAG   tag the report (a commit, a prompt version)
  --daemon URL       also send the run's traces to an \`mcp-evals serve\` daemon (OTLP/HTTP JSON to URL/v1/traces;
                     a failed send is a warning, never a failed run); config: daemon: {url, token_env}
  --daemon-token-env NAME
                     the environment variable holding the daemon's bearer token (the token is never logged)
  --history FILE     append this run's pass rates to FILE (JSON lines) and show each case's recent trend
                     (and, in report.html, the pass rate over the last 30 runs per model and per case)

Exit codes: 0 every gate passes; 1 a check failed or a case is below its floor; 2 configuration or
usage error (file:line:column), a tool name tasks.yaml expects that the server does not list
included; 3 could not evaluate: the server or a model unreachable, auth refused, quota or budget
exhausted before the suite finished (runs that errored are not evaluated, never passes), or an
internal error (with the stack).`;

export async function runCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    config: { type: 'string' },
    layers: { type: 'string' },
    models: { type: 'string' },
    runs: { type: 'string' },
    out: { type: 'string' },
    shard: { type: 'string' },
    'no-cache': { type: 'boolean' },
    'startup-timeout': { type: 'string' },
    env: { type: 'string', multiple: true },
    'env-public': { type: 'string', multiple: true },
    experiment: { type: 'string' },
    history: { type: 'string' },
    daemon: { type: 'string' },
    'daemon-token-env': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const config = await loadConfig(resolve(values.config ?? 'mcp-evals.yml'), {
    models: values.models?.split(',').map((id) => id.trim()).filter(Boolean),
    runs: values.runs === undefined ? undefined : positiveInteger(values.runs, '--runs', 5),
    noCache: values['no-cache'],
    startupTimeoutMs: values['startup-timeout'] === undefined ? undefined : positiveInteger(values['startup-timeout'], '--startup-timeout', 30_000),
    daemon: values.daemon !== undefined || values['daemon-token-env'] !== undefined ? { url: values.daemon, tokenEnv: values['daemon-token-env'] } : undefined,
  });
  withServerEnv(config, parseEnvEntries(values.env ?? [], process.env, '--env'), '--env', values['env-public']);
  const layers = parseLayers(values.layers, config.models.length > 0);
  const shard = values.shard ? parseShard(values.shard) : undefined;
  const progress = new Progress(out);
  const waiting = new ServerWait(out, config.server.startup_timeout_ms ?? 30_000);
  let evals;
  try {
    evals = await runEvals(
      config,
      {
        env: process.env,
        onWarning: (message) => out.stderr(`mcp-evals: warning: ${message}`),
        onServerStarting: () => waiting.start(),
        onConformanceCheck: (result, index, total) => {
          waiting.stop();
          progress.conformance(result.id, index, total);
        },
        onBehaviourProgress: (p) => progress.behaviour(p),
      },
      { layers, shard, experiment: values.experiment },
    ).finally(() => waiting.stop());
  } catch (error) {
    // The server under test not starting is a finding about the server, not a bug of ours.
    if (!(error instanceof ServerUnavailableError)) throw error;
    progress.done();
    out.stderr(`mcp-evals: could not evaluate: the server is unavailable: ${error.message}`);
    return EXIT.couldNotEvaluate;
  }
  progress.done();
  const { report, traceLines, setup } = evals;

  let trends: string[] | undefined;
  let history: HistoryEntry[] | undefined;
  if (values.history && report.behaviour) {
    // Appended before rendering, so the trend ends with this run; a drop with an unchanged server reads as drift.
    await appendHistory(resolve(values.history), report, { now: new Date(), commit: process.env.GITHUB_SHA, runUrl: runUrlFromEnv(process.env) });
    history = await readHistory(resolve(values.history));
    trends = trendLines(history, report);
  }
  const files = await writeReportFiles(resolve(values.out ?? 'mcp-evals-report'), report, { configPath: config.file, traces: report.behaviour ? traceLines : undefined, setup, trends, history });
  if (report.conformance) out.stdout(renderConformanceText(report, { color: out.color }));
  if (report.behaviour) out.stdout(`${report.conformance ? '\n' : ''}${renderBehaviourText(report.behaviour, { color: out.color }, report.telemetry)}`);
  for (const line of trends?.filter((t) => t.includes('drift')) ?? []) out.stdout(`! trend ${line.replace(/`/g, '')}`);
  out.stdout(`\nreport: ${files.join(', ')}`);
  // Nothing measured is never a pass: runs that errored or that the budget cut leave no verdict (exit 3).
  const unevaluated = couldNotEvaluate(report);
  if (unevaluated) {
    out.stderr(`mcp-evals: could not evaluate: ${unevaluated}`);
    return EXIT.couldNotEvaluate;
  }
  const conformanceFailed = (report.conformance?.checks ?? []).some(isBlockingFailure);
  const belowFloor = (report.behaviour?.results ?? []).some((result) => result.meetsFloor === false);
  return conformanceFailed || belowFloor ? EXIT.failed : EXIT.ok;
}

function parseLayers(text: string | undefined, hasModels: boolean): Layer[] {
  if (text === undefined) return hasModels ? [0, 1] : [0];
  const layers = text.split(',').map((part) => part.trim());
  const parsed: Layer[] = [];
  for (const layer of layers) {
    if (layer !== '0' && layer !== '1') throw new ConfigurationError(`--layers takes 0 and/or 1 (layers 2 and 3 run with 1 once configured), got "${layer}"`);
    parsed.push(Number(layer) as Layer);
  }
  return [...new Set(parsed)].sort();
}
