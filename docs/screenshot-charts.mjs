#!/usr/bin/env node
// Makes docs/img/report-charts.png, the README's picture of report.html's charts, from real runs:
// the golden template's example server (golden-template/server/server.mjs, over stdio) evaluated
// by the BUILT CLI (lib/) against a scripted OpenAI-compatible model served by this script on
// 127.0.0.1, RUNS times with --history so the trend has points. Two model ids use the scripted
// endpoint: gpt-4.1-mini (it has a list price) and llama-local (no price: its cost is "unknown").
// In the last run llama-local skips the tool on half of the weather cases, with the server
// unchanged, so the trend flags likely model drift. The last run adds layer 0 (conformance).
//
//   npm run docs:screenshot          (builds, then runs this)
//   node docs/screenshot-charts.mjs [--runs N] [--out FILE] [--keep]
//
// Needs Chromium (MCP_EVALS_CHROMIUM, default /usr/bin/chromium) and playwright-core (a dev dependency).

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'golden-template', 'server', 'server.mjs');
const CLI = join(ROOT, 'bin', 'mcp-evals.js');
const CHROMIUM = process.env.MCP_EVALS_CHROMIUM ?? '/usr/bin/chromium';
const KEY = 'sk-screenshot-not-a-real-key';
const CITIES = ['Berlin', 'Tokyo', 'Paris', 'Lisbon'];
const CUSTOMERS = ['Globex', 'Initech'];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '8' }, out: { type: 'string', default: join(ROOT, 'docs', 'img', 'report-charts.png') }, keep: { type: 'boolean', default: false } } });
const runs = Number(values.runs);

/** A deterministic spread of latencies (ms) from a counter: mostly 30–150, now and then a slow one. */
let calls = 0;
function latency() {
  calls += 1;
  return 30 + ((calls * 7919) % 120) + (calls % 23 === 0 ? 450 : 0);
}

/** The built CLI in a child process, with only the environment it needs: its exit status and output. */
function cli(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, SCREENSHOT_KEY: KEY } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

let degrade = false;
const model = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const messages = body.messages ?? [];
    const prompt = String(messages.find((m) => m.role === 'user')?.content ?? '');
    const tool = messages.filter((m) => m.role === 'tool').at(-1);
    const city = /weather in (.+?) right now/.exec(prompt)?.[1];
    const customer = /invoices we have for (.+?)\./.exec(prompt)?.[1];
    let message;
    if (tool) message = { role: 'assistant', content: `Here is what I found: ${String(tool.content).slice(0, 300)}` };
    else if (city && degrade && body.model === 'llama3.1' && CITIES.indexOf(city) % 2 === 0) message = { role: 'assistant', content: `It is probably sunny in ${city}.` };
    else {
      const [name, args] = city ? ['get_weather', { location: city }] : ['search_invoices', { customer: customer ?? 'Globex' }];
      message = { role: 'assistant', content: null, tool_calls: [{ id: `call_${calls}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }] };
    }
    const payload = {
      id: `chatcmpl-${calls}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: String(body.model),
      choices: [{ index: 0, message, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
      usage: { prompt_tokens: 180 + (calls % 7) * 40, completion_tokens: 12 + (calls % 5) * 9, total_tokens: 0 },
    };
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    }, latency());
  });
});
await new Promise((resolve) => model.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${model.address().port}/v1`;

const dir = mkdtempSync(join(tmpdir(), 'mcp-evals-screenshot-'));
try {
  const tasks = [
    ...CITIES.map((c) => `- id: weather-${c.toLowerCase()}\n  prompt: "What's the weather in ${c} right now?"\n  tier: basic\n  kind: hard\n  expect_tool: get_weather\n  expect_args: {location: "${c}"}\n  arg_match: {location: fuzzy}\n`),
    ...CUSTOMERS.map((c) => `- id: invoices-${c.toLowerCase()}\n  prompt: "List all invoices we have for ${c}."\n  tier: basic\n  expect_tool: search_invoices\n  expect_args: {customer: "${c}"}\n  arg_match: {customer: fuzzy}\n`),
  ].join('\n');
  writeFileSync(join(dir, 'tasks.yaml'), tasks);
  const modelYaml = (id, name) => `  - provider: openai\n    id: ${id}\n    model: ${name}\n    endpoint: ${endpoint}\n    api_key_env: SCREENSHOT_KEY\n`;
  writeFileSync(
    join(dir, 'mcp-evals.yml'),
    `server:\n  command: ${JSON.stringify(`${process.execPath} ${SERVER}`)}\ngolden: tasks.yaml\nmodels:\n${modelYaml('gpt-4.1-mini', 'gpt-4.1-mini')}${modelYaml('llama-local', 'llama3.1')}runs: 3\nconcurrency: 4\nmax_steps: 4\ncache: {enabled: false}\n`,
  );
  const out = join(dir, 'report');
  for (let i = 0; i < runs; i += 1) {
    degrade = i === runs - 1;
    const layers = i === runs - 1 ? '0,1' : '1';
    // Not spawnSync: the scripted model answers from this process's event loop.
    const run = await cli(['run', '--config', join(dir, 'mcp-evals.yml'), '--layers', layers, '--history', join(dir, 'history.jsonl'), '--out', out, '--no-cache'], dir);
    if (run.status !== 0 && run.status !== 1) throw new Error(`run ${i + 1} exited ${run.status}: ${run.stderr || run.stdout}`);
    process.stdout.write(`run ${i + 1}/${runs} (layers ${layers}): exit ${run.status}\n`);
    if (process.env.DEBUG_SCREENSHOT) process.stdout.write(run.stdout + run.stderr);
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1040, height: 800 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(join(out, 'report.html')).href, { waitUntil: 'load' });
    // Only the charts: everything else in the page is hidden for the picture.
    await page.evaluate(() => {
      const keep = new Set(['chart-conformance', 'chart-trend', 'chart-latency-tools', 'chart-cost']);
      const figures = [...document.querySelectorAll('figure.chart')].filter((f) => keep.has(f.id));
      const holder = document.createElement('main');
      for (const figure of figures) {
        figure.querySelector('details.chart-data')?.remove();
        holder.appendChild(figure);
      }
      document.body.replaceChildren(holder);
    });
    mkdirSync(dirname(values.out), { recursive: true });
    await page.screenshot({ path: values.out, fullPage: true });
  } finally {
    await browser.close();
  }
  process.stdout.write(`wrote ${values.out}\n`);
} finally {
  model.close();
  if (values.keep) process.stdout.write(`kept ${dir}\n`);
  else rmSync(dir, { recursive: true, force: true });
}
