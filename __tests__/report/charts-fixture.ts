/**
 * Chart inputs beside html-fixture's report: a history.jsonl of earlier nights and an approved
 * baseline with telemetry. The history has HISTORY_RUNS earlier runs of every case × model at
 * 3/3, with the same tools hash and server version as the report, so gpt-a's drop on loop-case
 * (0/3 now) reads as likely model drift; every other run has a CI run URL.
 */
import type { Baseline } from '../../src/core/gate/baseline.js';
import type { HistoryEntry } from '../../src/core/history/history.js';
import type { Report } from '../../src/core/report/types.js';
import { telemetrySection } from '../../src/core/telemetry/summary.js';
import { CASES, MODELS, RUNS, makeFullReport, makeTraceLines } from './html-fixture.js';

/** html-fixture's report with the telemetry section a behaviour run has (from the same traces). */
export function makeChartReport(): Report {
  return { ...makeFullReport(), telemetry: telemetrySection(makeTraceLines()) };
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
      perTool: { get_weather: { p95Ms: 12 }, send_email: { p95Ms: 40 }, search_invoices: { p95Ms: null } },
      perModel: {
        'gpt-a': { p95Ms: 100, costPerRunUsd: 0.0005, inputTokensPerRun: 250, outputTokensPerRun: 50 },
        'claude-b': { p95Ms: 120, costPerRunUsd: null, inputTokensPerRun: 200, outputTokensPerRun: 40 },
      },
    },
  };
}
