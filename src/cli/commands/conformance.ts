import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { applyExpectedFailures, parseExpectedFailures, type ExpectedFailure } from '../../core/conformance/expected-failures.js';
import { runConformance } from '../../core/conformance/runner.js';
import { summarize } from '../../core/conformance/runner.js';
import { ConfigurationError } from '../../core/errors.js';
import { parseEnvEntries } from '../../core/mcp/process-group.js';
import { registerChildEnv, registerRunSecrets } from '../../core/mcp/redact.js';
import type { TargetSpec } from '../../core/mcp/target.js';
import { buildConformanceReport } from '../../core/report/build.js';
import { renderConformanceText } from '../../core/report/text.js';
import { SPEC_REVISION } from '../../core/version.js';
import { parseFlags, positiveInteger } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';
import { ServerWait } from '../progress.js';
import { failOnMessage, parseSurfaceFailOn } from '../../core/surface/fail-on.js';
import { DEFAULT_BASELINE_FILE } from '../../core/gate/defaults.js';

/** What the command needs once the server has answered (conformance-after.ts): imported while it starts. */
let loadingAfter: Promise<typeof import('./conformance-after.js')> | undefined;
function after(): Promise<typeof import('./conformance-after.js')> {
  return (loadingAfter ??= import('./conformance-after.js'));
}

/**
 * The surface flags, shared with `mcp-evals surface` (which imports them from here: defined in
 * surface.ts, they made an import cycle that broke `mcp-evals surface` when it loaded first).
 */
export const SURFACE_FLAGS_HELP = `  --baseline FILE          the approved baseline whose definition pins this run is compared with
                           (default ${DEFAULT_BASELINE_FILE} when it exists; \`mcp-evals baseline accept\` writes it)
  --surface-fail-on LEVEL  changed, warning, error or never (default never): surface findings at or above LEVEL fail
                           the run; changed: only warnings and errors of definitions new or changed since the
                           baseline's pins, and those changes (the recommended gate)`;

const HELP = `mcp-evals conformance — Layer 0: does the server speak MCP correctly? (free, deterministic)

  --command "CMD ARGS"     run a stdio server (its whole process group is stopped at the end)
  --url URL                test a Streamable HTTP endpoint
  --start "CMD ARGS"       with --url: launch the HTTP server first...
  --ready-url URL          ...and wait until this URL answers 2xx (default: the MCP URL answers at all)
  --header "Name: value"   extra HTTP header on every request, e.g. Authorization (repeatable; redacted in reports)
  --env NAME[=VALUE]       give the --command / --start process this variable (repeatable; NAME alone passes ours
                           through). It otherwise gets only PATH, HOME, USER, SHELL, TERM, TMPDIR, the locale and
                           the proxy and CA variables. Every value given is a secret (redacted from all output)...
  --env-public NAME        ...unless made public here (repeatable; a mode, a log level)
  --spec 2026-07-28        the spec revision to check against (the only one so far; 2025-11-25 servers are detected)
  --out DIR                where to write report.json, summary.md, junit.xml, conformance.sarif (default mcp-evals-report)
  --expected-failures FILE YAML list of check ids (\`id\` or \`id:sub-id\`) known to fail; an entry that now passes (not just warns) is stale and fails the run
  --timeout MS             deadline for each request once the server is up (default 5000)
  --startup-timeout MS     how long the server may take to start, apart from --timeout (default 30000);
                           a server that does not start is "could not evaluate" (exit 3), not a failure
  --call-tools MODE        read-only (default: only tools annotated readOnlyHint), all, or none
  --allowed-origin ORIGIN  an Origin your server accepts by policy (skips the foreign-Origin check for it)
  --only ID,ID             run only these checks
  --experiment TAG         tag the report (a commit, a prompt version)
The tool surface (docs/surface.md) is analysed after the checks, from the same lists:
${SURFACE_FLAGS_HELP}`;

/** The flags that say which server to evaluate and how to start it (conformance and surface). */
export const TARGET_FLAGS = {
  url: { type: 'string' },
  command: { type: 'string' },
  start: { type: 'string' },
  'ready-url': { type: 'string' },
  header: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  'env-public': { type: 'string', multiple: true },
  'startup-timeout': { type: 'string' },
} as const;

export async function conformanceCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    ...TARGET_FLAGS,
    spec: { type: 'string' },
    out: { type: 'string' },
    'expected-failures': { type: 'string' },
    timeout: { type: 'string' },
    'call-tools': { type: 'string' },
    'allowed-origin': { type: 'string' },
    only: { type: 'string' },
    experiment: { type: 'string' },
    baseline: { type: 'string' },
    'surface-fail-on': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const target = targetFrom(values);
  if (values.spec !== undefined && values.spec !== SPEC_REVISION) {
    throw new ConfigurationError(`--spec ${values.spec} is not supported; this version checks ${SPEC_REVISION} (and detects 2025-11-25 servers by itself)`);
  }
  const callTools = values['call-tools'] ?? 'read-only';
  if (!['read-only', 'all', 'none'].includes(callTools)) throw new ConfigurationError(`--call-tools must be read-only, all or none, got "${callTools}"`);
  // The check registry, the baseline format and the report writers load when something needs them:
  // the checks themselves load while the server starts (runner.ts), the rest after (conformance-after.ts).
  const only = values.only?.split(',').map((id) => id.trim()).filter(Boolean);
  const knownIds = only || values['expected-failures'] ? new Set((await import('../../core/conformance/registry.js')).CHECKS.map((check) => check.id)) : new Set<string>();
  for (const id of only ?? []) if (!knownIds.has(id)) throw new ConfigurationError(`--only: unknown check id "${id}" (run \`mcp-evals checks\`)`);
  const expected = values['expected-failures'] ? await readExpected(values['expected-failures'], knownIds) : [];
  const outDir = resolve(values.out ?? 'mcp-evals-report');
  const surfaceFailOn = parseSurfaceFailOn(values['surface-fail-on'], '--surface-fail-on');
  const baselineFile = resolve(values.baseline ?? DEFAULT_BASELINE_FILE);
  const explicitBaseline = values.baseline !== undefined;
  const pinned = explicitBaseline || existsSync(baselineFile) ? await (await import('../../core/surface/baseline-pins.js')).readSurfaceBaseline(baselineFile, explicitBaseline) : undefined;

  const startedAt = new Date();
  const startupTimeoutMs = positiveInteger(values['startup-timeout'], '--startup-timeout', 30_000);
  const waiting = new ServerWait(out, startupTimeoutMs);
  const run = await runConformance(
    target,
    { timeoutMs: positiveInteger(values.timeout, '--timeout', 5000), startupTimeoutMs, callTools: callTools as 'read-only', allowedOrigin: values['allowed-origin'], only },
    {
      onCheck: (result, index, total) => {
        waiting.stop();
        if (out.isTTY) out.progress(`conformance ${index}/${total} ${result.id}`);
      },
      onServerStarting: () => {
        waiting.start();
        void after().catch(() => undefined);
      },
    },
  ).finally(() => waiting.stop());
  if (out.isTTY) out.progress('');
  const { writeReportFiles, renderSurfaceText, failingFindings, applySurfaceBaseline } = await after();

  if (run.section.notEvaluated) {
    // Nothing was measured: no expected-failures bookkeeping, and never a pass (exit 3).
    const report = buildConformanceReport(run, { startedAt, experiment: values.experiment });
    const files = await writeReportFiles(outDir, report);
    out.stdout(renderConformanceText(report, { color: out.color }));
    out.stdout(`report: ${files.join(', ')}`);
    return EXIT.internal;
  }

  const baseline = applyExpectedFailures(run.section.checks, expected);
  run.section.checks = baseline.checks;
  run.section.summary = summarize(baseline.checks);
  if (run.surface) run.surface = applySurfaceBaseline(run.surface, pinned);
  const report = buildConformanceReport(run, { startedAt, experiment: values.experiment });
  const files = await writeReportFiles(outDir, report);

  out.stdout(renderConformanceText(report, { color: out.color }));
  for (const entry of baseline.stale) {
    out.stdout(`stale expected failure ${entry.checkId}${entry.subId ? `:${entry.subId}` : ''} (${values['expected-failures']}:${entry.line}:${entry.column}) now passes: remove it from the file`);
  }
  const expectedCount = baseline.checks.filter((check) => check.expected === 'expected-failure').length;
  if (expectedCount > 0) out.stdout(`${expectedCount} failure(s) expected by ${values['expected-failures']}`);
  if (report.surface) out.stdout(renderSurfaceText(report.surface, report.header.server));
  out.stdout(`report: ${files.join(', ')}`);
  const surfaceFailing = failingFindings(report.surface, surfaceFailOn);
  if (surfaceFailing.length > 0) out.stdout(failOnMessage(surfaceFailing.length, surfaceFailOn, '--surface-fail-on'));
  return baseline.unexpected.length > 0 || baseline.stale.length > 0 || surfaceFailing.length > 0 ? EXIT.failed : EXIT.ok;
}

export function targetFrom(values: { url?: string; command?: string; start?: string; 'ready-url'?: string; header?: string[]; env?: string[]; 'env-public'?: string[] }): TargetSpec {
  if ((values.url === undefined) === (values.command === undefined)) {
    throw new ConfigurationError('give exactly one of --url URL (Streamable HTTP) or --command "CMD ARGS" (stdio)');
  }
  const env = parseEnvEntries(values.env ?? [], process.env, '--env');
  // Before the server can echo them: every value it is given, unless made public.
  registerChildEnv(env, values['env-public']);
  if (values.command !== undefined) {
    if (values.start || values['ready-url'] || values.header) throw new ConfigurationError('--start, --ready-url and --header go with --url, not --command');
    if (values.command.trim() === '') throw new ConfigurationError('--command is empty');
    return { kind: 'stdio', command: values.command, env };
  }
  if (values.env && !values.start) throw new ConfigurationError('--env goes with --command or --start (a process mcp-evals starts), not with --url alone');
  const url = values.url!;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(`--url "${url}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigurationError(`--url must be http:// or https://, got "${url}"`);
  const headers: Record<string, string> = {};
  for (const header of values.header ?? []) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new ConfigurationError(`--header must look like "Name: value", got "${header.replace(/:.*/, ':…')}"`);
    headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  // Before anything can echo them: credential headers and the URL's own credentials are redacted from all output.
  registerRunSecrets({ headers, urls: [url, values['ready-url']] });
  return {
    kind: 'http',
    url,
    headers,
    start: values.start ? { command: values.start, env, readyUrl: values['ready-url'] } : undefined,
  };
}

async function readExpected(file: string, knownIds: ReadonlySet<string>): Promise<ExpectedFailure[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read --expected-failures file: ${(error as Error).message}`, { file });
  }
  return parseExpectedFailures(text, file, knownIds);
}
