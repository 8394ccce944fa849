#!/usr/bin/env node
// Benchmark (not a test): how long report.html takes to render, and to open in Chromium, for a big
// suite, and how big it is. Side by side with a peer: JSON.stringify of the same traces (what
// writing traces.jsonl costs anyway), as a ratio.
//
//   npm run bench:report-html          (builds, then runs this with the defaults)
//   node bench/report-html.mjs [--cases N] [--models N] [--runs N] [--history N] [--iterations N]
//
//   --cases 30 --models 5 --runs 5     the suite (750 runs by default)
//   --history 30                       earlier runs in history.jsonl (the trend charts)
//   --iterations 5                     timed renders (after one warm-up); the median is printed
//
// What runs: the BUILT library (lib/): renderHtmlReport with every chart (history and an accepted
// baseline given), then the page opened in headless Chromium (MCP_EVALS_CHROMIUM, default
// /usr/bin/chromium) until `load`, when Chromium is there. Targets: render < 1 s, page < 2 MB.

import { existsSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LIB = join(ROOT, 'lib');
const CHROMIUM = process.env.MCP_EVALS_CHROMIUM ?? '/usr/bin/chromium';
const TWO_MB = 2 * 1024 * 1024;

const { values } = parseArgs({ options: { cases: { type: 'string', default: '30' }, models: { type: 'string', default: '5' }, runs: { type: 'string', default: '5' }, history: { type: 'string', default: '30' }, iterations: { type: 'string', default: '5' } } });
const [cases, models, runs, historyRuns, iterations] = ['cases', 'models', 'runs', 'history', 'iterations'].map((name) => Number(values[name]));

if (!existsSync(join(LIB, 'core', 'report', 'html.js'))) {
  console.error('bench/report-html.mjs needs the built library: run `npm run build` first (or `npm run bench:report-html`).');
  process.exit(1);
}
const { renderHtmlReport } = await import(pathToFileURL(join(LIB, 'core', 'report', 'html.js')).href);
const { renderCharts, chartBaselineFrom } = await import(pathToFileURL(join(LIB, 'core', 'report', 'charts', 'index.js')).href);
const { telemetrySection } = await import(pathToFileURL(join(LIB, 'core', 'telemetry', 'summary.js')).href);
const { baselineFromReport } = await import(pathToFileURL(join(LIB, 'core', 'gate', 'baseline.js')).href);

// ---- a suite: every case calls one or two tools, some runs loop to max_steps ----------------------
let k = 0;
const hex = (n, width) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
function trace(caseId, model, repeat, loop) {
  const spans = [];
  let t = 0;
  const agentId = hex(++k, 16);
  const steps = loop ? 3 : 2;
  for (let s = 0; s < steps; s += 1) {
    const modelMs = 80 + ((k * 104729 + s) % 400);
    spans.push({ spanId: hex(++k, 16), parentSpanId: agentId, kind: 'model', name: model, startMs: t, durationMs: modelMs, attributes: { model, inputTokens: 300 + (k % 9) * 20, outputTokens: 20 + (k % 5) * 6, costUsd: model.endsWith('5') ? undefined : 0.0004, toolCalls: ['get_weather'] } });
    t += modelMs;
    if (s < steps - 1 || loop) {
      const toolMs = 5 + ((k * 7919) % 160) + (k % 41 === 0 ? 1200 : 0);
      spans.push({ spanId: hex(++k, 16), parentSpanId: agentId, kind: 'tool', name: s % 2 ? 'search_invoices' : 'get_weather', startMs: t, durationMs: toolMs, attributes: { arguments: { location: 'Berlin' }, result: '{"temperature":14,"conditions":"partly cloudy"}' } });
      t += toolMs;
    }
  }
  spans.unshift({ spanId: agentId, kind: 'agent', name: 'agent', startMs: 0, durationMs: t, attributes: { caseId, repeat } });
  const pricedOut = model.endsWith('5');
  return { traceId: hex(++k, 32), caseId, model, repeat, startedAt: '2026-08-01T12:00:00.000Z', durationMs: t, spans, toolCalls: [], finalAnswer: loop ? '' : 'It is 14°C in Berlin.', stopReason: loop ? 'max_steps' : 'answer', steps, usage: { inputTokens: 900, outputTokens: 90 }, costUsd: pricedOut ? null : 0.0012 };
}

const modelIds = Array.from({ length: models }, (_, i) => `model-${i + 1}`);
const traces = [];
const results = [];
for (let c = 0; c < cases; c += 1) {
  const caseId = `case-${String(c + 1).padStart(2, '0')}`;
  for (const model of modelIds) {
    let passed = 0;
    for (let repeat = 0; repeat < runs; repeat += 1) {
      const loop = (c + repeat) % 4 === 0;
      if (!loop) passed += 1;
      traces.push({ caseId, model, kind: 'soft', repeat, trace: trace(caseId, model, repeat, loop), scores: [{ scorer: 'final_answer', passed: !loop, reason: loop ? 'no final answer' : 'contains 14' }], passed: !loop, negative: false, cached: false, outcome: 'scored' });
    }
    results.push({ id: caseId, model, kind: 'soft', location: { file: 'tasks.yaml', line: 1 + c * 6, column: 3 }, runs, passed, failed: runs - passed, abstained: 0, errored: 0, notRun: 0, passRate: passed / runs, floor: 0.6, meetsFloor: passed / runs >= 0.6, flaky: passed > 0 && passed < runs, passHatK: (passed / runs) ** runs, scorers: {}, traceIds: [], cachedRuns: 0 });
  }
}
const report = {
  schemaVersion: 1,
  header: { tool: { name: 'mcp-evals', version: 'bench' }, specRevision: '2026-07-28', protocolEra: '2026-07-28', server: { name: 'bench', version: '1.0.0', transport: 'stdio', target: 'node server.mjs' }, node: process.version, platform: process.platform, startedAt: '2026-08-01T12:00:00.000Z', durationMs: 1 },
  behaviour: {
    golden: { file: 'tasks.yaml', hash: 'h', cases },
    tools: { hash: 't', names: ['get_weather', 'search_invoices'] },
    protocolEra: '2026-07-28',
    runsPerCase: runs,
    floors: { hard: 1, soft: 0.6 },
    models: modelIds.map((id) => ({ id, provider: 'openai', model: id, endpoint: 'http://127.0.0.1:1/v1', temperature: 0, maxTokens: 512, maxSteps: 3 })),
    results,
    metrics: { overall: {}, perModel: {}, perTier: {} },
    modelCalls: 0,
    costUsd: null,
    cachedRuns: 0,
    executedRuns: traces.length,
    durationMs: 1,
  },
};
report.telemetry = telemetrySection(traces);
const history = [];
for (let i = 0; i < historyRuns; i += 1) {
  const at = new Date(Date.UTC(2026, 6, 1, i)).toISOString();
  for (const r of results) history.push({ at, reportStartedAt: at, caseId: r.id, model: r.model, passed: r.passed, decided: runs, passRate: r.passRate, toolsHash: 't', serverVersion: '1.0.0' });
}
const baseline = chartBaselineFrom(baselineFromReport(report, { acceptedAt: new Date('2026-07-01T00:00:00Z') }));

// ---- timing -------------------------------------------------------------------------------------
function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
function time(fn) {
  fn();
  const samples = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
let html = '';
const pageMs = time(() => (html = renderHtmlReport(report, traces, { history, baseline })));
const chartsMs = time(() => renderCharts({ report, traces, history, baseline }));
const jsonMs = time(() => traces.map((line) => JSON.stringify(line)).join('\n'));
const bytes = Buffer.byteLength(html);

let loadMs = null;
if (existsSync(CHROMIUM)) {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-evals-bench-html-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' }); // warm-up
    const samples = [];
    for (let i = 0; i < Math.min(iterations, 3); i += 1) {
      const start = performance.now();
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      samples.push(performance.now() - start);
    }
    loadMs = median(samples);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const row = (name, value, note = '') => console.log(`${name.padEnd(40)} ${String(value).padStart(12)}  ${note}`);
console.log(`report.html for ${cases} cases × ${models} models × ${runs} runs (${traces.length} runs), history of ${historyRuns} runs; median of ${iterations}`);
row('render the page (ms)', pageMs.toFixed(1), pageMs < 1000 ? 'target < 1000 ✓' : 'target < 1000 ✗');
row('  of which the charts (ms)', chartsMs.toFixed(1), `${((chartsMs / pageMs) * 100).toFixed(0)}% of the page`);
row('peer: JSON.stringify of the traces (ms)', jsonMs.toFixed(1), `page / peer = ${(pageMs / jsonMs).toFixed(2)}×`);
row('page size (bytes)', bytes, bytes < TWO_MB ? 'target < 2 MB ✓' : 'target < 2 MB ✗');
row('Chromium: open to load + a frame (ms)', loadMs === null ? 'n/a' : loadMs.toFixed(0), loadMs === null ? `no Chromium at ${CHROMIUM}` : '');
