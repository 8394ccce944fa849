import { resolve } from 'node:path';
import { DOCTOR_STEPS, runDoctor, type StepResult, type StepStatus } from '../../core/doctor/index.js';
import { formatDuration } from '../../core/report/outcome.js';
import { inertLines } from '../../core/report/inert.js';
import { palette } from '../../core/report/text.js';
import { parseFlags, positiveInteger } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const HELP = `mcp-evals doctor — find why evals fail, in the order failures are usually found

  --config FILE    the configuration (default mcp-evals.yml)
  --timeout MS     deadline of each MCP request (default 10000)
  --startup-timeout MS
                   how long the server may take to start (default: server.startup_timeout_ms, else 30000)

Steps: ${DOCTOR_STEPS.map((step, index) => `${index + 1} ${step.title}`).join('; ')}.
It stops at the first failing step and says how to fix it.
Exit codes: 0 every step passed, 1 a server or model problem, 2 a configuration problem.`;

export async function doctorCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    config: { type: 'string' },
    timeout: { type: 'string' },
    'startup-timeout': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const configFile = resolve(values.config ?? 'mcp-evals.yml');
  const timeoutMs = positiveInteger(values.timeout, '--timeout', 10_000);
  const startupTimeoutMs = values['startup-timeout'] === undefined ? undefined : positiveInteger(values['startup-timeout'], '--startup-timeout', 30_000);
  const c = palette(out.color);
  const mark: Record<StepStatus, string> = { pass: c.green('✓'), warn: c.yellow('!'), fail: c.red('✗'), skip: c.dim('-') };
  out.stdout(`mcp-evals doctor: ${configFile}\n`);
  const report = await runDoctor({ configFile, timeoutMs, startupTimeoutMs }, { env: process.env }, { onStep: (step) => out.stdout(renderStep(step, mark, c)) });
  for (const step of report.notRun) out.stdout(c.dim(`  ${step.number} ${step.title}: not checked (an earlier step failed)`));
  out.stdout('');
  if (report.failed) {
    const kind = report.failed.configError ? 'a configuration problem' : 'a server or model problem';
    out.stdout(c.red(`✗ stopped at step ${report.failed.number} (${report.failed.title}): ${kind}`));
  } else {
    const warnings = report.steps.filter((step) => step.status === 'warn').length;
    out.stdout(c.green(`✓ all ${report.steps.length} steps passed${warnings ? ` (${warnings} with warnings)` : ''}`));
  }
  return report.exitCode === 0 ? EXIT.ok : report.exitCode === 2 ? EXIT.usage : EXIT.failed;
}

function renderStep(step: StepResult, mark: Record<StepStatus, string>, c: ReturnType<typeof palette>): string {
  // Messages quote servers and models (stderr, tool names, error bodies): no terminal controls.
  const [first, ...more] = clean(step.message).split('\n');
  const lines = [`${mark[step.status]} ${step.number} ${step.title} ${c.dim(`(${formatDuration(step.durationMs)})`)}: ${first}`];
  for (const line of [...more, ...(step.details ?? []).map(clean)]) lines.push(`    ${line}`);
  if (step.hint) lines.push(`    ${step.status === 'fail' ? c.bold('fix:') : c.dim('note:')} ${clean(step.hint)}`);
  return lines.join('\n');
}

function clean(text: string): string {
  return inertLines(text.replace(/\r\n?/g, '\n'));
}
