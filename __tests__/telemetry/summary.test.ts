import { describe, expect, it } from 'vitest';
import { telemetrySection } from '../../src/core/telemetry/summary.js';
import { line, scrambled } from './lines.js';

/** 10 runs of 10 model calls and 10 tool calls each: latencies 1..100 ms, scrambled across runs. */
function hundredCalls(model: string, tool: string, offset = 0) {
  const latencies = scrambled(1 + offset, 100 + offset);
  return Array.from({ length: 10 }, (_, run) =>
    line({
      model,
      caseId: `case-${run % 2}`,
      repeat: run,
      models: latencies.slice(run * 10, run * 10 + 10).map((durationMs) => ({ durationMs })),
      tools: latencies.slice(run * 10, run * 10 + 10).map((durationMs) => ({ name: tool, durationMs })),
    }),
  );
}

describe('telemetry summary', () => {
  it('latency percentiles per tool and per model match type 7 on a known distribution (1..100 ms)', () => {
    const t = telemetrySection([...hundredCalls('m1', 'get_weather'), ...hundredCalls('m2', 'send_email', 100)]);
    expect(t.perTool.get_weather).toEqual({ calls: 100, errors: 0, latencyMs: { p50: 50.5, p95: 95.05, p99: 99.01, mean: 50.5, max: 100 } });
    expect(t.perModel.m1.latencyMs).toEqual({ p50: 50.5, p95: 95.05, p99: 99.01, mean: 50.5, max: 100 });
    // 101..200: the same shape shifted by 100
    expect(t.perTool.send_email.latencyMs).toEqual({ p50: 150.5, p95: 195.05, p99: 199.01, mean: 150.5, max: 200 });
    expect(t.perModel.m2.latencyMs).toEqual({ p50: 150.5, p95: 195.05, p99: 199.01, mean: 150.5, max: 200 });
    expect(Object.keys(t.perTool)).toEqual(['get_weather', 'send_email']);
    expect(t).toMatchObject({ runs: 20, cachedRuns: 0, modelCalls: 200, toolCalls: 200, invalidToolCalls: 0 });
    expect(t.perModel.m1).toMatchObject({ calls: 100, errors: 0, runs: 10 });
  });

  it('counts errors; failed model calls count in latency but not in tokens or cost; made-up tool calls are not a tool', () => {
    const t = telemetrySection([
      line({
        models: [{ durationMs: 10, inputTokens: 100, outputTokens: 10, costUsd: 0.002 }, { durationMs: 5000, error: 'gpt: no complete answer within 5000 ms' }],
        tools: [{ name: 'get_weather', durationMs: 7, error: 'Error -32602: unknown location' }, { name: 'no_such_tool', durationMs: 0, invalid: true, error: 'Error: there is no tool named "no_such_tool"' }],
      }),
      line({ models: [{ durationMs: 20, inputTokens: 300, outputTokens: 30, costUsd: 0.004 }], tools: [{ name: 'get_weather', durationMs: 9 }] }),
    ]);
    expect(t.perTool).toEqual({ get_weather: { calls: 2, errors: 1, latencyMs: { p50: 8, p95: 8.9, p99: 8.98, mean: 8, max: 9 } } });
    expect(t.invalidToolCalls).toBe(1);
    const m = t.perModel.m1;
    expect(m).toMatchObject({ calls: 3, errors: 1, runs: 2, unpricedCalls: 0 });
    expect(m.latencyMs.max).toBe(5000);
    expect(m.tokens).toEqual({ inputTotal: 400, outputTotal: 40, inputMean: 200, outputMean: 20, inputP50: 200, inputP95: 290, outputP50: 20, outputP95: 29 });
    expect(m.costUsd).toBeCloseTo(0.006, 12);
    expect(m.costPerRunUsd).toBeCloseTo(0.003, 12);
    expect(t.costUsd).toBeCloseTo(0.006, 12);
  });

  it('an unknown price makes the cost null (never 0), counts the unpriced calls, and keeps the other models priced', () => {
    const t = telemetrySection([
      line({ model: 'local', models: [{ durationMs: 5, costUsd: null }, { durationMs: 5, costUsd: null }] }),
      line({ model: 'local', models: [{ durationMs: 5, costUsd: null }] }),
      line({ model: 'gpt', models: [{ durationMs: 5, costUsd: 0.01 }] }),
    ]);
    expect(t.perModel.local).toMatchObject({ calls: 3, costUsd: null, unpricedCalls: 3, costPerRunUsd: null });
    expect(t.perModel.local.tokens.inputTotal).toBe(300); // tokens are still counted
    expect(t.perModel.gpt).toMatchObject({ costUsd: 0.01, unpricedCalls: 0, costPerRunUsd: 0.01 });
    expect(t.costUsd).toBeNull();
    expect(t.unpricedCalls).toBe(3);
    // one priced call among unpriced ones still makes the model's cost unknown
    const mixed = telemetrySection([line({ models: [{ durationMs: 1, costUsd: 0.5 }, { durationMs: 1, costUsd: null }] })]);
    expect(mixed.perModel.m1).toMatchObject({ costUsd: null, unpricedCalls: 1 });
  });

  it('per case: runs, tokens per run and cost per run, overall and per model', () => {
    const t = telemetrySection([
      line({ caseId: 'a', model: 'm1', models: [{ durationMs: 1, inputTokens: 100, outputTokens: 10, costUsd: 0.1 }, { durationMs: 1, inputTokens: 50, outputTokens: 10, costUsd: 0.1 }] }),
      line({ caseId: 'a', model: 'm1', repeat: 1, models: [{ durationMs: 1, inputTokens: 50, outputTokens: 20, costUsd: 0.2 }] }),
      line({ caseId: 'a', model: 'm2', models: [{ durationMs: 1, costUsd: null }] }),
      line({ caseId: 'b', model: 'm1', models: [{ durationMs: 1, inputTokens: 10, outputTokens: 1, costUsd: 0.3 }] }),
    ]);
    expect(t.perCase.a.runs).toBe(3);
    expect(t.perCase.a.costPerRunUsd).toBeNull();
    expect(t.perCase.a.models.m1.runs).toBe(2);
    expect(t.perCase.a.models.m1.tokensPerRun).toEqual({ inputMean: 100, outputMean: 20 });
    expect(t.perCase.a.models.m1.costPerRunUsd).toBeCloseTo(0.2, 12);
    expect(t.perCase.a.models.m2).toMatchObject({ runs: 1, costPerRunUsd: null });
    expect(t.perCase.b).toMatchObject({ runs: 1, tokensPerRun: { inputMean: 10, outputMean: 1 }, costPerRunUsd: 0.3 });
  });

  it('includes cached runs (real past measurements) and says how many there were', () => {
    const t = telemetrySection([line({ cached: true, tools: [{ name: 'x', durationMs: 40 }] }), line({ tools: [{ name: 'x', durationMs: 60 }] })]);
    expect(t).toMatchObject({ runs: 2, cachedRuns: 1 });
    expect(t.perTool.x.latencyMs.p50).toBe(50);
  });

  it('nothing measured: an empty section, and a line read back broken is skipped, not a crash', () => {
    expect(telemetrySection([])).toEqual({ runs: 0, cachedRuns: 0, modelCalls: 0, toolCalls: 0, invalidToolCalls: 0, costUsd: 0, unpricedCalls: 0, perTool: {}, perModel: {}, perCase: {} });
    const broken = { caseId: 'x', model: 'm', cached: false, trace: { spans: 'nope' } } as never;
    expect(telemetrySection([broken, line()]).runs).toBe(1);
  });
});
