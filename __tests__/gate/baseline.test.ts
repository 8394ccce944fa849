import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors.js';
import { baselineFromReport, caseKey, parseBaseline, splitCaseKey } from '../../src/core/gate/baseline.js';
import { ACCEPTED_AT, baselineOf, buildReport, check, kase } from './helpers.js';

const FILE = '.mcp-evals/baseline.json';

function report() {
  return buildReport({
    cases: [kase('weather', 5, 5), kase('weather', 3, 5, { model: 'model-b' }), kase('soft', 4, 5, { kind: 'soft' }), kase('none', 0, 0, { errored: 5 })],
    checks: [check('a', 'pass'), check('b', 'fail'), check('c', 'warn', 'SHOULD')],
  });
}

function thrown(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('baselineFromReport', () => {
  it('keeps what the gate compares: checks, k/n per case@model, models, tools hash, server, metrics', () => {
    const baseline = baselineOf(report());
    expect(baseline).toMatchObject({
      schemaVersion: 1,
      acceptedAt: ACCEPTED_AT.toISOString(),
      acceptedBy: 'octocat',
      commit: 'abc1234def5678',
      source: 'mcp-evals 0.1.0 run of 2026-08-01T08:00:00.000Z',
      server: { name: 'demo-server', version: '1.2.3' },
      toolsHash: 'tools-hash-aaaaaaaaaaaa',
      conformance: { a: 'pass', b: 'fail', c: 'warn' },
      models: ['model-a', 'model-b'],
      metrics: { overall: { taskSuccess: 0.9 }, perModel: { 'model-a': { taskSuccess: 0.9 } } },
    });
    expect(baseline.cases).toEqual({
      'weather@model-a': { passed: 5, decided: 5, passRate: 1, kind: 'hard', floor: 1, meetsFloor: true },
      'weather@model-b': { passed: 3, decided: 5, passRate: 0.6, kind: 'hard', floor: 1, meetsFloor: false },
      'soft@model-a': { passed: 4, decided: 5, passRate: 0.8, kind: 'soft', floor: 0.8, meetsFloor: true },
      'none@model-a': { passed: 0, decided: 0, passRate: null, kind: 'hard', floor: 1, meetsFloor: null },
    });
  });

  it('a conformance-only report gives no cases and a null tools hash; optional fields stay out', () => {
    const baseline = baselineFromReport(buildReport({ checks: [check('a', 'pass')], noBehaviour: true }), { acceptedAt: ACCEPTED_AT, source: 'manual' });
    expect(baseline).toMatchObject({ toolsHash: null, cases: {}, models: [], source: 'manual', metrics: { overall: {}, perModel: {} } });
    expect('commit' in baseline).toBe(false);
    expect('acceptedBy' in baseline).toBe(false);
  });

  it('splits keys at the first @ (case ids cannot hold one; model ids may)', () => {
    expect(caseKey('w', 'openai@gpt')).toBe('w@openai@gpt');
    expect(splitCaseKey('w@openai@gpt')).toEqual({ caseId: 'w', model: 'openai@gpt' });
  });
});

describe('parseBaseline', () => {
  it('round-trips what baselineFromReport writes', () => {
    const baseline = baselineOf(report());
    expect(parseBaseline(`${JSON.stringify(baseline, null, 2)}\n`, FILE)).toEqual(baseline);
  });

  it('invalid JSON is a ConfigurationError naming the file and the line', () => {
    const error = thrown(() => parseBaseline('{\n  "schemaVersion": 1,\n  oops\n}', FILE));
    expect(error.location?.file).toBe(FILE);
    expect(error.location?.line).toBe(3);
    expect(error.message).toMatch(/^\.mcp-evals\/baseline\.json:3:\d+: not valid JSON/);
  });

  it('schema violations are listed, with the file', () => {
    const bad = { ...baselineOf(report()), acceptedAt: 'yesterday', extra: true, conformance: { a: 'maybe' } };
    const error = thrown(() => parseBaseline(JSON.stringify(bad), FILE));
    expect(error.location).toEqual({ file: FILE });
    expect(error.message).toContain(`${FILE}: not a valid mcp-evals baseline`);
    expect(error.message).toContain('/acceptedAt must match format "date-time"');
    expect(error.message).toContain('(extra)');
    expect(error.message).toContain('/conformance/a must be equal to one of the allowed values');
  });

  it('rejects a key that is not case@model', () => {
    const bad = { ...baselineOf(report()), cases: { 'no-model': { passed: 1, decided: 1, passRate: 1 } } };
    expect(thrown(() => parseBaseline(JSON.stringify(bad), FILE)).message).toContain('"no-model"');
  });

  it('rejects k > n and a pass rate that is not k/n', () => {
    const over = { ...baselineOf(report()), cases: { 'w@m': { passed: 6, decided: 5, passRate: 1 } } };
    expect(thrown(() => parseBaseline(JSON.stringify(over), FILE)).message).toContain('passed (6) exceeds decided (5)');
    const rate = { ...baselineOf(report()), cases: { 'w@m': { passed: 3, decided: 5, passRate: 0.9 } } };
    expect(thrown(() => parseBaseline(JSON.stringify(rate), FILE)).message).toContain('passRate 0.9 is not passed / decided (3/5)');
  });

  it('a newer schemaVersion asks for an upgrade instead of misreading it', () => {
    const newer = { ...baselineOf(report()), schemaVersion: 2 };
    expect(thrown(() => parseBaseline(JSON.stringify(newer), FILE)).message).toContain('written by a newer mcp-evals');
  });

  it('a JSON value that is not an object is rejected', () => {
    expect(thrown(() => parseBaseline('[]', FILE)).message).toContain('/ must be object');
  });
});
