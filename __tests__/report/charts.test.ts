/**
 * The chart functions of report.html alone: scales, and each chart from a hand-made input to its
 * SVG string. The geometry as a browser draws it is checked in __tests__/browser/report-charts.test.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineFromReport, parseBaseline } from '../../src/core/gate/baseline.js';
import { gate } from '../../src/core/gate/compare.js';
import { renderHtmlReport } from '../../src/core/report/html.js';
import { renderPrComment } from '../../src/core/report/pr-comment.js';
import { writeReportFiles } from '../../src/core/report/write.js';
import { chartFigure, formatMs, linearScale, logScale } from '../../src/core/report/charts/axis.js';
import { conformanceGrid, renderConformanceGrid, requirementArea } from '../../src/core/report/charts/conformance-grid.js';
import { costRows, renderCostChart, type CostRow } from '../../src/core/report/charts/cost.js';
import { chartBaselineFrom, latencySamples, type LatencySample } from '../../src/core/report/charts/data.js';
import { renderCharts } from '../../src/core/report/charts/index.js';
import { MAX_POINTS_PER_ROW, p95Regressed, renderLatencyChart, sharedLatencyScale } from '../../src/core/report/charts/latency.js';
import { renderSparkline, renderTrendChart } from '../../src/core/report/charts/trend.js';
import { sparkLines, sparkText, trendData } from '../../src/core/report/charts/trend-series.js';
import { distribution } from '../../src/core/stats/percentiles.js';
import { telemetrySection } from '../../src/core/telemetry/summary.js';
import { makeBaseline, makeBigReport, makeChartReport, makeChartTraces, makeHistory, HISTORY_RUNS } from './charts-fixture.js';
import { makeReport } from './fixture.js';
import { MODELS, makeFullReport, makeTraceLines } from './html-fixture.js';

const count = (svg: string, pattern: RegExp) => (svg.match(new RegExp(pattern.source, 'g')) ?? []).length;
const attr = (svg: string, selector: RegExp, name: string) => [...svg.matchAll(new RegExp(`${selector.source}[^>]*?${name}="([^"]*)"`, 'g'))].map((m) => m[1]);

function samples(values: number[], model = 'gpt-a'): LatencySample[] {
  return values.map((ms, i) => ({ ms, caseId: `case-${i % 3}`, model, repeat: i % 5, traceId: `t${String(i).padStart(31, '0')}` }));
}

describe('scales', () => {
  it('a log scale maps its domain onto its range, monotonically, with ticks inside the domain', () => {
    const scale = logScale(3, 870, [100, 600]);
    expect(scale.domain).toEqual([2, 1000]);
    expect(scale(2)).toBe(100);
    expect(scale(1000)).toBe(600);
    expect(scale(20)).toBeCloseTo(100 + (500 * Math.log10(10)) / Math.log10(500), 6);
    expect(scale(1)).toBe(100); // clamped
    const ticks = scale.ticks();
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.every((t) => t >= 2 && t <= 1000)).toBe(true);
    expect([...ticks].sort((a, b) => a - b)).toEqual(ticks);
    for (let i = 1; i < ticks.length; i += 1) expect(scale(ticks[i])).toBeGreaterThan(scale(ticks[i - 1]));
  });

  it('a log scale survives one value, zeros and sub-millisecond values', () => {
    expect(logScale(40, 40, [0, 100]).domain[1]).toBeGreaterThan(40);
    const zero = logScale(0, 0, [0, 100]);
    expect(Number.isFinite(zero(0))).toBe(true);
    expect(logScale(0.02, 0.5, [0, 100]).domain).toEqual([0.02, 0.5]);
  });

  it('a linear scale starts at its minimum and ends at a 1-2-5 step', () => {
    const scale = linearScale(0, 0.00083, [10, 260]);
    expect(scale.domain).toEqual([0, 0.001]);
    expect(scale(0)).toBe(10);
    expect(scale(0.0005)).toBe(135);
    expect(scale.ticks()[0]).toBe(0);
  });

  it('formats durations with their unit', () => {
    expect([formatMs(0.25), formatMs(40), formatMs(1500), formatMs(120_000)]).toEqual(['0.25 ms', '40 ms', '1.5 s', '2 min']);
  });

  it('a figure is an accessible image with a title, a description and its data table', () => {
    const svg = chartFigure({ id: 'c1', kind: 'k', title: 'T <b>', description: 'D', width: 10, height: 10, body: '', table: '<table></table>' });
    expect(svg).toContain('role="img" aria-labelledby="c1-title" aria-describedby="c1-desc"');
    expect(svg).toContain('<title id="c1-title">T &lt;b&gt;</title><desc id="c1-desc">D</desc>');
    expect(svg).toContain('<details class="chart-data">');
  });
});

describe('latency chart', () => {
  const values = [12, 15, 18, 20, 21, 22, 25, 30, 31, 33, 35, 40, 41, 44, 50, 60, 75, 90, 140, 400];

  it('draws one dot per call and the p50 / p95 / p99 marks at the percentiles of stats/percentiles.ts', () => {
    const rows = [{ name: 'get_weather', samples: samples(values) }];
    const scale = sharedLatencyScale([rows])!;
    const svg = renderLatencyChart(rows, { id: 'lt', kind: 'latency-tools', title: 'Latency per tool', rowNoun: 'tool', scale });
    expect(count(svg, /<circle class="dot/)).toBe(values.length);
    const d = distribution(values);
    for (const name of ['p50', 'p95', 'p99'] as const) {
      const [value] = attr(svg, new RegExp(`<line class="mark ${name}"`), 'data-value').map(Number);
      expect(value).toBe(d[name]);
      const [x] = attr(svg, new RegExp(`<line class="mark ${name}"[^>]*?data-value="[^"]*"`), 'x1').map(Number);
      expect(x).toBeCloseTo(scale(d[name]!), 1);
    }
    // the calls slower than p95 link to their run, with a tooltip
    const slow = values.filter((v) => v > d.p95!);
    expect(count(svg, /<a class="outlier" href="#run-t0+\d+">/)).toBe(slow.length);
    expect(svg).toMatch(/<title>case-\d · gpt-a · run \d: 400 ms<\/title>/);
    expect(svg).toContain('duration per call (ms, log scale)');
  });

  it('is absent without a sample (no empty axes)', () => {
    expect(renderLatencyChart([], { id: 'x', kind: 'latency-tools', title: 't', rowNoun: 'tool' })).toBe('');
    expect(renderLatencyChart([{ name: 'a', samples: [] }], { id: 'x', kind: 'latency-tools', title: 't', rowNoun: 'tool' })).toBe('');
  });

  it('links an outlier only when its run is in the page', () => {
    const rows = [{ name: 't', samples: samples(values) }];
    const svg = renderLatencyChart(rows, { id: 'x', kind: 'latency-tools', title: 't', rowNoun: 'tool', anchors: new Set() });
    expect(count(svg, /<a class="outlier"/)).toBe(0);
    expect(count(svg, /<circle class="dot slow"/)).toBe(values.filter((v) => v > distribution(values).p95!).length);
  });

  it('highlights a row whose p95 rose more than 20% above the baseline, and only that row', () => {
    const rows = [
      { name: 'slow_tool', samples: samples(values), baselineP95: 50 },
      { name: 'steady_tool', samples: samples(values), baselineP95: distribution(values).p95! },
    ];
    const svg = renderLatencyChart(rows, { id: 'x', kind: 'latency-tools', title: 't', rowNoun: 'tool' });
    expect(count(svg, /<g class="row regressed"/)).toBe(1);
    expect(svg).toMatch(/<g class="row regressed" data-row="slow_tool"/);
    expect(count(svg, /<path class="baseline-mark"/)).toBe(2);
    expect(p95Regressed(100, 80)).toBe(true);
    expect(p95Regressed(96, 80)).toBe(false);
    expect(p95Regressed(1.5, 1)).toBe(false); // under a millisecond of difference
  });

  it('thins a huge row but keeps every call slower than p95', () => {
    const many = Array.from({ length: 5000 }, (_, i) => (i % 100) + 1);
    const svg = renderLatencyChart([{ name: 't', samples: samples(many) }], { id: 'x', kind: 'latency-tools', title: 't', rowNoun: 'tool' });
    expect(count(svg, /<circle class="dot/)).toBe(MAX_POINTS_PER_ROW);
    const p95 = distribution(many).p95!;
    expect(count(svg, /<circle class="dot slow"/)).toBe(many.filter((v) => v > p95).length);
  });

  it('escapes a hostile tool name', () => {
    const svg = renderLatencyChart([{ name: '<script>x</script>', samples: samples([1, 2]) }], { id: 'x', kind: 'latency-tools', title: 't', rowNoun: 'tool' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('takes tool calls that reached the server and model calls from the traces', () => {
    const { tools, models } = latencySamples(makeTraceLines());
    const telemetry = telemetrySection(makeTraceLines());
    expect([...tools.keys()].sort()).toEqual(Object.keys(telemetry.perTool).sort());
    for (const [name, list] of tools) expect(list.length).toBe(telemetry.perTool[name].calls);
    for (const [id, list] of models) expect(list.length).toBe(telemetry.perModel[id].calls);
  });
});

describe('cost chart', () => {
  const rows: CostRow[] = [
    { model: 'gpt-a', runs: 5, costPerRunUsd: 0.0012, inputTokensPerRun: 900, outputTokensPerRun: 120, baseline: { costPerRunUsd: 0.001 } },
    { model: 'local-llama', runs: 5, costPerRunUsd: null, inputTokensPerRun: 800, outputTokensPerRun: 100 },
  ];

  it('shows an unknown cost as "unknown", never as a bar of zero', () => {
    const svg = renderCostChart(rows, { id: 'cc' });
    expect(count(svg, /<rect class="unknown" data-value="unknown"/)).toBe(1);
    expect(svg).toContain('>unknown</text>');
    expect(attr(svg, /<rect class="bar cost"/, 'data-value')).toEqual(['0.0012']);
    expect(svg).not.toMatch(/<rect class="bar cost" data-value="0"/);
    expect(count(svg, /<rect class="bar input"/)).toBe(2);
    expect(count(svg, /<rect class="bar output"/)).toBe(2);
    expect(svg).toContain('Cost unknown (no price) for local-llama');
  });

  it("marks the baseline's value when there is one", () => {
    const svg = renderCostChart(rows, { id: 'cc' });
    expect(attr(svg, /<line class="baseline-mark"/, 'data-value')).toEqual(['0.001']);
  });

  it('is absent without a model that ran', () => {
    expect(renderCostChart([], { id: 'cc' })).toBe('');
    expect(costRows(undefined)).toEqual([]);
  });

  it('takes the telemetry per run, and the baseline it recorded', () => {
    const telemetry = telemetrySection(makeTraceLines());
    const baseline = chartBaselineFrom(makeBaseline());
    const built = costRows(telemetry, [...MODELS], baseline);
    expect(built.map((row) => row.model)).toEqual([...MODELS]);
    expect(built[0].costPerRunUsd).toBeCloseTo(telemetry.perModel['gpt-a'].costPerRunUsd!, 12);
    expect(built[0].inputTokensPerRun).toBe(telemetry.perModel['gpt-a'].tokens.inputTotal / telemetry.perModel['gpt-a'].runs);
    expect(built[0].baseline).toEqual({ costPerRunUsd: 0.0005, inputTokensPerRun: 250, outputTokensPerRun: 50 });
    expect(built[1].baseline?.costPerRunUsd).toBeNull();
  });
});

describe('pass rate over time', () => {
  const report = makeFullReport();

  it('has no data without a history, or with this run alone', () => {
    expect(trendData([], report)).toBeUndefined();
    expect(renderTrendChart(undefined, { id: 't' })).toBe('');
  });

  it('has one point per run per model (this run last), flags gpt-a drift, and draws the baseline level', () => {
    const data = trendData(makeHistory(), report)!;
    expect(data.runs.length).toBe(HISTORY_RUNS + 1);
    expect(data.runs[data.runs.length - 1]).toBe(report.header.startedAt);
    const gpt = data.models.find((s) => s.model === 'gpt-a')!;
    expect(gpt.points.length).toBe(HISTORY_RUNS + 1);
    expect(gpt.points[gpt.points.length - 1]).toMatchObject({ passed: 5, decided: 9 });
    expect(gpt.likelyModelDrift).toBe(true);
    expect(data.models.find((s) => s.model === 'claude-b')!.likelyModelDrift).toBe(false);
    const baseline = chartBaselineFrom(makeBaseline());
    const svg = renderTrendChart(data, { id: 't', baseline });
    expect(count(svg, /<circle class="point/)).toBe(2 * (HISTORY_RUNS + 1));
    expect(count(svg, /<text class="drift-flag"/)).toBe(1);
    expect(attr(svg, /<line class="baseline-level"/, 'data-value').map(Number)).toEqual([8 / 9, 1]);
    // points of runs with a URL link to them (every other history run); this run has none
    expect(count(svg, /<a class="run-link" href="https:\/\/github\.com\/acme\/weather-mcp\/actions\/runs\/\d+"/)).toBe(2 * Math.ceil(HISTORY_RUNS / 2));
  });

  it('keeps the last 30 runs', () => {
    const data = trendData(makeHistory(45), report)!;
    expect(data.runs.length).toBe(30);
    expect(data.models.every((s) => s.points.length === 30)).toBe(true);
  });

  it('does not call it drift when the server changed in the window', () => {
    const history = makeHistory(HISTORY_RUNS, { serverVersion: '1.2.2' });
    expect(trendData(history, report)!.models.find((s) => s.model === 'gpt-a')!.likelyModelDrift).toBe(false);
  });

  it('links only http(s) run URLs', () => {
    const history = makeHistory(3).map((entry) => ({ ...entry, runUrl: 'javascript:alert(1)' }));
    const svg = renderTrendChart(trendData(history, report), { id: 't' });
    expect(svg).not.toContain('javascript:');
    expect(svg).not.toContain('<a ');
  });

  it('draws a per case sparkline named by its trend text', () => {
    const data = trendData(makeHistory(), report)!;
    const loop = data.cases.find((t) => t.caseId === 'loop-case' && t.model === 'gpt-a')!;
    const svg = renderSparkline(loop, 1);
    expect(svg).toMatch(/role="img" aria-label="loop-case on gpt-a: 3\/3 .* 0\/3 ↓ likely model drift; baseline 100%"/);
    expect(svg).toContain('class="drift-flag"');
    expect(svg).toContain(`data-points="${HISTORY_RUNS + 1}"`);
  });

  it('writes one line of text sparkline per model', () => {
    expect(sparkText([0, 0.5, 1, null])).toBe('▁▅█·');
    const lines = sparkLines(trendData(makeHistory(4), report), (id) => id, { 'gpt-a': 8 / 9 });
    expect(lines).toEqual(['gpt-a `█▇██▅` 56% now, last 5 runs (baseline 89%) ↓ likely model drift', 'claude-b `█████` 100% now, last 5 runs']);
  });
});

describe('conformance grid', () => {
  it('counts each check per assertion and per requirement area', () => {
    const { checks } = makeReport().conformance!;
    const grid = conformanceGrid(checks);
    expect(grid.assertions).toHaveLength(7);
    for (const row of grid.areas) {
      const behind = checks.filter((c) => (c.requirements.length ? c.requirements.map(requirementArea) : ['other']).includes(row.key));
      expect(row.counts).toEqual({ pass: behind.filter((c) => c.status === 'pass').length, warn: behind.filter((c) => c.status === 'warn').length, fail: behind.filter((c) => c.status === 'fail').length, skip: behind.filter((c) => c.status === 'skip').length });
    }
    const svg = renderConformanceGrid(checks, { id: 'g' });
    expect(count(svg, /<g class="grid-row"/)).toBe(7 + grid.areas.length);
    expect(count(svg, /<g class="cell /)).toBe(4 * (7 + grid.areas.length));
    const total = (status: string) => attr(svg, new RegExp(`<g class="cell \\w+" data-status="${status}"`), 'data-count').reduce((n, v) => n + Number(v), 0);
    expect(total('fail')).toBe([...grid.assertions, ...grid.areas].reduce((n, row) => n + row.counts.fail, 0));
  });

  it('names the area of a requirement id', () => {
    expect(['HTTP-HDR-05', 'DISC-02', 'RT-1', 'TOOL-12a'].map(requirementArea)).toEqual(['HTTP-HDR', 'DISC', 'RT', 'TOOL']);
  });

  it('is absent without checks', () => {
    expect(renderConformanceGrid([], { id: 'g' })).toBe('');
  });
});

describe('renderCharts', () => {
  it('draws only the charts it has data for', () => {
    const conformanceOnly = renderCharts({ report: makeReport(), traces: [] });
    expect(conformanceOnly.conformance).not.toBe('');
    expect([conformanceOnly.trend, conformanceOnly.caseTrends, conformanceOnly.latencyTools, conformanceOnly.latencyModels, conformanceOnly.cost]).toEqual(['', '', '', '', '']);
    const full = renderCharts({ report: makeChartReport(), traces: makeChartTraces(), history: makeHistory(), baseline: chartBaselineFrom(makeBaseline()) });
    for (const svg of Object.values(full)) expect(svg).not.toBe('');
    // get_weather's p95 (40 ms) is far above the baseline's 12 ms
    expect(full.latencyTools).toMatch(/<g class="row regressed" data-row="get_weather"/);
    expect(count(full.latencyTools, /<g class="row regressed"/)).toBe(1);
  });
});

describe('the pass-rate trend as text, in the PR comment and summary.md', () => {
  it('adds one sparkline line per model to the PR comment when there is a history, none without', () => {
    const report = makeChartReport();
    const baseline = makeBaseline();
    const verdict = gate(report, baseline, { baselineSource: { kind: 'file', label: '.mcp-evals/baseline.json' }, now: new Date('2026-08-02T00:00:00Z') });
    const without = renderPrComment(report, verdict);
    expect(without).not.toContain('Pass rate over time');
    const body = renderPrComment(report, verdict, { history: makeHistory(4) });
    const block = body.slice(body.indexOf('#### Pass rate over time'));
    expect(block).toMatch(/^- gpt-a `█▇██▅` 56% now, last 5 runs \(baseline 89%\) ↓ likely model drift$/m);
    expect(block).toMatch(/^- claude-b `█████` 100% now, last 5 runs \(baseline 100%\)$/m);
  });

  it('writes the same lines into summary.md, and report.html gets the trend charts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-charts-'));
    try {
      await writeReportFiles(dir, makeChartReport(), { traces: makeChartTraces(), history: makeHistory(4), baseline: makeBaseline() });
      const summary = await readFile(join(dir, 'summary.md'), 'utf8');
      expect(summary).toContain('- gpt-a `█▇██▅` 56% now, last 5 runs (baseline 89%) ↓ likely model drift');
      const html = await readFile(join(dir, 'report.html'), 'utf8');
      for (const kind of ['conformance-grid', 'trend', 'case-trends', 'latency-tools', 'latency-models', 'cost']) expect(html).toContain(`data-chart="${kind}"`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the baseline records the telemetry the charts mark', () => {
  it('baseline accept keeps p95 per tool and model, cost and tokens per run, and the file validates', () => {
    const report = makeChartReport();
    const baseline = baselineFromReport(report, { acceptedAt: new Date('2026-08-02T00:00:00Z') });
    const t = report.telemetry!;
    expect(baseline.telemetry!.perTool.get_weather).toEqual({ p95Ms: t.perTool.get_weather.latencyMs.p95 });
    expect(baseline.telemetry!.perModel['gpt-a']).toEqual({
      p95Ms: t.perModel['gpt-a'].latencyMs.p95,
      costPerRunUsd: t.perModel['gpt-a'].costPerRunUsd,
      inputTokensPerRun: Math.round((t.perModel['gpt-a'].tokens.inputTotal / t.perModel['gpt-a'].runs) * 1000) / 1000,
      outputTokensPerRun: Math.round((t.perModel['gpt-a'].tokens.outputTotal / t.perModel['gpt-a'].runs) * 1000) / 1000,
    });
    expect(parseBaseline(JSON.stringify(baseline), 'baseline.json')).toEqual(baseline);
    expect(chartBaselineFrom(baseline).toolP95Ms).toEqual(Object.fromEntries(Object.entries(t.perTool).map(([name, tool]) => [name, tool.latencyMs.p95])));
    // a baseline without telemetry (accepted before it was recorded) still reads
    const { telemetry: _, ...old } = baseline;
    expect(chartBaselineFrom(parseBaseline(JSON.stringify(old), 'baseline.json')).toolP95Ms).toBeUndefined();
  });
});

describe('a big report', () => {
  it('30 cases × 5 models × 5 runs with a 30-run history: report.html stays under 2 MB with every chart', () => {
    const { report, traces, history } = makeBigReport();
    expect(traces).toHaveLength(30 * 5 * 5);
    const html = renderHtmlReport(report, traces, { history, baseline: chartBaselineFrom(baselineFromReport(report, { acceptedAt: new Date('2026-08-01T00:00:00Z') })) });
    expect(Buffer.byteLength(html)).toBeLessThan(2 * 1024 * 1024);
    for (const kind of ['conformance-grid', 'trend', 'case-trends', 'latency-tools', 'latency-models', 'cost']) expect(html).toContain(`data-chart="${kind}"`);
    expect(count(html, /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="sparkline/)).toBe(30 * 5);
  });
});

describe('the runs drawn in a big page', () => {
  it('stop at maxRunChars, failing runs first, and the page says so', () => {
    const { report, traces } = makeBigReport(6, 2, 5, 0);
    const page = renderHtmlReport(report, traces, { maxRunChars: 40_000 });
    const drawn = count(page, /<div class="run /);
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(traces.length);
    expect(page).toContain(`Showing ${drawn} of ${traces.length} runs (failing runs first); the page is capped at 40k characters of runs.`);
    // failing runs come first: no passed run is drawn while a failed one is left out
    const failed = traces.filter((t) => t.passed === false).length;
    expect(count(page, /<div class="run failed"/)).toBe(Math.min(drawn, failed));
  });
});
