import { escapeHtml as h } from '../html-escape.js';
import type { TelemetrySection } from '../types.js';
import { chartFigure, dataTable, fit, formatCount, formatUsd, linearScale, px, xAxis, type Scale } from './axis.js';
import type { ChartBaseline } from './data.js';

/*
 * Cost and tokens per model: three panels of horizontal bars (US dollars per run, input tokens
 * per run, output tokens per run), one row per model. A cost nobody knows (a model without a
 * price) is a hatched "unknown" box, never a bar of length zero; the baseline's value is a
 * vertical mark on the row when the baseline recorded one.
 */

export interface CostRow {
  model: string;
  runs: number;
  /** null: unknown. */
  costPerRunUsd: number | null;
  inputTokensPerRun: number;
  outputTokensPerRun: number;
  baseline?: { costPerRunUsd?: number | null; inputTokensPerRun?: number; outputTokensPerRun?: number };
}

const LABEL_W = 150;
const PANEL_W = 250;
const GAP = 24;
const ROW_H = 28;
const TOP = 26;
const AXIS_H = 40;
const WIDTH = LABEL_W + 10 + 3 * PANEL_W + 2 * GAP + 10;

/** One row per model of the telemetry section (models in `order` first), with the baseline's figures. */
export function costRows(telemetry: TelemetrySection | undefined, order: readonly string[] = [], baseline?: ChartBaseline): CostRow[] {
  if (!telemetry) return [];
  const ids = [...order.filter((id) => telemetry.perModel[id]), ...Object.keys(telemetry.perModel).filter((id) => !order.includes(id))];
  return ids
    .map((id) => {
      const m = telemetry.perModel[id];
      const perRun = (total: number) => (m.runs > 0 ? total / m.runs : 0);
      const row: CostRow = { model: id, runs: m.runs, costPerRunUsd: m.costPerRunUsd, inputTokensPerRun: perRun(m.tokens.inputTotal), outputTokensPerRun: perRun(m.tokens.outputTotal) };
      const cost = baseline?.costPerRunUsd?.[id];
      const tokens = baseline?.tokensPerRun?.[id];
      if (cost !== undefined || tokens) row.baseline = { ...(cost !== undefined ? { costPerRunUsd: cost } : {}), ...(tokens ? { inputTokensPerRun: tokens.input, outputTokensPerRun: tokens.output } : {}) };
      return row;
    })
    .filter((row) => row.runs > 0);
}

interface Panel {
  key: 'cost' | 'input' | 'output';
  title: string;
  axis: string;
  value: (row: CostRow) => number | null;
  base: (row: CostRow) => number | null | undefined;
  format: (value: number) => string;
}

const PANELS: Panel[] = [
  { key: 'cost', title: 'cost per run', axis: 'US dollars per run', value: (r) => r.costPerRunUsd, base: (r) => r.baseline?.costPerRunUsd, format: formatUsd },
  { key: 'input', title: 'input tokens per run', axis: 'tokens per run', value: (r) => r.inputTokensPerRun, base: (r) => r.baseline?.inputTokensPerRun, format: formatCount },
  { key: 'output', title: 'output tokens per run', axis: 'tokens per run', value: (r) => r.outputTokensPerRun, base: (r) => r.baseline?.outputTokensPerRun, format: formatCount },
];

/** The chart, or '' without a model that ran. */
export function renderCostChart(rows: readonly CostRow[], options: { id: string; baselineLabel?: string }): string {
  if (rows.length === 0) return '';
  const axisY = TOP + rows.length * ROW_H + 4;
  // The "unknown" box's hatching (a pattern of this chart: ids are unique in the page).
  const body: string[] = [`<defs><pattern id="${h(options.id)}-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line class="hatch-line" x1="0" y1="0" x2="0" y2="6"/></pattern></defs>`];
  rows.forEach((row, i) => {
    const y = TOP + i * ROW_H;
    body.push(`<text class="row-label" x="${LABEL_W}" y="${px(y + ROW_H / 2 + 4)}" text-anchor="end">${h(fit(row.model, 22))}<title>${h(row.model)}</title></text>`);
  });
  PANELS.forEach((panel, p) => {
    const x0 = LABEL_W + 10 + p * (PANEL_W + GAP);
    const values = rows.flatMap((row) => [panel.value(row), panel.base(row)]).filter((v): v is number => typeof v === 'number');
    const max = Math.max(0, ...values);
    const scale = linearScale(0, max > 0 ? max : 1, [x0, x0 + PANEL_W]);
    body.push(`<g class="panel" data-panel="${panel.key}"><text class="panel-title" x="${px(x0)}" y="14">${h(panel.title)}</text>`);
    body.push(xAxis(thinTicks(scale), axisY, panel.axis, panel.format));
    rows.forEach((row, i) => body.push(bar(panel, row, TOP + i * ROW_H, scale, `${options.id}-hatch`)));
    body.push('</g>');
  });
  const unknown = rows.filter((row) => row.costPerRunUsd === null).map((row) => row.model);
  const hasBaseline = rows.some((row) => row.baseline);
  const table = dataTable(
    ['model', 'runs', 'cost per run', 'input tokens per run', 'output tokens per run', 'baseline cost per run'],
    rows.map((row) => [
      h(row.model),
      { num: String(row.runs) },
      { num: row.costPerRunUsd === null ? 'unknown' : formatUsd(row.costPerRunUsd) },
      { num: formatCount(row.inputTokensPerRun) },
      { num: formatCount(row.outputTokensPerRun) },
      { num: row.baseline?.costPerRunUsd === undefined ? '–' : row.baseline.costPerRunUsd === null ? 'unknown' : formatUsd(row.baseline.costPerRunUsd) },
    ]),
  );
  const description = `Bars per model: cost per run in US dollars, input and output tokens per run.${unknown.length > 0 ? ` Cost unknown (no price) for ${unknown.join(', ')}.` : ''}${hasBaseline ? ' The baseline value is marked on each bar.' : ''}`;
  const legend = [
    'Means over every run of the model (cached runs included).',
    unknown.length > 0 ? '<span class="mark-key unknown">▨ unknown</span>: the model has no price, so its cost is not known (not zero).' : '',
    hasBaseline ? `<span class="mark-key baseline">┃ baseline</span>${options.baselineLabel ? ` (${h(options.baselineLabel)})` : ''}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return chartFigure({ id: options.id, kind: 'cost', title: 'Cost and tokens per run, per model', description, width: WIDTH, height: axisY + AXIS_H, body: body.join(''), table, legend });
}

function bar(panel: Panel, row: CostRow, y: number, scale: Scale, hatchId: string): string {
  const value = panel.value(row);
  const x0 = scale.range[0];
  const out: string[] = [`<g class="bar-row" data-model="${h(row.model)}">`];
  if (value === null) {
    out.push(`<rect class="unknown" data-value="unknown" fill="url(#${h(hatchId)})" x="${px(x0)}" y="${px(y + 5)}" width="${px(Math.min(96, PANEL_W))}" height="${ROW_H - 10}"><title>${h(row.model)}: ${h(panel.title)} unknown (no price)</title></rect>`);
    out.push(`<text class="value unknown-label" x="${px(x0 + 6)}" y="${px(y + ROW_H / 2 + 4)}">unknown</text>`);
  } else {
    const width = Math.max(value > 0 ? 1 : 0, scale(value) - x0);
    out.push(`<rect class="bar ${panel.key}" data-value="${value}" x="${px(x0)}" y="${px(y + 5)}" width="${px(width)}" height="${ROW_H - 10}"><title>${h(row.model)}: ${h(panel.title)} ${h(panel.format(value))}</title></rect>`);
    const inside = width > 70;
    out.push(`<text class="value${inside ? ' inside' : ''}" x="${px(inside ? x0 + width - 4 : x0 + width + 4)}" y="${px(y + ROW_H / 2 + 4)}" text-anchor="${inside ? 'end' : 'start'}">${h(panel.format(value))}</text>`);
  }
  const base = panel.base(row);
  if (typeof base === 'number') {
    const bx = scale(base);
    out.push(`<line class="baseline-mark" data-value="${base}" x1="${px(bx)}" x2="${px(bx)}" y1="${px(y + 2)}" y2="${px(y + ROW_H - 2)}"><title>baseline ${h(panel.format(base))}</title></line>`);
  }
  out.push('</g>');
  return out.join('');
}

/** At most four labelled ticks in a narrow panel. */
function thinTicks(scale: Scale): Scale {
  const ticks = scale.ticks();
  if (ticks.length <= 4) return scale;
  const every = Math.ceil((ticks.length - 1) / 3);
  const thinned = Object.assign(((value: number) => scale(value)) as Scale, { domain: scale.domain, range: scale.range, ticks: () => ticks.filter((_, i) => i % every === 0) });
  return thinned;
}
