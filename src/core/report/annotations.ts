import type { CheckResult } from '../conformance/types.js';
import type { CaseVerdict, ConformanceVerdict, GateResult } from '../gate/compare.js';
import { oneLine, stripTerminalControls, truncate } from './escape.js';
import type { Report } from './types.js';

/** One check-run annotation, in the shape @actions/core's `error/warning/notice(message, properties)` takes. */
export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  /** Repository-relative path. */
  file: string;
  startLine: number;
  startColumn?: number;
  title: string;
  message: string;
}

export interface AnnotationOptions {
  /** tasks.yaml, repository-relative: case annotations go on the case's line. */
  goldenFile: string;
  /** mcp-evals.yml, repository-relative: conformance and aggregate annotations go here. */
  configFile: string;
  /** The line of `server:` in the config file, when the caller knows it (default 1). */
  serverLine?: number;
  /**
   * Error slots kept free for the caller's own lines (the action's verdict, `setFailed`, is an
   * error annotation too): GitHub keeps the first 10 of a step and drops the rest.
   */
  reservedErrors?: number;
}

/** GitHub shows at most this many annotations of each level per step. */
export const MAX_ANNOTATIONS_PER_LEVEL = 10;

const TITLE_CHARS = 200;
const MESSAGE_CHARS = 1_000;

type Level = Annotation['level'];

/**
 * What to annotate, worst first, within GitHub's budget of 10 per level per step:
 * - error: gate-failing conformance checks (regressions, new MUST failures), regressed and
 *   below-floor cases (on their tasks.yaml line), regressed task success per model, then MUST
 *   checks that fail but the baseline accepted;
 * - warning: SHOULD checks that fail or warn, flaky cases;
 * - notice: what the baseline has wrong in the good direction (stale), and, when anything was
 *   left out, one last notice saying how many and pointing to the job summary.
 * Texts are plain (annotations are not Markdown) but stripped of terminal controls and cut.
 */
export function planAnnotations(report: Report, gate: GateResult, options: AnnotationOptions): Annotation[] {
  const checks = new Map<string, CheckResult>((report.conformance?.checks ?? []).map((check) => [check.id, check]));
  const configAt = { file: options.configFile, startLine: options.serverLine ?? 1 };
  const candidates: Record<Level, Annotation[]> = { error: [], warning: [], notice: [] };
  const add = (annotation: Annotation) => candidates[annotation.level].push(clean(annotation));

  // Errors, gate-failing first.
  for (const verdict of gate.conformance.checks) {
    if (verdict.failsGate) add({ level: 'error', ...configAt, title: conformanceTitle(verdict), message: conformanceMessage(verdict, checks.get(verdict.id)) });
  }
  for (const verdict of gate.cases) {
    if (verdict.failsGate) add(caseAnnotation('error', verdict, options));
  }
  for (const aggregate of gate.aggregates) {
    if (aggregate.failsGate) {
      add({ level: 'error', file: options.configFile, startLine: 1, title: `task success regressed on ${aggregate.model}`, message: aggregate.reason });
    }
  }
  for (const verdict of gate.conformance.checks) {
    if (!verdict.failsGate && verdict.level === 'MUST' && verdict.status === 'known-failure') {
      add({ level: 'error', ...configAt, title: conformanceTitle(verdict), message: conformanceMessage(verdict, checks.get(verdict.id)) });
    }
  }

  // Warnings.
  const gated = new Set(gate.conformance.checks.filter((v) => v.failsGate).map((v) => v.id));
  for (const check of report.conformance?.checks ?? []) {
    if (gated.has(check.id) || check.level !== 'SHOULD' || (check.status !== 'fail' && check.status !== 'warn')) continue;
    if (check.expected === 'expected-failure') continue;
    add({
      level: 'warning',
      ...configAt,
      title: `conformance SHOULD ${check.status}: ${check.id}`,
      message: `${check.message}${requirements(check)}`,
    });
  }
  // Tool surface: errors and warnings warn (the gate, not the annotation, decides --surface-fail-on).
  for (const item of report.surface?.findings ?? []) {
    if (item.level === 'note') continue;
    add({ level: 'warning', ...configAt, title: `tool surface ${item.level}: ${item.id} (${item.kind} ${item.name})`, message: `${item.message}${item.evidence ? ` [evidence: ${item.evidence}]` : ''} Fix: ${item.fix}` });
  }
  for (const verdict of gate.cases) {
    if (verdict.flaky && !verdict.failsGate && verdict.location) {
      add(caseAnnotation('warning', verdict, options));
    }
  }

  // Notices.
  for (const verdict of gate.conformance.checks) {
    if (verdict.status === 'stale') add({ level: 'notice', ...configAt, title: `baseline stale: ${verdict.id} passes now`, message: verdict.reason });
  }
  for (const verdict of gate.cases) {
    if (verdict.status === 'stale' && verdict.location) add(caseAnnotation('notice', verdict, options));
  }

  return budget(candidates, options);
}

/** At most MAX_ANNOTATIONS_PER_LEVEL per level; when anything is left out, the last notice says so. */
function budget(candidates: Record<Level, Annotation[]>, options: AnnotationOptions): Annotation[] {
  const limit = MAX_ANNOTATIONS_PER_LEVEL;
  const errorRoom = Math.max(0, limit - (options.reservedErrors ?? 0));
  const overflow = {
    error: Math.max(0, candidates.error.length - errorRoom),
    warning: Math.max(0, candidates.warning.length - limit),
    notice: Math.max(0, candidates.notice.length - limit),
  };
  const truncated = overflow.error > 0 || overflow.warning > 0 || overflow.notice > 0;
  // The closing notice takes one notice slot, so one more real notice may be left out.
  const noticeRoom = truncated ? limit - 1 : limit;
  overflow.notice = Math.max(0, candidates.notice.length - noticeRoom);
  const out = [...candidates.error.slice(0, errorRoom), ...candidates.warning.slice(0, limit), ...candidates.notice.slice(0, noticeRoom)];
  if (truncated) {
    const parts = (['error', 'warning', 'notice'] as const).filter((level) => overflow[level] > 0).map((level) => `${overflow[level]} more ${level}${overflow[level] === 1 ? '' : 's'}`);
    const total = overflow.error + overflow.warning + overflow.notice;
    out.push({
      level: 'notice',
      file: options.configFile,
      startLine: 1,
      title: `mcp-evals: ${total} more finding${total === 1 ? '' : 's'} in the job summary`,
      message: `${parts.join(', ')} not shown as annotations (GitHub shows ${limit} per level per step): the job summary and report.json list them all.`,
    });
  }
  return out;
}

function caseAnnotation(level: Level, verdict: CaseVerdict, options: AnnotationOptions): Annotation {
  const what =
    level === 'warning' ? 'flaky'
    : verdict.status === 'below-floor' ? 'below floor'
    : verdict.status === 'stale' ? 'baseline stale'
    : verdict.status === 'not-evaluated' ? 'could not be evaluated'
    : verdict.status;
  const drift = verdict.likelyModelDrift ? ' (likely model drift)' : '';
  const message =
    level === 'warning' ? `passed ${verdict.current.passed} of ${verdict.current.decided} decided runs: the model does not do this reliably. ${verdict.reason}`
    : verdict.reason;
  const annotation: Annotation = {
    level,
    file: options.goldenFile,
    startLine: verdict.location?.line ?? 1,
    title: `${what}: ${verdict.caseId} on ${verdict.model}${drift}`,
    message,
  };
  if (verdict.location) annotation.startColumn = verdict.location.column;
  return annotation;
}

function conformanceTitle(verdict: ConformanceVerdict): string {
  const what = verdict.status === 'regressed' ? 'regressed' : verdict.status === 'new-failure' ? 'new failure' : 'fails (in the baseline)';
  return `conformance ${verdict.level ?? ''} ${what}: ${verdict.id}`.replace(/\s+/g, ' ');
}

function conformanceMessage(verdict: ConformanceVerdict, check: CheckResult | undefined): string {
  return `${verdict.message}${check ? requirements(check) : ''} (${verdict.reason})`;
}

function requirements(check: CheckResult): string {
  return check.requirements.length > 0 ? ` [${check.requirements.join(', ')}]` : '';
}

/** Annotation text is plain, but quotes the server and the model: no terminal controls, bounded length, a one-line title. */
function clean(annotation: Annotation): Annotation {
  return {
    ...annotation,
    title: truncate(oneLine(stripTerminalControls(annotation.title)), TITLE_CHARS),
    message: truncate(stripTerminalControls(annotation.message), MESSAGE_CHARS),
  };
}
