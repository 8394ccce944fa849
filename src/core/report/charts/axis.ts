import { escapeHtml as h } from '../html-escape.js';

/*
 * What every chart of report.html shares: scales (a value to a pixel, log or linear), tick
 * values with labels, and the frame around an inline SVG (title and description for screen
 * readers, role="img", and the same figures as a table). Charts are strings built at report
 * time: no script draws them, and the page's CSP stays as strict as before.
 */

export interface Scale {
  /** The pixel of a value (values outside the domain are clamped to its ends). */
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
  /** Tick values inside the domain, ascending. */
  ticks: () => number[];
}

/**
 * A log10 scale. The domain is widened to whole 1-2-5 steps around [min, max] so that ticks
 * fall at its ends; a non-positive minimum is raised to max/1000 (or 0.1).
 */
export function logScale(min: number, max: number, range: readonly [number, number]): Scale {
  const top = Math.max(max, min, 1e-3);
  const bottom = min > 0 ? Math.min(min, top) : Math.max(top / 1000, 1e-3);
  const low = stepBelow(bottom);
  const high = Math.max(stepAbove(top), stepAbove(low * 1.0001));
  const [lo, hi] = [Math.log10(low), Math.log10(high)];
  const scale = ((value: number) => {
    const v = Math.log10(Math.min(high, Math.max(low, value > 0 ? value : low)));
    return range[0] + ((v - lo) / (hi - lo)) * (range[1] - range[0]);
  }) as Scale;
  scale.domain = [low, high];
  scale.range = range;
  scale.ticks = () => {
    const decades = hi - lo;
    const mantissas = decades > 3 ? [1] : decades > 1.5 ? [1, 3] : [1, 2, 5];
    const out: number[] = [];
    for (let e = Math.floor(lo) - 1; e <= Math.ceil(hi); e += 1) {
      for (const m of mantissas) {
        const v = m * 10 ** e;
        if (v >= low * (1 - 1e-9) && v <= high * (1 + 1e-9)) out.push(roundNice(v));
      }
    }
    return out;
  };
  return scale;
}

/** A linear scale from [min, max] (max raised to a 1-2-5 step) onto `range`. */
export function linearScale(min: number, max: number, range: readonly [number, number], options: { nice?: boolean } = {}): Scale {
  const high = options.nice === false ? max : max > min ? stepAbove(max) : min + 1;
  const scale = ((value: number) => {
    const v = Math.min(high, Math.max(min, value));
    return range[0] + ((v - min) / (high - min || 1)) * (range[1] - range[0]);
  }) as Scale;
  scale.domain = [min, high];
  scale.range = range;
  scale.ticks = () => {
    const step = stepAbove((high - min) / 5);
    const out: number[] = [];
    for (let v = min; v <= high + step * 1e-9; v += step) out.push(roundNice(v));
    return out;
  };
  return scale;
}

const STEPS = [1, 2, 5, 10];

/** The smallest 1-2-5 value ≥ value (> 0). */
function stepAbove(value: number): number {
  if (!(value > 0)) return 1;
  const e = Math.floor(Math.log10(value));
  for (const m of STEPS) if (m * 10 ** e >= value * (1 - 1e-9)) return roundNice(m * 10 ** e);
  return roundNice(10 ** (e + 1));
}

/** The largest 1-2-5 value ≤ value (> 0). */
function stepBelow(value: number): number {
  const e = Math.floor(Math.log10(value));
  for (const m of [...STEPS].reverse()) if (m * 10 ** e <= value * (1 + 1e-9)) return roundNice(m * 10 ** e);
  return roundNice(10 ** e);
}

function roundNice(value: number): number {
  return Number(value.toPrecision(12));
}

/** Milliseconds as a short tick label: 0.5 ms, 20 ms, 1.5 s, 2 min. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${Number(ms.toPrecision(2))} ms`;
  if (ms < 1000) return `${Number(ms.toPrecision(3))} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toPrecision(3))} s`;
  return `${Number((ms / 60_000).toPrecision(3))} min`;
}

/** US dollars, with enough digits for a fraction of a cent. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${Number(usd.toPrecision(2))}`;
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

/** A count of tokens: 950, 1.2k, 3.4M. */
export function formatCount(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1e6) return `${Number((n / 1000).toPrecision(3))}k`;
  return `${Number((n / 1e6).toPrecision(3))}M`;
}

/** A pixel coordinate: at most two decimals, no trailing zeros. */
export function px(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * A horizontal axis at `y`: a baseline, a tick and a label per tick, and the axis title under it.
 * Returns SVG elements (class `axis`).
 */
export function xAxis(scale: Scale, y: number, label: string, format: (value: number) => string): string {
  const [x0, x1] = scale.range;
  const ticks = scale
    .ticks()
    .map((value) => {
      const x = px(scale(value));
      return `<line class="grid" x1="${x}" x2="${x}" y1="${px(GRID_TOP)}" y2="${px(y)}"/><text class="tick" x="${x}" y="${px(y + 14)}" text-anchor="middle">${h(format(value))}</text>`;
    })
    .join('');
  return `<g class="axis x-axis"><line class="domain" x1="${px(x0)}" x2="${px(x1)}" y1="${px(y)}" y2="${px(y)}"/>${ticks}<text class="axis-label" x="${px((x0 + x1) / 2)}" y="${px(y + 30)}" text-anchor="middle">${h(label)}</text></g>`;
}

/** Where vertical grid lines start (charts draw their first row under it). */
const GRID_TOP = 4;

export interface ChartFrame {
  /** Unique in the page: ids of the title and the description derive from it. */
  id: string;
  /** A data-chart attribute value the tests find charts by. */
  kind: string;
  title: string;
  /** What the picture shows, in a sentence, for screen readers (aria-describedby). */
  description: string;
  width: number;
  height: number;
  /** SVG elements. */
  body: string;
  /** The same figures as an HTML table (read by screen readers, shown on demand). */
  table: string;
  /** A line of legend under the chart (HTML). */
  legend?: string;
}

/**
 * A chart as `<figure>`: its heading, the SVG (role="img", labelled by its <title>, described by
 * its <desc>, scaled to the page width by its viewBox), a legend, and its data table.
 */
export function chartFigure(frame: ChartFrame): string {
  const titleId = `${frame.id}-title`;
  const descId = `${frame.id}-desc`;
  return [
    `<figure class="chart" id="${h(frame.id)}" data-chart="${h(frame.kind)}">`,
    `<figcaption>${h(frame.title)}</figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${h(titleId)}" aria-describedby="${h(descId)}" viewBox="0 0 ${frame.width} ${frame.height}" width="${frame.width}" height="${frame.height}" preserveAspectRatio="xMinYMin meet">`,
    `<title id="${h(titleId)}">${h(frame.title)}</title><desc id="${h(descId)}">${h(frame.description)}</desc>`,
    frame.body,
    '</svg>',
    frame.legend ? `<p class="legend">${frame.legend}</p>` : '',
    `<details class="chart-data"><summary>${h(frame.title)}: as a table</summary>${frame.table}</details>`,
    '</figure>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** `<table>` with a header row and body rows of already-escaped cells (`num` cells align right). */
export function dataTable(head: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | { num: string }>>): string {
  const cell = (value: string | { num: string }) => (typeof value === 'string' ? `<td>${value}</td>` : `<td class="num">${value.num}</td>`);
  return `<table class="chart-table"><thead><tr>${head.map((text) => `<th>${h(text)}</th>`).join('')}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

/** A label cut to `chars` with an ellipsis (SVG text does not wrap or clip). */
export function fit(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, Math.max(1, chars - 1))}…`;
}
