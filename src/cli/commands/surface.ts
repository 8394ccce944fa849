import { resolve } from 'node:path';
import { REPORT_SCHEMA_VERSION, type Report } from '../../core/report/types.js';
import { renderSurfaceText } from '../../core/report/surface-text.js';
import { writeReportFiles } from '../../core/report/write.js';
import { failingFindings } from '../../core/surface/analyze.js';
import { applySurfaceBaseline, parseSurfaceFailOn, readSurfaceBaseline } from '../../core/surface/baseline-pins.js';
import { failOnMessage } from '../../core/surface/fail-on.js';
import { runSurface } from '../../core/surface/run.js';
import { SPEC_REVISION, TOOL_NAME, toolVersion } from '../../core/version.js';
import { EXIT } from '../../core/exit-codes.js';
import { parseFlags, positiveInteger } from '../args.js';
import type { Output } from '../output.js';
import { DEFAULT_BASELINE_FILE } from '../../core/gate/baseline.js';
import { SURFACE_FLAGS_HELP, TARGET_FLAGS, targetFrom } from './conformance.js';

const HELP = `mcp-evals surface — what a model reads: description smells, confusable tools, context cost,
poisoning markers and silent changes of the tool, prompt and resource definitions (no model, no network)

  --command "CMD ARGS"     a stdio server
  --url URL                a Streamable HTTP endpoint (with --start, --ready-url, --header as for conformance)
  --start "CMD ARGS"       with --url: launch the HTTP server first...
  --ready-url URL          ...and wait until this URL answers 2xx
  --header "Name: value"   extra HTTP header on every request (repeatable; redacted in reports)
  --env NAME[=VALUE]       give the server process this variable too (repeatable); it otherwise gets only
                           PATH, HOME, USER, SHELL, TERM, TMPDIR, the locale and the proxy and CA variables.
                           Every value given is a secret (redacted from all output)...
  --env-public NAME        ...unless made public here (repeatable; a mode, a log level)
  --startup-timeout MS     how long the server may take to start, apart from --timeout (default 30000)
  --out DIR                where to write report.json, summary.md, report.html, conformance.sarif (default mcp-evals-surface)
  --timeout MS             deadline for each request (default 5000)
${SURFACE_FLAGS_HELP}
  --experiment TAG         tag the report

Finding ids and fixes: docs/surface.md. \`mcp-evals conformance\` runs the same analysis after its checks.
Exit codes: 0 no finding at or above --surface-fail-on (with changed: none new or changed since the baseline), 1 some, 2 usage error, 3 the server could not be reached.`;

export async function surfaceCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    ...TARGET_FLAGS,
    out: { type: 'string' },
    timeout: { type: 'string' },
    baseline: { type: 'string' },
    'surface-fail-on': { type: 'string' },
    experiment: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const target = targetFrom(values);
  const failOn = parseSurfaceFailOn(values['surface-fail-on'], '--surface-fail-on');
  const pinned = await readSurfaceBaseline(resolve(values.baseline ?? DEFAULT_BASELINE_FILE), values.baseline !== undefined);
  const timeoutMs = positiveInteger(values.timeout, '--timeout', 5000);
  const startedAt = new Date();
  const run = await runSurface(target, { timeoutMs, startupTimeoutMs: positiveInteger(values['startup-timeout'], '--startup-timeout', 30_000) });
  if (!run.surface) {
    out.stderr(`mcp-evals: could not evaluate the surface: ${run.problem ?? 'the server did not answer'}`);
    return EXIT.internal;
  }
  const surface = applySurfaceBaseline(run.surface, pinned);
  const report: Report = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    header: {
      tool: { name: TOOL_NAME, version: toolVersion() },
      specRevision: SPEC_REVISION,
      protocolEra: run.era ?? 'unknown',
      server: run.server,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      ...(values.experiment ? { experiment: values.experiment } : {}),
    },
    surface,
  };
  const files = await writeReportFiles(resolve(values.out ?? 'mcp-evals-surface'), report);
  out.stdout(renderSurfaceText(surface, run.server));
  out.stdout(`report: ${files.join(', ')}`);
  const failing = failingFindings(surface, failOn);
  if (failing.length > 0) out.stdout(failOnMessage(failing.length, failOn, '--surface-fail-on'));
  return failing.length > 0 ? EXIT.failed : EXIT.ok;
}

