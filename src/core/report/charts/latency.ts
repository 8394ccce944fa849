import { distribution, type Distribution } from '../../stats/percentiles.js';
import { escapeHtml as h } from '../html-escape.js';
import { chartFigure, dataTable, fit, formatMs, logScale, px, xAxis, type Scale } from './axis.js';
import type { LatencySample } from './data.js';

/*
 * Latency as strip plots: one row per tool (or per model), every call a dot on a log-time axis
 * shared by both charts, p50 / p95 / p99 marked and labelled, the calls slower than p95 linked
 * to their run with a tooltip, the baseline's p95 as a hollow diamond, and a row whose p95 rose
 * beyond the baseline's by more than P95_REGRESSION_RATIO highlighted.
 */

/** A p95 more than this many times the baseline's is a latency regression (highlighted, not gated). */
export const P95_REGRESSION_RATIO = 1.2;
/** At most this many dots per row; the calls slower than p95 are always drawn, the rest evenly thinned. */
export const MAX_POINTS_PER_ROW = 1500;

export interface LatencyRow {
  name: string;
  samples: readonly LatencySample[];
  /** The baseline's p95 for this row, when it has one. */
  baselineP95?: number;
}

export interface LatencyChartOptions {
  id: string;
  kind: 'latency-tools' | 'latency-models';
  title: string;
  /** What a row is: "tool", "model". */
  rowNoun: string;
  /** The log-time axis to use (one scale for both charts, so they compare). */
  scale?: Scale;
  /** Trace ids whose run is drawn in the page (outliers link there); without it every outlier links. */
  anchors?: ReadonlySet<string>;
  baselineLabel?: string;
}

const WIDTH = 980;
const LABEL_W = 170;
const PLOT_X0 = LABEL_W + 10;
const PLOT_X1 = 700;
const ROW_H = 46;
const TOP = 8;
const AXIS_H = 40;

/** The axis both latency charts share: from the fastest to the slowest call of either. */
export function sharedLatencyScale(groups: ReadonlyArray<ReadonlyArray<LatencyRow>>): Scale | undefined {
  const all = groups.flatMap((rows) => rows.flatMap((row) => [...row.samples.map((s) => s.ms), ...(row.baselineP95 !== undefined ? [row.baselineP95] : [])]));
  const positive = all.filter((ms) => ms > 0);
  if (all.length === 0) return undefined;
  return logScale(positive.length ? Math.min(...positive) : 1, positive.length ? Math.max(...positive) : 1, [PLOT_X0, PLOT_X1]);
}

/** Whether a row's p95 regressed against the baseline's. */
export function p95Regressed(p95: number | null, baselineP95: number | undefined): boolean {
  return p95 !== null && baselineP95 !== undefined && p95 > baselineP95 * P95_REGRESSION_RATIO && p95 - baselineP95 >= 1;
}

/** The chart, or '' when no row has a sample (no empty axes). */
export function renderLatencyChart(rows: readonly LatencyRow[], options: LatencyChartOptions): string {
  const drawn = rows.filter((row) => row.samples.length > 0);
  if (drawn.length === 0) return '';
  const scale = options.scale ?? sharedLatencyScale([drawn])!;
  const stats = drawn.map((row) => distribution(row.samples.map((s) => s.ms)));
  const body: string[] = [];
  const axisY = TOP + drawn.length * ROW_H;
  body.push(xAxis(scale, axisY, 'duration per call (ms, log scale)', formatMs));
  drawn.forEach((row, index) => body.push(renderRow(row, stats[index], index, scale, options)));
  const regressed = drawn.filter((row, index) => p95Regressed(stats[index].p95, row.baselineP95));
  const table = dataTable(
    [options.rowNoun, 'calls', 'p50', 'p95', 'p99', 'max', 'baseline p95'],
    drawn.map((row, index) => {
      const s = stats[index];
      return [
        `${h(row.name)}${p95Regressed(s.p95, row.baselineP95) ? ' (p95 regressed)' : ''}`,
        { num: String(s.count) },
        { num: ms(s.p50) },
        { num: ms(s.p95) },
        { num: ms(s.p99) },
        { num: ms(s.max) },
        { num: row.baselineP95 === undefined ? '–' : formatMs(row.baselineP95) },
      ];
    }),
  );
  const description = `Strip plot of ${stats.reduce((n, s) => n + s.count, 0)} call durations, one row per ${options.rowNoun}, on a log-time axis from ${formatMs(scale.domain[0])} to ${formatMs(scale.domain[1])}, with p50, p95 and p99 marked.${regressed.length > 0 ? ` p95 regressed against the baseline: ${regressed.map((row) => row.name).join(', ')}.` : ''}`;
  const legend = [
    'Each dot is one call; dots slower than p95 link to their run (hover for case, model and run).',
    '<span class="mark-key p50">│ p50</span> <span class="mark-key p95">┃ p95</span> <span class="mark-key p99">│ p99</span>',
    drawn.some((row) => row.baselineP95 !== undefined) ? `<span class="mark-key baseline">◇ baseline p95</span>${options.baselineLabel ? ` (${h(options.baselineLabel)})` : ''}; a highlighted row's p95 is more than ${Math.round((P95_REGRESSION_RATIO - 1) * 100)}% above it.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return chartFigure({ id: options.id, kind: options.kind, title: options.title, description, width: WIDTH, height: axisY + AXIS_H, body: body.join(''), table, legend });
}

function renderRow(row: LatencyRow, s: Distribution, index: number, scale: Scale, options: LatencyChartOptions): string {
  const y0 = TOP + index * ROW_H;
  const mid = y0 + ROW_H / 2 + 3;
  const regressed = p95Regressed(s.p95, row.baselineP95);
  const out: string[] = [`<g class="row${regressed ? ' regressed' : ''}" data-row="${h(row.name)}" data-count="${s.count}" data-p50="${s.p50}" data-p95="${s.p95}" data-p99="${s.p99}">`];
  if (regressed) out.push(`<rect class="regressed-bg" x="0" y="${px(y0 + 1)}" width="${WIDTH}" height="${ROW_H - 2}"/>`);
  out.push(`<text class="row-label" x="${LABEL_W}" y="${px(mid + 4)}" text-anchor="end">${regressed ? '▲ ' : ''}${h(fit(row.name, 26))}<title>${h(row.name)}</title></text>`);
  out.push(`<line class="row-rule" x1="${PLOT_X0}" x2="${PLOT_X1}" y1="${px(y0 + ROW_H)}" y2="${px(y0 + ROW_H)}"/>`);
  // The percentile marks, labelled above (p50 below, so close marks do not collide).
  const marks: Array<[string, number | null]> = [
    ['p50', s.p50],
    ['p95', s.p95],
    ['p99', s.p99],
  ];
  let lastLabelX = -Infinity;
  for (const [name, value] of marks) {
    if (value === null) continue;
    const x = scale(value);
    out.push(`<line class="mark ${name}" data-mark="${name}" data-value="${value}" x1="${px(x)}" x2="${px(x)}" y1="${px(y0 + 9)}" y2="${px(y0 + ROW_H - 4)}"><title>${name} ${h(formatMs(value))}</title></line>`);
    if (name === 'p50') {
      out.push(`<text class="mark-label p50" x="${px(x)}" y="${px(y0 + ROW_H - 0.5)}" text-anchor="middle">p50</text>`);
    } else {
      const lx = Math.max(x, lastLabelX + 25);
      out.push(`<text class="mark-label ${name}" x="${px(lx)}" y="${px(y0 + 8)}" text-anchor="middle">${name}</text>`);
      lastLabelX = lx;
    }
  }
  // The dots, drawn over the marks so that every slow one can be hovered and clicked: every call (thinned beyond MAX_POINTS_PER_ROW), jittered vertically so equal durations stay visible.
  const p95 = s.p95 ?? Infinity;
  const points = thin(row.samples, p95);
  const anchors = options.anchors;
  for (const [i, sample] of points) {
    const cx = px(scale(sample.ms));
    const cy = px(mid + jitter(i));
    if (sample.ms > p95) {
      const tip = `${sample.caseId} · ${sample.model} · run ${sample.repeat + 1}: ${formatMs(sample.ms)}`;
      const dot = `<circle class="dot slow" cx="${cx}" cy="${cy}" r="3.2"><title>${h(tip)}</title></circle>`;
      const linked = sample.traceId && (!anchors || anchors.has(sample.traceId));
      out.push(linked ? `<a class="outlier" href="#run-${h(sample.traceId)}">${dot}</a>` : dot);
    } else {
      out.push(`<circle class="dot" cx="${cx}" cy="${cy}" r="2.4"/>`);
    }
  }
  if (row.baselineP95 !== undefined) {
    const bx = scale(row.baselineP95);
    out.push(`<path class="baseline-mark" data-value="${row.baselineP95}" d="M${px(bx)} ${px(mid - 6)}l5 6l-5 6l-5 -6z"><title>baseline p95 ${h(formatMs(row.baselineP95))}</title></path>`);
  }
  const figures = `n ${s.count} · p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · p99 ${ms(s.p99)}`;
  out.push(`<text class="row-stats" x="${PLOT_X1 + 14}" y="${px(mid + 4)}">${h(figures)}</text>`);
  if (regressed) out.push(`<text class="row-stats regressed-note" x="${PLOT_X1 + 14}" y="${px(mid + 17)}">p95 +${Math.round(((s.p95! - row.baselineP95!) / row.baselineP95!) * 100)}% vs baseline ${h(formatMs(row.baselineP95!))}</text>`);
  out.push('</g>');
  return out.join('');
}

/** [index, sample] pairs to draw: all of them up to the cap; beyond it every slow one and an even share of the rest. */
function thin(samples: readonly LatencySample[], p95: number): Array<[number, LatencySample]> {
  const indexed = samples.map((sample, i) => [i, sample] as [number, LatencySample]);
  if (samples.length <= MAX_POINTS_PER_ROW) return indexed;
  const slow = indexed.filter(([, s]) => s.ms > p95);
  const rest = indexed.filter(([, s]) => s.ms <= p95);
  const room = Math.max(0, MAX_POINTS_PER_ROW - slow.length);
  const step = rest.length / Math.max(1, room);
  const kept: Array<[number, LatencySample]> = [];
  for (let k = 0; k < room && Math.floor(k * step) < rest.length; k += 1) kept.push(rest[Math.floor(k * step)]);
  return [...kept, ...slow];
}

/** A deterministic vertical offset in [-11, 11] px (the same report draws the same picture). */
function jitter(i: number): number {
  return (((i * 7919) % 23) - 11) * 0.95;
}

function ms(value: number | null): string {
  return value === null ? '–' : formatMs(value);
}
