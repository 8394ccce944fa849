import { ALPHA, MIN_OBSERVATIONS, twoProportionZTest } from '../gate/stats.js';
import type { Metrics, Report } from '../report/types.js';

/**
 * `mcp-evals compare BASELINE CANDIDATE`: two reports (each may be tagged with an experiment id:
 * a commit, a prompt version) side by side.
 *
 * - Per scorer: the pass fraction over every run of every case, Σpassed / Σ(passed + failed) from
 *   the case results' scorer tallies (abstentions left out), with n = Σ(passed + failed).
 * - Per metric: behaviour.metrics.overall and each model's metrics, with n the metric's own
 *   denominator (decided runs for task success, tool calls for the invalid-call rate, ...).
 * - `decidable`: at least MIN_OBSERVATIONS (20) observations on each side.
 * - `regressed`: decidable, the value moved in the worse direction by more than `maxDrop`
 *   (default 0.02), and a two-sided two-proportion z-test gives p < 0.05 (see gate/stats.ts for its
 *   caveats: runs of one case are correlated, so p is optimistic). The test applies to the
 *   proportions, and to the two means of per-run values in [0, 1] (completion, argument
 *   accuracy) with k = mean × n: a variable in [0, 1] with mean μ has variance at most μ(1 − μ),
 *   so there the test is conservative. Metrics with no better direction (average tool calls)
 *   never regress.
 * - Only what both sides measured the same way is compared: a scorer only one side ran (a report
 *   re-scored with `mcp-evals score --scorers …`) is left out and named, and so are the metrics
 *   that rest on it, and, when the two sides' runs were judged by different scorer sets, the
 *   metrics that rest on the run verdict (task success, completion, error recovery).
 */

export const DEFAULT_MAX_DROP = 0.02;

export interface Side {
  value: number | null;
  /** Observations behind the value (0 when unknown). */
  n: number;
  /** Successes, for proportions. */
  k?: number;
}

export interface Delta {
  kind: 'scorer' | 'metric';
  /** The scorer id or the metric name. */
  name: string;
  /** `all runs` for scorers; `overall` or a model id for metrics. */
  scope: string;
  baseline: Side;
  candidate: Side;
  /** candidate − baseline; null when either side has no value. */
  delta: number | null;
  /** Which way is better; null when neither (a count). */
  better: 'higher' | 'lower' | null;
  /** A fraction of observations (k/n shown). */
  proportion: boolean;
  decidable: boolean;
  /** Two-sided z-test p-value, for decidable values in [0, 1]. */
  pValue: number | null;
  regressed: boolean;
}

export interface ReportLabel {
  label: string;
  experiment?: string;
  startedAt: string;
  /** Scored runs (decided or not) in the behaviour section. */
  runs: number;
}

export interface Comparison {
  baseline: ReportLabel;
  candidate: ReportLabel;
  maxDrop: number;
  minObservations: number;
  scorers: Delta[];
  metrics: Delta[];
  /** Differences that make the comparison less like-for-like (golden set, tools, server). */
  notes: string[];
  /** Scorers only one side ran, left out of the comparison. */
  scorersLeftOut: { baseline: string[]; candidate: string[] };
  /** Metrics left out because the scorers behind them differ between the sides. */
  metricsLeftOut: string[];
  regressed: boolean;
}

interface MetricSpec {
  /** The key of its denominator in the flattened metrics. */
  n: string;
  /** What it is computed from: one scorer's results, the run verdict (every scorer), or the trace alone. */
  from?: { scorer: string } | 'verdict';
  better: 'higher' | 'lower' | null;
  proportion: boolean;
  /** A proportion or a mean of values in [0, 1]: the z-test applies. */
  unit: boolean;
}

/** The behaviour metrics and how to read them (see stats/mcp-bench.ts). */
export const METRIC_SPECS: Readonly<Record<string, MetricSpec>> = {
  taskSuccessRate: { n: 'decidedRuns', from: 'verdict', better: 'higher', proportion: true, unit: true },
  completion: { n: 'decidedRuns', from: 'verdict', better: 'higher', proportion: false, unit: true },
  toolSelectionAccuracy: { n: 'nToolSelectionRuns', from: { scorer: 'tool_selection' }, better: 'higher', proportion: true, unit: true },
  argumentAccuracy: { n: 'nArgumentRuns', from: { scorer: 'arguments' }, better: 'higher', proportion: false, unit: true },
  argumentExactRate: { n: 'nArgumentRuns', from: { scorer: 'arguments' }, better: 'higher', proportion: true, unit: true },
  finalAnswerHitRate: { n: 'nFinalAnswerRuns', from: { scorer: 'final_answer' }, better: 'higher', proportion: true, unit: true },
  errorRecoveryRate: { n: 'nErrorRuns', from: 'verdict', better: 'higher', proportion: true, unit: true },
  invalidCallRate: { n: 'toolCalls', better: 'lower', proportion: true, unit: true },
  overTriggerRate: { n: 'nNegativeRuns', better: 'lower', proportion: true, unit: true },
  avgToolCalls: { n: 'runs', better: null, proportion: false, unit: false },
};

/** Slack for float rounding: a drop of exactly maxDrop is within it. */
const EPSILON = 1e-9;

export function compareReports(baseline: Report, candidate: Report, options: { maxDrop?: number; labels?: [string, string] } = {}): Comparison {
  const maxDrop = options.maxDrop ?? DEFAULT_MAX_DROP;
  const [baseLabel, candLabel] = options.labels ?? [baseline.header.experiment ?? 'baseline', candidate.header.experiment ?? 'candidate'];
  const notes: string[] = [];
  const b = baseline.behaviour;
  const c = candidate.behaviour;
  if (!b || !c) notes.push(`${!b ? 'the baseline' : 'the candidate'} has no behaviour section: nothing to compare`);
  if (b && c) {
    if (b.golden.hash !== c.golden.hash) notes.push(`different golden sets (${b.golden.hash.slice(0, 12)} vs ${c.golden.hash.slice(0, 12)}): the cases are not the same on both sides`);
    if (b.tools.hash !== c.tools.hash) notes.push('the server\'s tool list differs (names, descriptions or schemas)');
    if ((baseline.header.server.version ?? '') !== (candidate.header.server.version ?? '')) notes.push(`server version ${baseline.header.server.version ?? '?'} → ${candidate.header.server.version ?? '?'}`);
    const onlyIn = (a: string[], other: string[]) => a.filter((id) => !other.includes(id));
    const bm = b.models.map((m) => m.id);
    const cm = c.models.map((m) => m.id);
    if (onlyIn(bm, cm).length > 0) notes.push(`models only in the baseline: ${onlyIn(bm, cm).join(', ')}`);
    if (onlyIn(cm, bm).length > 0) notes.push(`models only in the candidate: ${onlyIn(cm, bm).join(', ')}`);
  }

  const scorers: Delta[] = [];
  const bt = scorerTotals(baseline);
  const ct = scorerTotals(candidate);
  const scorersLeftOut = { baseline: Object.keys(bt).filter((id) => !(id in ct)), candidate: Object.keys(ct).filter((id) => !(id in bt)) };
  const sameScorers = scorersLeftOut.baseline.length === 0 && scorersLeftOut.candidate.length === 0;
  if (b && c) {
    // Only scorers both sides ran: one side's absence is not a drop to zero.
    for (const id of Object.keys(bt).filter((id) => id in ct)) {
      scorers.push(delta('scorer', id, 'all runs', proportionSide(bt[id]), proportionSide(ct[id]), { n: '', better: 'higher', proportion: true, unit: true }, maxDrop));
    }
    const leftOut = [
      scorersLeftOut.baseline.length > 0 && `only in the baseline: ${scorersLeftOut.baseline.join(', ')}`,
      scorersLeftOut.candidate.length > 0 && `only in the candidate: ${scorersLeftOut.candidate.join(', ')}`,
    ].filter(Boolean);
    if (leftOut.length > 0) notes.push(`scorers left out (not run on both sides): ${leftOut.join('; ')}`);
  }
  const comparable = (spec: MetricSpec): boolean =>
    spec.from === undefined ? true : spec.from === 'verdict' ? sameScorers : spec.from.scorer in bt && spec.from.scorer in ct;
  // Only metrics a side has: the daemon's reports carry none, and nothing is left out of nothing.
  const hasMetric = (name: string) => [b, c].some((side) => side && (name in (side.metrics.overall ?? {}) || Object.values(side.metrics.perModel ?? {}).some((m) => name in (m ?? {}))));
  const metricsLeftOut = b && c ? Object.entries(METRIC_SPECS).filter(([name, spec]) => !comparable(spec) && hasMetric(name)).map(([name]) => name) : [];
  if (metricsLeftOut.length > 0) notes.push(`metrics left out (the scorers behind them differ between the sides): ${metricsLeftOut.join(', ')}`);

  const metrics: Delta[] = [];
  if (b && c) {
    const scopes: Array<[string, Metrics | undefined, Metrics | undefined]> = [['overall', b.metrics.overall, c.metrics.overall]];
    for (const model of union(Object.keys(b.metrics.perModel), Object.keys(c.metrics.perModel))) {
      if (b.metrics.perModel[model] && c.metrics.perModel[model]) scopes.push([model, b.metrics.perModel[model], c.metrics.perModel[model]]);
    }
    for (const [scope, bm, cm] of scopes) {
      for (const [name, spec] of Object.entries(METRIC_SPECS)) {
        if (!(name in (bm ?? {})) && !(name in (cm ?? {}))) continue;
        if (metricsLeftOut.includes(name)) continue;
        metrics.push(delta('metric', name, scope, metricSide(bm, name, spec), metricSide(cm, name, spec), spec, maxDrop));
      }
    }
  }

  return {
    baseline: label(baseline, baseLabel),
    candidate: label(candidate, candLabel),
    maxDrop,
    minObservations: MIN_OBSERVATIONS,
    scorers,
    metrics,
    notes,
    scorersLeftOut,
    metricsLeftOut,
    regressed: [...scorers, ...metrics].some((d) => d.regressed),
  };
}

function delta(kind: Delta['kind'], name: string, scope: string, baseline: Side, candidate: Side, spec: MetricSpec, maxDrop: number): Delta {
  const value = baseline.value !== null && candidate.value !== null ? candidate.value - baseline.value : null;
  const decidable = baseline.value !== null && candidate.value !== null && baseline.n >= MIN_OBSERVATIONS && candidate.n >= MIN_OBSERVATIONS;
  let pValue: number | null = null;
  if (decidable && spec.unit && baseline.value !== null && candidate.value !== null) {
    // Proportions carry k; for a mean in [0, 1], k = mean × n (not rounded: the test takes rates).
    const k1 = baseline.k ?? baseline.value * baseline.n;
    const k2 = candidate.k ?? candidate.value * candidate.n;
    pValue = twoProportionZTest(k1, baseline.n, k2, candidate.n).pValue;
  }
  const worse = value === null || spec.better === null ? 0 : spec.better === 'higher' ? -value : value;
  const regressed = decidable && spec.better !== null && worse > maxDrop + EPSILON && pValue !== null && pValue < ALPHA;
  return { kind, name, scope, baseline, candidate, delta: value, better: spec.better, proportion: spec.proportion, decidable, pValue, regressed };
}

/** Σpassed and Σ(passed + failed) per scorer id over every case result. */
export function scorerTotals(report: Report): Record<string, { k: number; n: number }> {
  const totals: Record<string, { k: number; n: number }> = {};
  for (const result of report.behaviour?.results ?? []) {
    for (const [id, tally] of Object.entries(result.scorers)) {
      const entry = (totals[id] ??= { k: 0, n: 0 });
      entry.k += tally.passed;
      entry.n += tally.passed + tally.failed;
    }
  }
  return totals;
}

function proportionSide(total: { k: number; n: number }): Side {
  return { value: total.n > 0 ? total.k / total.n : null, n: total.n, k: total.k };
}

function metricSide(metrics: Metrics | undefined, name: string, spec: MetricSpec): Side {
  const value = metrics?.[name];
  const n = metrics?.[spec.n];
  const count = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  if (typeof value !== 'number' || !Number.isFinite(value)) return { value: null, n: count };
  return { value, n: count, ...(spec.proportion ? { k: Math.round(value * count) } : {}) };
}

function label(report: Report, text: string): ReportLabel {
  const runs = (report.behaviour?.results ?? []).reduce((sum, r) => sum + r.passed + r.failed + r.abstained, 0);
  return { label: text, ...(report.header.experiment ? { experiment: report.header.experiment } : {}), startedAt: report.header.startedAt, runs };
}

function union(a: string[], b: string[]): string[] {
  return [...new Set([...a, ...b])];
}
