#!/usr/bin/env node
// Benchmark (not a test): Layer 1 (behaviour) throughput. How close does runEvals get to the
// time the model calls themselves force, and what does a fully cached re-run cost?
//
//   npm run bench:behaviour              (builds, then runs this with the defaults)
//   node bench/behaviour.mjs [--latency-ms MS] [--concurrency C] [--cases N] [--repeats N]
//                            [--models N] [--iterations N] [--profile] [--strict] [--keep]
//
//   --latency-ms MS   fixed latency of every scripted model call (default 100)
//   --concurrency C   the config's `concurrency:` (default 8)
//   --cases N         golden cases (default 30); --repeats N runs per case (default 5);
//   --models N        model ids, all on the same scripted endpoint (default 3)
//   --iterations N    timed iterations, each in a fresh process with a fresh cache (default 1);
//                     with N > 1 the table has one column per iteration plus the median and spread
//   --profile         one extra, untimed iteration with a CPU profile of the harness (in-process
//                     inspector) and of the MCP server (node --cpu-prof), summarized by self time
//   --strict          exit 1 when the full run is above the target ratio (default: report only)
//   --keep            keep the temporary project folders (config, tasks, cache, profiles)
//
// What runs: the BUILT library (lib/, not src/) against the example server
// golden-template/server/server.mjs over stdio (started by the config's server.command, absolute
// path), with a scripted OpenAI-compatible model served by this script's parent process. Every
// case asks for the weather in one city: the model calls get_weather once, then answers with
// the tool's text, so every run makes exactly 2 model calls (30 × 5 × 3 × 2 = 900 by default).
//
// Processes: the parent is the scripted model server (it does nothing else while an iteration
// runs) and prints the table; each iteration is a child process running runEvals twice (full,
// then fully cached over the same cache folder), so its peak RSS is that iteration's alone.
//
// The ideal wall time is calls × latency / C: the model calls alone, C at a time, nothing else.
// Target: full-run wall ≤ 1.15 × ideal. The cached re-run must make 0 model calls (asserted:
// exit 1 otherwise). Exit codes: 0 ran (and, with --strict, met the target); 1 a check failed or
// the benchmark could not run; 2 bad flags.

import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import { basename, dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);
const EXAMPLE_SERVER = join(ROOT, 'golden-template', 'server', 'server.mjs');
const LIB = join(ROOT, 'lib');
const TARGET_RATIO = 1.15;
const KEY_ENV = 'MCP_EVALS_BENCH_MODEL_KEY';
const KEY = 'sk-bench-not-a-real-key-0123456789';
const CITIES = [
  'Berlin', 'Tokyo', 'Paris', 'London', 'Madrid', 'Rome', 'Vienna', 'Prague', 'Oslo', 'Lisbon',
  'Dublin', 'Warsaw', 'Athens', 'Helsinki', 'Stockholm', 'Copenhagen', 'Amsterdam', 'Brussels', 'Zurich', 'Budapest',
  'Toronto', 'Chicago', 'Denver', 'Seattle', 'Boston', 'Austin', 'Lima', 'Bogota', 'Santiago', 'Montevideo',
  'Nairobi', 'Cairo', 'Accra', 'Lagos', 'Dakar', 'Mumbai', 'Delhi', 'Seoul', 'Manila', 'Jakarta',
];

const now = () => performance.timeOrigin + performance.now(); // absolute ms, comparable across processes

class BenchError extends Error {}

// -------------------------------------------------------------------------------------------
// Options
// -------------------------------------------------------------------------------------------

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      'latency-ms': { type: 'string', default: '100' },
      concurrency: { type: 'string', default: '8' },
      cases: { type: 'string', default: '30' },
      repeats: { type: 'string', default: '5' },
      models: { type: 'string', default: '3' },
      iterations: { type: 'string', default: '1' },
      profile: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      // internal: this file run as one iteration (a child of the parent)
      worker: { type: 'string' },
    },
  });
  if (values.help) {
    const lines = readFileSync(SELF, 'utf8').split('\n').slice(1);
    console.log(lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).map((l) => l.slice(3)).join('\n'));
    process.exit(0);
  }
  const int = (name, min, max = Number.MAX_SAFE_INTEGER) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${values[name]}"`);
    return n;
  };
  return {
    latencyMs: int('latency-ms', 0, 60_000),
    concurrency: int('concurrency', 1, 256),
    cases: int('cases', 1, CITIES.length),
    repeats: int('repeats', 1, 100),
    models: int('models', 1, 20),
    iterations: int('iterations', 1, 50),
    profile: values.profile,
    strict: values.strict,
    keep: values.keep,
    worker: values.worker,
  };
}

class UsageError extends Error {}

// -------------------------------------------------------------------------------------------
// The scripted model (runs in the parent process)
// -------------------------------------------------------------------------------------------

/**
 * A minimal OpenAI Chat Completions server: POST /v1/chat/completions. A conversation with no
 * tool result yet gets a get_weather call for the city named in the user's prompt; one with a
 * tool result gets a final text quoting it. Every answer is sent `latencyMs` after the request
 * body arrived. Each call is recorded (arrival, answer time, turn, and for a second turn the gap
 * since the first turn's answer) so the parent can say where the harness spends its time.
 */
async function startScriptedModel(latencyMs) {
  let records = [];
  let toolIds = 0;
  const answeredAt = new Map(); // tool_call id → when the answer carrying it was sent
  const problems = [];

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const arrived = now();
      const route = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || (route !== '/v1/chat/completions' && route !== '/chat/completions')) {
        send(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        return;
      }
      const record = { arrived, answered: 0, turn: 0, gapMs: null };
      records.push(record);
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        problems.push('a request body that is not JSON');
        send(res, 400, { error: { message: 'not JSON', type: 'invalid_request_error' } });
        return;
      }
      if (req.headers.authorization !== `Bearer ${KEY}`) problems.push(`a request without the key (authorization: ${req.headers.authorization ? 'wrong' : 'missing'})`);
      const messages = Array.isArray(body.messages) ? body.messages : [];
      const prompt = String(messages.find((m) => m.role === 'user')?.content ?? '');
      const toolMessages = messages.filter((m) => m.role === 'tool');
      let message;
      let finish;
      if (toolMessages.length === 0) {
        const city = /weather in (.+?) right now/.exec(prompt)?.[1];
        if (!city) problems.push(`an unexpected prompt: ${prompt.slice(0, 80)}`);
        const id = `call_${++toolIds}`;
        message = { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ location: city ?? 'Berlin' }) } }] };
        finish = 'tool_calls';
        record.turn = 1;
        record.toolCallId = id;
      } else {
        const last = toolMessages.at(-1);
        const first = answeredAt.get(last.tool_call_id);
        if (first === undefined) problems.push(`a tool message answering an unknown tool_call_id ${last.tool_call_id}`);
        else {
          record.gapMs = arrived - first;
          answeredAt.delete(last.tool_call_id);
        }
        const city = /weather in (.+?) right now/.exec(prompt)?.[1] ?? '?';
        message = { role: 'assistant', content: `The weather in ${city}: ${String(last.content).slice(0, 500)}` };
        finish = 'stop';
        record.turn = 2;
      }
      const payload = {
        id: `chatcmpl-bench-${records.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: String(body.model),
        choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      };
      const answer = () => {
        record.answered = now();
        if (record.toolCallId) answeredAt.set(record.toolCallId, record.answered);
        send(res, 200, payload);
      };
      if (latencyMs > 0) setTimeout(answer, latencyMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}/v1`,
    calls: () => records.length,
    records: () => records,
    problems: () => [...problems],
    reset() {
      records = [];
      answeredAt.clear();
      problems.length = 0;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function send(res, status, payload) {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// -------------------------------------------------------------------------------------------
// Parent: start the model, run the iterations, print the table
// -------------------------------------------------------------------------------------------

async function main(opts) {
  if (!existsSync(join(LIB, 'core', 'evals', 'run-evals.js'))) throw new BenchError('lib/ is not built: run npm run build (npm run bench:behaviour does)');
  const stale = newestMtime(join(ROOT, 'src')) > statSync(join(LIB, 'core', 'evals', 'run-evals.js')).mtimeMs;
  const model = await startScriptedModel(opts.latencyMs);
  cleanup.push(() => model.close());

  const runsPerIteration = opts.cases * opts.repeats * opts.models;
  const calls = runsPerIteration * 2;
  const idealMs = (calls * opts.latencyMs) / opts.concurrency;
  // Each run is 2 model calls in sequence and runs go C at a time: the busiest worker does ⌈runs/C⌉.
  const criticalMs = Math.ceil(runsPerIteration / opts.concurrency) * 2 * opts.latencyMs;
  console.log(`mcp-evals layer 1 throughput: ${opts.cases} cases × ${opts.repeats} repeats × ${opts.models} models = ${runsPerIteration} runs, ` +
    `${calls} model calls at ${opts.latencyMs} ms, concurrency ${opts.concurrency}`);
  console.log(`  lib/ ${stale ? 'is OLDER than src/ (run npm run build; measuring lib/ as it is)' : 'up to date with src/'}; node ${process.version}, ` +
    `${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`  server: node ${EXAMPLE_SERVER} (stdio); model: scripted OpenAI-compatible at ${model.endpoint}`);
  console.log(`  ideal = calls × latency / C = ${fmtS(idealMs)}; critical path ⌈runs/C⌉ × 2 × latency = ${fmtS(criticalMs)}; target ≤ ${TARGET_RATIO}× ideal = ${fmtS(idealMs * TARGET_RATIO)}\n`);

  const samples = [];
  for (let i = 0; i < opts.iterations; i++) {
    process.stderr.write(`  iteration ${i + 1}/${opts.iterations} ... `);
    const sample = await iteration(opts, model, { profile: false });
    process.stderr.write(`full ${fmtS(sample.full.wallMs)}${idealMs > 0 ? ` (${(sample.full.wallMs / idealMs).toFixed(3)}×)` : ''}, cached ${fmtS(sample.cachedRun.wallMs)}\n`);
    samples.push(sample);
  }
  let profiled;
  if (opts.profile) {
    process.stderr.write('  profiled iteration (untimed) ... ');
    profiled = await iteration(opts, model, { profile: true });
    process.stderr.write(`full ${fmtS(profiled.full.wallMs)}\n`);
  }

  printTable(opts, samples, { idealMs, criticalMs, calls, runs: runsPerIteration });
  printBreakdown(opts, samples.at(-1), { idealMs });
  if (profiled) printProfile(profiled);

  const failures = [];
  for (const [i, s] of samples.entries()) {
    const tag = samples.length > 1 ? `iteration ${i + 1}: ` : '';
    if (s.cachedRun.modelCalls !== 0) failures.push(`${tag}the cached re-run made ${s.cachedRun.modelCalls} model calls (expected 0)`);
    if (s.full.modelCalls !== calls) failures.push(`${tag}the full run made ${s.full.modelCalls} model calls (expected ${calls})`);
    if (s.full.passedRuns !== runsPerIteration) failures.push(`${tag}${runsPerIteration - s.full.passedRuns} of ${runsPerIteration} runs did not pass (the scripted model should pass them all)`);
    if (s.cachedRun.cachedRuns !== runsPerIteration) failures.push(`${tag}the cached re-run served ${s.cachedRun.cachedRuns} of ${runsPerIteration} runs from the cache`);
    for (const p of s.problems) failures.push(`${tag}the scripted model saw ${p}`);
  }
  const ratios = idealMs > 0 ? samples.map((s) => s.full.wallMs / idealMs) : [];
  const over = ratios.length > 0 && median(ratios) > TARGET_RATIO;
  console.log('');
  console.log(`cached re-run model calls: ${samples.map((s) => s.cachedRun.modelCalls).join(', ')} ` +
    `(scripted server count) → ${samples.every((s) => s.cachedRun.modelCalls === 0) ? 'OK: 0 as required' : 'FAIL: must be 0'}`);
  if (ratios.length === 0) console.log('full run / ideal: no ideal at --latency-ms 0 (this measures the harness alone: see model calls / s)');
  else console.log(`full run / ideal: ${ratios.map((r) => `${r.toFixed(3)}×`).join(', ')} → ${over ? `ABOVE the ${TARGET_RATIO}× target (see the breakdown above)` : `within the ${TARGET_RATIO}× target`}`);
  if (failures.length > 0) {
    for (const f of failures) console.log(`FAIL: ${f}`);
    process.exitCode = 1;
  } else if (over && opts.strict) process.exitCode = 1;
}

/** One iteration in a fresh child process; the parent answers its questions about the model's counters. */
async function iteration(opts, model, { profile }) {
  model.reset();
  const child = fork(SELF, ['--worker', JSON.stringify({ ...opts, endpoint: model.endpoint, profile, worker: undefined })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [KEY_ENV]: KEY },
  });
  let result;
  child.on('message', (message) => {
    if (message?.type === 'calls') child.send({ type: 'calls', id: message.id, calls: model.calls() });
    else if (message?.type === 'result') result = message.result;
  });
  const exit = await new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  if (!result) throw new BenchError(`the iteration process ${exit.error ? `failed to start: ${exit.error.message}` : `exited (code ${exit.code}, signal ${exit.signal}) without a result`}`);
  const records = model.records();
  result.problems = model.problems();
  result.model = modelSideFigures(records, result);
  return result;
}

/** What the scripted server saw during the full run: its own latency, and the harness's gap between a run's two turns. */
function modelSideFigures(records, result) {
  const full = records.filter((r) => r.arrived >= result.full.startedAt && r.arrived <= result.full.endedAt);
  const served = full.filter((r) => r.answered > 0);
  const serverMs = served.reduce((sum, r) => sum + (r.answered - r.arrived), 0);
  const gaps = full.filter((r) => r.gapMs !== null).map((r) => r.gapMs);
  const first = full.filter((r) => r.turn === 1).map((r) => r.arrived);
  return {
    calls: full.length,
    serverMsTotal: serverMs,
    serverMsMean: served.length ? serverMs / served.length : null,
    gapMean: mean(gaps),
    gapP95: quantile(gaps, 0.95),
    gapTotal: gaps.reduce((a, b) => a + b, 0),
    firstCallAt: first.length ? Math.min(...first) : null,
    lastAnswerAt: served.length ? Math.max(...served.map((r) => r.answered)) : null,
  };
}

// -------------------------------------------------------------------------------------------
// Child: one iteration (full run + cached re-run) against the built library
// -------------------------------------------------------------------------------------------

async function worker(opts) {
  const { runEvals } = await import(pathToFileURL(join(LIB, 'core', 'evals', 'run-evals.js')).href);
  const { loadConfig } = await import(pathToFileURL(join(LIB, 'core', 'config', 'load.js')).href);
  const dir = mkdtempSync(join(os.tmpdir(), 'mcp-evals-bench-behaviour-'));
  if (!opts.keep) process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  else process.stderr.write(`(project kept in ${dir}) `);
  const configFile = writeProject(dir, opts);
  const env = { ...process.env, [KEY_ENV]: KEY };
  const askCalls = ipcAsker();

  let session;
  if (opts.profile) {
    const { Session } = await import('node:inspector/promises');
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 250 });
    await session.post('Profiler.start');
  }
  const full = await measuredRun({ runEvals, loadConfig, configFile, env, askCalls });
  let harnessProfile;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    harnessProfile = profile;
    session.disconnect();
    // for Chrome DevTools / speedscope when --keep is given (the folder goes away otherwise)
    writeFileSync(join(dir, 'harness.cpuprofile'), JSON.stringify(profile));
  }
  const rssAfterFullKiB = process.resourceUsage().maxRSS;
  const cachedRun = await measuredRun({ runEvals, loadConfig, configFile, env, askCalls });
  const rssAfterCachedKiB = process.resourceUsage().maxRSS;

  const result = {
    full: full.figures,
    cachedRun: cachedRun.figures,
    breakdown: { ...traceBreakdown(full.runs), ...occupancy(full.runs, full.figures, opts.concurrency) },
    rssAfterFullKiB,
    rssAfterCachedKiB,
    cacheFiles: countFiles(join(dir, 'cache')),
  };
  if (opts.profile) {
    result.profile = {
      harness: summarizeProfile(harnessProfile),
      server: summarizeServerProfiles(join(dir, 'server-prof')),
    };
  }
  await new Promise((resolve) => process.send({ type: 'result', result }, resolve));
  // Idle keep-alive sockets to the model may hold the event loop open: this iteration is done.
  process.disconnect();
  process.exit(0);
}

function writeProject(dir, opts) {
  const cities = CITIES.slice(0, opts.cases);
  const tasks = cities.map((city, i) => [
    `- id: weather-${String(i + 1).padStart(2, '0')}-${city.toLowerCase()}`,
    `  prompt: "What's the weather in ${city} right now?"`,
    '  tier: basic',
    '  kind: hard',
    '  expect_tool: get_weather',
    `  expect_args: {location: "${city}"}`,
    '  arg_match: {location: fuzzy}',
    `  expected: "${city}"`,
  ].join('\n')).join('\n\n');
  writeFileSync(join(dir, 'tasks.yaml'), `# generated by bench/behaviour.mjs\n${tasks}\n`);
  const profileFlags = opts.profile ? `--cpu-prof --cpu-prof-dir=${JSON.stringify(join(dir, 'server-prof'))} ` : '';
  const models = Array.from({ length: opts.models }, (_, i) => [
    `  - provider: openai`,
    `    id: bench-model-${i + 1}`,
    `    model: bench-model-${i + 1}`,
    `    endpoint: ${opts.endpoint}`,
    `    api_key_env: ${KEY_ENV}`,
    '    timeout_ms: 60000',
  ].join('\n')).join('\n');
  const config = [
    '# generated by bench/behaviour.mjs',
    'server:',
    `  command: ${JSON.stringify(`node ${profileFlags}${JSON.stringify(EXAMPLE_SERVER)}`)}`,
    'golden: tasks.yaml',
    'models:',
    models,
    `runs: ${opts.repeats}`,
    `concurrency: ${opts.concurrency}`,
    'max_steps: 4',
    `cache: {dir: ${JSON.stringify(join(dir, 'cache'))}}`,
    '',
  ].join('\n');
  const file = join(dir, 'mcp-evals.yml');
  writeFileSync(file, config);
  return file;
}

/** One runEvals call, with its phases timed and the harness's and the server's CPU measured. */
async function measuredRun({ runEvals, loadConfig, configFile, env, askCalls }) {
  const callsBefore = await askCalls();
  const LAG_RESOLUTION_MS = 10;
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  const serverWatch = watchServerProcesses();
  const startedAt = now();
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  lag.enable();
  let readyAt = null;
  let lastDoneAt = null;
  let progressEvents = 0;
  const config = await loadConfig(configFile, { env });
  const configLoadedAt = now();
  const { report, runs } = await runEvals(config, {
    env,
    onBehaviourProgress: (p) => {
      progressEvents++;
      const t = now();
      readyAt ??= t;
      if (p.done === p.total) lastDoneAt ??= t;
    },
  }, { layers: [1] });
  const endedAt = now();
  lag.disable();
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const server = await serverWatch.stop();
  const callsAfter = await askCalls();
  const b = report.behaviour;
  return {
    runs,
    figures: {
      startedAt,
      endedAt,
      wallMs: endedAt - startedAt,
      configMs: configLoadedAt - startedAt,
      // spawn, server/discover and tools/list: runBehaviour's first progress report comes after them
      startupMs: (readyAt ?? endedAt) - configLoadedAt,
      workMs: (lastDoneAt ?? endedAt) - (readyAt ?? startedAt),
      // the server's shutdown, aggregation into the report
      teardownMs: endedAt - (lastDoneAt ?? endedAt),
      modelCalls: callsAfter - callsBefore,
      reportModelCalls: b.modelCalls,
      executedRuns: b.executedRuns,
      cachedRuns: b.cachedRuns,
      passedRuns: runs.filter((r) => r.passed === true).length,
      progressEvents,
      cpuMs: (cpu.user + cpu.system) / 1000,
      elu: elu.utilization,
      // the histogram holds whole timer intervals: what exceeds the resolution is the lag
      lagP50Ms: Math.max(0, lag.percentile(50) / 1e6 - LAG_RESOLUTION_MS),
      lagP99Ms: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
      lagMaxMs: Math.max(0, lag.max / 1e6 - LAG_RESOLUTION_MS),
      readyAt,
      lastDoneAt,
      serverCpuMs: server.cpuMs,
      serverPeakRssKiB: server.peakRssKiB,
      serverProcesses: server.pids,
    },
  };
}

/** Means and tails of the traces' spans: what the harness itself saw per model call and per tool call. */
function traceBreakdown(runs) {
  const executed = runs.filter((r) => !r.cached && r.outcome === 'scored');
  const model = [];
  const tool = [];
  const agent = [];
  const other = [];
  for (const r of executed) {
    let inSpans = 0;
    for (const span of r.trace.spans) {
      if (span.kind === 'model') model.push(span.durationMs);
      if (span.kind === 'tool') tool.push(span.durationMs);
      if (span.kind === 'model' || span.kind === 'tool') inSpans += span.durationMs;
    }
    agent.push(r.trace.durationMs);
    other.push(r.trace.durationMs - inSpans);
  }
  return {
    runs: executed.length,
    modelMean: mean(model), modelP95: quantile(model, 0.95), modelMax: Math.max(...model),
    toolMean: mean(tool), toolP95: quantile(tool, 0.95), toolMax: Math.max(...tool),
    agentMean: mean(agent), agentTotal: agent.reduce((a, b) => a + b, 0),
    loopOtherMean: mean(other),
  };
}

/**
 * Slot occupancy over the work phase, from the runs' trace intervals: C × time minus the time
 * runs were inside runAgent. Before the last run starts every idle slot is per-run overhead
 * outside the agent loop (cache key and lookup, scoring, cache write, the pool); after it, idle
 * slots only mean that fewer than C runs were left (the tail).
 */
function occupancy(runs, figures, C) {
  const executed = runs.filter((r) => !r.cached && r.outcome === 'scored');
  if (executed.length === 0 || figures.readyAt === null || figures.lastDoneAt === null) return {};
  const spans = executed.map((r) => {
    const start = Date.parse(r.trace.startedAt);
    return [start, start + r.trace.durationMs];
  });
  const w0 = figures.readyAt;
  const w1 = Math.max(figures.lastDoneAt, ...spans.map(([, e]) => e));
  const lastStart = Math.max(...spans.map(([s]) => s));
  const busy = (from, to) => spans.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(e, to) - Math.max(s, from)), 0);
  return {
    slotMs: C * (w1 - w0),
    idleSaturatedMs: C * (lastStart - w0) - busy(w0, lastStart),
    idleTailMs: C * (w1 - lastStart) - busy(lastStart, w1),
    saturatedMs: lastStart - w0,
    tailMs: w1 - lastStart,
  };
}

function ipcAsker() {
  let next = 0;
  const waiting = new Map();
  process.on('message', (message) => {
    if (message?.type === 'calls') {
      waiting.get(message.id)?.(message.calls);
      waiting.delete(message.id);
    }
  });
  return () => new Promise((resolve) => {
    const id = ++next;
    waiting.set(id, resolve);
    process.send({ type: 'calls', id });
  });
}

/**
 * Polls /proc for the stdio server processes this process starts (descendants whose command line
 * names the example server): their CPU time (utime + stime) and peak RSS (VmHWM) just before they
 * exit. Descendants are found through /proc/<pid>/task/<tid>/children, so a poll reads a handful
 * of small files, not all of /proc. Linux only; elsewhere the figures are null. Polling every
 * 100 ms can miss the server's last 100 ms.
 */
function watchServerProcesses() {
  const seen = new Map(); // pid → { cpuMs, hwmKiB }
  const read = (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };
  const childrenOf = (pid) => {
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
    return tids.flatMap((tid) => (read(`/proc/${pid}/task/${tid}/children`) ?? '').split(' ').filter(Boolean).map(Number));
  };
  const supported = read(`/proc/${process.pid}/task/${process.pid}/children`) !== undefined;
  const poll = () => {
    const stack = childrenOf(process.pid);
    for (let hops = 0; stack.length > 0 && hops < 64; hops++) {
      const pid = stack.pop();
      stack.push(...childrenOf(pid));
      const cmdline = read(`/proc/${pid}/cmdline`);
      if (!cmdline || !cmdline.includes('server.mjs') || /^(\/bin\/)?sh\0/.test(cmdline)) continue;
      const stat = read(`/proc/${pid}/stat`);
      if (!stat) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const hwmKiB = Number(/VmHWM:\s+(\d+)/.exec(read(`/proc/${pid}/status`) ?? '')?.[1]) || null;
      seen.set(pid, { cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100, hwmKiB: hwmKiB ?? seen.get(pid)?.hwmKiB ?? null });
    }
  };
  if (supported) poll();
  const timer = supported ? setInterval(poll, 100) : undefined;
  return {
    async stop() {
      if (timer) clearInterval(timer);
      if (!supported) return { cpuMs: null, peakRssKiB: null, pids: 0 };
      const values = [...seen.values()];
      return {
        cpuMs: values.reduce((sum, v) => sum + v.cpuMs, 0),
        peakRssKiB: values.length ? Math.max(...values.map((v) => v.hwmKiB ?? 0)) : null,
        pids: values.length,
      };
    },
  };
}

function countFiles(dir) {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) n += entry.isDirectory() ? countFiles(join(dir, entry.name)) : 1;
  return n;
}

// -------------------------------------------------------------------------------------------
// CPU profiles: self time by function and by area
// -------------------------------------------------------------------------------------------

function summarizeProfile(profile) {
  if (!profile) return null;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0)));
  const fn = new Map();
  const area = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    const cf = node.callFrame;
    const where = cf.url ? `${shortUrl(cf.url)}:${cf.lineNumber + 1}` : '';
    const name = `${cf.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const a = areaOf(cf);
    area.set(a, (area.get(a) ?? 0) + us);
    total += us;
  }
  // Inclusive (self + callees) time of the project's own functions, each sample counted once per
  // function: which of runEvals's steps the CPU time belongs to (cache, scoring, HTTP, MCP, ...).
  const parentOf = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const ownName = (cf) => (/\/lib\/core\//.test(cf.url) && !cf.url.includes('node_modules') ? `${cf.functionName || '(anonymous)'} ${shortUrl(cf.url)}:${cf.lineNumber + 1}` : null);
  const inclusive = new Map();
  profile.samples.forEach((id, i) => {
    const us = deltas[i + 1] ?? deltas[i] ?? 0;
    const names = new Set();
    for (let n = id; n !== undefined; n = parentOf.get(n)) {
      const name = ownName(byId.get(n).callFrame);
      if (name) names.add(name);
    }
    for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  });
  const top = (map, n) => [...map.entries()].sort((x, y) => y[1] - x[1]).slice(0, n).map(([name, us]) => ({ name, ms: us / 1000, share: us / total }));
  return { totalMs: total / 1000, functions: top(fn, 15), areas: top(area, 12), own: top(inclusive, 15) };
}

function summarizeServerProfiles(dir) {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  // The first server process is the full run's (the profile file names carry a timestamp).
  files.sort();
  return files.length ? summarizeProfile(JSON.parse(readFileSync(join(dir, files[0]), 'utf8'))) : null;
}

function areaOf(cf) {
  if (!cf.url) return cf.functionName.startsWith('(') ? cf.functionName : '(native)';
  const url = cf.url.replace(/^file:\/\//, '');
  const lib = /\/lib\/core\/([^/]+)\//.exec(url);
  if (lib && !url.includes('node_modules')) return `mcp-evals lib/core/${lib[1]}`;
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (mod) return `npm ${mod[1]}`;
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`;
  if (url.includes('golden-template/server')) return 'example server code';
  return basename(url);
}

function shortUrl(url) {
  const path = url.replace(/^file:\/\//, '');
  const mod = /node_modules\/(.*)$/.exec(path);
  if (mod) return mod[1];
  if (path.startsWith(ROOT)) return path.slice(ROOT.length + 1);
  return path;
}

// -------------------------------------------------------------------------------------------
// Output
// -------------------------------------------------------------------------------------------

function printTable(opts, samples, { idealMs, criticalMs, calls, runs }) {
  const multi = samples.length > 1;
  const rows = [];
  const head = ['metric', ...(multi ? samples.map((_, i) => `run ${i + 1}`) : ['measured']), ...(multi ? ['median', 'spread'] : []), 'reference', 'ratio'];
  const row = (name, pick, fmt, reference, ratioOf) => {
    const values = samples.map(pick);
    const med = median(values.filter((v) => v !== null && v !== undefined));
    const spread = values.length > 1 && med ? `±${(((Math.max(...values) - Math.min(...values)) / 2 / med) * 100).toFixed(1)}%` : '';
    rows.push([name, ...values.map(fmt), ...(multi ? [fmt(med), spread] : []), reference ?? '', ratioOf ? ratioOf(med) : '']);
  };
  const x = (v) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(3)}×`);
  row('full run wall', (s) => s.full.wallMs, fmtS, `ideal ${fmtS(idealMs)}`, (v) => (idealMs > 0 ? `${x(v / idealMs)} (target ≤ ${TARGET_RATIO}×)` : ''));
  row('  vs critical path', (s) => s.full.wallMs, fmtS, `${fmtS(criticalMs)}`, (v) => (criticalMs > 0 ? x(v / criticalMs) : ''));
  row('  config load', (s) => s.full.configMs, fmtS, '', (v) => `${pct(v / idealMs)} of ideal`);
  row('  startup (spawn, discover, tools/list)', (s) => s.full.startupMs, fmtS, '', (v) => `${pct(v / idealMs)} of ideal`);
  row('  work (first → last run done)', (s) => s.full.workMs, fmtS, `ideal ${fmtS(idealMs)}`, (v) => x(v / idealMs));
  row('  teardown (server exit, report)', (s) => s.full.teardownMs, fmtS, '', (v) => `${pct(v / idealMs)} of ideal`);
  row('model calls (scripted server)', (s) => s.full.modelCalls, fmtInt, `${calls}`, (v) => x(v / calls));
  const idealRate = opts.latencyMs > 0 ? (opts.concurrency * 1000) / opts.latencyMs : null; // calls/s with nothing but model latency
  row('model calls / s', (s) => s.full.modelCalls / (s.full.wallMs / 1000), fmt1, idealRate ? `ideal ${fmt1(idealRate)}` : 'ideal ∞ (latency 0)', (v) => (idealRate ? x(v / idealRate) : ''));
  row('harness CPU (full run)', (s) => s.full.cpuMs, fmtS, 'wall', (v) => `${pct(v / median(samples.map((s) => s.full.wallMs)))} of a core`);
  row('harness event-loop utilization', (s) => s.full.elu * 100, (v) => `${v.toFixed(1)}%`, '', () => '');
  row('harness event-loop lag p99', (s) => s.full.lagP99Ms, fmtMs, '', () => '');
  row('MCP server CPU (full run)', (s) => s.full.serverCpuMs, fmtS, 'wall', (v) => (v === null ? '' : `${pct(v / median(samples.map((s) => s.full.wallMs)))} of a core`));
  row('cached re-run wall', (s) => s.cachedRun.wallMs, fmtS, 'full run', (v) => x(v / median(samples.map((s) => s.full.wallMs))));
  row('  startup', (s) => s.cachedRun.startupMs, fmtS, '', () => '');
  row('  work (cache reads)', (s) => s.cachedRun.workMs, fmtS, '', () => '');
  row('  teardown', (s) => s.cachedRun.teardownMs, fmtS, '', () => '');
  row('cached re-run model calls', (s) => s.cachedRun.modelCalls, fmtInt, 'must be 0', (v) => (v === 0 ? 'OK' : 'FAIL'));
  row('cached re-run runs from cache', (s) => s.cachedRun.cachedRuns, fmtInt, `${runs}`, (v) => x(v / runs));
  row('peak RSS after full run', (s) => s.rssAfterFullKiB, fmtMiB, '', () => '');
  row('peak RSS after cached re-run', (s) => s.rssAfterCachedKiB, fmtMiB, 'after full', (v) => x(v / median(samples.map((s) => s.rssAfterFullKiB))));
  row('MCP server peak RSS', (s) => s.full.serverPeakRssKiB, fmtMiB, '', () => '');
  printRows([head, ...rows]);
}

function printBreakdown(opts, s, { idealMs }) {
  const b = s.breakdown;
  const m = s.model;
  const C = opts.concurrency;
  const slot = b.slotMs;
  const clientOverhead = (b.modelMean - m.serverMsMean) * m.calls;
  const toolTotal = b.toolMean * b.runs;
  const loopOther = b.loopOtherMean * b.runs;
  const parts = [
    ['scripted model latency (server side)', m.serverMsMean, m.serverMsTotal],
    ['model call overhead: HTTP, JSON (client span − server)', b.modelMean - m.serverMsMean, clientOverhead],
    ['MCP tools/call over stdio (tool span)', b.toolMean, toolTotal],
    ['agent loop outside spans', b.loopOtherMean, loopOther],
    ['between runs: cache key+get, scoring, cache put, pool', b.idleSaturatedMs / b.runs, b.idleSaturatedMs],
    [`tail: fewer than C runs left (last ${fmtS(b.tailMs)})`, null, b.idleTailMs],
  ];
  const accounted = parts.reduce((sum, p) => sum + p[2], 0);
  console.log(`\nwhere the slot time goes (last iteration): ${b.runs} runs, C = ${C} slots × work phase ${fmtS(slot / C)} = ${fmtS(slot)} of slot time`);
  printRows([
    ['part', 'per call/run', 'slot time', 'share', '≈ wall (÷ C)'],
    ...parts.map(([name, per, total]) => [name, per === null ? '' : fmtMs(per), fmtS(total), pct(total / slot), fmtS(total / C)]),
    ['(sum; rest is rounding of ms timestamps)', '', fmtS(accounted), pct(accounted / slot), fmtS(accounted / C)],
  ]);
  console.log(`  cross-check, server view: gap between a run's answer 1 and request 2 (HTTP + parse + tool call + next body) ` +
    `mean ${fmtMs(m.gapMean)}, p95 ${fmtMs(m.gapP95)}; client-side model span p95 ${fmtMs(b.modelP95)}, max ${fmtMs(b.modelMax)}; tool span p95 ${fmtMs(b.toolP95)}, max ${fmtMs(b.toolMax)}`);
  console.log(`  wall − ideal = ${fmtS(s.full.wallMs - idealMs)}: config + startup ${fmtS(s.full.configMs + s.full.startupMs)}, teardown ${fmtS(s.full.teardownMs)}, ` +
    `work phase beyond ideal ${fmtS(s.full.workMs - idealMs)}`);
  console.log(`  harness: CPU ${fmtS(s.full.cpuMs)} (${pct(s.full.cpuMs / s.full.wallMs)} of a core), event-loop utilization ${(s.full.elu * 100).toFixed(1)}%, ` +
    `lag p50/p99/max ${fmtMs(s.full.lagP50Ms)}/${fmtMs(s.full.lagP99Ms)}/${fmtMs(s.full.lagMaxMs)}; ` +
    `MCP server: CPU ${s.full.serverCpuMs === null ? 'n/a' : fmtS(s.full.serverCpuMs)} in ${s.full.serverProcesses} process(es); cache: ${s.cacheFiles} files`);
}

function printProfile(p) {
  for (const [label, prof] of [['harness (runEvals process, full run)', p.profile?.harness], ['MCP server (example server, full run)', p.profile?.server]]) {
    if (!prof) {
      console.log(`\nprofile of the ${label}: not available`);
      continue;
    }
    console.log(`\nprofile of the ${label}: ${fmtS(prof.totalMs)} sampled (idle included), profiled wall ${fmtS(p.full.wallMs)}`);
    printRows([['area', 'self', 'share'], ...prof.areas.map((a) => [a.name, fmtMs(a.ms), pct(a.share)])]);
    printRows([['function (top self time)', 'self', 'share'], ...prof.functions.map((f) => [f.name, fmtMs(f.ms), pct(f.share)])]);
    if (prof.own.length > 0) printRows([['mcp-evals function (inclusive: self + callees)', 'total', 'share'], ...prof.own.map((f) => [f.name, fmtMs(f.ms), pct(f.share)])]);
  }
}

function printRows(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  rows.forEach((r, i) => {
    console.log(r.map((cell, c) => (c === 0 ? String(cell ?? '').padEnd(widths[c]) : String(cell ?? '').padStart(widths[c]))).join('  ').trimEnd());
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

const fmtS = (ms) => (ms === null || ms === undefined || !Number.isFinite(ms) ? '—' : `${(ms / 1000).toFixed(2)} s`);
const fmtMs = (ms) => (ms === null || ms === undefined || !Number.isFinite(ms) ? '—' : `${ms.toFixed(1)} ms`);
const fmtMiB = (kib) => (kib === null || kib === undefined || !Number.isFinite(kib) ? '—' : `${(kib / 1024).toFixed(0)} MiB`);
const fmtInt = (n) => (n === null || n === undefined ? '—' : String(Math.round(n)));
const fmt1 = (n) => (n === null || n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(1));
const pct = (f) => (f === null || f === undefined || !Number.isFinite(f) ? '—' : `${(f * 100).toFixed(1)}%`);

function mean(values) {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function quantile(values, q) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// -------------------------------------------------------------------------------------------
// Entry
// -------------------------------------------------------------------------------------------

const cleanup = [];

async function runCleanup() {
  for (const fn of cleanup.splice(0).reverse()) await Promise.resolve().then(fn).catch(() => undefined);
}

let opts;
try {
  opts = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exit(2);
}

if (opts.worker !== undefined) {
  try {
    await worker(JSON.parse(opts.worker));
  } catch (error) {
    console.error(`bench (iteration): ${error?.stack ?? error}`);
    process.exitCode = 1;
    if (process.connected) process.disconnect();
  }
} else {
  try {
    await main(opts);
  } catch (error) {
    console.error(error instanceof BenchError ? `bench: ${error.message}` : `bench: ${error?.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await runCleanup();
  }
}
