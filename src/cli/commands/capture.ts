import { access, readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { captureCase, EXPECTED_PLACEHOLDER } from '../../core/capture/capture.js';
import { findTraceLine, unknownTraceError } from '../../core/capture/find-trace.js';
import { ConfigurationError } from '../../core/errors.js';
import { goldenCandidates, readReportDir, readTraceLines } from '../../core/experiments/report-dir.js';
import { readError } from '../../core/golden/load.js';
import { inertText } from '../../core/report/inert.js';
import { writeFileSafely } from '../../core/report/safe-write.js';
import { parseFlags } from '../args.js';
import { EXIT } from '../../core/exit-codes.js';
import type { Output } from '../output.js';

const DEFAULT_REPORT_DIR = 'mcp-evals-report';

const HELP = `mcp-evals capture — turn a stored run into a golden case (a regression test of what it got wrong)

Usage:
  mcp-evals capture --trace ID [--report DIR] [--golden tasks.yaml] [--use-output-as-expected]

  --trace ID                 the run (a trace id from traces.jsonl or report.html, or a unique prefix of 6+ characters)
  --report DIR               the report directory (default ${DEFAULT_REPORT_DIR})
  --golden FILE              the golden set to append to (default: the one the report names)
  --use-output-as-expected   make the run's final answer the case's expected answer

The new case copies the original case's prompt and expectations, gets the id
<case>-<trace id prefix> and source_trace_id: <trace id>, and is appended to the file; the
existing text, comments included, is left exactly as it was. Without --use-output-as-expected
the case keeps the original case's expected answer, or gets "${EXPECTED_PLACEHOLDER}"
and a "# ...: fill in expected" comment: a captured failure must not enshrine its wrong answer.

Exit codes: 0 captured, 2 usage error (an unknown trace id lists the closest ones).`;

/** `mcp-evals capture`. */
export async function captureCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    report: { type: 'string' },
    trace: { type: 'string' },
    golden: { type: 'string' },
    'use-output-as-expected': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  if (!values.trace?.trim()) throw new ConfigurationError('capture needs --trace ID (the run to turn into a case; see traces.jsonl or report.html)');
  const { dir, report } = await readReportDir(resolve(values.report ?? DEFAULT_REPORT_DIR));
  const lines = await readTraceLines(dir);
  const run = findTraceLine(lines, values.trace);
  if (!run) throw unknownTraceError(lines, values.trace.trim(), display(join(dir, 'traces.jsonl')));

  const goldenFile = values.golden !== undefined ? resolve(values.golden) : await defaultGolden(report.behaviour ? goldenCandidates(dir, report.behaviour.golden.file) : [], report.behaviour?.golden.file);
  let text: string;
  try {
    text = await readFile(goldenFile, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read the golden set: ${readError(error)}`, { file: display(goldenFile) });
  }
  const captured = captureCase(text, display(goldenFile), run, { useOutputAsExpected: values['use-output-as-expected'] === true });
  await writeFileSafely(goldenFile, captured.text);

  const outcome = run.passed === true ? 'passed' : run.passed === false ? 'failed' : 'undecided';
  // Ids and names come from traces.jsonl, which a server and a model filled: inert.
  out.stdout(`captured trace ${inertText(String(run.trace.traceId))} (case ${inertText(String(run.caseId))}, model ${inertText(String(run.model))}, repeat ${run.repeat}: ${outcome}) as case \`${inertText(captured.caseId)}\` at ${display(goldenFile)}:${captured.line}`);
  if (captured.expectedFrom === 'placeholder') out.stdout(`  expected: "${EXPECTED_PLACEHOLDER}": fill in the correct answer; until then the case fails final_answer`);
  else if (captured.expectedFrom === 'run output') out.stdout('  expected: the run\'s own final answer (--use-output-as-expected): check that it is right');
  else out.stdout('  expected: copied from the original case');
  if (captured.rerendered) out.stdout(`  note: ${basename(goldenFile)} could not be appended to as text, so it was re-rendered (comments kept; check the diff)`);
  return EXIT.ok;
}

async function defaultGolden(named: string[], fromReport: string | undefined): Promise<string> {
  const candidates = [...named, resolve('tasks.yaml')];
  for (const candidate of candidates) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // next
    }
  }
  throw new ConfigurationError(`the golden set ${fromReport ? `this report was made from (${fromReport}) ` : ''}is not here: pass --golden tasks.yaml`);
}

function display(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
