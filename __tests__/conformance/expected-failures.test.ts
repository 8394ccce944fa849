import { describe, expect, it } from 'vitest';
import { applyExpectedFailures, type ExpectedFailure } from '../../src/core/conformance/expected-failures.js';
import type { CheckResult, Status } from '../../src/core/conformance/types.js';

function result(id: string, status: Status, subs: Array<[string, Status]> = []): CheckResult {
  return { id, title: id, level: 'MUST', status, requirements: [], era: '2026-07-28', message: '', durationMs: 0, evidence: [], subResults: subs.map(([sub, s]) => ({ id: sub, status: s, message: '' })) };
}

const entry = (checkId: string, subId?: string): ExpectedFailure => ({ checkId, subId, line: 1, column: 1 });

describe('applyExpectedFailures: stale only when what an entry names passes outright', () => {
  it('a listed check or sub-result that now warns is still expected, as the official suite says "Baseline check passed"', () => {
    const outcome = applyExpectedFailures(
      [result('pagination-invalid-cursor', 'warn'), result('tool-call-result-shape', 'warn', [['send_email', 'warn'], ['echo', 'pass']])],
      [entry('pagination-invalid-cursor'), entry('tool-call-result-shape', 'send_email')],
    );
    expect(outcome.stale).toEqual([]);
    expect(outcome.unexpected).toEqual([]);
  });

  it('a listed check or sub-result that passes is stale', () => {
    const outcome = applyExpectedFailures(
      [result('pagination-invalid-cursor', 'pass'), result('tool-call-result-shape', 'pass', [['send_email', 'pass']])],
      [entry('pagination-invalid-cursor'), entry('tool-call-result-shape', 'send_email')],
    );
    expect(outcome.stale.map((e) => `${e.checkId}${e.subId ? `:${e.subId}` : ''}`)).toEqual(['pagination-invalid-cursor', 'tool-call-result-shape:send_email']);
  });

  it('a listed failure is expected and does not fail the run', () => {
    const outcome = applyExpectedFailures([result('cache-hints', 'fail')], [entry('cache-hints')]);
    expect(outcome.checks[0].expected).toBe('expected-failure');
    expect(outcome.unexpected).toEqual([]);
  });
});
