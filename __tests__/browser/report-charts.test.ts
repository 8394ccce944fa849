/**
 * report.html's charts in a real browser (Debian's Chromium, headless, driven by playwright-core):
 * each chart is there when its data is and absent when not, its marks sit where the data puts
 * them (dot counts, the p95 mark against the percentile through the axis scale), nothing is
 * requested and nothing logs an error, in light, dark and print. Screenshots are compared by
 * structure (sizes, bounding boxes), not pixels. Without Chromium this test FAILS (it does not skip).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartBaselineFrom, latencySamples } from '../../src/core/report/charts/data.js';
import { conformanceGrid } from '../../src/core/report/charts/conformance-grid.js';
import { sharedLatencyScale } from '../../src/core/report/charts/latency.js';
import { renderHtmlReport } from '../../src/core/report/html.js';
import { distribution } from '../../src/core/stats/percentiles.js';
import { HISTORY_RUNS, makeBaseline, makeChartReport, makeChartTraces, makeHistory } from '../report/charts-fixture.js';
import { makeReport } from '../report/fixture.js';

const CHROMIUM = process.env.MCP_EVALS_CHROMIUM ?? '/usr/bin/chromium';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHARTS = ['conformance-grid', 'trend', 'latency-tools', 'latency-models', 'cost'] as const;

let root: string;
let browser: Browser;
let page: Page;
let fullUrl: string;
let bareUrl: string;
const consoleErrors: string[] = [];
const pageErrors: string[] = [];
const requests: string[] = [];

const traces = makeChartTraces();
const report = makeChartReport(traces);
const baseline = chartBaselineFrom(makeBaseline());

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\`, or point MCP_EVALS_CHROMIUM at a Chromium binary.`);
  root = await mkdtemp(join(tmpdir(), 'mcp-evals-charts-'));
  await writeFile(join(root, 'full.html'), renderHtmlReport(report, traces, { history: makeHistory(), baseline }));
  await writeFile(join(root, 'bare.html'), renderHtmlReport(makeReport(), []));
  fullUrl = pathToFileURL(join(root, 'full.html')).href;
  bareUrl = pathToFileURL(join(root, 'bare.html')).href;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(fullUrl, { waitUntil: 'load' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** A mark's x in the SVG's own units, from where the browser drew it. */
async function drawnX(selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((el) => {
    const svg = (el as SVGElement).ownerSVGElement!;
    const box = el.getBoundingClientRect();
    const frame = svg.getBoundingClientRect();
    return ((box.x + box.width / 2 - frame.x) * svg.viewBox.baseVal.width) / frame.width;
  });
}

describe('report.html charts in headless Chromium', () => {
  it('draws every chart as an accessible image, with no console error and no request', async () => {
    for (const kind of CHARTS) {
      const figure = page.locator(`figure.chart[data-chart="${kind}"]`);
      expect(await figure.count(), kind).toBe(1);
      const svg = figure.locator('svg[role="img"]');
      const labelled = await svg.evaluate((el) => {
        const title = document.getElementById(el.getAttribute('aria-labelledby')!);
        const desc = document.getElementById(el.getAttribute('aria-describedby')!);
        return { title: title?.tagName, titleText: title?.textContent, desc: desc?.tagName, descText: desc?.textContent };
      });
      expect(labelled.title).toBe('title');
      expect(labelled.desc).toBe('desc');
      expect(labelled.titleText!.length).toBeGreaterThan(5);
      expect(labelled.descText!.length).toBeGreaterThan(20);
      // its table for screen readers, with a row per row of the chart at least
      expect(await figure.locator('details.chart-data table tbody tr').count()).toBeGreaterThan(0);
    }
    expect(await page.locator('details.case-trends svg.sparkline[role="img"]').count()).toBe(report.behaviour!.results.length);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(requests).toEqual([fullUrl]);
  });

  it('latency: one dot per call, and p50 / p95 / p99 drawn where the axis puts the percentiles', async () => {
    const { tools, models } = latencySamples(traces);
    // the axis spans the baseline's p95 marks too
    const toolRows = [...tools].map(([name, samples]) => ({ name, samples, baselineP95: baseline.toolP95Ms?.[name] }));
    const modelRows = [...models].map(([name, samples]) => ({ name, samples, baselineP95: baseline.modelP95Ms?.[name] }));
    const scale = sharedLatencyScale([toolRows, modelRows])!;
    for (const [kind, rows] of [['latency-tools', toolRows], ['latency-models', modelRows]] as const) {
      const chart = `figure[data-chart="${kind}"]`;
      expect(await page.locator(`${chart} g.row`).count()).toBe(rows.length);
      for (const row of rows) {
        const g = `${chart} g.row[data-row="${row.name}"]`;
        expect(await page.locator(`${g} circle.dot`).count(), row.name).toBe(row.samples.length);
        const d = distribution(row.samples.map((s) => s.ms));
        for (const mark of ['p50', 'p95', 'p99'] as const) {
          expect(Number(await page.locator(`${g} line.mark.${mark}`).getAttribute('data-value'))).toBe(d[mark]);
          expect(Math.abs((await drawnX(`${g} line.mark.${mark}`)) - scale(d[mark]!)), `${row.name} ${mark}`).toBeLessThan(1);
        }
        // every call slower than p95, and only those, is a linked outlier with a tooltip
        const slow = row.samples.filter((s) => s.ms > d.p95!).length;
        expect(await page.locator(`${g} circle.dot.slow`).count()).toBe(slow);
        expect(await page.locator(`${g} a.outlier circle title`).count()).toBe(slow);
      }
    }
    // both charts share one axis: the same tick labels
    const ticks = (kind: string) => page.locator(`figure[data-chart="${kind}"] .x-axis text.tick`).allTextContents();
    expect(await ticks('latency-tools')).toEqual(await ticks('latency-models'));
  });

  it("highlights the tool whose p95 regressed against the baseline's", async () => {
    const regressed = page.locator('figure[data-chart="latency-tools"] g.row.regressed');
    expect(await regressed.count()).toBe(1);
    expect(await regressed.getAttribute('data-row')).toBe('get_weather');
    const fills = await page.locator('figure[data-chart="latency-tools"] g.row').evaluateAll((rows) => rows.map((row) => (row.querySelector('.regressed-bg') ? getComputedStyle(row.querySelector('.regressed-bg')!).fill : null)));
    expect(fills.filter(Boolean)).toHaveLength(1);
    expect(fills.find(Boolean)).not.toBe(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    expect(await page.locator('figure[data-chart="latency-tools"] path.baseline-mark').count()).toBe(2); // search_invoices has no baseline p95
  });

  it('an outlier opens its run', async () => {
    const link = page.locator('figure[data-chart="latency-tools"] a.outlier').first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^#run-[0-9a-f]{32}$/);
    await link.locator('circle').click();
    const run = page.locator(href);
    await expect.poll(() => run.isVisible()).toBe(true);
    expect(await run.evaluate((el) => (el.closest('details.group') as HTMLDetailsElement).open)).toBe(true);
  });

  it('cost: bars for known costs, "unknown" (not zero) for the unpriced model, and the baseline marked', async () => {
    const cost = page.locator('figure[data-chart="cost"] g.panel[data-panel="cost"]');
    expect(await cost.locator('g.bar-row[data-model="gpt-a"] rect.bar').count()).toBe(1);
    expect(Number(await cost.locator('g.bar-row[data-model="gpt-a"] rect.bar').getAttribute('data-value'))).toBeCloseTo(report.telemetry!.perModel['gpt-a'].costPerRunUsd!, 12);
    const unknown = cost.locator('g.bar-row[data-model="claude-b"]');
    expect(await unknown.locator('rect.bar').count()).toBe(0);
    expect(await unknown.locator('rect.unknown').count()).toBe(1);
    expect(await unknown.locator('text').textContent()).toBe('unknown');
    expect((await unknown.locator('rect.unknown').boundingBox())!.width).toBeGreaterThan(20);
    expect(await cost.locator('line.baseline-mark').count()).toBe(1); // claude-b's baseline cost is unknown too
    expect(await page.locator('figure[data-chart="cost"] line.baseline-mark').count()).toBe(5);
  });

  it('trend: a point per run, this run last, the baseline level, a drift flag on gpt-a, links to CI runs', async () => {
    const trend = page.locator('figure[data-chart="trend"]');
    for (const model of ['gpt-a', 'claude-b']) expect(await trend.locator(`g.row[data-model="${model}"] circle.point`).count()).toBe(HISTORY_RUNS + 1);
    expect(await trend.locator('g.row.drift').getAttribute('data-model')).toBe('gpt-a');
    expect(await trend.locator('.drift-flag').count()).toBe(1);
    const links = trend.locator('a.run-link');
    expect(await links.count()).toBe(2 * Math.ceil(HISTORY_RUNS / 2));
    expect(await links.first().getAttribute('href')).toMatch(/^https:\/\/github\.com\/acme\/weather-mcp\/actions\/runs\/\d+$/);
    // the newest point is this run's: 5 of 9 decided runs passed on gpt-a
    const newest = trend.locator('g.row[data-model="gpt-a"] circle.point.newest');
    expect(Number(await newest.getAttribute('data-rate'))).toBeCloseTo(5 / 9, 12);
    const level = trend.locator('g.row[data-model="gpt-a"] line.baseline-level');
    expect(Number(await level.getAttribute('data-value'))).toBeCloseTo(8 / 9, 12);
    // the 100% grid line is above the baseline level, which is above the newest point
    const y = (el: import('playwright-core').Locator) => el.evaluate((node) => node.getBoundingClientRect().y);
    expect(await y(level)).toBeLessThan(await y(newest));
  });

  it('conformance grid: four cells per row, counts equal to the checks', async () => {
    const checks = report.conformance!.checks;
    const grid = conformanceGrid(checks);
    const figure = page.locator('figure[data-chart="conformance-grid"]');
    expect(await figure.locator('g.grid-row').count()).toBe(7 + grid.areas.length);
    expect(await figure.locator('g.cell').count()).toBe(4 * (7 + grid.areas.length));
    for (const row of [...grid.assertions, ...grid.areas]) {
      const counts = await figure.locator(`g.grid-row[data-row="${row.key}"] g.cell`).evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-count'))));
      expect(counts, row.key).toEqual([row.counts.pass, row.counts.warn, row.counts.fail, row.counts.skip]);
    }
  });

  it('screenshots: each chart is a picture of its own size, labels inside it, rows apart', async () => {
    for (const kind of CHARTS) {
      const svg = page.locator(`figure[data-chart="${kind}"] > svg`);
      await svg.scrollIntoViewIfNeeded();
      const shot = await svg.screenshot();
      expect(shot.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const box = (await svg.boundingBox())!;
      expect(Math.abs(shot.readUInt32BE(16) - box.width)).toBeLessThanOrEqual(1);
      expect(Math.abs(shot.readUInt32BE(20) - box.height)).toBeLessThanOrEqual(1);
      expect(shot.length).toBeGreaterThan(3000);
      const layout = await svg.evaluate((el) => {
        const frame = el.getBoundingClientRect();
        const texts = [...el.querySelectorAll('text')].map((t) => t.getBoundingClientRect()).filter((r) => r.width > 0);
        const outside = texts.filter((r) => r.left < frame.left - 1 || r.right > frame.right + 1 || r.top < frame.top - 1 || r.bottom > frame.bottom + 1).length;
        const labels = [...el.querySelectorAll('.row-label')].map((t) => t.getBoundingClientRect());
        let overlaps = 0;
        for (let i = 0; i < labels.length; i += 1) for (let j = i + 1; j < labels.length; j += 1) if (labels[i].left < labels[j].right && labels[j].left < labels[i].right && labels[i].top < labels[j].bottom - 1 && labels[j].top < labels[i].bottom - 1) overlaps += 1;
        return { texts: texts.length, outside, overlaps };
      });
      expect(layout.texts, kind).toBeGreaterThan(5);
      expect(layout.outside, `${kind}: labels outside the picture`).toBe(0);
      expect(layout.overlaps, `${kind}: row labels overlapping`).toBe(0);
    }
  });

  it('reads in the dark colour scheme and when printed', async () => {
    const colours = async () => page.locator('figure[data-chart="latency-tools"] .row-label').first().evaluate((el) => ({ text: getComputedStyle(el).fill, page: getComputedStyle(document.body).backgroundColor }));
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await colours();
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await colours();
    expect(dark.page).not.toBe(light.page);
    expect(dark.text).not.toBe(light.text);
    expect(dark.text).not.toBe(dark.page);
    await page.emulateMedia({ colorScheme: 'light', media: 'print' });
    expect(await page.locator('details.chart-data').first().isVisible()).toBe(false);
    expect(await page.locator('figure[data-chart="trend"] svg').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([fullUrl]);
  });

  it('draws no chart without its data: a conformance-only report has the grid and nothing else', async () => {
    await page.goto(bareUrl, { waitUntil: 'load' });
    expect(await page.locator('figure.chart').count()).toBe(1);
    expect(await page.locator('figure.chart').getAttribute('data-chart')).toBe('conformance-grid');
    expect(await page.locator('svg').count()).toBe(1);
    expect(await page.locator('.x-axis').count()).toBe(0);
    expect(await page.locator('#telemetry, #trend').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(requests).toEqual([fullUrl, bareUrl]);
  });
});
