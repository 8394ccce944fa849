/**
 * report.html in a real browser: Debian's Chromium, driven headless by playwright-core. The page
 * must render with no console error, no page error and no network request, and show the matrix
 * and the waterfalls. Without Chromium this test FAILS (it does not skip): .ci/run installs it.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportFiles } from '../../src/core/report/write.js';
import { CASES, MODELS, RUNS, makeFullReport, makeTraceLines } from '../report/html-fixture.js';

const CHROMIUM = process.env.MCP_EVALS_CHROMIUM ?? '/usr/bin/chromium';
/** A copy of the screenshot for people to look at. */
const SCREENSHOT_COPY = '/tmp/mcp-evals-report.png';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let root: string;
let fileUrl: string;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
const pageErrors: string[] = [];
const requests: string[] = [];
const dialogs: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: the report.html browser test needs it. Install it with \`apt-get install -y chromium\` (.ci/run does), or point MCP_EVALS_CHROMIUM at a Chromium binary.`);
  }
  root = await mkdtemp(join(tmpdir(), 'mcp-evals-html-'));
  const paths = await writeReportFiles(join(root, 'report'), makeFullReport(), { traces: makeTraceLines() });
  const html = paths.find((path) => path.endsWith('report.html'));
  expect(html).toBeDefined();
  fileUrl = pathToFileURL(html!).href;
  context = await chromium.launchPersistentContext(join(root, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    viewport: { width: 1400, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(fileUrl, { waitUntil: 'load' });
}, 60_000);

afterAll(async () => {
  await context?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('report.html in headless Chromium', () => {
  it('renders with no console error, no page error, no dialog and no request but the file itself', async () => {
    await page.waitForLoadState('load');
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(requests).toEqual([fileUrl]);
    // hostile text from tools and models stayed text
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('.final-answer').first().textContent()).toContain('<script>alert("pwned")</script>');
  });

  it('shows the conformance summary with the seven assertions', async () => {
    await expect.poll(() => page.locator('#conformance .headline').textContent()).toMatch(/MCP conformance \(2026-07-28, http\)/);
    expect(await page.locator('#conformance li.assertion').count()).toBe(7);
    expect(await page.locator('table.findings tbody tr').count()).toBeGreaterThan(0);
  });

  it('has the cross-model matrix: one row per case, one column per model, k/n in each cell', async () => {
    const matrix = page.locator('table.matrix');
    expect(await matrix.locator('thead th.model').allTextContents()).toEqual([...MODELS]);
    const rows = matrix.locator('tbody tr');
    expect(await rows.count()).toBe(CASES.length);
    const cells: Record<string, string[]> = {};
    for (let i = 0; i < CASES.length; i += 1) {
      const row = rows.nth(i);
      const id = (await row.getAttribute('data-case'))!;
      cells[id] = await row.locator('td.cell .kn').allTextContents();
      expect(await row.locator('td.cell').count()).toBe(MODELS.length);
    }
    expect(cells).toEqual({ 'weather-basic': ['3/3', '3/3'], 'invoice-chain': ['2/3', '3/3'], 'loop-case': ['0/3', '3/3'] });
    // colored by floor, with the flaky marker
    const loop = matrix.locator('tr[data-case="loop-case"] td.cell');
    expect(await loop.nth(0).getAttribute('class')).toContain('fail');
    expect(await loop.nth(1).getAttribute('class')).toContain('pass');
    const invoice = matrix.locator('tr[data-case="invoice-chain"] td.cell').nth(0);
    expect(await invoice.getAttribute('class')).toContain('fail');
    expect(await invoice.locator('.badge.flaky').count()).toBe(1);
    expect(await matrix.locator('.badge.flaky').count()).toBe(1);
    const colors = await loop.evaluateAll((tds) => tds.map((td) => getComputedStyle(td).backgroundColor));
    expect(colors[0]).not.toBe(colors[1]);
  });

  it('groups runs under case × model, collapsed, failing first; a matrix cell opens its group', async () => {
    const groups = page.locator('details.group');
    expect(await groups.count()).toBe(CASES.length * MODELS.length);
    expect(await groups.evaluateAll((all) => all.filter((d) => (d as HTMLDetailsElement).open).length)).toBe(0);
    const first = await groups.nth(0).getAttribute('data-case');
    expect(['loop-case', 'invoice-chain']).toContain(first);
    await page.locator('tr[data-case="loop-case"] td.cell').nth(0).locator('a').click();
    const loopGroup = page.locator('details.group[data-case="loop-case"][data-model="gpt-a"]');
    await expect.poll(() => loopGroup.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await loopGroup.locator('.run').count()).toBe(RUNS);
  });

  it('draws the looped run as an agent bar, three tool bars and max_steps', async () => {
    const run = page.locator('details.group[data-case="loop-case"][data-model="gpt-a"] .run[data-stop="max_steps"]').first();
    await expect.poll(() => run.isVisible()).toBe(true);
    expect(await run.locator('.wf-row.agent .wf-bar').count()).toBe(1);
    expect(await run.locator('.wf-row.model .wf-bar').count()).toBe(3);
    const toolBars = run.locator('.wf-row.tool .wf-bar');
    expect(await toolBars.count()).toBe(3);
    const boxes = await toolBars.evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect()).map((r) => ({ x: r.x, width: r.width, height: r.height })));
    // visible bars, left to right in time
    expect(boxes.every((b) => b.width >= 2 && b.height > 0)).toBe(true);
    expect(boxes[0].x).toBeLessThan(boxes[1].x);
    expect(boxes[1].x).toBeLessThan(boxes[2].x);
    const agentBox = await run.locator('.wf-row.agent .wf-bar').boundingBox();
    expect(agentBox!.width).toBeGreaterThan(boxes[0].width * 5);
    expect(await run.locator('.wf-stop').textContent()).toContain('max_steps');
    expect(await run.locator('.noanswer').textContent()).toContain('max_steps after 3 tool calls');
    expect(await run.locator('.seq').textContent()).toMatch(/model→get_weather→model→get_weather→model→get_weather→■ max_steps/);
    // the fault of the first looped run is marked on its bar and in the row
    expect(await page.locator('details.group[data-case="loop-case"][data-model="gpt-a"] .wf-bar.faulted').count()).toBe(1);
    expect(await page.locator('details.group[data-case="loop-case"][data-model="gpt-a"] .badge.fault').first().textContent()).toContain('timeout after 5000 ms');
  });

  it('expand all / only failing work', async () => {
    await page.locator('#expand-all').click();
    expect(await page.locator('details.group').evaluateAll((all) => all.every((d) => (d as HTMLDetailsElement).open))).toBe(true);
    await page.locator('#only-failing').check();
    const visibleRuns = await page.locator('.run').evaluateAll((runs) => runs.filter((r) => (r as HTMLElement).offsetParent !== null).map((r) => r.className));
    expect(visibleRuns.length).toBe(4); // 3 looped + 1 failed invoice run
    expect(visibleRuns.every((name) => name.includes('failed'))).toBe(true);
    await page.locator('#only-failing').uncheck();
  });

  it('takes a full-page screenshot (a non-empty PNG)', async () => {
    await page.locator('#collapse-all').click();
    await page.locator('tr[data-case="loop-case"] td.cell').nth(0).locator('a').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const shot = join(root, 'report.png');
    await page.screenshot({ path: shot, fullPage: true });
    const bytes = await readFile(shot);
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect((await stat(shot)).size).toBeGreaterThan(10_000);
    await copyFile(shot, SCREENSHOT_COPY);
    // nothing above made a request or an error either
    expect(requests).toEqual([fileUrl]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
