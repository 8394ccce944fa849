import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/core/experiments/compare.js';
import { runCli } from '../helpers/cli.js';
import { reportFixture, type RunSpec } from './score-fixture.js';

const GOOD: RunSpec = { caseId: 'weather', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], answer: 'Sunny' };
const WRONG: RunSpec = { caseId: 'weather', calls: [{ name: 'search', args: { q: 'Paris' } }], answer: 'No idea' };
const QUIET: RunSpec = { caseId: 'chitchat', answer: 'You are welcome' };

function runs(good: number, wrong: number, extra: RunSpec[] = []): RunSpec[] {
  return [...Array.from({ length: good }, (_, i) => ({ ...GOOD, repeat: i })), ...Array.from({ length: wrong }, (_, i) => ({ ...WRONG, repeat: good + i })), ...extra];
}

describe('mcp-evals compare', () => {
  it('flags a decidable regression (≥ 20 observations a side, drop > max-drop, p < 0.05) and exits 1', async () => {
    const baseline = await reportFixture({ runs: runs(25, 0), experiment: 'prompt-v1' });
    const candidate = await reportFixture({ runs: runs(15, 10), experiment: 'prompt-v2' });
    const result = await runCli(['compare', baseline.dir, candidate.dir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^baseline:  prompt-v1 \(.*\), 25 run\(s\)/);
    expect(result.stdout).toMatch(/candidate: prompt-v2 \(.*\), 25 run\(s\)/);
    expect(result.stdout).toMatch(/tool_selection\s+1\.000 \(25\/25\)\s+0\.600 \(15\/25\)\s+−0\.400\s+25\/25\s+yes\s+REGRESSED \(p=<0\.001\)/);
    expect(result.stdout).toMatch(/taskSuccessRate \(overall\)\s+1\.000 \(25\/25\)\s+0\.600 \(15\/25\)/);
    expect(result.stdout).toMatch(/taskSuccessRate \(model-a\)/);
    expect(result.stdout).toMatch(/REGRESSED: tool_selection, arguments, final_answer, taskSuccessRate \(overall\)/);

    const json = JSON.parse((await runCli(['compare', join(baseline.dir, 'report.json'), candidate.dir, '--json'])).stdout);
    expect(json.regressed).toBe(true);
    const selection = json.scorers.find((d: { name: string }) => d.name === 'tool_selection');
    expect(selection).toMatchObject({ baseline: { value: 1, n: 25, k: 25 }, candidate: { value: 0.6, n: 25, k: 15 }, decidable: true, regressed: true });
    expect(selection.pValue).toBeLessThan(0.05);
  });

  it('is not decidable with fewer than 20 observations a side, and exits 0', async () => {
    const baseline = await reportFixture({ runs: runs(5, 0) });
    const candidate = await reportFixture({ runs: runs(2, 3) });
    const result = await runCli(['compare', baseline.dir, candidate.dir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/tool_selection\s+1\.000 \(5\/5\)\s+0\.400 \(2\/5\)\s+−0\.600\s+5\/5\s+no/);
    expect(result.stdout).toMatch(/no decidable regression/);
    expect(result.stdout).toMatch(/rest on fewer than 20 observations a side: not decidable/);
  });

  it('does not call a small or insignificant drop a regression; an improvement is "better"', async () => {
    const baseline = await reportFixture({ runs: runs(24, 1) });
    const same = await reportFixture({ runs: runs(23, 2) });
    const better = await reportFixture({ runs: runs(25, 0) });
    const small = await runCli(['compare', baseline.dir, same.dir]);
    expect(small.code).toBe(0);
    expect(small.stdout).toMatch(/tool_selection\s.*yes\s+worse, not significant \(p=0\.\d+\)/);
    expect((await runCli(['compare', baseline.dir, same.dir, '--max-drop', '0.05'])).stdout).toMatch(/worse, within max drop/);
    expect((await runCli(['compare', baseline.dir, better.dir])).stdout).toMatch(/tool_selection\s.*yes\s+better/);
  });

  it('treats a rise of a lower-is-better metric as the worse direction', async () => {
    const quiet = (n: number, triggered: number) => [
      ...Array.from({ length: n - triggered }, (_, i) => ({ ...QUIET, repeat: i })),
      ...Array.from({ length: triggered }, (_, i) => ({ ...QUIET, calls: [{ name: 'get_weather' }], repeat: n - triggered + i })),
    ];
    const baseline = compareReports((await reportFixture({ runs: quiet(30, 0) })).report, (await reportFixture({ runs: quiet(30, 12) })).report);
    const overTrigger = baseline.metrics.find((d) => d.name === 'overTriggerRate' && d.scope === 'overall')!;
    expect(overTrigger).toMatchObject({ better: 'lower', decidable: true, regressed: true });
    expect(overTrigger.delta).toBeCloseTo(0.4);
  });

  it('compares only the scorers both sides ran: a report re-scored with more scorers is no regression, and the left-out ones are named', async () => {
    const refusing = Array.from({ length: 25 }, (_, i) => ({ ...QUIET, answer: "I'm sorry, but I can't help with that.", repeat: i }));
    const baseline = await reportFixture({ runs: runs(25, 0, refusing) });
    const candidate = await reportFixture({ runs: runs(25, 0, refusing) });
    // The candidate alone is re-scored: not_a_refusal now fails its 25 chitchat runs, which the baseline never scored.
    const scored = await runCli(['score', '--report', candidate.dir, '--scorers', 'no_tool_loop,not_a_refusal']);
    expect(scored.code, scored.stdout + scored.stderr).toBe(0);
    const result = await runCli(['compare', baseline.dir, candidate.dir]);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).not.toMatch(/REGRESSED/);
    expect(result.stdout).toMatch(/note: scorers left out \(not run on both sides\): only in the candidate: no_tool_loop, not_a_refusal/);
    expect(result.stdout).toMatch(/note: metrics left out \(the scorers behind them differ between the sides\): taskSuccessRate, completion, errorRecoveryRate/);
    const json = JSON.parse((await runCli(['compare', baseline.dir, candidate.dir, '--json'])).stdout);
    expect(json.scorers.map((d: { name: string }) => d.name)).toEqual(['tool_selection', 'arguments', 'final_answer']);
    expect(json.scorersLeftOut).toEqual({ baseline: [], candidate: ['no_tool_loop', 'not_a_refusal'] });
    expect(json.metricsLeftOut).toEqual(['taskSuccessRate', 'completion', 'errorRecoveryRate']);
    expect(json.metrics.map((d: { name: string }) => d.name)).not.toContain('completion');
  });

  it('notes a different golden set, tool list, server version and models', async () => {
    const baseline = await reportFixture({ runs: runs(3, 0), toolsHash: 'tools-a', serverVersion: '1.0.0', models: ['model-a'] });
    const candidate = await reportFixture({ runs: [{ ...GOOD, model: 'model-b' }], toolsHash: 'tools-b', serverVersion: '1.1.0', models: ['model-b'], tasks: '- id: weather\n  prompt: hi\n  expect_tool: get_weather\n' });
    const comparison = compareReports(baseline.report, candidate.report);
    expect(comparison.notes).toEqual([
      expect.stringMatching(/^different golden sets/),
      "the server's tool list differs (names, descriptions or schemas)",
      'server version 1.0.0 → 1.1.0',
      'models only in the baseline: model-a',
      'models only in the candidate: model-b',
      'scorers left out (not run on both sides): only in the baseline: arguments, final_answer',
      'metrics left out (the scorers behind them differ between the sides): taskSuccessRate, completion, argumentAccuracy, argumentExactRate, finalAnswerHitRate, errorRecoveryRate',
    ]);
  });

  it('exits 2 for a wrong number of arguments, a bad --max-drop or a missing report', async () => {
    const baseline = await reportFixture({ runs: runs(1, 0) });
    expect((await runCli(['compare', baseline.dir])).code).toBe(2);
    expect((await runCli(['compare', baseline.dir, baseline.dir, '--max-drop', '2'])).code).toBe(2);
    expect((await runCli(['compare', baseline.dir, join(baseline.dir, 'missing')])).code).toBe(2);
  });
});
