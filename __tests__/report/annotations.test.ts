import { describe, expect, it } from 'vitest';
import { gate } from '../../src/core/gate/compare.js';
import { MAX_ANNOTATIONS_PER_LEVEL, planAnnotations } from '../../src/core/report/annotations.js';
import { FILE_SOURCE, NO_SOURCE, NOW, baselineOf, buildReport, check, kase } from '../gate/helpers.js';

const FILES = { goldenFile: '.mcp-evals/tasks.yaml', configFile: '.mcp-evals/mcp-evals.yml' };

describe('planAnnotations', () => {
  it('puts regressed and below-floor cases as errors on their tasks.yaml line, flaky as warnings', () => {
    const soft = { kind: 'soft' as const, floor: 0.2 };
    const before = buildReport({ cases: [kase('reg', 5, 5, { line: 10 }), kase('flaky', 3, 5, { ...soft, line: 20 }), kase('low', 1, 5, { line: 30 })] });
    const now = buildReport({ cases: [kase('reg', 3, 5, { line: 10, reason: 'called \u001b[31mdelete\u001b[0m' }), kase('flaky', 3, 5, { ...soft, line: 20 }), kase('low', 1, 5, { line: 30 })] });
    const annotations = planAnnotations(now, gate(now, baselineOf(before), { baselineSource: FILE_SOURCE, now: NOW }), FILES);
    expect(annotations).toEqual([
      {
        level: 'error',
        file: '.mcp-evals/tasks.yaml',
        startLine: 10,
        startColumn: 3,
        title: 'regressed: reg on model-a (likely model drift)',
        message: expect.stringContaining('pass rate fell from 5/5 (100%) to 3/5 (60%)'),
      },
      expect.objectContaining({ level: 'error', startLine: 30, title: 'below floor: low on model-a' }),
      expect.objectContaining({ level: 'warning', startLine: 20, title: 'flaky: flaky on model-a', message: expect.stringMatching(/^passed 3 of 5 decided runs/) }),
    ]);
    // Terminal escapes from model output are stripped.
    expect(annotations[0]!.message).toContain('called [31mdelete[0m');
    expect(annotations[0]!.message).not.toContain('\u001b');
  });

  it('puts failing MUST checks as errors on the server line, SHOULD fails and warns as warnings', () => {
    const now = buildReport({
      checks: [check('must-a', 'fail', 'MUST', { requirements: ['VER-01'] }), check('should-b', 'warn', 'SHOULD'), check('should-c', 'fail', 'SHOULD'), check('may-d', 'warn', 'MAY'), check('ok', 'pass')],
      noBehaviour: true,
    });
    const annotations = planAnnotations(now, gate(now, undefined, { baselineSource: NO_SOURCE, now: NOW }), { ...FILES, serverLine: 4 });
    expect(annotations).toEqual([
      { level: 'error', file: '.mcp-evals/mcp-evals.yml', startLine: 4, title: 'conformance MUST new failure: must-a', message: 'must-a fail [VER-01] (new MUST failure (no baseline))' },
      expect.objectContaining({ level: 'warning', startLine: 4, title: 'conformance SHOULD warn: should-b' }),
      expect.objectContaining({ level: 'warning', startLine: 4, title: 'conformance SHOULD fail: should-c' }),
    ]);
  });

  it('defaults the config line to 1; a MUST failure the baseline accepted is still an error; stale checks are notices', () => {
    const before = buildReport({ checks: [check('known', 'fail'), check('fixed', 'fail')], noBehaviour: true });
    const now = buildReport({ checks: [check('known', 'fail'), check('fixed', 'pass')], noBehaviour: true });
    const annotations = planAnnotations(now, gate(now, baselineOf(before), { baselineSource: FILE_SOURCE, now: NOW }), FILES);
    expect(annotations).toEqual([
      expect.objectContaining({ level: 'error', startLine: 1, title: 'conformance MUST fails (in the baseline): known' }),
      expect.objectContaining({ level: 'notice', startLine: 1, title: 'baseline stale: fixed passes now' }),
    ]);
  });

  it('budgets 25 regressed cases to 10 errors, worst first, and a notice for the rest', () => {
    // One model per case keeps each model's task-success aggregate below 20 runs (not decidable),
    // so the 25 case regressions are the only errors. k now: 0..4 of 5, from 5/5.
    const before = buildReport({ cases: Array.from({ length: 25 }, (_, i) => kase(`case-${String(i).padStart(2, '0')}`, 5, 5, { model: `m${i}`, line: i + 1 })) });
    const now = buildReport({ cases: Array.from({ length: 25 }, (_, i) => kase(`case-${String(i).padStart(2, '0')}`, i % 5, 5, { model: `m${i}`, line: i + 1 })) });
    const result = gate(now, baselineOf(before), { baselineSource: FILE_SOURCE, now: NOW });
    expect(result.counts.regressed).toBe(25);
    const annotations = planAnnotations(now, result, FILES);
    expect(annotations).toHaveLength(11);
    const errors = annotations.filter((a) => a.level === 'error');
    expect(errors).toHaveLength(MAX_ANNOTATIONS_PER_LEVEL);
    // Worst first: the five 5/5 → 0/5 cases (lines 1, 6, 11, 16, 21), then the five 5/5 → 1/5.
    expect(errors.map((a) => a.startLine)).toEqual([1, 6, 11, 16, 21, 2, 7, 12, 17, 22]);
    expect(annotations[10]).toEqual({
      level: 'notice',
      file: '.mcp-evals/mcp-evals.yml',
      startLine: 1,
      title: 'mcp-evals: 15 more findings in the job summary',
      message: '15 more errors not shown as annotations (GitHub shows 10 per level per step): the job summary and report.json list them all.',
    });
  });

  it('a decided task-success regression is an error too, after the cases', () => {
    const soft = { kind: 'soft' as const, floor: 0 };
    const before = buildReport({ cases: Array.from({ length: 25 }, (_, i) => kase(`case-${String(i).padStart(2, '0')}`, 100, 100, { ...soft, line: i + 1 })) });
    const now = buildReport({ cases: Array.from({ length: 25 }, (_, i) => kase(`case-${String(i).padStart(2, '0')}`, 90 - i, 100, { ...soft, line: i + 1 })) });
    const result = gate(now, baselineOf(before), { baselineSource: FILE_SOURCE, now: NOW });
    expect(result.aggregates[0]).toMatchObject({ status: 'regressed', decidable: true });
    const annotations = planAnnotations(now, result, FILES);
    // The 10 worst cases by drop (case-24 fell most), then 15 more cases and the aggregate left out.
    expect(annotations.filter((a) => a.level === 'error').map((a) => a.startLine)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(annotations.at(-1)!.title).toBe('mcp-evals: 16 more findings in the job summary');
  });

  it('budgets every level, and the closing notice counts against the notice budget', () => {
    const soft = { kind: 'soft' as const, floor: 0.1 };
    const flakyBefore = Array.from({ length: 12 }, (_, i) => kase(`flaky-${i}`, 3, 5, { ...soft, line: 100 + i }));
    const staleBefore = Array.from({ length: 12 }, (_, i) => kase(`stale-${i}`, 0, 5, { line: 200 + i }));
    const staleNow = Array.from({ length: 12 }, (_, i) => kase(`stale-${i}`, 5, 5, { line: 200 + i }));
    const before = buildReport({ cases: [...flakyBefore, ...staleBefore] });
    const now = buildReport({ cases: [...flakyBefore, ...staleNow] });
    const annotations = planAnnotations(now, gate(now, baselineOf(before), { baselineSource: FILE_SOURCE, now: NOW }), FILES);
    expect(annotations.filter((a) => a.level === 'warning')).toHaveLength(10);
    const notices = annotations.filter((a) => a.level === 'notice');
    expect(notices).toHaveLength(10);
    expect(notices[9]!.message).toBe('2 more warnings, 3 more notices not shown as annotations (GitHub shows 10 per level per step): the job summary and report.json list them all.');
  });

  it('says nothing when nothing is wrong', () => {
    const now = buildReport({ cases: [kase('a', 5, 5)], checks: [check('ok', 'pass')] });
    expect(planAnnotations(now, gate(now, baselineOf(now), { baselineSource: FILE_SOURCE, now: NOW }), FILES)).toEqual([]);
  });
});
