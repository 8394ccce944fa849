import type { Trend } from '../../history/history.js';
import { escapeHtml as h } from '../html-escape.js';
import { chartFigure, dataTable, fit, linearScale, px } from './axis.js';
import type { ChartBaseline } from './data.js';
import type { TrendData } from './trend-series.js';

/*
 * Pass rate over time: per model, a line over the last runs of history.jsonl (one column per run,
 * the same column for every model), the baseline's level as a dashed line, a flag where the
 * newest run dropped with an unchanged server (likely model drift), and each point linked to its
 * CI run when the history recorded one. Per case × model, the same as a small sparkline.
 */

const WIDTH = 980;
const LABEL_W = 150;
const PLOT_X0 = LABEL_W + 46;
const PLOT_X1 = 780;
const ROW_H = 76;
const TOP = 10;
const AXIS_H = 40;

/** The overall chart (one row per model), or '' without trend data. */
export function renderTrendChart(data: TrendData | undefined, options: { id: string; baseline?: ChartBaseline }): string {
  if (!data || data.runs.length === 0) return '';
  const column = new Map(data.runs.map((run, i) => [run, i]));
  const x = (run: string) => (data.runs.length === 1 ? (PLOT_X0 + PLOT_X1) / 2 : PLOT_X0 + ((column.get(run) ?? 0) / (data.runs.length - 1)) * (PLOT_X1 - PLOT_X0));
  const body: string[] = [];
  data.models.forEach((series, i) => {
    const y0 = TOP + i * ROW_H;
    const y = linearScale(0, 1, [y0 + ROW_H - 16, y0 + 10], { nice: false });
    const points = series.points.filter((p) => column.has(p.run));
    const out: string[] = [`<g class="row${series.likelyModelDrift ? ' drift' : ''}" data-model="${h(series.model)}" data-points="${points.length}">`];
    out.push(`<text class="row-label" x="${LABEL_W}" y="${px(y0 + ROW_H / 2 + 4)}" text-anchor="end">${h(fit(series.model, 22))}<title>${h(series.model)}</title></text>`);
    for (const level of [0, 0.5, 1]) out.push(`<line class="grid" x1="${PLOT_X0}" x2="${PLOT_X1}" y1="${px(y(level))}" y2="${px(y(level))}"/><text class="tick" x="${PLOT_X0 - 4}" y="${px(y(level) + 3)}" text-anchor="end">${level * 100}%</text>`);
    const base = options.baseline?.passRate?.[series.model];
    if (base !== undefined) out.push(`<line class="baseline-level" data-value="${base}" x1="${PLOT_X0}" x2="${PLOT_X1}" y1="${px(y(base))}" y2="${px(y(base))}"><title>baseline ${percent(base)}</title></line>`);
    const decided = points.filter((p) => p.rate !== null);
    if (decided.length > 1) out.push(`<polyline class="trend-line" points="${decided.map((p) => `${px(x(p.run))},${px(y(p.rate!))}`).join(' ')}"/>`);
    points.forEach((p, index) => {
      const newest = index === points.length - 1;
      const cy = p.rate === null ? y(0) : y(p.rate);
      const tip = `${p.run}${p.commit ? ` · commit ${p.commit.slice(0, 12)}` : ''}: ${p.rate === null ? 'nothing decided' : `${p.passed}/${p.decided} passed (${percent(p.rate)})`}`;
      const dot = `<circle class="point${p.rate === null ? ' undecided' : ''}${newest ? ' newest' : ''}" data-rate="${p.rate ?? ''}" cx="${px(x(p.run))}" cy="${px(cy)}" r="${newest ? 4 : 3}"><title>${h(tip)}</title></circle>`;
      const url = safeUrl(p.runUrl);
      out.push(url ? `<a class="run-link" href="${h(url)}" target="_blank" rel="noopener noreferrer">${dot}</a>` : dot);
    });
    const last = points[points.length - 1];
    if (series.likelyModelDrift && last) out.push(`<text class="drift-flag" x="${px(x(last.run) + 7)}" y="${px((last.rate === null ? y(0) : y(last.rate)) - 6)}">⚑ drift<title>likely model drift: the pass rate dropped with the same tools and server version</title></text>`);
    const latest = [...points].reverse().find((p) => p.rate !== null);
    out.push(`<text class="row-stats" x="${PLOT_X1 + 16}" y="${px(y0 + ROW_H / 2 + 4)}">${latest ? `${percent(latest.rate!)} now` : '–'}${arrow(series.direction)}${base !== undefined ? ` · baseline ${percent(base)}` : ''}</text>`);
    out.push('</g>');
    body.push(out.join(''));
  });
  const axisY = TOP + data.models.length * ROW_H;
  body.push(
    `<g class="axis x-axis"><line class="domain" x1="${PLOT_X0}" x2="${PLOT_X1}" y1="${axisY}" y2="${axisY}"/><text class="tick" x="${PLOT_X0}" y="${axisY + 14}" text-anchor="start">${h(day(data.runs[0]))}</text>${data.runs.length > 1 ? `<text class="tick" x="${PLOT_X1}" y="${axisY + 14}" text-anchor="end">${h(day(data.runs[data.runs.length - 1]))}</text>` : ''}<text class="axis-label" x="${px((PLOT_X0 + PLOT_X1) / 2)}" y="${axisY + 30}" text-anchor="middle">runs, oldest to newest (last ${data.runs.length}); pass rate = passed / decided runs over all cases</text></g>`,
  );
  const drifting = data.models.filter((s) => s.likelyModelDrift).map((s) => s.model);
  const description = `Pass rate per model over the last ${data.runs.length} runs.${drifting.length > 0 ? ` Likely model drift: ${drifting.join(', ')}.` : ''}`;
  const table = dataTable(
    ['model', 'runs', 'pass rates, oldest first', 'baseline', 'trend'],
    data.models.map((s) => [
      h(s.model),
      { num: String(s.points.length) },
      h(s.points.map((p) => (p.rate === null ? '–' : `${p.passed}/${p.decided}`)).join(' ')),
      { num: options.baseline?.passRate?.[s.model] === undefined ? '–' : percent(options.baseline.passRate[s.model]) },
      h(`${s.direction}${s.likelyModelDrift ? ', likely model drift' : ''}`),
    ]),
  );
  const legend = [
    'Each point is one run from history.jsonl (this run is the newest); points link to their CI run when the history recorded it.',
    options.baseline?.passRate ? '<span class="mark-key baseline">- - baseline</span>' : '',
    drifting.length > 0 ? '<span class="mark-key drift">⚑ likely model drift</span>: a drop with the same tools and server version.' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return chartFigure({ id: options.id, kind: 'trend', title: 'Pass rate over time, per model', description, width: WIDTH, height: axisY + AXIS_H, body: body.join(''), table, legend });
}

const SPARK_W = 132;
const SPARK_H = 26;

/** A case × model sparkline (inline SVG, its trend text as the accessible name), or '' with no point. */
export function renderSparkline(t: Trend, baseline?: number): string {
  if (t.points.length === 0) return '';
  const n = t.points.length;
  const x = (i: number) => (n === 1 ? SPARK_W / 2 : 3 + (i / (n - 1)) * (SPARK_W - 6));
  const y = (rate: number) => SPARK_H - 3 - rate * (SPARK_H - 6);
  const rates = t.points.map((e) => (e.decided > 0 ? e.passed / e.decided : null));
  const parts: string[] = [];
  if (baseline !== undefined) parts.push(`<line class="baseline-level" x1="0" x2="${SPARK_W}" y1="${px(y(baseline))}" y2="${px(y(baseline))}"/>`);
  const line = rates.map((r, i) => (r === null ? '' : `${px(x(i))},${px(y(r))}`)).filter(Boolean);
  if (line.length > 1) parts.push(`<polyline class="trend-line" points="${line.join(' ')}"/>`);
  rates.forEach((r, i) => {
    if (r === null || (i !== n - 1 && r === rates[i - 1] && r === rates[i + 1])) return;
    parts.push(`<circle class="point${i === n - 1 ? ' newest' : ''}" cx="${px(x(i))}" cy="${px(y(r))}" r="${i === n - 1 ? 2.6 : 1.8}"/>`);
  });
  if (t.likelyModelDrift) parts.push(`<text class="drift-flag" x="${SPARK_W - 2}" y="9" text-anchor="end">⚑</text>`);
  const label = `${t.caseId} on ${t.model}: ${t.text}${baseline !== undefined ? `; baseline ${percent(baseline)}` : ''}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="sparkline${t.likelyModelDrift ? ' drift' : ''}" role="img" aria-label="${h(label)}" data-points="${n}" viewBox="0 0 ${SPARK_W} ${SPARK_H}" width="${SPARK_W}" height="${SPARK_H}"><title>${h(label)}</title>${parts.join('')}</svg>`;
}

/** Per case × model sparklines as a table (cases as rows, models as columns), or '' without trend data. */
export function renderCaseTrends(data: TrendData | undefined, options: { baseline?: ChartBaseline } = {}): string {
  if (!data || data.cases.length === 0) return '';
  const models = data.models.map((s) => s.model);
  const cases = [...new Set(data.cases.map((t) => t.caseId))];
  const byKey = new Map(data.cases.map((t) => [`${t.caseId}@${t.model}`, t]));
  const rows = cases.map((caseId) => {
    const cells = models.map((model) => {
      const t = byKey.get(`${caseId}@${model}`);
      if (!t) return '<td class="na">–</td>';
      return `<td class="spark${t.likelyModelDrift ? ' drift' : ''}" data-model="${h(model)}">${renderSparkline(t, options.baseline?.casePassRate?.[`${caseId}@${model}`])}<span class="spark-text">${h(latestText(t))}</span></td>`;
    });
    return `<tr data-case="${h(caseId)}"><th scope="row"><code>${h(caseId)}</code></th>${cells.join('')}</tr>`;
  });
  return `<details class="case-trends" data-chart="case-trends"><summary>Pass rate over time per case (${cases.length} case${cases.length === 1 ? '' : 's'} × ${models.length} model${models.length === 1 ? '' : 's'})</summary><table class="trends"><thead><tr><th>case</th>${models.map((m) => `<th>${h(m)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
}

/** The newest k/n with the direction and the drift note: `2/3 ↓ likely model drift` (the whole series is the sparkline's name). */
function latestText(t: Trend): string {
  const last = t.points[t.points.length - 1];
  const kn = last && last.decided > 0 ? `${last.passed}/${last.decided}` : '–';
  return `${kn}${arrow(t.direction)}${t.likelyModelDrift ? ' likely model drift' : t.direction === 'down' ? ' (server changed)' : ''}`;
}

function arrow(direction: string): string {
  return direction === 'down' ? ' ↓' : direction === 'up' ? ' ↑' : '';
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** `2026-08-01` of an ISO time (or the text itself). */
function day(run: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(run) ? run.slice(0, 16).replace('T', ' ') : run;
}

/** http(s) URLs only (a history file is user data). */
function safeUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

