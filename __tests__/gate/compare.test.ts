import { describe, expect, it } from 'vitest';
import { gate, type CaseVerdict, type GateResult } from '../../src/core/gate/compare.js';
import { ACCEPTED_AT, FILE_SOURCE, NO_SOURCE, NOW, baselineOf, buildReport, check, kase } from './helpers.js';

function verdict(result: GateResult, caseId: string, model = 'model-a'): CaseVerdict {
  const found = result.cases.find((c) => c.caseId === caseId && c.model === model);
  if (!found) throw new Error(`no verdict for ${caseId}@${model}`);
  return found;
}

const options = { baselineSource: FILE_SOURCE, now: NOW };

describe('gate: cases against the baseline', () => {
  it('a 5/5 → 3/5 drop regresses with delta −0.4 and fails the gate', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('weather', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('weather', 3, 5)] }), baseline, options);
    const v = verdict(result, 'weather');
    expect(v.status).toBe('regressed');
    expect(v.delta).toBeCloseTo(-0.4, 10);
    expect(v.failsGate).toBe(true);
    expect(v.baseline).toEqual({ passRate: 1, passed: 5, decided: 5 });
    expect(v.current).toEqual({ passRate: 0.6, passed: 3, decided: 5 });
    expect(v.observations).toEqual({ baseline: 5, current: 5 });
    expect(v.reason).toContain('fell from 5/5 (100%) to 3/5 (60%) (−40 pp');
    expect(result.passed).toBe(false);
    expect(result.counts.regressed).toBe(1);
    expect(result.summary).toMatch(/^gate failed: 1 regressed/);
  });

  it('a 5/5 → 5/5 is unchanged and passes', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('weather', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('weather', 5, 5)] }), baseline, options);
    expect(verdict(result, 'weather')).toMatchObject({ status: 'unchanged', delta: 0, failsGate: false });
    expect(result.passed).toBe(true);
    expect(result.summary).toBe('gate passed: 1 unchanged case; approved baseline .mcp-evals/baseline.json, accepted 3 days ago');
  });

  it('a drop within max-drop is not a regression (exactly maxDrop included)', () => {
    const soft = { kind: 'soft' as const };
    const baseline = baselineOf(buildReport({ cases: [kase('soft-a', 5, 5, soft), kase('big', 50, 50, soft)] }));
    const current = buildReport({ cases: [kase('soft-a', 4, 5, soft), kase('big', 49, 50, soft)] });
    // 50/50 → 49/50 is −2 pp: exactly the default max drop.
    const byDefault = gate(current, baseline, options);
    expect(verdict(byDefault, 'big')).toMatchObject({ status: 'unchanged', failsGate: false });
    expect(verdict(byDefault, 'big').delta).toBeCloseTo(-0.02, 10);
    expect(verdict(byDefault, 'soft-a').status).toBe('regressed'); // −20 pp > 2 pp
    // With max-drop 0.2, 5/5 → 4/5 is within too (and 4/5 meets the soft floor 0.8).
    const loose = gate(current, baseline, { ...options, maxDrop: 0.2 });
    expect(verdict(loose, 'soft-a')).toMatchObject({ status: 'unchanged', failsGate: false });
    expect(loose.passed).toBe(true);
  });

  it('improvement beyond max-drop is "improved"', () => {
    const soft = { kind: 'soft' as const, floor: 0.4 };
    const baseline = baselineOf(buildReport({ cases: [kase('s', 3, 5, soft)] }));
    const result = gate(buildReport({ cases: [kase('s', 5, 5, soft)] }), baseline, options);
    expect(verdict(result, 's')).toMatchObject({ status: 'improved', failsGate: false });
    expect(verdict(result, 's').delta).toBeCloseTo(0.4, 10);
  });

  it('floors fail even when the baseline was as bad', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('hard-one', 2, 5)] }));
    expect(baseline.cases['hard-one@model-a']).toMatchObject({ meetsFloor: false });
    const result = gate(buildReport({ cases: [kase('hard-one', 2, 5)] }), baseline, options);
    const v = verdict(result, 'hard-one');
    expect(v).toMatchObject({ status: 'below-floor', failsGate: true, delta: 0, belowFloor: true });
    expect(v.reason).toContain('2/5 (40%) is below its floor of 100% (hard)');
    expect(v.reason).toContain('the baseline had 2/5 (40%)');
    expect(result.passed).toBe(false);
  });

  it('a baselined below-floor case that now meets its floor marks the baseline stale (not failing)', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('was-bad', 2, 5), kase('ok', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('was-bad', 5, 5), kase('ok', 5, 5)] }), baseline, options);
    const v = verdict(result, 'was-bad');
    expect(v).toMatchObject({ status: 'stale', failsGate: false });
    expect(v.reason).toContain('the baseline is stale, accept a new one');
    expect(result.passed).toBe(true);
    expect(result.stale).toEqual({ checks: 0, cases: 1 });
    expect(result.summary).toContain('baseline stale (1 now better): accept a new one');
  });

  it('lists new cases (judged by floors only) and removed cases', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('kept', 5, 5), kase('gone', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('kept', 5, 5), kase('fresh-good', 5, 5), kase('fresh-bad', 1, 5)] }), baseline, options);
    expect(verdict(result, 'fresh-good')).toMatchObject({ status: 'new', baseline: null, delta: null, failsGate: false });
    expect(verdict(result, 'fresh-bad')).toMatchObject({ status: 'below-floor', baseline: null, failsGate: true });
    expect(verdict(result, 'fresh-bad').reason).toContain('new case, not in the baseline');
    const gone = verdict(result, 'gone');
    expect(gone).toMatchObject({ status: 'not-run', location: null, failsGate: false, current: { passRate: null, passed: 0, decided: 0 } });
    expect(gone.reason).toContain('in the baseline (5/5 (100%)), not in this run');
    expect(result.passed).toBe(false);
  });

  it('sorts worst first: regressions by size of the drop, then below floor, stale, new, improved, not run, unchanged', () => {
    const soft = { kind: 'soft' as const, floor: 0.2 };
    const baseline = baselineOf(
      buildReport({ cases: [kase('a-unchanged', 5, 5), kase('b-small-drop', 5, 5, soft), kase('c-big-drop', 5, 5, soft), kase('d-floor', 0, 5), kase('e-gone', 5, 5), kase('f-up', 1, 5, soft)] }),
    );
    const result = gate(
      buildReport({ cases: [kase('a-unchanged', 5, 5), kase('b-small-drop', 4, 5, soft), kase('c-big-drop', 1, 5, soft), kase('d-floor', 0, 5), kase('f-up', 5, 5, soft), kase('g-new', 5, 5)] }),
      baseline,
      options,
    );
    expect(result.cases.map((c) => `${c.caseId}:${c.status}`)).toEqual([
      'c-big-drop:regressed',
      'b-small-drop:regressed',
      'd-floor:below-floor',
      'g-new:new',
      'f-up:improved',
      'e-gone:not-run',
      'a-unchanged:unchanged',
    ]);
  });

  it('a case with no decided run is "not-run" with no verdict', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 0, 0, { errored: 3, notRun: 2 })] }), baseline, options);
    expect(verdict(result, 'w')).toMatchObject({ status: 'not-run', failsGate: false, delta: null });
    expect(verdict(result, 'w').reason).toBe('no run was decided (3 errored, 2 not run): no verdict');
    expect(result.passed).toBe(true);
  });

  it('keys cases by case and model', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5, { model: 'a' }), kase('w', 5, 5, { model: 'b' })] }));
    const result = gate(buildReport({ cases: [kase('w', 5, 5, { model: 'a' }), kase('w', 2, 5, { model: 'b' })] }), baseline, options);
    expect(verdict(result, 'w', 'a').status).toBe('unchanged');
    expect(verdict(result, 'w', 'b').status).toBe('regressed');
  });
});

describe('gate: likely model drift', () => {
  it('flags a regression when the tools hash and server version are unchanged', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 3, 5)] }), baseline, options);
    expect(result.sameServer).toEqual({ toolsHash: true, version: true });
    expect(verdict(result, 'w').likelyModelDrift).toBe(true);
    expect(verdict(result, 'w').reason).toContain('likely model drift');
    expect(result.summary).toContain('1 regressed (1 likely model drift)');
  });

  it('does not flag it when the tools hash changed', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 3, 5)], toolsHash: 'other-hash' }), baseline, options);
    expect(result.sameServer).toEqual({ toolsHash: false, version: true });
    expect(verdict(result, 'w')).toMatchObject({ status: 'regressed', likelyModelDrift: false });
  });

  it('does not flag it when the server version changed', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 3, 5)], serverVersion: '1.3.0' }), baseline, options);
    expect(verdict(result, 'w').likelyModelDrift).toBe(false);
  });

  it('never flags what did not regress', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5), kase('f', 1, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 5, 5), kase('f', 1, 5)] }), baseline, options);
    expect(result.cases.every((c) => !c.likelyModelDrift)).toBe(true);
  });
});

describe('gate: aggregates (task success per model)', () => {
  /** `count` cases with `runs` decided runs each, `passing` of them passing every run, the rest none. */
  function cases(count: number, runs: number, passing: number, model = 'model-a') {
    return Array.from({ length: count }, (_, i) => kase(`c${String(i).padStart(2, '0')}`, i < passing ? runs : 0, runs, { model, kind: 'soft', floor: 0 }));
  }

  it('is not decidable with 19 observations on one side (and never a verdict)', () => {
    // Baseline: 4 cases with 5, 5, 5 and 4 decided runs = 19; now 25 (5 × 5), a large drop.
    const before = [kase('c00', 5, 5, { kind: 'soft', floor: 0 }), kase('c01', 5, 5, { kind: 'soft', floor: 0 }), kase('c02', 5, 5, { kind: 'soft', floor: 0 }), kase('c03', 4, 4, { kind: 'soft', floor: 0 })];
    const baseline = baselineOf(buildReport({ cases: before }));
    const now = [...cases(4, 5, 1)];
    const result = gate(buildReport({ cases: now }), baseline, { ...options, maxDrop: 1 });
    expect(result.aggregates).toHaveLength(1);
    const agg = result.aggregates[0]!;
    expect(agg).toMatchObject({ model: 'model-a', decidable: false, pValue: null, status: 'not-decidable', failsGate: false });
    expect(agg.baseline).toMatchObject({ passed: 19, decided: 19 });
    expect(agg.current.decided).toBe(20);
    expect(agg.reason).toBe('not decidable: n < 20 (baseline n = 19, now n = 20)');
    expect(result.passed).toBe(true);
  });

  it('decides with 25 vs 25: a significant drop regresses (two-proportion z-test)', () => {
    const baseline = baselineOf(buildReport({ cases: cases(5, 5, 5) }));
    const result = gate(buildReport({ cases: cases(5, 5, 3) }), baseline, options);
    const agg = result.aggregates[0]!;
    expect(agg.decidable).toBe(true);
    expect(agg.baseline).toEqual({ passed: 25, decided: 25, passRate: 1 });
    expect(agg.current).toEqual({ passed: 15, decided: 25, passRate: 0.6 });
    // z = −0.4 / sqrt(0.8 · 0.2 · (2/25)) = −3.5355; two-sided p = 0.000407.
    expect(agg.pValue).toBeCloseTo(0.000407, 5);
    expect(agg).toMatchObject({ status: 'regressed', failsGate: true, likelyModelDrift: true });
    expect(result.summary).toContain('task success regressed on 1 model');
  });

  it('decides with 25 vs 25: a drop that is not significant is no verdict against the server', () => {
    const soft = { kind: 'soft' as const, floor: 0 };
    const before = [kase('a', 5, 5, soft), kase('b', 5, 5, soft), kase('c', 5, 5, soft), kase('d', 5, 5, soft), kase('e', 4, 5, soft)];
    const now = [kase('a', 5, 5, soft), kase('b', 5, 5, soft), kase('c', 4, 5, soft), kase('d', 4, 5, soft), kase('e', 4, 5, soft)];
    // 24/25 → 22/25: −8 pp, more than max-drop 0.02 but p ≈ 0.30.
    const result = gate(buildReport({ cases: now }), baselineOf(buildReport({ cases: before })), options);
    const agg = result.aggregates[0]!;
    expect(agg.decidable).toBe(true);
    expect(agg.delta).toBeCloseTo(-0.08, 10);
    expect(agg.pValue).toBeCloseTo(0.297, 2);
    expect(agg).toMatchObject({ status: 'unchanged', failsGate: false });
    expect(agg.reason).toBe('24/25 (96%) → 22/25 (88%) (−8 pp, p = 0.297): not significant at 0.05');
  });

  it('compares only the cases both sides ran', () => {
    const baseline = baselineOf(buildReport({ cases: cases(5, 5, 5) }));
    const extra = Array.from({ length: 5 }, (_, i) => kase(`new${i}`, 0, 5, { kind: 'soft', floor: 0 }));
    const result = gate(buildReport({ cases: [...cases(5, 5, 5), ...extra] }), baseline, options);
    expect(result.aggregates[0]).toMatchObject({ cases: 5, current: { passed: 25, decided: 25 }, status: 'unchanged' });
  });
});

describe('gate: conformance', () => {
  it('a check that passed in the baseline and fails now is a regression', () => {
    const baseline = baselineOf(buildReport({ checks: [check('a', 'pass'), check('b', 'pass', 'SHOULD')], noBehaviour: true }));
    const result = gate(buildReport({ checks: [check('a', 'fail'), check('b', 'pass', 'SHOULD')], noBehaviour: true }), baseline, options);
    expect(result.conformance.checks).toEqual([expect.objectContaining({ id: 'a', status: 'regressed', baseline: 'pass', current: 'fail', failsGate: true })]);
    expect(result.conformance.passed).toBe(false);
    expect(result.passed).toBe(false);
    expect(result.summary).toMatch(/^gate failed: 1 conformance regression;/);
  });

  it('a check failing in the baseline that passes now is stale, not failing', () => {
    const baseline = baselineOf(buildReport({ checks: [check('a', 'fail'), check('b', 'pass')], noBehaviour: true }));
    const result = gate(buildReport({ checks: [check('a', 'pass'), check('b', 'pass')], noBehaviour: true }), baseline, options);
    expect(result.conformance.checks).toEqual([expect.objectContaining({ id: 'a', status: 'stale', failsGate: false })]);
    expect(result.conformance.stale).toBe(1);
    expect(result.passed).toBe(true);
    expect(result.stale).toEqual({ checks: 1, cases: 0 });
  });

  it('a failure the baseline accepted is reported but does not fail; a check gone from the run is listed', () => {
    const baseline = baselineOf(buildReport({ checks: [check('a', 'fail'), check('old', 'pass')], noBehaviour: true }));
    const result = gate(buildReport({ checks: [check('a', 'fail')], noBehaviour: true }), baseline, options);
    expect(result.conformance.checks.map((c) => `${c.id}:${c.status}`)).toEqual(['a:known-failure', 'old:removed']);
    expect(result.passed).toBe(true);
  });

  it('a new failing MUST check fails the gate with a baseline; a new failing SHOULD check does not', () => {
    const baseline = baselineOf(buildReport({ checks: [check('a', 'pass')], noBehaviour: true }));
    const result = gate(buildReport({ checks: [check('a', 'pass'), check('new-must', 'fail'), check('new-should', 'fail', 'SHOULD')], noBehaviour: true }), baseline, options);
    expect(result.conformance.checks).toEqual([
      expect.objectContaining({ id: 'new-must', status: 'new-failure', failsGate: true }),
      expect.objectContaining({ id: 'new-should', status: 'new-failure', failsGate: false }),
    ]);
    expect(result.passed).toBe(false);
  });

  it('an expected failure (--expected-failures) never fails the gate', () => {
    const result = gate(buildReport({ checks: [check('a', 'fail', 'MUST', { expected: 'expected-failure' })], noBehaviour: true }), undefined, { baselineSource: NO_SOURCE, now: NOW });
    expect(result.conformance.checks[0]).toMatchObject({ status: 'expected-failure', failsGate: false });
    expect(result.passed).toBe(true);
  });
});

describe('gate: no baseline', () => {
  it('judges by floors and new MUST failures only', () => {
    const report = buildReport({
      cases: [kase('good', 5, 5), kase('bad', 3, 5), kase('soft-ok', 4, 5, { kind: 'soft' })],
      checks: [check('must-fails', 'fail'), check('should-warns', 'warn', 'SHOULD'), check('passes', 'pass')],
    });
    const result = gate(report, undefined, { baselineSource: NO_SOURCE, now: NOW });
    expect(result.baseline).toEqual({ kind: 'none', label: 'none', acceptedAt: null, ageDays: null, commit: null, acceptedBy: null, source: null });
    expect(verdict(result, 'good')).toMatchObject({ status: 'new', baseline: null, failsGate: false });
    expect(verdict(result, 'good').reason).toContain('no baseline: judged by its floor only');
    expect(verdict(result, 'bad')).toMatchObject({ status: 'below-floor', failsGate: true, likelyModelDrift: false });
    expect(verdict(result, 'soft-ok')).toMatchObject({ status: 'new', failsGate: false });
    expect(result.conformance.checks).toEqual([expect.objectContaining({ id: 'must-fails', status: 'new-failure', failsGate: true, reason: 'new MUST failure (no baseline)' })]);
    expect(result.aggregates[0]).toMatchObject({ status: 'no-baseline', decidable: false, failsGate: false });
    expect(result.sameServer).toEqual({ toolsHash: false, version: false });
    expect(result.passed).toBe(false);
    expect(result.summary).toBe('gate failed: 1 below floor, 1 new MUST failure; no baseline: floors only');
  });

  it('passes when every case meets its floor and no MUST check fails', () => {
    const result = gate(buildReport({ cases: [kase('good', 5, 5)], checks: [check('p', 'pass')] }), undefined, { baselineSource: NO_SOURCE, now: NOW });
    expect(result.passed).toBe(true);
    expect(result.summary).toBe('gate passed: 1 new case, conformance 1/1 pass; no baseline: floors only');
  });
});

describe('gate: baseline info', () => {
  it('reports the source, label, commit and age in whole days', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 5, 5)] }), baseline, options);
    expect(result.baseline).toEqual({
      kind: 'file',
      label: '.mcp-evals/baseline.json',
      acceptedAt: ACCEPTED_AT.toISOString(),
      ageDays: 3,
      commit: 'abc1234def5678',
      acceptedBy: 'octocat',
      source: 'mcp-evals 0.1.0 run of 2026-08-01T08:00:00.000Z',
    });
  });

  it('prefers the acceptedAt of the source (an artifact) and never goes negative', () => {
    const baseline = baselineOf(buildReport({ cases: [kase('w', 5, 5)] }));
    const result = gate(buildReport({ cases: [kase('w', 5, 5)] }), baseline, { baselineSource: { kind: 'artifact', label: 'last green run 77', acceptedAt: '2026-08-05T00:00:00Z' }, now: NOW });
    expect(result.baseline).toMatchObject({ kind: 'artifact', label: 'last green run 77', ageDays: 0 });
    expect(result.summary).toContain('last-green artifact (not an approved baseline) last green run 77, accepted today');
  });

  it('rejects a max drop outside 0..1', () => {
    expect(() => gate(buildReport(), undefined, { baselineSource: NO_SOURCE, now: NOW, maxDrop: 2 })).toThrow(RangeError);
  });
});
