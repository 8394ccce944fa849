import type { CheckResult } from '../conformance/types.js';
import { truncate, xmlAttr, xmlText } from './escape.js';
import { isBlockingFailure } from './outcome.js';
import { behaviourSuite } from './junit-behaviour.js';
import type { Report } from './types.js';

/** Attribute messages are cut here (test UIs show them on one line); the element body has the whole text. */
const ATTRIBUTE_CHARS = 1000;

/** The area of a requirement id: `HTTP-HDR-05` → `HTTP-HDR`, `DISC-02` → `DISC`. */
export function requirementArea(requirement: string): string {
  return requirement.replace(/-\d+[a-z]?$/i, '') || requirement;
}

/**
 * junit.xml: one testsuite `conformance`, one testcase per check (classname: the area of its
 * first requirement, name: the check id). A failure is `<failure>`, a skip `<skipped/>`, a
 * warning passes with its message in `<system-out>`; a failure accepted by --expected-failures
 * is reported as skipped, so CI test views agree with the exit code.
 */
export function renderJunit(report: Report): string {
  const checks = report.conformance?.checks ?? [];
  const notEvaluated = report.conformance?.notEvaluated;
  const failures = checks.filter(isBlockingFailure).length;
  const skipped = checks.filter((check) => check.status === 'skip' || (check.status === 'fail' && !isBlockingFailure(check))).length;
  const seconds = seconds3(report.conformance?.durationMs ?? 0);
  const errors = notEvaluated ? 1 : 0;
  const counts = `tests="${checks.length + errors}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds}"`;
  const properties = [
    ['tool', `${report.header.tool.name} ${report.header.tool.version}`],
    ['specRevision', report.header.specRevision],
    ['protocolEra', report.conformance?.era ?? report.header.protocolEra],
    ['transport', report.header.server.transport],
    ['server.name', report.header.server.name],
    ['server.version', report.header.server.version],
    ['node', report.header.node],
    ['platform', report.header.platform],
    ['experiment', report.header.experiment],
  ].filter((pair): pair is [string, string] => pair[1] !== undefined);

  const behaviour = report.behaviour ? behaviourSuite(report.behaviour, report.header.startedAt) : undefined;
  const totalTests = checks.length + errors + (behaviour?.tests ?? 0);
  const totalFailures = failures + (behaviour?.failures ?? 0);
  const totalSkipped = skipped + (behaviour?.skipped ?? 0);
  const totalErrors = errors + (behaviour?.errors ?? 0);
  const totalSeconds = seconds3((report.conformance?.durationMs ?? 0) + (report.behaviour?.durationMs ?? 0));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-evals" tests="${totalTests}" failures="${totalFailures}" errors="${totalErrors}" skipped="${totalSkipped}" time="${totalSeconds}">`,
    ...(report.conformance || !behaviour
      ? [
          `  <testsuite name="conformance" ${counts} timestamp="${xmlAttr(report.header.startedAt)}">`,
          '    <properties>',
          ...properties.map(([name, value]) => `      <property name="${xmlAttr(name)}" value="${xmlAttr(value)}"/>`),
          '    </properties>',
          // Could not evaluate: one error, so a CI test view never shows an empty, green suite.
          ...(notEvaluated
            ? [`    <testcase classname="conformance" name="server-starts" time="0"><error message="${xmlAttr(truncate(notEvaluated.reason, ATTRIBUTE_CHARS))}">${xmlText(notEvaluated.reason)}</error></testcase>`]
            : []),
          ...checks.map(testcase),
          '  </testsuite>',
        ]
      : []),
    ...(behaviour?.lines ?? []),
    '</testsuites>',
  ];
  return `${lines.join('\n')}\n`;
}

function testcase(check: CheckResult): string {
  const classname = check.requirements.length > 0 ? requirementArea(check.requirements[0]) : 'conformance';
  const open = `    <testcase classname="${xmlAttr(classname)}" name="${xmlAttr(check.id)}" time="${seconds3(check.durationMs)}">`;
  const summary = `${check.level} ${check.requirements.join(' ')}: ${check.message}`;
  let body: string;
  if (isBlockingFailure(check)) {
    body = `      <failure message="${xmlAttr(attribute(check.message))}" type="${check.level}">${xmlText(details(check))}</failure>`;
  } else if (check.status === 'fail') {
    body = `      <skipped message="${xmlAttr(attribute(`expected failure: ${check.message}`))}"/>`;
  } else if (check.status === 'skip') {
    body = `      <skipped message="${xmlAttr(attribute(check.message))}"/>`;
  } else if (check.status === 'warn') {
    body = `      <system-out>${xmlText(`warning: ${summary}${subResultLines(check)}`)}</system-out>`;
  } else {
    return `${open}</testcase>`;
  }
  return `${open}\n${body}\n    </testcase>`;
}

/** The failure's body: what failed, which requirements, the failing sub-results, the exchanges behind it. */
function details(check: CheckResult): string {
  const evidence = check.evidence.map((exchange) => {
    const outcome = exchange.failure ?? (exchange.response?.status !== undefined ? `HTTP ${exchange.response.status}` : exchange.response ? 'answered' : 'no response');
    return `\n  #${exchange.seq} ${exchange.request.httpMethod ? `${exchange.request.httpMethod} ` : ''}${exchange.request.method}: ${outcome}`;
  });
  return [
    `${check.title}\n${check.level} ${check.requirements.join(' ')}\n\n${check.message}`,
    subResultLines(check),
    evidence.length > 0 ? `\n\nexchanges (report.json has them in full):${evidence.join('')}` : '',
  ].join('');
}

function subResultLines(check: CheckResult): string {
  const notable = (check.subResults ?? []).filter((sub) => sub.status === 'fail' || sub.status === 'warn');
  return notable.length > 0 ? `\n${notable.map((sub) => `\n  ${sub.status} ${sub.id}: ${sub.message}`).join('')}` : '';
}

function attribute(text: string): string {
  return truncate(text, ATTRIBUTE_CHARS);
}

export function seconds3(ms: number): string {
  return Number.isFinite(ms) && ms > 0 ? (ms / 1000).toFixed(3) : '0.000';
}
