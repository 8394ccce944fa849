import { historyEntries, trend, type HistoryEntry, type Trend } from '../../history/history.js';
import type { Report } from '../types.js';

/*
 * Pass rate over time from history.jsonl: per model over all its cases (Σpassed / Σdecided per
 * run) and per case × model, over the last TREND_RUNS runs, this report being the newest when the
 * history does not have it yet. The drift rule is history.ts's `trend()`, applied to the
 * per-run totals for the overall series. Pure data: report.html draws it as SVG, the PR comment
 * and the summaries as one line of text per model.
 */

/** The runs a pass-rate trend shows. */
export const TREND_RUNS = 30;

export interface TrendPoint {
  /** The run (report.header.startedAt). */
  run: string;
  passed: number;
  decided: number;
  /** passed / decided; null when no run was decided. */
  rate: number | null;
  commit?: string;
  runUrl?: string;
}

export interface ModelSeries {
  model: string;
  points: TrendPoint[];
  /** The newest run against the earlier ones (history.ts's rule). */
  direction: Trend['direction'];
  likelyModelDrift: boolean;
}

export interface TrendData {
  /** The last TREND_RUNS runs over every model, oldest first: the x axis. */
  runs: string[];
  models: ModelSeries[];
  /** Per case × model of the report (report order). */
  cases: Trend[];
}

/** The history with this report's entries added when it does not have them. */
export function withReport(history: readonly HistoryEntry[], report: Report): HistoryEntry[] {
  const key = (e: Pick<HistoryEntry, 'reportStartedAt' | 'caseId' | 'model'>) => `${e.reportStartedAt}\u0000${e.caseId}\u0000${e.model}`;
  const known = new Set(history.map(key));
  const current = historyEntries(report, { now: new Date(Date.parse(report.header.startedAt) || 0) });
  return [...history, ...current.filter((entry) => !known.has(key(entry)))];
}

/** The trend data of the report's models and cases; undefined when no model has two runs to compare. */
export function trendData(history: readonly HistoryEntry[], report: Report, last = TREND_RUNS): TrendData | undefined {
  const results = report.behaviour?.results ?? [];
  if (results.length === 0) return undefined;
  const combined = withReport(history, report);
  // Grouped once: trend() filters what it is given, and a history has cases × models × runs lines.
  const byModel = groupBy(combined, (e) => e.model);
  const byCase = groupBy(combined, (e) => `${e.caseId}\u0000${e.model}`);
  const models = [...new Set([...(report.behaviour?.models.map((m) => m.id) ?? []), ...results.map((r) => r.model)])];
  const series = models.map((model) => modelSeries(byModel.get(model) ?? [], model, last)).filter((s) => s.points.length > 0);
  if (!series.some((s) => s.points.length >= 2)) return undefined;
  const runs = [...new Set(series.flatMap((s) => s.points.map((p) => p.run)))].sort().slice(-last);
  const cases = results.map((result) => trend(byCase.get(`${result.id}\u0000${result.model}`) ?? [], result.id, result.model, last));
  return { runs, models: series, cases };
}

/** One model's per-run totals over its last `last` runs. */
export function modelSeries(history: readonly HistoryEntry[], model: string, last = TREND_RUNS): ModelSeries {
  const byRun = new Map<string, HistoryEntry[]>();
  for (const entry of history) {
    if (entry.model !== model) continue;
    const list = byRun.get(entry.reportStartedAt);
    if (list) list.push(entry);
    else byRun.set(entry.reportStartedAt, [entry]);
  }
  // One pseudo-entry per run with the run's totals, so trend() decides direction and drift the same way as per case.
  const totals: HistoryEntry[] = [...byRun].map(([run, entries]) => {
    const passed = entries.reduce((n, e) => n + e.passed, 0);
    const decided = entries.reduce((n, e) => n + e.decided, 0);
    const first = entries[0];
    return {
      at: first.at,
      reportStartedAt: run,
      caseId: '',
      model,
      passed,
      decided,
      passRate: decided > 0 ? passed / decided : null,
      toolsHash: [...new Set(entries.map((e) => e.toolsHash))].sort().join(','),
      serverVersion: [...new Set(entries.map((e) => e.serverVersion ?? ''))].sort().join(',') || null,
      ...(entries.find((e) => e.commit)?.commit ? { commit: entries.find((e) => e.commit)!.commit } : {}),
      ...(entries.find((e) => e.runUrl)?.runUrl ? { runUrl: entries.find((e) => e.runUrl)!.runUrl } : {}),
    };
  });
  const t = trend(totals, '', model, last);
  return {
    model,
    points: t.points.map((e) => ({ run: e.reportStartedAt, passed: e.passed, decided: e.decided, rate: e.decided > 0 ? e.passed / e.decided : null, ...(e.commit ? { commit: e.commit } : {}), ...(e.runUrl ? { runUrl: e.runUrl } : {}) })),
    direction: t.direction,
    likelyModelDrift: t.likelyModelDrift,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const BLOCKS = '▁▂▃▄▅▆▇█';

/** Pass rates as block characters, ▁ for 0 to █ for 1; `·` for a run with nothing decided. */
export function sparkText(rates: ReadonlyArray<number | null>): string {
  return rates.map((rate) => (rate === null ? '·' : BLOCKS[Math.min(BLOCKS.length - 1, Math.max(0, Math.round(rate * (BLOCKS.length - 1))))])).join('');
}

/**
 * One line of text per model for Markdown (PR comment, job summary, summary.md):
 * `gpt-4.1 ▇▇█▇▅ 80% over the last 5 runs (baseline 95%) ↓ likely model drift`. Model ids are
 * passed through `escape` (Markdown-escaping is the caller's format).
 */
export function sparkLines(data: TrendData | undefined, escape: (text: string) => string, baseline?: Record<string, number>): string[] {
  if (!data) return [];
  return data.models.map((s) => {
    const latest = [...s.points].reverse().find((p) => p.rate !== null);
    const base = baseline?.[s.model];
    const arrow = s.direction === 'down' ? ' ↓' : s.direction === 'up' ? ' ↑' : '';
    const drift = s.likelyModelDrift ? ' likely model drift' : '';
    return `${escape(s.model)} \`${sparkText(s.points.map((p) => p.rate))}\` ${latest ? percent(latest.rate!) : '–'} now, last ${s.points.length} run${s.points.length === 1 ? '' : 's'}${base === undefined ? '' : ` (baseline ${percent(base)})`}${arrow}${drift}`;
  });
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}
