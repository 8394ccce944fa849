import { describe, expect, it } from 'vitest';
import type { GoldenCase } from '../../src/core/golden/types.js';
import { scorersFor } from '../../src/core/scorers/index.js';
import type { ScoreResult } from '../../src/core/scorers/types.js';
import { mcpBenchMetrics, mcpBenchReport, runCompletion } from '../../src/core/stats/mcp-bench.js';
import { toRunRecord, type RunRecord } from '../../src/core/stats/run-record.js';
import { makeCase, makeTrace, type CallSpec } from '../scorers/trace-helper.js';

/** Scores a trace with the real scorers, like the behaviour layer does. */
async function run(testCase: GoldenCase, calls: CallSpec[], answer: string, model = 'model-a', repeat = 0): Promise<RunRecord> {
  const trace = makeTrace(calls, answer, { model, repeat, caseId: testCase.id });
  const scores: ScoreResult[] = [];
  for (const scorer of scorersFor(testCase)) scores.push(await scorer.score(testCase, trace, {}));
  return toRunRecord(testCase, trace, scores);
}

const weather = makeCase({ id: 'weather', tier: 'basic', expect_tool: 'get_weather', expect_args: { city: 'Paris', days: 2 }, expected: '21' });
const chitchat = makeCase({ id: 'hello', tier: 'basic', expect_tool: null });
const chain = makeCase({ id: 'chain', tier: 'chain', expect_sequence: ['search', 'book'] });

async function fixture(): Promise<RunRecord[]> {
  return [
    // weather, model-a: right tool, right args, right answer → pass.
    await run(weather, [{ name: 'get_weather', args: { city: 'Paris', days: 2 } }], 'It will be 21 °C.'),
    // weather, model-a: right tool after an errored call, half the args right, right answer → fail.
    await run(weather, [{ name: 'get_weather', args: { city: 'Paris', days: 3 }, isError: true }, { name: 'get_weather', args: { city: 'Paris', days: 2 } }], 'It will be 21 °C.', 'model-a', 1),
    // weather, model-b: calls a tool the server does not list (invalid), never the right one, wrong answer → fail (args left out of accuracy).
    await run(weather, [{ name: 'weather_lookup', args: { q: 'paris' }, invalid: true }], 'I do not know.', 'model-b'),
    // hello, model-a: no call → pass; model-b: over-triggers with an empty result → fail.
    await run(chitchat, [], 'Hi!'),
    await run(chitchat, [{ name: 'search', empty: true }], 'Hi!', 'model-b'),
    // chain, model-b: `search` errors, is retried, then `book` → pass (a recovery).
    await run(chain, [{ name: 'search', isError: true }, { name: 'search' }, { name: 'book' }], 'Booked.', 'model-b'),
  ];
}

describe('mcp-bench metrics', () => {
  it('builds records with negative flags and run verdicts', async () => {
    const records = await fixture();
    expect(records.map((record) => [record.caseId, record.model, record.passed, record.negative])).toEqual([
      ['weather', 'model-a', true, false],
      ['weather', 'model-a', false, false],
      ['weather', 'model-b', false, false],
      ['hello', 'model-a', true, true],
      ['hello', 'model-b', false, true],
      ['chain', 'model-b', true, false],
    ]);
  });

  it('computes the overall metrics exactly', async () => {
    const records = await fixture();
    const overall = mcpBenchMetrics(records);
    expect(overall).toMatchObject({
      runs: 6,
      decidedRuns: 6,
      taskSuccessRate: 3 / 6,
      toolCalls: 8,
      avgToolCalls: 8 / 6,
      // errored (weather#1, chain) + invalid (weather#2) + empty (hello-b) of 8 calls.
      invalidCallRate: 4 / 8,
      // runs with an errored or invalid call: weather#1 (failed), weather#2 (failed), chain (passed).
      errorRecoveryRate: 1 / 3,
      // weather ×3 decided: 2 hits.
      finalAnswerHitRate: 2 / 3,
      overTriggerRate: 1 / 2,
      // tool_selection decided on all 6: weather#0, weather#1, hello-a, chain pass.
      toolSelectionAccuracy: 4 / 6,
      // arguments on weather#0 (1) and weather#1 (first get_weather call: days 3 → 0.5); model-b never called it.
      argumentAccuracy: 0.75,
      argumentExactRate: 0.5,
      counts: { errorRuns: 3, finalAnswerRuns: 3, negativeRuns: 2, toolSelectionRuns: 6, argumentRuns: 2 },
    });
    // completion: weather#0 1; weather#1 (1 + 0.5 + 1)/3; weather#2 (0 + 0[not called] + 0)/3; hello-a 1; hello-b 0; chain (1 + 1)/2.
    expect(overall.completion).toBeCloseTo((1 + 2.5 / 3 + 0 + 1 + 0 + 1) / 6, 12);
  });

  it('groups per tier and per model', async () => {
    const report = mcpBenchReport(await fixture());
    expect(Object.keys(report.byTier)).toEqual(['basic', 'chain']);
    expect(Object.keys(report.byModel)).toEqual(['model-a', 'model-b']);
    expect(report.byTier.basic).toMatchObject({ runs: 5, taskSuccessRate: 2 / 5, overTriggerRate: 1 / 2 });
    expect(report.byTier.chain).toMatchObject({ runs: 1, taskSuccessRate: 1, finalAnswerHitRate: null, overTriggerRate: null, argumentAccuracy: null, errorRecoveryRate: 1 });
    expect(report.byModel['model-a']).toMatchObject({ runs: 3, taskSuccessRate: 2 / 3, overTriggerRate: 0, argumentAccuracy: 0.75 });
    expect(report.byModel['model-b']).toMatchObject({ runs: 3, taskSuccessRate: 1 / 3, argumentAccuracy: null, finalAnswerHitRate: 0, overTriggerRate: 1 });
  });

  it('leaves abstained runs out of the success rate and groups untiered cases', () => {
    const trace = makeTrace([], '');
    const abstained: RunRecord = { caseId: 'x', model: 'm', repeat: 0, trace, scores: [{ scorer: 'judge', passed: null, reason: 'judge abstained' }], passed: null, negative: false };
    const metrics = mcpBenchReport([abstained]);
    expect(metrics.overall).toMatchObject({ runs: 1, decidedRuns: 0, taskSuccessRate: null, completion: null, invalidCallRate: null, avgToolCalls: 0 });
    expect(Object.keys(metrics.byTier)).toEqual(['untiered']);
    expect(runCompletion(abstained)).toBeNull();
    expect(mcpBenchMetrics([])).toMatchObject({ runs: 0, avgToolCalls: null, taskSuccessRate: null });
  });
});
