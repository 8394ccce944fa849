import { isEvaluated } from '../evals/evaluated.js';
import { xmlAttr, xmlText } from './escape.js';
import type { BehaviourSection, CaseResult } from './types.js';

/**
 * The behaviour testsuite: one testcase per case and model, a `<failure>` when the case misses its
 * floor, an `<error>` when it could not be evaluated (its runs errored or the budget cut them: no
 * verdict, and never a skip that a CI dashboard would show as fine).
 */
export function behaviourSuite(section: BehaviourSection, timestamp: string): { lines: string[]; tests: number; failures: number; errors: number; skipped: number } {
  const failures = section.results.filter((result) => isEvaluated(result) && result.meetsFloor === false).length;
  const errors = section.results.filter((result) => !isEvaluated(result)).length;
  const skipped = section.results.filter((result) => isEvaluated(result) && result.meetsFloor === null).length;
  const seconds = (section.durationMs / 1000).toFixed(3);
  const lines = [
    `  <testsuite name="behaviour" tests="${section.results.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds}" timestamp="${xmlAttr(timestamp)}">`,
    ...section.results.map(testcase),
    '  </testsuite>',
  ];
  return { lines, tests: section.results.length, failures, errors, skipped };
}

function testcase(result: CaseResult): string {
  const open = `    <testcase classname="${xmlAttr(`behaviour.${result.model}`)}" name="${xmlAttr(result.id)}" file="${xmlAttr(result.location.file)}" line="${result.location.line}">`;
  const tally = `${result.passed}/${result.passed + result.failed} passed (floor ${Math.round(result.floor * 100)}%, ${result.kind})`;
  const reasons = Object.entries(result.scorers)
    .filter(([, t]) => t.failed > 0 || t.abstained > 0)
    .map(([id, t]) => `${id}: ${t.failed} failed, ${t.abstained} abstained${t.reasons.length ? ` — ${t.reasons.join(' | ')}` : ''}`)
    .join('\n');
  if (!isEvaluated(result)) {
    const evaluated = result.runs - result.errored - result.notRun;
    const message = `not evaluated: ${evaluated} of ${result.runs} runs evaluated, ${result.minEvaluated ?? result.runs} needed`;
    const why = (result.notEvaluated ?? []).map((group) => `${group.reason} (${group.runs}×)`).join('\n');
    return `${open}\n      <error message="${xmlAttr(message)}" type="not-evaluated">${xmlText(`${message}\n${why}`)}</error>\n    </testcase>`;
  }
  if (result.meetsFloor === false) return `${open}\n      <failure message="${xmlAttr(tally)}" type="${result.kind}">${xmlText(`${tally}\n${reasons}`)}</failure>\n    </testcase>`;
  if (result.meetsFloor === null) return `${open}\n      <skipped message="${xmlAttr(`no decided run (${result.errored} errored, ${result.notRun} not run, ${result.abstained} abstained)`)}"/>\n    </testcase>`;
  return `${open}\n      <system-out>${xmlText(`${tally}${result.flaky ? ' (flaky)' : ''}`)}</system-out>\n    </testcase>`;
}
