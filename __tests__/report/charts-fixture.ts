/**
 * Chart inputs beside html-fixture's report: a history.jsonl of earlier nights and an approved
 * baseline with telemetry. The history has HISTORY_RUNS earlier runs of every case × model at
 * 3/3, with the same tools hash and server version as the report, so gpt-a's drop on loop-case
 * (0/3 now) reads as likely model drift; every other run has a CI run URL.
 */
import type { Baseline } from '../../src/core/gate/baseline.js';
import type { HistoryEntry } from '../../src/core/history/history.js';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import type { CaseResult, Report } from '../../src/core/report/types.js';
import { telemetrySection } from '../../src/core/telemetry/summary.js';
import { CASES, MODELS, RUNS, makeFullReport, makeTrace, makeTraceLines } from './html-fixture.js';

/**
 * html-fixture's traces with spread-out durations (a deterministic spread from 8 ms to ~1.6 s for
 * tools, 60–900 ms for model calls), so percentiles differ and outliers exist.
 */
export function makeChartTraces(): TraceLine[] {
  let k = 0;
  return makeTraceLines().map((line) => {
    for (const span of line.trace.spans) {
      k += 1;
      if (span.kind === 'tool') span.durationMs = Math.round((8 + ((k * 7919) % 97) * 1.5 + (k % 17 === 0 ? 1400 : 0)) * 1000) / 1000;
      if (span.kind === 'model') span.durationMs = 60 + ((k * 104729) % 211) * 4;
      // claude-b has no price: its cost is unknown
      if (span.kind === 'model' && line.model === 'claude-b') delete span.attributes.costUsd;
    }
    if (line.model === 'claude-b') line.trace.costUsd = null;
    return line;
  });
}

/** html-fixture's report with the telemetry section a behaviour run has (from the chart traces). */
export function makeChartReport(traces: readonly TraceLine[] = makeChartTraces()): Report {
  return { ...makeFullReport(), telemetry: telemetrySection(traces) };
}

/**
 * A big behaviour report: `cases` × `models` × `runs` runs of html-fixture's patterns, with its
 * traces and telemetry, and a history of `historyRuns` earlier runs of every case × model.
 */
export function makeBigReport(cases = 30, models = 5, runs = 5, historyRuns = 30): { report: Report; traces: TraceLine[]; history: HistoryEntry[] } {
  const base = makeFullReport();
  const modelIds = Array.from({ length: models }, (_, i) => `model-${i + 1}`);
  const caseIds = Array.from({ length: cases }, (_, i) => `case-${String(i + 1).padStart(2, '0')}`);
  const patterns = ['answer', 'chain', 'loop'] as const;
  const traces: TraceLine[] = [];
  const results: CaseResult[] = [];
  caseIds.forEach((caseId, c) => {
    for (const model of modelIds) {
      let passed = 0;
      for (let repeat = 0; repeat < runs; repeat += 1) {
        const pattern = patterns[(c + repeat) % 3];
        const ok = pattern !== 'loop';
        if (ok) passed += 1;
        const trace = makeTrace(caseId, model, repeat, pattern);
        traces.push({ caseId, model, kind: 'hard', repeat, trace, scores: [{ scorer: 'final_answer', passed: ok, reason: ok ? 'ok' : 'no final answer' }], passed: ok, negative: false, cached: false, outcome: 'scored' });
      }
      const template = base.behaviour!.results[0];
      results.push({ ...template, id: caseId, model, kind: 'soft', runs, passed, failed: runs - passed, passRate: passed / runs, floor: 0.6, meetsFloor: passed / runs >= 0.6, flaky: passed > 0 && passed < runs, passHatK: (passed / runs) ** runs, location: { file: 'tasks.yaml', line: 2 + c * 6, column: 3 } });
    }
  });
  const behaviour = { ...base.behaviour!, models: modelIds.map((id) => ({ ...base.behaviour!.models[0], id, model: `${id}-2026` })), results, golden: { file: 'tasks.yaml', hash: 'abc', cases } };
  const report: Report = { ...base, behaviour, telemetry: telemetrySection(traces) };
  const history: HistoryEntry[] = [];
  for (let i = 0; i < historyRuns; i += 1) {
    for (const result of results) {
      history.push({ at: runStartedAt(i), reportStartedAt: runStartedAt(i), caseId: result.id, model: result.model, passed: result.passed, decided: runs, passRate: result.passed / runs, toolsHash: 'def', serverVersion: '1.2.3', runUrl: `https://github.com/acme/weather-mcp/actions/runs/${2000 + i}` });
    }
  }
  return { report, traces, history };
}

export const HISTORY_RUNS = 12;

export function runStartedAt(index: number): string {
  return new Date(Date.UTC(2026, 6, 1 + index, 2, 0, 0)).toISOString();
}

export function makeHistory(runs = HISTORY_RUNS, options: { serverVersion?: string | null; toolsHash?: string } = {}): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let i = 0; i < runs; i += 1) {
    for (const model of MODELS) {
      for (const caseId of CASES) {
        // a little movement: invoice-chain on gpt-a was 2/3 on every fourth night
        const passed = caseId === 'invoice-chain' && model === 'gpt-a' && i % 4 === 1 ? 2 : RUNS;
        entries.push({
          at: runStartedAt(i),
          reportStartedAt: runStartedAt(i),
          commit: `c0ffee${String(i).padStart(2, '0')}`,
          ...(i % 2 === 0 ? { runUrl: `https://github.com/acme/weather-mcp/actions/runs/${1000 + i}` } : {}),
          caseId,
          model,
          passed,
          decided: RUNS,
          passRate: passed / RUNS,
          toolsHash: options.toolsHash ?? 'def',
          serverVersion: options.serverVersion === undefined ? '1.2.3' : options.serverVersion,
        });
      }
    }
  }
  return entries;
}

/** A baseline whose get_weather p95 is far below the fixture's (40 ms), so get_weather regressed; send_email did not. */
export function makeBaseline(): Baseline {
  const cases: Baseline['cases'] = {};
  for (const model of MODELS) for (const caseId of CASES) cases[`${caseId}@${model}`] = { passed: RUNS, decided: RUNS, passRate: 1 };
  cases['invoice-chain@gpt-a'] = { passed: 2, decided: RUNS, passRate: 2 / 3 };
  return {
    schemaVersion: 1,
    acceptedAt: '2026-07-10T00:00:00.000Z',
    source: 'nightly of 2026-07-10',
    server: { name: 'weather', version: '1.2.3' },
    toolsHash: 'def',
    conformance: {},
    cases,
    models: [...MODELS],
    metrics: { overall: {}, perModel: {} },
    telemetry: {
      perTool: { get_weather: { p95Ms: 12 }, send_email: { p95Ms: 5000 }, search_invoices: { p95Ms: null } },
      perModel: {
        'gpt-a': { p95Ms: 100, costPerRunUsd: 0.0005, inputTokensPerRun: 250, outputTokensPerRun: 50 },
        'claude-b': { p95Ms: 120, costPerRunUsd: null, inputTokensPerRun: 200, outputTokensPerRun: 40 },
      },
    },
  };
}
