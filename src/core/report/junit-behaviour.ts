import { xmlAttr, xmlText } from './escape.js';
import type { BehaviourSection, CaseResult } from './types.js';

/** The behaviour testsuite: one testcase per case and model, failing when the case misses its floor. */
export function behaviourSuite(section: BehaviourSection, timestamp: string): { lines: string[]; tests: number; failures: number; skipped: number } {
  const failures = section.results.filter((result) => result.meetsFloor === false).length;
  const skipped = section.results.filter((result) => result.meetsFloor === null).length;
  const seconds = (section.durationMs / 1000).toFixed(3);
  const lines = [
    `  <testsuite name="behaviour" tests="${section.results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds}" timestamp="${xmlAttr(timestamp)}">`,
    ...section.results.map(testcase),
    '  </testsuite>',
  ];
  return { lines, tests: section.results.length, failures, skipped };
}

function testcase(result: CaseResult): string {
  const open = `    <testcase classname="${xmlAttr(`behaviour.${result.model}`)}" name="${xmlAttr(result.id)}" file="${xmlAttr(result.location.file)}" line="${result.location.line}">`;
  const tally = `${result.passed}/${result.passed + result.failed} passed (floor ${Math.round(result.floor * 100)}%, ${result.kind})`;
  const reasons = Object.entries(result.scorers)
    .filter(([, t]) => t.failed > 0 || t.abstained > 0)
    .map(([id, t]) => `${id}: ${t.failed} failed, ${t.abstained} abstained${t.reasons.length ? ` — ${t.reasons.join(' | ')}` : ''}`)
    .join('\n');
  if (result.meetsFloor === false) return `${open}\n      <failure message="${xmlAttr(tally)}" type="${result.kind}">${xmlText(`${tally}\n${reasons}`)}</failure>\n    </testcase>`;
  if (result.meetsFloor === null) return `${open}\n      <skipped message="${xmlAttr(`no decided run (${result.errored} errored, ${result.notRun} not run, ${result.abstained} abstained)`)}"/>\n    </testcase>`;
  return `${open}\n      <system-out>${xmlText(`${tally}${result.flaky ? ' (flaky)' : ''}`)}</system-out>\n    </testcase>`;
}
