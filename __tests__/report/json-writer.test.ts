import { describe, expect, it } from 'vitest';
import { renderReportJson } from '../../src/core/report/json-writer.js';
import { reportViolations } from '../../src/core/report/schema.js';
import type { Report } from '../../src/core/report/types.js';
import { FAILED_EXCHANGE, HTTP_EXCHANGE, makeCheck, makeReport } from './fixture.js';

describe('renderReportJson', () => {
  it('validates a mixed report and round-trips it', () => {
    const report = makeReport();
    const text = renderReportJson(report);
    expect(text.startsWith('{\n  "schemaVersion": 1,')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(report);
    expect(reportViolations(JSON.parse(text))).toEqual([]);
  });

  it('keeps control characters and markup intact (JSON escapes them)', () => {
    const text = renderReportJson(makeReport());
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(text).toContain('\\u0001');
    expect((JSON.parse(text) as Report).conformance?.checks[2].message).toContain('<script>');
  });

  it('accepts a report without the conformance section, and unknown top-level sections of later layers', () => {
    const { conformance: _dropped, ...bare } = makeReport();
    expect(() => renderReportJson(bare as Report)).not.toThrow();
    const later = { ...makeReport(), resilience: { p50: 1 } } as Report;
    expect(() => renderReportJson(later)).not.toThrow();
    // the behaviour and telemetry sections have schemas of their own: a malformed one is a bug, not silently written
    const malformed = { ...makeReport(), behaviour: { cases: [] } } as unknown as Report;
    expect(() => renderReportJson(malformed)).toThrow(/behaviour/);
    expect(() => renderReportJson({ ...makeReport(), telemetry: { p50: 1 } } as unknown as Report)).toThrow(/telemetry/);
  });

  it('accepts optional fields left undefined, as the runner leaves them', () => {
    const check = makeCheck('x', 'pass', { assertion: undefined, subResults: undefined, expected: undefined });
    const report = makeReport([check], { migrationNote: undefined, stderr: undefined });
    report.header.server.name = undefined;
    expect(() => renderReportJson(report)).not.toThrow();
  });

  it('accepts the counts of what the bounds dropped, and nothing but known kinds and positive counts', () => {
    const dropped = { unsolicited: 1_165_140, evidenceMessages: 19_900, streamEvents: 3, bodyBytes: 1024, stderrBytes: 70_000 };
    expect(() => renderReportJson(makeReport(undefined, { dropped }))).not.toThrow();
    expect(() => renderReportJson(makeReport(undefined, { dropped: { notifications: 3 } as never }))).toThrow(/dropped.*notifications/);
    expect(() => renderReportJson(makeReport(undefined, { dropped: { unsolicited: 0 } }))).toThrow(/dropped\/unsolicited/);
  });

  it('accepts legacy-era reports with a migration note and expected failures', () => {
    const checks = [makeCheck('a', 'fail', { era: '2025-11-25', expected: 'expected-failure', evidence: [FAILED_EXCHANGE, HTTP_EXCHANGE] })];
    const report = makeReport(checks, { era: '2025-11-25', migrationNote: 'migrate' });
    expect(() => renderReportJson(report)).not.toThrow();
  });

  it('throws, listing the violations, when a status is bogus', () => {
    const report = makeReport();
    (report.conformance!.checks[1] as { status: string }).status = 'bogus';
    expect(() => renderReportJson(report)).toThrow(/\/conformance\/checks\/1\/status must be equal to one of the allowed values/);
    expect(() => renderReportJson(report)).toThrow(/bug in mcp-evals/);
  });

  it('throws on a wrong schemaVersion, a missing field, an unknown field inside a check, an out-of-range assertion', () => {
    const wrongVersion = { ...makeReport(), schemaVersion: 2 } as unknown as Report;
    expect(() => renderReportJson(wrongVersion)).toThrow(/\/schemaVersion must be equal to constant/);

    const missing = makeReport();
    delete (missing.conformance!.checks[0] as Partial<{ evidence: unknown }>).evidence;
    expect(() => renderReportJson(missing)).toThrow(/must have required property 'evidence'/);

    const extra = makeReport();
    (extra.conformance!.checks[0] as unknown as Record<string, unknown>).colour = 'red';
    expect(() => renderReportJson(extra)).toThrow(/must NOT have additional properties \(colour\)/);

    const range = makeReport([makeCheck('a', 'pass', { assertion: 8 })]);
    expect(() => renderReportJson(range)).toThrow(/assertion must be <= 7/);

    const badDate = makeReport();
    badDate.header.startedAt = 'yesterday';
    expect(() => renderReportJson(badDate)).toThrow(/startedAt must match format "date-time"/);
  });

  it('judges the serialized form: NaN durations become null and are rejected', () => {
    const report = makeReport([makeCheck('a', 'pass', { durationMs: Number.NaN })]);
    expect(() => renderReportJson(report)).toThrow(/durationMs must be number/);
  });

  it('throws when the summary disagrees with the checks or a check id repeats', () => {
    const wrong = makeReport();
    wrong.conformance!.summary.fail += 1;
    expect(() => renderReportJson(wrong)).toThrow(/summary\/fail is 3 but 2 checks have status fail/);

    const twice = makeReport([makeCheck('a', 'pass'), makeCheck('a', 'pass')]);
    expect(() => renderReportJson(twice)).toThrow(/repeats the check id a/);
  });
});
