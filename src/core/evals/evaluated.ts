/**
 * "Not evaluated": a run that errored (the model unreachable, auth refused, a quota, a timeout, an
 * unreadable reply) or that the budget cut off is neither a pass nor a fail. A case is evaluated only
 * when enough of its runs were; a layer with a case that was not could not be evaluated (exit 3),
 * and is never reported as passed.
 */
import type { BehaviourSection, CaseResult, NotEvaluatedReason, Report } from '../report/types.js';

/** Reasons are kept this short in reports; the trace has the whole error. */
const REASON_CHARS = 300;

/** Identical reasons counted together, most frequent first (first seen breaks ties). */
export function groupReasons(reasons: readonly string[]): NotEvaluatedReason[] {
  return mergeReasons([reasons.map((reason) => ({ reason, runs: 1 }))]);
}

/** Several groupings as one (shards of a run, the cases of a section). */
export function mergeReasons(groups: ReadonlyArray<readonly NotEvaluatedReason[]>): NotEvaluatedReason[] {
  const counts = new Map<string, number>();
  for (const group of groups) {
    for (const { reason, runs } of group) {
      const short = reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS)}…` : reason;
      counts.set(short, (counts.get(short) ?? 0) + runs);
    }
  }
  return [...counts].map(([reason, runs]) => ({ reason, runs })).sort((a, b) => b.runs - a.runs);
}

/** Whether a case has enough evaluated runs for a verdict (reports older than the field: yes). */
export function isEvaluated(result: CaseResult): boolean {
  return result.evaluated !== false;
}

/** The section's summary of what was not evaluated; undefined when every run was. */
export function notEvaluatedSummary(results: readonly CaseResult[]): BehaviourSection['notEvaluated'] {
  const reasons = mergeReasons(results.map((result) => result.notEvaluated ?? []));
  const runs = reasons.reduce((sum, group) => sum + group.runs, 0);
  const cases = results.filter((result) => !isEvaluated(result)).length;
  return runs > 0 || cases > 0 ? { runs, cases, reasons } : undefined;
}

/**
 * Why this report could not be evaluated (exit 3), in one line; undefined when it could. A server
 * that did not start, a case not evaluated, or a budget spent before the suite finished is enough.
 */
export function couldNotEvaluate(report: Report): string | undefined {
  // A server that never started measured nothing: not a pass with 0 of 0 checks.
  const conformance = report.conformance?.notEvaluated ? `conformance: ${report.conformance.notEvaluated.reason}` : undefined;
  const behaviour = behaviourNotEvaluated(report);
  return conformance && behaviour ? `${conformance}; ${behaviour}` : (conformance ?? behaviour);
}

function behaviourNotEvaluated(report: Report): string | undefined {
  const section = report.behaviour;
  if (!section) return undefined;
  const summary = section.notEvaluated ?? notEvaluatedSummary(section.results);
  const cases = section.results.filter((result) => !isEvaluated(result)).length;
  if (cases === 0 && !section.partial) return undefined;
  const parts: string[] = [];
  if (cases > 0) parts.push(`${cases} of ${section.results.length} case${section.results.length === 1 ? '' : 's'} could not be evaluated`);
  if (section.partial) parts.push(`the budget ran out before the suite finished (${section.partial.reason})`);
  if (summary && summary.runs > 0) parts.push(notEvaluatedLine(summary));
  return parts.join('; ');
}

/** "10 runs not evaluated: HTTP 401 from …: invalid api key (10×)"; several reasons joined with "; ". */
export function notEvaluatedLine(summary: { runs: number; reasons: readonly NotEvaluatedReason[] }, maxReasons = 3): string {
  const shown = summary.reasons.slice(0, maxReasons).map((group) => `${group.reason} (${group.runs}×)`);
  const more = summary.reasons.length > maxReasons ? `; and ${summary.reasons.length - maxReasons} more reason${summary.reasons.length - maxReasons === 1 ? '' : 's'}` : '';
  return `${summary.runs} run${summary.runs === 1 ? '' : 's'} not evaluated: ${shown.join('; ')}${more}`;
}
